#include "loading/lane_preview.hpp"

#include "jobs/worker_pool.hpp"
#include "loading/import_choice.hpp"

#include <QFutureWatcher>

#include <algorithm>

namespace chitra::app {

LanePreview::LanePreview(std::shared_ptr<const LaneTrace> lanes, QObject* parent)
    : QObject(parent), lanes_(std::move(lanes))
{
}

LanePreview::~LanePreview()
{
    if (running_)
        running_->store(true);
}

LanePreviewFigures LanePreview::compute(const LaneTrace& trace, const std::vector<std::size_t>& lanes, bool separate)
{
    LanePreviewFigures f;
    if (lanes.empty())
        return f;
    if (!separate) {
        f.traces = 1;
        f.total = lane_choice_figures(trace, lanes);
        f.least = f.most = f.total;
        if (f.total.states > mostVectorStates()) {
            f.stateLanes = leading_lanes_within(trace, lanes, mostVectorStates());
            f.formed = lane_choice_figures(
                trace,
                std::vector<std::size_t>(lanes.begin(), lanes.begin() + static_cast<std::ptrdiff_t>(f.stateLanes)));
        }
        return f;
    }
    f.traces = lanes.size();
    bool first = true;
    for (std::size_t l : lanes) {
        const LaneChoiceFigures one = lane_choice_figures(trace, {l});
        f.total.records += one.records;
        f.total.states += one.states;
        f.least = first
                      ? one
                      : LaneChoiceFigures{std::min(f.least.records, one.records), std::min(f.least.states, one.states)};
        f.most =
            first ? one : LaneChoiceFigures{std::max(f.most.records, one.records), std::max(f.most.states, one.states)};
        first = false;
    }
    return f;
}

void LanePreview::setBusy(bool busy)
{
    if (busy_ == busy)
        return;
    busy_ = busy;
    emit busyChanged(busy);
}

void LanePreview::request(std::vector<std::size_t> lanes, bool separate)
{
    if (running_)
        running_->store(true); // its result is stale now
    running_.reset();
    const int generation = ++generation_;
    std::uint64_t changes = 0;
    for (std::size_t l : lanes)
        changes += lanes_->lanes.at(l).changes.size();
    if (changes <= syncLimit_) {
        setBusy(false);
        emit ready(compute(*lanes_, lanes, separate));
        return;
    }
    setBusy(true);
    running_ = std::make_shared<CancelFlag>(false);
    auto* watcher = new QFutureWatcher<LanePreviewFigures>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != generation_ || watcher->future().resultCount() == 0)
            return;
        running_.reset();
        setBusy(false);
        emit ready(watcher->result());
    });
    watcher->setFuture(
        runInBackground([trace = lanes_, lanes = std::move(lanes), separate, flag = running_]() -> LanePreviewFigures {
            CancelScope scope(flag.get());
            try {
                return compute(*trace, lanes, separate);
            } catch (const Cancelled&) {
                return {};
            }
        }));
}

} // namespace chitra::app
