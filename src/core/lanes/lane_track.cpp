// Lane tracks (top of stack, nesting depths) and their per-pixel summaries.
#include "chitra/lanes/lane_track.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace chitra {

namespace {

Time track_end(const LaneTrace& trace)
{
    if (trace.last_event)
        return *trace.last_event;
    return trace.times.empty() ? 0 : trace.times.back();
}

void append(LaneTrack& t, Time time, LaneStateId state, std::uint32_t depth)
{
    if (t.states.empty() ? state == kEmptyLaneState : t.states.back() == state)
        return;                                       // tracks start in "-"
    if (!t.times.empty() && t.times.back() == time) { // a later change at the same instant wins
        t.states.back() = state;
        t.depths.back() = depth;
        if (t.states.size() >= 2 && t.states[t.states.size() - 2] == state) {
            t.times.pop_back();
            t.states.pop_back();
            t.depths.pop_back();
        }
        return;
    }
    t.times.push_back(time);
    t.states.push_back(state);
    t.depths.push_back(depth);
}

} // namespace

LaneTrack top_track(const LaneTrace& trace, std::size_t lane)
{
    LaneTrack t;
    const Lane& l = trace.lanes.at(lane);
    t.times.reserve(l.changes.size());
    t.states.reserve(l.changes.size());
    t.depths.reserve(l.changes.size());
    for (const LaneChange& c : l.changes) {
        t.times.push_back(trace.times[c.record]);
        t.states.push_back(c.state);
        t.depths.push_back(c.depth);
    }
    t.end = track_end(trace);
    return t;
}

std::uint32_t max_depth(const LaneTrace& trace, std::size_t lane)
{
    std::uint32_t d = 0;
    for (const LaneChange& c : trace.lanes.at(lane).changes)
        d = std::max(d, c.depth);
    return d;
}

std::vector<LaneTrack> depth_tracks(const LaneTrace& trace, std::size_t lane)
{
    const std::uint32_t deepest = max_depth(trace, lane);
    std::vector<LaneTrack> tracks(deepest);
    std::vector<LaneStateId> frame(deepest + 1, kEmptyLaneState); // frame[d]: region at depth d
    std::uint32_t depth = 0;
    for (const LaneChange& c : trace.lanes.at(lane).changes) {
        const Time t = trace.times[c.record];
        // Frames above the new depth close; frames between the old and the new depth
        // opened unseen in one instant; the frame at the new depth is the new top.
        for (std::uint32_t d = c.depth + 1; d <= deepest; ++d)
            frame[d] = kEmptyLaneState;
        for (std::uint32_t d = depth + 1; d < c.depth; ++d)
            frame[d] = kEmptyLaneState;
        if (c.depth > 0)
            frame[c.depth] = c.state;
        depth = c.depth;
        for (std::uint32_t d = 1; d <= deepest; ++d)
            append(tracks[d - 1], t, frame[d], d);
    }
    for (LaneTrack& track : tracks)
        track.end = track_end(trace);
    return tracks;
}

LaneTrackSummary::LaneTrackSummary(LaneTrack track) : track_(std::move(track))
{
    // Level k holds, per block of kFan items of level k - 1 (visits for k = 0), the
    // longest visit among them.
    std::size_t items = track_.times.size();
    auto item = [this](std::size_t level, std::size_t j) -> std::size_t {
        return level == 0 ? j : levels_[level - 1][j];
    };
    for (std::size_t level = 0; items > kFan; ++level) {
        std::vector<std::uint32_t> next((items + kFan - 1) / kFan);
        for (std::size_t b = 0; b < next.size(); ++b) {
            std::size_t best = item(level, b * kFan);
            for (std::size_t j = b * kFan + 1; j < std::min(items, (b + 1) * kFan); ++j) {
                const std::size_t v = item(level, j);
                if (duration(v) > duration(best))
                    best = v;
            }
            next[b] = static_cast<std::uint32_t>(best);
        }
        items = next.size();
        levels_.push_back(std::move(next));
    }
    build_grid();
}

namespace {

// Tracks shorter than this are searched fast enough from afar (their changes stay in the
// cache); longer ones get a grid of about one cell per kChangesPerCell changes, at least
// kLeastCells (four cells a column on the widest screens) and at most kMostCells (1 MB).
constexpr std::size_t kGridMinChanges = std::size_t{1} << 13;
constexpr std::size_t kChangesPerCell = 16;
constexpr std::size_t kLeastCells = std::size_t{1} << 13;
constexpr std::size_t kMostCells = std::size_t{1} << 17;
constexpr std::size_t kFewestCells = 64; // the coarsest grid level kept

} // namespace

void LaneTrackSummary::build_grid()
{
    const auto& times = track_.times;
    const std::size_t n = times.size();
    if (n < kGridMinChanges || track_.end <= times.front())
        return;
    const std::size_t cells = std::clamp(std::bit_ceil(n / kChangesPerCell), kLeastCells, kMostCells);
    const Time origin = times.front();
    cell_width_ = static_cast<double>(track_.end - origin) / static_cast<double>(cells);
    auto cell_of = [&](Time t) {
        return std::min(cells - 1, static_cast<std::size_t>(static_cast<double>(t - origin) / cell_width_));
    };
    std::vector<Cell> fine(cells);
    for (std::size_t i = 0; i < n; ++i) {
        const Time d = duration(i);
        const std::size_t first = cell_of(times[i]);
        std::size_t last = cell_of(times[i] + d);
        // A visit ends where the next begins: a cell starting at its end is not its own.
        if (last > first && origin + static_cast<double>(last) * cell_width_ >= static_cast<double>(times[i] + d))
            --last;
        const auto fd = static_cast<float>(d);
        for (std::size_t c = first; c <= last; ++c) {
            Cell& cell = fine[c];
            const std::uint32_t mixed = cell.duration >= 0 ? Cell::kMixed : (cell.state_and_mixed & Cell::kMixed);
            if (fd > cell.duration) {
                cell.state_and_mixed = track_.states[i];
                cell.duration = fd;
            }
            cell.state_and_mixed |= mixed;
        }
    }
    grid_.push_back(std::move(fine));
    while (grid_.back().size() / kGridFan >= kFewestCells) {
        const std::vector<Cell>& below = grid_.back();
        std::vector<Cell> up(below.size() / kGridFan);
        for (std::size_t j = 0; j < up.size(); ++j) {
            Cell best = below[j * kGridFan];
            bool mixed = best.mixed();
            for (std::size_t c = j * kGridFan + 1; c < (j + 1) * kGridFan; ++c) {
                mixed = mixed || below[c].mixed() || below[c].state() != below[c - 1].state();
                if (below[c].duration > best.duration)
                    best = below[c];
            }
            best.state_and_mixed = best.state() | (mixed ? Cell::kMixed : 0u);
            up[j] = best;
        }
        grid_.push_back(std::move(up));
    }
}

void LaneTrackSummary::grid_columns(double t0, double w, std::size_t n, std::vector<LaneColumn>& out) const
{
    // The coarsest level with at least four cells per column.
    std::size_t level = 0;
    double cw = cell_width_;
    while (level + 1 < grid_.size() && cw * kGridFan * 4 <= w) {
        ++level;
        cw *= kGridFan;
    }
    const std::vector<Cell>& cells = grid_[level];
    const auto origin = static_cast<double>(track_.times.front()), end = static_cast<double>(track_.end);
    for (std::size_t k = 0; k < n; ++k) {
        const double ta = t0 + w * static_cast<double>(k), tb = ta + w;
        if (ta >= end)
            break;
        if (tb <= origin)
            continue; // "-" before the first change
        const auto first = std::min(cells.size() - 1, static_cast<std::size_t>(std::max(0.0, ta - origin) / cw));
        const auto last =
            std::clamp(static_cast<std::size_t>(std::ceil((std::min(tb, end) - origin) / cw)), first + 1, cells.size());
        // Branch-free: which cell is longest is as good as random, so a branch would
        // mispredict half the time. A column is mixed if a cell is, or two cells differ.
        std::size_t best = first;
        float longest = cells[first].duration;
        std::uint32_t mixed = (cells[first].state_and_mixed & Cell::kMixed) | (ta < origin ? 1u : 0u);
        for (std::size_t c = first + 1; c < last; ++c) {
            const Cell& cell = cells[c];
            mixed |= cell.state_and_mixed ^ cells[c - 1].state_and_mixed;
            mixed |= cell.state_and_mixed & Cell::kMixed;
            const bool longer = cell.duration > longest;
            longest = longer ? cell.duration : longest;
            best = longer ? c : best;
        }
        out[k] = LaneColumn{cells[best].state(), mixed != 0};
    }
}

std::size_t LaneTrackSummary::longest(std::size_t a, std::size_t b) const
{
    std::size_t best = a;
    Time longest = duration(a);
    auto consider = [&](std::size_t v) {
        const Time d = duration(v);
        if (d > longest) {
            best = v;
            longest = d;
        }
    };
    auto item = [this](std::size_t level, std::size_t j) -> std::size_t {
        return level == 0 ? j : levels_[level - 1][j];
    };
    std::size_t lo = a, hi = b;
    for (std::size_t level = 0;; ++level) {
        if (hi - lo <= 2 * kFan || level >= levels_.size()) {
            for (std::size_t j = lo; j < hi; ++j)
                consider(item(level, j));
            return best;
        }
        const std::size_t lo2 = (lo + kFan - 1) / kFan, hi2 = hi / kFan;
        for (std::size_t j = lo; j < lo2 * kFan; ++j)
            consider(item(level, j));
        for (std::size_t j = hi2 * kFan; j < hi; ++j)
            consider(item(level, j));
        lo = lo2;
        hi = hi2;
    }
}

std::optional<LaneVisit> LaneTrackSummary::visit_at(Time t) const
{
    const auto& times = track_.times;
    if (times.empty() || t < times.front() || t >= track_.end)
        return std::nullopt;
    const std::size_t i = static_cast<std::size_t>(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
    return LaneVisit{track_.states[i], times[i], duration(i), track_.depths[i]};
}

void LaneTrackSummary::columns(double t0, double w, std::size_t n, std::vector<LaneColumn>& out) const
{
    out.assign(n, LaneColumn{});
    const auto& times = track_.times;
    if (times.empty() || n == 0 || !(w > 0))
        return;
    if (!grid_.empty() && w >= 4 * cell_width_)
        return grid_columns(t0, w, n, out);
    const auto begin = times.begin();
    // The first index at or after `from` whose change time passes `x` (`strict`: is after
    // it; else at or after it). Galloping from `from`: a column's changes start where
    // the previous column's end, so the search costs the log of one column's changes,
    // not of the whole track's.
    auto gallop = [&](double x, std::size_t from, bool strict) {
        auto passes = [&](std::size_t i) {
            const auto t = static_cast<double>(times[i]);
            return strict ? t > x : t >= x;
        };
        std::size_t lo = from, step = 1;
        while (lo + step < times.size() && !passes(lo + step - 1)) {
            lo += step;
            step *= 2;
        }
        const std::size_t hi = std::min(times.size(), lo + step);
        const auto first = begin + static_cast<std::ptrdiff_t>(lo), last = begin + static_cast<std::ptrdiff_t>(hi);
        return static_cast<std::size_t>(
            (strict ? std::upper_bound(first, last, x, [](double v, Time e) { return v < static_cast<double>(e); })
                    : std::lower_bound(first, last, x, [](Time e, double v) { return static_cast<double>(e) < v; })) -
            begin);
    };
    auto after = [&](double x, std::size_t from) { return gallop(x, from, true); };
    auto at_or_after = [&](double x, std::size_t from) { return gallop(x, from, false); };
    std::size_t next = after(t0, 0); // the first change after the column's start
    for (std::size_t k = 0; k < n; ++k) {
        const double ta = t0 + w * static_cast<double>(k), tb = ta + w;
        if (ta >= static_cast<double>(track_.end))
            break;
        next = after(ta, next);
        const std::size_t inside_end = at_or_after(tb, next); // changes inside: [next, inside_end)
        if (inside_end == next) {
            out[k].state = next == 0 ? kEmptyLaneState : track_.states[next - 1];
            continue;
        }
        out[k].state = track_.states[longest(next == 0 ? 0 : next - 1, inside_end)];
        out[k].mixed = true;
    }
}

} // namespace chitra
