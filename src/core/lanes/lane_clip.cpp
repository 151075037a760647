#include "chitra/lanes/lane_clip.hpp"

#include "chitra/io/import.hpp"
#include "profile/stack_replay.hpp"

#include <algorithm>

namespace chitra {

namespace {

// The frames of `path`, bottom first.
std::vector<LaneStateId> frames_of(const detail::CallPaths& paths, std::uint32_t path)
{
    std::vector<LaneStateId> frames;
    for (; path != 0; path = paths[path].parent)
        frames.push_back(paths[path].region);
    std::reverse(frames.begin(), frames.end());
    return frames;
}

// One lane's stack from t0 to t1, replayed from `trace` into `out` as pushes and pops.
void clip_lane(const LaneTrace& trace, std::size_t lane, Time t0, Time t1, const std::vector<LaneStateId>& state_of,
               LaneTraceBuilder& out)
{
    detail::CallPaths paths;
    detail::StackReplay replay(trace, trace.lanes[lane], paths);
    while (!replay.done() && replay.next_time() < t0)
        replay.apply([](std::uint32_t) {});
    for (LaneStateId frame : frames_of(paths, replay.path()))
        out.push(lane, t0, state_of[frame]);
    std::vector<std::uint32_t> entered;
    while (!replay.done() && replay.next_time() < t1) {
        const Time t = replay.next_time();
        const std::uint32_t before = paths[replay.path()].depth;
        entered.clear();
        replay.apply([&entered](std::uint32_t p) { entered.push_back(p); });
        const std::uint32_t kept = paths[replay.path()].depth - static_cast<std::uint32_t>(entered.size());
        for (std::uint32_t d = before; d > kept; --d)
            out.pop(lane, t);
        for (std::uint32_t p : entered)
            out.push(lane, t, state_of[paths[p].region]);
    }
}

// A counter's value at `t` on the line between the samples at `before` and `after`.
double between(const std::pair<Time, double>& before, const std::pair<Time, double>& after, Time t)
{
    const double share = static_cast<double>(t - before.first) / static_cast<double>(after.first - before.first);
    return before.second + (after.second - before.second) * share;
}

void clip_field(const LaneField& f, Time t0, Time t1, std::size_t field, LaneTraceBuilder& out)
{
    const auto& s = f.samples;
    const auto at_or_after = [&s](Time t) {
        return static_cast<std::size_t>(
            std::lower_bound(s.begin(), s.end(), t, [](const auto& sample, Time x) { return sample.first < x; }) -
            s.begin());
    };
    const std::size_t first = at_or_after(t0), end = at_or_after(t1);
    const bool starts_inside = first < s.size() && s[first].first == t0;
    if (first > 0 && !starts_inside) {
        if (f.kind == FieldKind::gauge)
            out.sample(field, t0, s[first - 1].second);
        else if (first < s.size())
            out.sample(field, t0, between(s[first - 1], s[first], t0));
    }
    for (std::size_t i = first; i < end; ++i)
        out.sample(field, s[i].first, s[i].second);
    if (f.kind == FieldKind::counter && end > 0 && end < s.size())
        out.sample(field, t1, between(s[end - 1], s[end], t1));
}

} // namespace

LaneTrace clip_lanes(const LaneTrace& trace, Time t0, Time t1)
{
    if (t0 >= t1)
        throw InputError(trace.source + ": a clip of [" + std::to_string(t0) + ", " + std::to_string(t1) +
                         ") is empty");
    LaneTraceBuilder out(trace.source, trace.format);
    std::vector<LaneStateId> state_of; // `trace`'s states as `out` numbers them
    state_of.reserve(trace.state_names.size());
    for (const std::string& name : trace.state_names)
        state_of.push_back(out.state(name));
    for (const auto& [name, rgb] : trace.state_colours)
        out.colour(out.state(name), rgb);
    for (const Lane& lane : trace.lanes)
        out.add_lane(lane.name);
    for (std::size_t lane = 0; lane < trace.lanes.size(); ++lane)
        clip_lane(trace, lane, t0, t1, state_of, out);
    for (const LaneField& f : trace.fields)
        clip_field(f, t0, t1, out.add_field(f.name, f.kind, f.lane, f.owner), out);

    LaneTrace clipped = out.finish();
    if (trace.last_event && *trace.last_event >= t0)
        clipped.last_event = std::min(*trace.last_event, t1);
    clipped.extra = trace.extra;
    for (const Message& m : trace.messages)
        if (m.send >= t0 && m.send < t1)
            clipped.messages.push_back(m);
    return clipped;
}

} // namespace chitra
