// The trace-information panel: records, symbols, span, time base, fields, path, size.
#pragma once

#include <QWidget>

class QLabel;

namespace chitra::app {

class ViewDocument;

class TraceInfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit TraceInfoPanel(QWidget* parent = nullptr);
    void show(const ViewDocument* doc, const QString& path, qint64 bytes);
    QString text() const;

private:
    QLabel* label_;
};

} // namespace chitra::app
