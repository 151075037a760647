#include "document/lane_pool.hpp"

#include "chitra/lanecompare/pooled_lanes.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <algorithm>

namespace chitra::app {

QString LanePool::describe(const LaneTrace& all) const
{
    if (group == 0 && lanes.size() == 1)
        return QStringLiteral("%1 alone").arg(QString::fromStdString(all.lanes.at(lanes.front()).name));
    return QStringLiteral("group %1 pooled (%2 lanes)").arg(group).arg(lanes.size());
}

TraceBase makePooledBase(const Trace& trace, std::shared_ptr<const LaneTracks> tracks, std::vector<std::size_t> lanes,
                         std::size_t group)
{
    if (!tracks)
        tracks = makeLaneTracks(trace);
    if (lanes.empty())
        throw InputError("no lane to analyse");
    std::sort(lanes.begin(), lanes.end());
    auto pool = std::make_shared<LanePool>();
    pool->first = std::make_shared<const Trace>(project_lanes(trace, {lanes.front()}, tracks->tracePtr()));
    pool->lanes = std::move(lanes);
    pool->group = group;
    TraceBase base;
    base.ses = std::make_shared<const Ses>(base_ses(*pool->first));
    base.lanes = std::make_shared<const LaneLayout>(computeLanes(base.ses, YOrder::FirstAppearance, {}));
    base.laneTracks = std::move(tracks);
    base.pool = std::move(pool);
    return base;
}

std::vector<std::size_t> busyLanes(const Trace& trace, const LaneTracks& tracks)
{
    if (trace.size() == 0)
        return {};
    const Time last = std::max(trace.times[trace.size() - 1], trace.header.end.value_or(0));
    const double span = static_cast<double>(last - trace.times[0]);
    std::vector<std::size_t> busy;
    for (std::size_t l = 0; l < tracks.laneCount(); ++l) {
        double time = 0;
        for (const auto& [state, t] : tracks.stateTimes(l, 0))
            time += t;
        if (span > 0 && time >= kBusyShare * span)
            busy.push_back(l);
    }
    return busy;
}

LaneGrouping groupByBehaviour(const Trace& trace, const LaneTracks& tracks)
{
    std::vector<LaneBehaviour> behaviours(tracks.laneCount());
    for (std::size_t l = 0; l < behaviours.size(); ++l)
        behaviours[l] = lane_behaviour(lane_base_ses(trace, l, tracks.tracePtr()));
    return group_lanes(behaviours, kOpeningGroupDistance);
}

std::optional<ManyLanesStart> manyLanesStart(const Trace& trace, const LaneTracks& tracks)
{
    if (tracks.laneCount() <= kManyLanes || busyLanes(trace, tracks).size() <= kManyLanes)
        return std::nullopt;
    ManyLanesStart start;
    start.grouping = groupByBehaviour(trace, tracks);
    const auto& groups = start.grouping.groups;
    const auto several = std::find_if(groups.begin(), groups.end(), [](const auto& g) { return g.size() > 1; });
    start.group = several == groups.end() ? 1 : static_cast<std::size_t>(several - groups.begin()) + 1;
    return start;
}

TraceBase makeOpeningBase(const Trace& trace, const std::string& file)
{
    if (laneCountOf(trace) > kManyLanes) {
        std::shared_ptr<const LaneTracks> tracks = makeLaneTracks(trace);
        if (auto start = manyLanesStart(trace, *tracks)) {
            std::vector<std::size_t> lanes = start->grouping.groups.at(start->group - 1);
            TraceBase base = makePooledBase(trace, std::move(tracks), std::move(lanes), start->group);
            base.grouping = std::make_shared<const LaneGrouping>(std::move(start->grouping));
            return base;
        }
        return makeTraceBase(trace, file, kCachedLanesFrom, std::move(tracks)); // its lanes built once
    }
    return makeTraceBase(trace, file);
}

} // namespace chitra::app
