#include "chitra/summaries/lane_tracks.hpp"

#include "chitra/lanes/lane_selection.hpp"

#include <map>

namespace chitra {

namespace {

LaneTrack shifted(LaneTrack track, Time origin)
{
    for (Time& t : track.times)
        t -= origin;
    track.end -= origin;
    return track;
}

StateTimes timeInStates(const LaneTrack& t)
{
    std::map<LaneStateId, double> time;
    for (std::size_t i = 0; i < t.times.size(); ++i)
        if (t.states[i] != kEmptyLaneState)
            time[t.states[i]] += static_cast<double>((i + 1 < t.times.size() ? t.times[i + 1] : t.end) - t.times[i]);
    return {time.begin(), time.end()};
}

} // namespace

LaneTracks::LaneTracks(std::shared_ptr<const LaneTrace> lanes, Time origin)
    : lanes_(std::move(lanes)), origin_(origin), lanes_at_(lanes_->lanes.size())
{
    for (std::size_t l = 0; l < lanes_at_.size(); ++l) {
        LaneTrack top = shifted(top_track(*lanes_, l), origin_);
        lanes_at_[l].top.times = timeInStates(top);
        for (std::uint32_t d : top.depths)
            lanes_at_[l].depth = std::max(lanes_at_[l].depth, d);
        lanes_at_[l].top.summary = std::make_shared<const LaneTrackSummary>(std::move(top));
    }
}

const LaneTracks::Built& LaneTracks::built(std::size_t lane, std::uint32_t depth) const
{
    const PerLane& at = lanes_at_.at(lane);
    if (depth == 0)
        return at.top;
    std::lock_guard lock(nestedMutex_);
    auto& nested = at.nested;
    if (nested.empty())
        for (LaneTrack& t : depth_tracks(*lanes_, lane)) {
            Built b;
            b.times = timeInStates(t);
            b.summary = std::make_shared<const LaneTrackSummary>(shifted(std::move(t), origin_));
            nested.push_back(std::move(b));
        }
    return nested.at(depth - 1);
}

std::shared_ptr<const LaneTrackSummary> LaneTracks::track(std::size_t lane, std::uint32_t depth) const
{
    return built(lane, depth).summary;
}

const StateTimes& LaneTracks::stateTimes(std::size_t lane, std::uint32_t depth) const
{
    return built(lane, depth).times;
}

std::shared_ptr<const LaneTracks> makeLaneTracks(const Trace& trace)
{
    return std::make_shared<const LaneTracks>(lanes_of(trace), trace_origin(trace));
}

std::size_t laneCountOf(const Trace& trace)
{
    return trace.lanes ? trace.lanes->lanes.size() : trace.header.components;
}

} // namespace chitra
