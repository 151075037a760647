// Lane tracks (top of stack, nesting depths) and their per-pixel summaries.
#include "chitra/lanes/lane_track.hpp"

#include <algorithm>
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
        return; // tracks start in "-"
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
