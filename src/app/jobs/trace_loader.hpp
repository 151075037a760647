// Reads trace files off the GUI thread (QtConcurrent); the result arrives by signal.
// Also makes, off the GUI thread, the traces of some lanes of an open trace (a
// projection onto one lane, or one trace per lane).
#pragma once

#include "chitra/trace/trace.hpp"
#include "document/view_document.hpp"

#include <QObject>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace chitra::app {

struct LoadResult {
    QString path;
    std::shared_ptr<const Trace> trace; // null on failure
    TraceBase base;                     // of `trace`, ready for its views
    QString error;                      // the reader's "FILE:LINE: reason"
    qint64 bytes = 0;
    // Some lanes of the file only (indices into the whole file's lanes) and their names.
    std::vector<std::size_t> lanes;
    QString laneNames;
    bool makeCurrent = true; // its first view becomes the current view
};

// Blocking read and base SES (for the headless path and the worker).
LoadResult loadTraceFile(const QString& path);
// Blocking: the trace of lanes `lanes` of `whole` (indices into its own lanes); the
// result's `lanes` count from the file's lanes when `whole` is itself some lanes.
LoadResult deriveLanes(const LoadResult& whole, const std::vector<std::size_t>& lanes);
// Blocking, in parallel: each (path, lanes) entry; a file is read once for all its entries.
std::vector<LoadResult> loadEntries(const std::vector<std::pair<QString, std::vector<std::size_t>>>& entries);

class TraceLoader : public QObject {
    Q_OBJECT
public:
    explicit TraceLoader(QObject* parent = nullptr) : QObject(parent) {}
    void load(const QString& path);
    // One new trace per entry of `lanes` from `whole`, delivered in that order by `loaded`.
    void derive(LoadResult whole, std::vector<std::vector<std::size_t>> lanes);
    int pending() const { return pending_; }
    // Results of jobs started before cancel() are dropped.
    void cancel() { ++generation_; pending_ = 0; emit busyChanged(false); }

signals:
    void loaded(const chitra::app::LoadResult& result);
    void busyChanged(bool busy);

private:
    template <class Result, class Work, class Deliver>
    void runInBackground(Work work, Deliver deliver);

    int pending_ = 0;
    int generation_ = 0;
};

} // namespace chitra::app
