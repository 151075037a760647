// What the lanes view draws of a trace's lanes, built once per file (on the loader's
// worker for a trace of several lanes) and shared by every view of it: each lane's top
// track with its per-pixel summary, its deepest nesting and the time it spends in each
// state (the legend), all on the view's time axis (minus the trace's origin). Tracks
// per nesting depth are built the first time a lane is unfolded.
#pragma once

#include "chitra/lanes/lane_track.hpp"

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace chitra {

// Time (in trace units) a track spends in each state other than "-", by state id.
using StateTimes = std::vector<std::pair<LaneStateId, double>>;

class LaneTracks {
public:
    // `origin` is subtracted from the lanes' times (the trace's `# origin:`).
    LaneTracks(std::shared_ptr<const LaneTrace> lanes, Time origin);

    const LaneTrace& trace() const { return *lanes_; }
    std::shared_ptr<const LaneTrace> tracePtr() const { return lanes_; }
    std::size_t laneCount() const { return lanes_->lanes.size(); }
    Time origin() const { return origin_; }
    std::uint32_t maxDepth(std::size_t lane) const { return lanes_at_[lane].depth; }

    // Depth 0: the top of the lane's stack; d >= 1: the region open at depth d.
    std::shared_ptr<const LaneTrackSummary> track(std::size_t lane, std::uint32_t depth) const;
    const StateTimes& stateTimes(std::size_t lane, std::uint32_t depth) const;

private:
    struct Built {
        std::shared_ptr<const LaneTrackSummary> summary;
        StateTimes times;
    };
    struct PerLane {
        Built top;
        std::uint32_t depth = 0;
        mutable std::vector<Built> nested; // empty until unfolded, then never changed
    };
    const Built& built(std::size_t lane, std::uint32_t depth) const;

    std::shared_ptr<const LaneTrace> lanes_;
    Time origin_;
    std::vector<PerLane> lanes_at_;
    mutable std::mutex nestedMutex_; // views of one file may unfold a lane at once
};

// The lanes of any trace (lanes_of) as LaneTracks.
std::shared_ptr<const LaneTracks> makeLaneTracks(const Trace& trace);
// How many lanes the trace has, without building them.
std::size_t laneCountOf(const Trace& trace);

} // namespace chitra
