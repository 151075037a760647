#include "loading/trace_loader.hpp"
#include "text/qt_strings.hpp"

#include "jobs/worker_pool.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "loading/trace_sources.hpp"
#include "document/lane_pool.hpp"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QTimer>

namespace chitra::app {

namespace {

QString errorText(const std::exception& e, const QString& path)
{
    const QString text = QString::fromStdString(e.what());
    return text.isEmpty() ? path + ": cannot be read" : text;
}

// The trace's SES and lanes are made here too, on the worker, so the GUI only adds the
// file. `file`: the file the trace is, as read (no import choices), for the lanes' cache.
void finish(LoadResult& r, Trace trace, const std::string& file = {}, bool startOnGroup = false)
{
    r.trace = std::make_shared<const Trace>(std::move(trace));
    r.base = startOnGroup ? makeOpeningBase(*r.trace, file) : makeTraceBase(*r.trace, file);
}

} // namespace

std::vector<LoadResult> loadTraces(const LoadRequest& request, std::atomic<int>* progress)
{
    LoadResult r;
    r.path = request.path;
    r.bytes = QFileInfo(request.path).size();
    const std::string path = request.path.toStdString();
    try {
        const ImportChoice asked{request.format, "all", 0, request.settings};
        ImportOptions options = asked.options();
        r.format = options.from ? *options.from : traceSources().detect(path);
        // A `.ctrace` of lanes opens as the foreign trace it was converted from.
        if (!reads_as_lanes(r.format, path)) {
            options.from = r.format;
            r.choice.format = request.format;
            finish(r, load_trace(path, options), path, request.startOnGroup);
            return {r};
        }
        options.from = r.format;
        r.choice.format = request.format;
        r.choice.settings = request.settings;
        r.textToChoose = !request.choice && (r.format == SourceFormat::csv || r.format == SourceFormat::events);
        std::vector<std::string> warnings;
        options.warnings = &warnings;
        if (progress)
            options.progress = [progress](double share) { progress->store(static_cast<int>(share * 1000)); };
        r.lanes = std::make_shared<const LaneTrace>(traceSources().importLanes(path, options));
        for (const std::string& w : warnings)
            r.warnings << qs(w);
        if (!request.choice)
            return {r};
        if (request.lanes.empty())
            return buildTraces(r, *request.choice, request.startOnGroup);
        std::vector<LoadResult> out;
        for (std::size_t lane : request.lanes) {
            LoadResult one = r;
            one.lanes.reset();
            one.choice.components = request.choice->components;
            one.choice.lane = lane;
            try {
                if (lane == 0)
                    one.choice.stateLanes = request.choice->stateLanes
                                                ? *request.choice->stateLanes
                                                : stateLanesWithinLimit(*r.lanes, request.choice->components);
                finish(one, trace_from_lanes(r.lanes, {request.choice->components}, lane, one.choice.stateLanes), {},
                       request.startOnGroup && lane == 0);
            } catch (const std::exception& e) {
                one.error = errorText(e, request.path);
            }
            out.push_back(std::move(one));
        }
        return out;
    } catch (const std::exception& e) {
        r.lanes.reset();
        r.error = errorText(e, request.path);
        return {r};
    }
}

LoadResult loadTraceFile(const QString& path, const ImportChoice& choice)
{
    LoadRequest request{
        path, choice.format, LaneChoice{choice.components, false, choice.stateLanes}, {choice.lane}, choice.settings};
    return loadTraces(request).front();
}

std::vector<LoadResult> buildTraces(const LoadResult& lanes, const LaneChoice& choice, bool startOnGroup)
{
    LoadResult base = lanes;
    base.lanes.reset();
    base.choice.components = choice.components;
    std::vector<LoadResult> out;
    try {
        std::size_t count = 1;
        if (choice.separate)
            count = choose_lanes(*lanes.lanes, {choice.components}).size();
        if (!choice.separate)
            base.choice.stateLanes =
                choice.stateLanes ? *choice.stateLanes : stateLanesWithinLimit(*lanes.lanes, choice.components);
        for (std::size_t k = choice.separate ? 1 : 0; k <= (choice.separate ? count : 0); ++k) {
            LoadResult one = base;
            one.choice.lane = k;
            finish(one, trace_from_lanes(lanes.lanes, {choice.components}, k, base.choice.stateLanes), {},
                   startOnGroup && k == 0);
            out.push_back(std::move(one));
        }
    } catch (const std::exception& e) {
        base.error = errorText(e, lanes.path);
        return {base};
    }
    return out;
}

LoadResult deriveLanes(const LoadResult& whole, const std::vector<std::size_t>& lanes)
{
    LoadResult r;
    r.path = whole.path;
    r.bytes = whole.bytes;
    r.format = whole.format;
    r.choice = whole.choice;
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
            r.shownLanes.push_back(whole.shownLanes.empty() ? l : whole.shownLanes.at(l));
        }
        r.laneNames = names.join(", ");
    } catch (const std::exception& e) {
        r.trace.reset();
        r.error = errorText(e, whole.path); // names the file already
    }
    return r;
}

LoadResult analyseLanes(const LoadResult& whole, const std::vector<std::size_t>& lanes, std::size_t group)
{
    LoadResult r = whole;
    r.lanes.reset();
    r.makeCurrent = true;
    r.ofOpenFile = true;
    try {
        r.base = lanes.empty() ? makeTraceBase(*whole.trace, {}, kCachedLanesFrom, whole.base.laneTracks)
                               : makePooledBase(*whole.trace, whole.base.laneTracks, lanes, group);
        // The lanes' groups go with every entry of the trace (made again for a group
        // restored from a session).
        r.base.grouping = whole.base.grouping;
        if (!r.base.grouping && group > 0)
            r.base.grouping = std::make_shared<const LaneGrouping>(
                groupByBehaviour(*whole.trace, *r.base.laneTracks)); // a pool's base has the lanes
    } catch (const std::exception& e) {
        r.trace.reset();
        r.error = errorText(e, whole.path);
    }
    return r;
}

TraceLoader::TraceLoader(QObject* parent)
    : QObject(parent), cancel_(std::make_shared<CancelFlag>(false)), progress_(std::make_shared<std::atomic<int>>(0))
{
    poll_ = new QTimer(this);
    poll_->setInterval(100);
    connect(poll_, &QTimer::timeout, this, [this] { emit progress(progress_->load()); });
}

template <class Work> void TraceLoader::run(Work work)
{
    if (pending_++ == 0) {
        progress_->store(0);
        poll_->start();
        emit busyChanged(true);
    }
    auto* watcher = new QFutureWatcher<std::vector<LoadResult>>(this);
    const int generation = generation_;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_)
            return;
        const std::vector<LoadResult> results = watcher->result();
        if (--pending_ == 0) {
            poll_->stop();
            emit busyChanged(false);
        }
        for (const LoadResult& r : results)
            emit loaded(r);
    });
    // The worker keeps its own references: cancel() replaces the loader's.
    watcher->setFuture(runInBackground([work = std::move(work), flag = cancel_, progress = progress_] {
        CancelScope scope(flag.get());
        return work(progress.get());
    }));
}

void TraceLoader::load(LoadRequest request)
{
    run([request = std::move(request)](std::atomic<int>* progress) { return loadTraces(request, progress); });
}

void TraceLoader::build(LoadResult lanes, LaneChoice choice)
{
    run([lanes = std::move(lanes), choice = std::move(choice)](std::atomic<int>*) {
        return buildTraces(lanes, choice);
    });
}

void TraceLoader::derive(LoadResult whole, std::vector<std::vector<std::size_t>> lanes)
{
    run([whole = std::move(whole), lanes = std::move(lanes)](std::atomic<int>*) {
        std::vector<LoadResult> out;
        for (const auto& chosen : lanes) {
            out.push_back(deriveLanes(whole, chosen));
            out.back().makeCurrent = out.size() == 1;
        }
        return out;
    });
}

void TraceLoader::analyse(LoadResult whole, std::vector<std::size_t> lanes, std::size_t group)
{
    run([whole = std::move(whole), lanes = std::move(lanes), group](std::atomic<int>*) {
        return std::vector<LoadResult>{analyseLanes(whole, lanes, group)};
    });
}

void TraceLoader::cancel()
{
    cancel_->store(true);
    cancel_ = std::make_shared<CancelFlag>(false);
    progress_ = std::make_shared<std::atomic<int>>(0);
    ++generation_;
    pending_ = 0;
    poll_->stop();
    emit busyChanged(false);
}

} // namespace chitra::app
