#include "jobs/trace_loader.hpp"

#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QStringList>
#include <QtConcurrent/QtConcurrentMap>
#include <QtConcurrent/QtConcurrentRun>

#include <map>

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

LoadResult deriveLanes(const LoadResult& whole, const std::vector<std::size_t>& lanes)
{
    LoadResult r;
    r.path = whole.path;
    r.bytes = whole.bytes;
    if (!whole.trace) {
        r.error = whole.error;
        return r;
    }
    try {
        const auto all = whole.base.laneTracks ? whole.base.laneTracks->tracePtr() : lanes_of(*whole.trace);
        r.trace = std::make_shared<const Trace>(project_lanes(*whole.trace, lanes, all));
        r.base = makeTraceBase(*r.trace);
        QStringList names;
        for (std::size_t l : lanes) {
            names << QString::fromStdString(all->lanes.at(l).name);
            r.lanes.push_back(whole.lanes.empty() ? l : whole.lanes.at(l));
        }
        r.laneNames = names.join(", ");
    } catch (const std::exception& e) {
        r.trace.reset();
        r.error = QString::fromStdString(e.what()); // names the file already
    }
    return r;
}

std::vector<LoadResult> loadEntries(const std::vector<std::pair<QString, std::vector<std::size_t>>>& entries)
{
    QStringList paths;
    for (const auto& [path, lanes] : entries)
        if (!paths.contains(path))
            paths << path;
    const QList<LoadResult> files = QtConcurrent::blockingMapped(paths, loadTraceFile);
    std::map<QString, const LoadResult*> byPath;
    for (const LoadResult& f : files)
        byPath[f.path] = &f;
    QList<int> indices;
    for (int i = 0; i < static_cast<int>(entries.size()); ++i)
        indices << i;
    const QList<LoadResult> out = QtConcurrent::blockingMapped(indices, [&](int i) {
        const auto& [path, lanes] = entries[static_cast<std::size_t>(i)];
        const LoadResult& whole = *byPath.at(path);
        return lanes.empty() ? whole : deriveLanes(whole, lanes);
    });
    return {out.begin(), out.end()};
}

template <class Result, class Work, class Deliver>
void TraceLoader::runInBackground(Work work, Deliver deliver)
{
    if (pending_++ == 0)
        emit busyChanged(true);
    auto* watcher = new QFutureWatcher<Result>(this);
    const int generation = generation_;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, deliver] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        const Result r = watcher->result();
        if (--pending_ == 0)
            emit busyChanged(false);
        deliver(r);
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

void TraceLoader::load(const QString& path)
{
    runInBackground<LoadResult>([path] { return loadTraceFile(path); },
                                [this](const LoadResult& r) { emit loaded(r); });
}

void TraceLoader::derive(LoadResult whole, std::vector<std::vector<std::size_t>> lanes)
{
    runInBackground<std::vector<LoadResult>>(
        [whole = std::move(whole), lanes = std::move(lanes)] {
            std::vector<LoadResult> out;
            for (const auto& chosen : lanes) {
                out.push_back(deriveLanes(whole, chosen));
                out.back().makeCurrent = out.size() == 1;
            }
            return out;
        },
        [this](const std::vector<LoadResult>& results) {
            for (const LoadResult& r : results)
                emit loaded(r);
        });
}

} // namespace chitra::app
