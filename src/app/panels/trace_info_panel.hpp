// The trace-information panel: records, symbols, span, time base, fields, path, size.
#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;

namespace chitra::app {

class ViewDocument;

class TraceInfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit TraceInfoPanel(QWidget* parent = nullptr);
    // The text is shown a few milliseconds later, on a turn of its own: laying out the
    // word-wrapped table costs several milliseconds, which a newly opened view's own
    // layout and paint should not be kept waiting for (docs/performance.md, "GUI
    // responsiveness").
    void show(const ViewDocument* doc, const QString& path, qint64 bytes);
    QString text() const { return text_; }

private:
    void setText(const QString& text);

    QLabel* label_;
    QString text_;
    QTimer* pending_;
};

} // namespace chitra::app
