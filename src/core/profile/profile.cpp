// Profiles from the lanes' stacks: per lane, one replay of its changes and stack steps up to
// the range's end, the time spent on each call path in the range and the entries into it;
// regions and the call tree are then summed from the paths, so that recursion counts once
// (a path holds a region or not).
#include "chitra/profile/profile.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "profile/stack_replay.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace chitra {

using detail::CallPaths;
using detail::StackReplay;

namespace {

Time ns_per_tick(TimeBase base)
{
    switch (base) {
    case TimeBase::ns:
    case TimeBase::cycles:
        return 1;
    case TimeBase::us:
        return 1'000;
    case TimeBase::ms:
        return 1'000'000;
    case TimeBase::s:
        return 1'000'000'000;
    }
    return 1;
}

Time scaled(Time t, Time scale, const std::string& source)
{
    Time out = 0;
    if (__builtin_mul_overflow(t, scale, &out))
        throw InputError(source + ": the time " + std::to_string(t) + " is too large to count in ns");
    return out;
}

// The lanes with their times in ns: a PES's times multiplied by `scale`.
std::shared_ptr<const LaneTrace> in_ns(std::shared_ptr<const LaneTrace> lanes, Time scale)
{
    if (scale == 1)
        return lanes;
    auto out = std::make_shared<LaneTrace>(*lanes);
    for (Time& t : out->times)
        t = scaled(t, scale, out->source);
    for (Lane& lane : out->lanes)
        for (StackStep& s : lane.steps)
            s.time = scaled(s.time, scale, out->source);
    return out;
}

// The interval a profile covers: [from, to) in ns from the origin as asked (`to` absent:
// the end), and [first, last) absolute, cut at the end: regions still open close there,
// nothing is spent or entered after it. Throws InputError for an empty or reversed range.
struct Interval {
    Time from = 0, to = 0, first = 0, last = 0;
};

Interval interval_of(const ProfileSource& source, const ProfileRange& range)
{
    const Time end = source.end - source.origin;
    Interval w;
    w.from = range.from;
    w.to = range.to.value_or(end);
    if (w.to < w.from || (range.to && w.to == w.from))
        throw InputError(source.lanes->source + ": the range " + std::to_string(w.from) + ":" + std::to_string(w.to) +
                         " is empty");
    w.first = source.origin + std::min(w.from, end);
    w.last = source.origin + std::min(w.to, end);
    return w;
}

// Figures of one region on one lane, or of one path.
struct Figures {
    std::uint64_t calls = 0;
    Time inclusive = 0, exclusive = 0;
    bool any() const { return calls > 0 || inclusive > 0; }
};

class Profiler {
public:
    Profiler(const ProfileSource& source, Time first, Time last, bool tree)
        : lanes_(*source.lanes), first_(first), last_(last), tree_(tree), on_lane_(lanes_.state_names.size()),
          region_stamp_(lanes_.state_names.size(), 0)
    {
    }

    // The lane's time per path and entries per path in [first, last), then summed into
    // its regions (returned: busy time) and the tree.
    Time add_lane(std::size_t lane, std::size_t number, std::vector<std::vector<RegionOnLane>>& per_region)
    {
        pass(lanes_.lanes[lane]);
        Time busy = 0;
        std::vector<LaneStateId> regions;
        if (tree_)
            path_totals_.resize(paths_.size());
        for (std::uint32_t p : touched_list_) {
            busy += time_at_[p];
            ++stamp_;
            for (std::uint32_t q = p; q != 0; q = paths_[q].parent) {
                const LaneStateId r = paths_[q].region;
                if (region_stamp_[r] != stamp_) { // recursion: a region on the path counts once
                    region_stamp_[r] = stamp_;
                    if (!on_lane_[r].any())
                        regions.push_back(r);
                    on_lane_[r].inclusive += time_at_[p];
                }
                if (tree_)
                    path_totals_[q].inclusive += time_at_[p];
            }
            on_lane_[paths_[p].region].exclusive += time_at_[p];
            on_lane_[paths_[p].region].calls += entered_[p];
            if (tree_) {
                path_totals_[p].exclusive += time_at_[p];
                path_totals_[p].calls += entered_[p];
            }
            time_at_[p] = 0;
            entered_[p] = 0;
            touched_[p] = 0;
        }
        touched_list_.clear();
        for (LaneStateId r : regions) {
            const Figures& f = on_lane_[r];
            if (f.any())
                per_region[r].push_back({number, f.calls, f.inclusive, f.exclusive});
            on_lane_[r] = {};
        }
        return busy;
    }

    const CallPaths& paths() const { return paths_; }
    const std::vector<Figures>& path_totals() const { return path_totals_; }

private:
    void touch(std::uint32_t p)
    {
        if (p >= touched_.size()) {
            touched_.resize(paths_.size(), 0);
            time_at_.resize(paths_.size(), 0);
            entered_.resize(paths_.size(), 0);
        }
        if (!touched_[p]) {
            touched_[p] = 1;
            touched_list_.push_back(p);
        }
    }

    void pass(const Lane& lane)
    {
        StackReplay(lanes_, lane, paths_)
            .run(
                first_, last_, [this](std::uint32_t path, Time from, Time to) { spend(path, from, to); },
                [this](std::uint32_t p) {
                    touch(p);
                    ++entered_[p];
                });
    }

    void spend(std::uint32_t path, Time from, Time to)
    {
        if (path != 0 && to > from) {
            touch(path);
            time_at_[path] += to - from;
        }
    }

    const LaneTrace& lanes_;
    const Time first_, last_; // absolute
    const bool tree_;
    CallPaths paths_;
    std::vector<Time> time_at_;               // per path, this lane
    std::vector<std::uint64_t> entered_;      // per path, this lane
    std::vector<char> touched_;               // per path: in touched_list_
    std::vector<std::uint32_t> touched_list_; // paths with time or entries on this lane
    std::vector<Figures> on_lane_;            // per region, this lane
    std::vector<std::uint64_t> region_stamp_;
    std::uint64_t stamp_ = 0;
    std::vector<Figures> path_totals_; // per path, over the lanes (with the tree)
};

// The tree's paths with time or calls, depth first, children by inclusive time descending.
std::vector<CallPathProfile> call_tree(const LaneTrace& lanes, const CallPaths& paths,
                                       const std::vector<Figures>& totals)
{
    std::vector<std::vector<std::uint32_t>> children(paths.size());
    for (std::uint32_t p = 1; p < totals.size(); ++p)
        if (totals[p].any())
            children[paths[p].parent].push_back(p);
    const auto name = [&](std::uint32_t p) -> const std::string& { return lanes.state_names[paths[p].region]; };
    for (auto& list : children)
        std::sort(list.begin(), list.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (totals[a].inclusive != totals[b].inclusive)
                return totals[a].inclusive > totals[b].inclusive;
            return name(a) < name(b);
        });
    std::vector<CallPathProfile> out;
    std::vector<std::string> path;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{0, 0}}; // (path, next child)
    while (!stack.empty()) {
        auto& [p, next] = stack.back();
        if (next == children[p].size()) {
            stack.pop_back();
            if (!path.empty())
                path.pop_back();
            continue;
        }
        const std::uint32_t c = children[p][next++];
        path.push_back(name(c));
        out.push_back({path, totals[c].calls, totals[c].inclusive, totals[c].exclusive});
        stack.emplace_back(c, 0);
    }
    return out;
}

} // namespace

Time ns_per_unit(const Trace& trace) { return trace.lanes ? 1 : ns_per_tick(trace.header.timebase); }

ProfileSource profile_source(const Trace& trace, const LaneSelection& components)
{
    ProfileSource out;
    const bool pes = !trace.lanes;
    const Time scale = ns_per_unit(trace);
    out.time_base = pes && trace.header.timebase == TimeBase::cycles ? "cycles" : "ns";
    out.ns_per_unit = scale;
    auto lanes = lanes_of(trace);
    out.chosen = choose_lanes(*lanes, components);
    out.lanes = in_ns(std::move(lanes), scale);
    const Time origin = trace_origin(trace);
    const Time end = trace.header.end.value_or(trace.size() > 0 ? trace.times[trace.size() - 1] : 0);
    out.origin = scaled(origin, scale, trace.source);
    out.end = std::max(out.origin, scaled(origin + end, scale, trace.source));
    return out;
}

Profile profile(const ProfileSource& source, const ProfileRange& range, bool tree)
{
    const LaneTrace& lanes = *source.lanes;
    const Interval w = interval_of(source, range);
    Profile out;
    out.time_base = source.time_base;
    out.from = w.from;
    out.to = w.to;
    Profiler profiler(source, w.first, w.last, tree);
    std::vector<std::vector<RegionOnLane>> per_region(lanes.state_names.size());
    for (std::size_t k = 0; k < source.chosen.size(); ++k) {
        const std::size_t lane = source.chosen[k];
        const Time busy = profiler.add_lane(lane, k + 1, per_region);
        out.lanes.push_back({k + 1, lanes.lanes[lane].name, busy, out.to - out.from - busy});
    }
    for (LaneStateId r = 0; r < per_region.size(); ++r) {
        if (per_region[r].empty())
            continue;
        RegionProfile p;
        p.region = lanes.state_names[r];
        for (const RegionOnLane& l : per_region[r]) {
            p.calls += l.calls;
            p.inclusive_ns += l.inclusive_ns;
            p.exclusive_ns += l.exclusive_ns;
            if (l.inclusive_ns > p.max_ns || p.max_lane == 0) {
                p.max_ns = l.inclusive_ns;
                p.max_lane = l.lane;
            }
        }
        p.mean_ns = static_cast<double>(p.inclusive_ns) / static_cast<double>(source.chosen.size());
        p.imbalance = p.mean_ns > 0 ? static_cast<double>(p.max_ns) / p.mean_ns : 0;
        p.per_lane = std::move(per_region[r]);
        out.regions.push_back(std::move(p));
    }
    std::sort(out.regions.begin(), out.regions.end(), [](const RegionProfile& a, const RegionProfile& b) {
        if (a.exclusive_ns != b.exclusive_ns)
            return a.exclusive_ns > b.exclusive_ns;
        return a.region < b.region;
    });
    out.with_tree = tree;
    if (tree)
        out.tree = call_tree(lanes, profiler.paths(), profiler.path_totals());
    return out;
}

TimeProfile time_profile(const ProfileSource& source, const ProfileRange& range, std::size_t bins)
{
    const LaneTrace& lanes = *source.lanes;
    const Interval w = interval_of(source, range);
    if (bins == 0)
        throw InputError(lanes.source + ": a time profile of no bins");
    TimeProfile out;
    out.from = w.from;
    out.to = w.to;
    const __int128 span = static_cast<__int128>(out.to) - out.from;
    out.edges.resize(bins + 1);
    for (std::size_t k = 0; k <= bins; ++k)
        out.edges[k] = out.from + static_cast<Time>(span * static_cast<__int128>(k) / static_cast<__int128>(bins));
    std::vector<std::vector<Time>> per_state(lanes.state_names.size());
    // Spreads [a, b) (absolute) of `state` over the bins it overlaps.
    const auto spend = [&](LaneStateId state, Time a, Time b) {
        if (state == kEmptyLaneState || b <= a)
            return;
        std::vector<Time>& row = per_state[state];
        if (row.empty())
            row.assign(bins, 0);
        auto k = static_cast<std::size_t>(std::upper_bound(out.edges.begin(), out.edges.end(), a - source.origin) -
                                          out.edges.begin()) -
                 1;
        for (Time t = a; t < b && k < bins; ++k) {
            const Time bin_end = std::min(b, source.origin + out.edges[k + 1]);
            row[k] += bin_end - t;
            t = bin_end;
        }
    };
    CallPaths paths;
    for (std::size_t lane : source.chosen)
        StackReplay(lanes, lanes.lanes[lane], paths)
            .run(
                w.first, w.last, [&](std::uint32_t path, Time from, Time to) { spend(paths[path].region, from, to); },
                [](std::uint32_t) {});
    std::vector<std::pair<Time, LaneStateId>> order;
    for (LaneStateId s = 0; s < per_state.size(); ++s)
        if (!per_state[s].empty())
            order.emplace_back(std::accumulate(per_state[s].begin(), per_state[s].end(), Time{0}), s);
    std::sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        if (a.first != b.first)
            return a.first > b.first;
        return lanes.state_names[a.second] < lanes.state_names[b.second];
    });
    for (const auto& [total, s] : order) {
        out.regions.push_back(lanes.state_names[s]);
        out.exclusive_ns.push_back(std::move(per_state[s]));
    }
    return out;
}

std::vector<PathCall> path_calls(const ProfileSource& source, const std::vector<std::string>& path,
                                 const ProfileRange& range)
{
    const LaneTrace& lanes = *source.lanes;
    const Interval w = interval_of(source, range);
    std::vector<PathCall> out;
    if (path.empty())
        return out;
    const auto depth = static_cast<std::uint32_t>(path.size());
    CallPaths paths;
    // Per path met: 1 when it starts with `path`, 0 when not, -1 not yet known.
    std::vector<signed char> starts{0};
    const auto startsWith = [&](std::uint32_t p) {
        starts.resize(paths.size(), -1);
        std::vector<std::uint32_t> unknown;
        for (std::uint32_t q = p; starts[q] < 0; q = paths[q].parent)
            unknown.push_back(q);
        for (auto it = unknown.rbegin(); it != unknown.rend(); ++it) {
            const CallPaths::Path& q = paths[*it];
            starts[*it] = q.depth < depth   ? 0
                          : q.depth > depth ? starts[q.parent]
                                            : [&] { // depth equal: its frames are the path's
                                                  for (std::uint32_t f = *it, i = depth; f != 0; f = paths[f].parent)
                                                      if (lanes.state_names[paths[f].region] != path[--i])
                                                          return false;
                                                  return true;
                                              }();
        }
        return starts[p] == 1;
    };
    for (std::size_t lane : source.chosen) {
        std::optional<Time> open; // the start of the call under way
        Time now = w.first;
        const auto close = [&](Time at) {
            out.push_back({lane, *open - source.origin, at - source.origin});
            open.reset();
        };
        StackReplay(lanes, lanes.lanes[lane], paths)
            .run(
                w.first, w.last,
                [&](std::uint32_t p, Time from, Time to) {
                    if (to < from)
                        return; // before the range
                    now = to;
                    if (startsWith(p) && !open)
                        open = from;
                    else if (!startsWith(p) && open)
                        close(from);
                },
                [&](std::uint32_t p) {
                    if (paths[p].depth != depth || !startsWith(p))
                        return;
                    if (open)
                        close(now);
                    open = now;
                });
        if (open)
            close(w.last);
    }
    return out;
}

} // namespace chitra
