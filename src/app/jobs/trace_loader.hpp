// Reads trace files off the GUI thread (QtConcurrent); the result arrives by signal.
#pragma once

#include "chitra/trace/trace.hpp"
#include "document/view_document.hpp"

#include <QObject>
#include <QString>

#include <memory>

namespace chitra::app {

struct LoadResult {
    QString path;
    std::shared_ptr<const Trace> trace; // null on failure
    TraceBase base;                     // of `trace`, ready for its views
    QString error;                      // the reader's "FILE:LINE: reason"
    qint64 bytes = 0;
};

// Blocking read and base SES (for the headless path and the worker).
LoadResult loadTraceFile(const QString& path);

class TraceLoader : public QObject {
    Q_OBJECT
public:
    explicit TraceLoader(QObject* parent = nullptr) : QObject(parent) {}
    void load(const QString& path);
    int pending() const { return pending_; }
    // Results of jobs started before cancel() are dropped.
    void cancel() { ++generation_; pending_ = 0; emit busyChanged(false); }

signals:
    void loaded(const chitra::app::LoadResult& result);
    void busyChanged(bool busy);

private:
    int pending_ = 0;
    int generation_ = 0;
};

} // namespace chitra::app
