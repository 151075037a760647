#include "jobs/trace_loader.hpp"

#include "chitra/io/io.hpp"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace chitra::app {

LoadResult loadTraceFile(const QString& path)
{
    LoadResult r;
    r.path = path;
    r.bytes = QFileInfo(path).size();
    try {
        r.trace = std::make_shared<const Trace>(load_trace(path.toStdString()));
        r.base = makeTraceBase(*r.trace);
    } catch (const std::exception& e) {
        r.error = QString::fromStdString(e.what());
        if (r.error.isEmpty())
            r.error = path + ": cannot be read";
    }
    return r;
}

void TraceLoader::load(const QString& path)
{
    if (pending_++ == 0)
        emit busyChanged(true);
    auto* watcher = new QFutureWatcher<LoadResult>(this);
    const int generation = generation_;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        const LoadResult r = watcher->result();
        if (--pending_ == 0)
            emit busyChanged(false);
        emit loaded(r);
    });
    watcher->setFuture(QtConcurrent::run(loadTraceFile, path));
}

} // namespace chitra::app
