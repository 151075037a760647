// Export of any display widget to PNG, SVG or PDF at a chosen size (docs/traceview.md
// "Export"); used by File > Export display and by `chitra --screenshot OUT.{png,svg,pdf}`.
#pragma once

#include <QSize>
#include <QString>

#include <optional>

class QWidget;

namespace chitra::app {

enum class ExportFormat { Png, Svg, Pdf };

// The format named by a file's extension (.png, .svg, .pdf), or nullopt.
std::optional<ExportFormat> exportFormatFor(const QString& path);

// Renders `widget` at `size` (its current size when invalid) into `path`; the widget is
// resized for the export and restored afterwards. False with a message on failure.
bool exportWidget(QWidget* widget, const QString& path, QSize size = QSize(), QString* error = nullptr);

// Asks for a file name and a size, then exports.
void exportWidgetInteractive(QWidget* widget, QWidget* parent);

} // namespace chitra::app
