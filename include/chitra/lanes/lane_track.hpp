// What the lanes view draws of one lane: its states over time as a change list (the top
// of the stack, or the region at one nesting depth), and per-pixel-column summaries of it
// so that a frame costs O(columns x log changes) however long the trace is.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace chitra {

// From times[i] (absolute ns) until times[i + 1] the track is in states[i]; before
// times[0] it is "-". `end` closes the last state (the trace's last event).
struct LaneTrack {
    std::vector<Time> times;
    std::vector<LaneStateId> states;
    std::vector<std::uint32_t> depths; // stack depth from times[i] (top tracks only)
    Time end = 0;
};

// The top of the lane's stack.
LaneTrack top_track(const LaneTrace& trace, std::size_t lane);
// One track per nesting depth 1..max: the region open at that depth, "-" where the stack
// is shallower. A region never seen on top (opened under another in the same instant) is
// "-" at its depth.
std::vector<LaneTrack> depth_tracks(const LaneTrace& trace, std::size_t lane);
// The deepest nesting of the lane.
std::uint32_t max_depth(const LaneTrace& trace, std::size_t lane);

// One visit of a track: the state from `start` for `duration` (ns), at `depth`.
struct LaneVisit {
    LaneStateId state = kEmptyLaneState;
    Time start = 0;
    Time duration = 0;
    std::uint32_t depth = 0;
};

// What one pixel column [t0, t1) of a track shows: the state of its longest visit that
// overlaps the column (the state at t0 when nothing changes inside), and whether other
// states share the column.
struct LaneColumn {
    LaneStateId state = kEmptyLaneState;
    bool mixed = false;
};

class LaneTrackSummary {
public:
    explicit LaneTrackSummary(LaneTrack track);

    const LaneTrack& track() const { return track_; }
    // The visit at time t, or nullopt before the first change or at/after the end.
    std::optional<LaneVisit> visit_at(Time t) const;
    // Columns [t0 + k w, t0 + (k + 1) w) for k < n. Exact when a column is narrower than
    // four cells of the grid; wider columns are read from the grid, each taking the cells
    // it touches, so its edges may reach up to one cell (a quarter of it) further.
    void columns(double t0, double w, std::size_t n, std::vector<LaneColumn>& out) const;
    // The finest grid cell's width (ns), or 0 for a track too short to need a grid.
    double grid_cell_width() const { return grid_.empty() ? 0.0 : cell_width_; }

private:
    static constexpr std::size_t kFan = 8;
    Time duration(std::size_t i) const // inline: a frame asks it for every visit it passes
    {
        const Time next = i + 1 < track_.times.size() ? track_.times[i + 1] : track_.end;
        return next > track_.times[i] ? next - track_.times[i] : 0;
    }
    // Index of the longest visit among visits [a, b) (a < b).
    std::size_t longest(std::size_t a, std::size_t b) const;

    // A cell of the grid: the longest visit overlapping it (its state and duration) and
    // whether other visits overlap it too, in eight bytes so that a frame reads few lines.
    struct Cell {
        static constexpr std::uint32_t kMixed = 0x8000'0000u; // states are far fewer
        std::uint32_t state_and_mixed = kEmptyLaneState;
        float duration = -1; // no visit yet
        LaneStateId state() const { return state_and_mixed & ~kMixed; }
        bool mixed() const { return (state_and_mixed & kMixed) != 0; }
    };
    static constexpr std::size_t kGridFan = 4;
    void build_grid();
    void grid_columns(double t0, double w, std::size_t n, std::vector<LaneColumn>& out) const;

    LaneTrack track_;
    // levels_[k][j]: the longest visit among visits [j kFan^(k+1), (j + 1) kFan^(k+1)).
    std::vector<std::vector<std::uint32_t>> levels_;
    // grid_[k]: cells of width cell_width_ kGridFan^k from the first change to the end.
    std::vector<std::vector<Cell>> grid_;
    double cell_width_ = 0;
};

} // namespace chitra
