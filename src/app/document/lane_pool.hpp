// What a view of a trace of several lanes analyses (docs/gui.md, "Lanes view", Analyse):
// the joint states of its lanes, one lane alone, or a group of lanes pooled. With a pool,
// the time, event and frequency views, brushing and the pipeline work on the pool's first
// lane alone, the pipeline applies to every lane of the pool, and the model is the lanes
// fitted as one ensemble (`chitra-cli fit --pool-lanes`). The lanes view, profiles and
// messages still show every lane of the trace.
#pragma once

#include "document/view_document.hpp"

#include "chitra/lanecompare/lane_comparison.hpp"
#include "chitra/summaries/lane_tracks.hpp"
#include "chitra/trace/trace.hpp"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace chitra::app {

struct LanePool {
    std::vector<std::size_t> lanes;     // indices into the trace's lanes (lanes_of), ascending
    std::size_t group = 0;              // their group in the lane comparison; 0: one lane alone
    std::shared_ptr<const Trace> first; // lanes.front() alone (project_lanes)

    // "rank 3 alone", "group 2 pooled (7 lanes)".
    QString describe(const LaneTrace& lanes) const;
};

// The base of a view of `trace` that analyses `lanes` (a group `group`, or one lane):
// the first lane's SES and state lanes, the trace's own lanes (`tracks`, made when null)
// for the lanes view. Throws InputError for a lane out of range.
TraceBase makePooledBase(const Trace& trace, std::shared_ptr<const LaneTracks> tracks, std::vector<std::size_t> lanes,
                         std::size_t group);

// Lanes (of `tracks`, the lanes of `trace`) that spend at least this share of the trace's
// span in a state other than `-` are busy; a trace of more busy lanes than kManyLanes
// opens on a group of lanes.
inline constexpr double kBusyShare = 0.01;
inline constexpr std::size_t kManyLanes = 4;
std::vector<std::size_t> busyLanes(const Trace& trace, const LaneTracks& tracks);

// The lanes of `trace` grouped by behaviour, with no pipeline, as `chitra-cli lanes` groups
// them by default.
inline constexpr double kOpeningGroupDistance = 0.2;
LaneGrouping groupByBehaviour(const Trace& trace, const LaneTracks& tracks);

// How a trace of many busy lanes opens: its lanes grouped by behaviour and the group the
// views start on, the first of several lanes (else group 1). Nullopt for a trace of
// kManyLanes busy lanes or fewer.
struct ManyLanesStart {
    LaneGrouping grouping;
    std::size_t group = 0;
};
std::optional<ManyLanesStart> manyLanesStart(const Trace& trace, const LaneTracks& tracks);

// makeTraceBase, except that a trace of many busy lanes (manyLanesStart) gets the base of
// its starting group pooled, with the grouping.
TraceBase makeOpeningBase(const Trace& trace, const std::string& file = {});

} // namespace chitra::app
