// Profiles from the lanes' stack steps: per lane, the time spent on each call path and the
// entries into it, in one pass over the steps in the range; regions and the call tree are
// then summed from the paths, so that recursion counts once (a path holds a region or not).
#include "chitra/profile/profile.hpp"
#include "chitra/lanes/lane_selection.hpp"

#include <algorithm>
#include <numeric>

namespace chitra {

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

// Lanes with no steps of their own (a PES's components, whose stacks are their state or
// nothing) get steps from their changes, at times multiplied by `scale`.
std::shared_ptr<const LaneTrace> with_steps(std::shared_ptr<const LaneTrace> lanes,
                                            const std::vector<std::size_t>& chosen, Time scale)
{
    const auto stepless = [&](std::size_t l) {
        return lanes->lanes[l].steps.empty() && !lanes->lanes[l].changes.empty();
    };
    if (scale == 1 && std::none_of(chosen.begin(), chosen.end(), stepless))
        return lanes;
    auto out = std::make_shared<LaneTrace>(*lanes);
    std::vector<CallPathId> path_of(out->state_names.size(), 0);
    for (std::size_t l : chosen) {
        Lane& lane = out->lanes[l];
        if (!lane.steps.empty()) {
            for (StackStep& s : lane.steps)
                s.time = scaled(s.time, scale, out->source);
            continue;
        }
        lane.steps.reserve(lane.changes.size());
        for (const LaneChange& c : lane.changes) {
            if (c.depth > 1)
                throw InputError(out->source + ": lane '" + lane.name +
                                 "' was stored without its call stacks; profile the trace it was converted from");
            CallPathId& path = path_of[c.state];
            if (c.state != kEmptyLaneState && path == 0) {
                path = static_cast<CallPathId>(out->call_paths.size());
                out->call_paths.push_back({0, c.state, 1});
            }
            lane.steps.push_back({scaled(out->times[c.record], scale, out->source), path, 0});
        }
    }
    return out;
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
        : lanes_(*source.lanes), paths_(lanes_.call_paths), first_(first), last_(last), tree_(tree),
          time_at_(paths_.size(), 0), entered_(paths_.size(), 0), touched_(paths_.size(), 0),
          on_lane_(lanes_.state_names.size()), region_stamp_(lanes_.state_names.size(), 0),
          path_totals_(tree ? paths_.size() : 0)
    {
    }

    // The lane's time per path and entries per path in [first, last), then summed into
    // its regions (returned: busy time) and the tree.
    Time add_lane(std::size_t lane, std::size_t number, std::vector<std::vector<RegionOnLane>>& per_region)
    {
        pass(lanes_.lanes[lane].steps);
        Time busy = 0;
        std::vector<LaneStateId> regions;
        for (CallPathId p : touched_list_) {
            busy += time_at_[p];
            ++stamp_;
            for (CallPathId q = p; q != 0; q = paths_[q].parent) {
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

    const std::vector<Figures>& path_totals() const { return path_totals_; }

private:
    void touch(CallPathId p)
    {
        if (!touched_[p]) {
            touched_[p] = 1;
            touched_list_.push_back(p);
        }
    }

    void pass(const std::vector<StackStep>& steps)
    {
        // The stack at `first_` is that of the last step before it.
        auto at =
            std::lower_bound(steps.begin(), steps.end(), first_, [](const StackStep& s, Time t) { return s.time < t; });
        CallPathId path = at == steps.begin() ? 0 : std::prev(at)->path;
        Time since = first_;
        for (; at != steps.end() && at->time < last_; ++at) {
            spend(path, since, at->time);
            for (CallPathId q = at->path; paths_[q].depth > at->kept; q = paths_[q].parent) {
                ++entered_[q];
                touch(q);
            }
            path = at->path;
            since = at->time;
        }
        spend(path, since, last_);
    }

    void spend(CallPathId path, Time from, Time to)
    {
        if (path != 0 && to > from) {
            time_at_[path] += to - from;
            touch(path);
        }
    }

    const LaneTrace& lanes_;
    const std::vector<CallPath>& paths_;
    const Time first_, last_; // absolute
    const bool tree_;
    std::vector<Time> time_at_;            // per path, this lane
    std::vector<std::uint64_t> entered_;   // per path, this lane
    std::vector<char> touched_;            // per path: in touched_list_
    std::vector<CallPathId> touched_list_; // paths with time or entries on this lane
    std::vector<Figures> on_lane_;         // per region, this lane
    std::vector<std::uint64_t> region_stamp_;
    std::uint64_t stamp_ = 0;
    std::vector<Figures> path_totals_; // per path, over the lanes (with the tree)
};

// The tree's paths with time or calls, depth first, children by inclusive time descending.
std::vector<CallPathProfile> call_tree(const LaneTrace& lanes, const std::vector<Figures>& totals)
{
    const std::vector<CallPath>& paths = lanes.call_paths;
    std::vector<std::vector<CallPathId>> children(paths.size());
    for (CallPathId p = 1; p < paths.size(); ++p)
        if (totals[p].any())
            children[paths[p].parent].push_back(p);
    const auto name = [&](CallPathId p) -> const std::string& { return lanes.state_names[paths[p].region]; };
    for (auto& list : children)
        std::sort(list.begin(), list.end(), [&](CallPathId a, CallPathId b) {
            if (totals[a].inclusive != totals[b].inclusive)
                return totals[a].inclusive > totals[b].inclusive;
            return name(a) < name(b);
        });
    std::vector<CallPathProfile> out;
    std::vector<std::string> path;
    std::vector<std::pair<CallPathId, std::size_t>> stack{{0, 0}}; // (path, next child)
    while (!stack.empty()) {
        auto& [p, next] = stack.back();
        if (next == children[p].size()) {
            stack.pop_back();
            if (!path.empty())
                path.pop_back();
            continue;
        }
        const CallPathId c = children[p][next++];
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
    out.lanes = with_steps(std::move(lanes), out.chosen, scale);
    const Time origin = trace_origin(trace);
    const Time end = trace.header.end.value_or(trace.size() > 0 ? trace.times[trace.size() - 1] : 0);
    out.origin = scaled(origin, scale, trace.source);
    out.end = std::max(out.origin, scaled(origin + end, scale, trace.source));
    return out;
}

ProfileSource profile_source(const std::string& path, const ImportOptions& options)
{
    ImportOptions o = options;
    o.from = options.from ? *options.from : detect_format(path);
    if (!reads_as_lanes(*o.from, path))
        return profile_source(load_trace(path, o), options.components);
    ProfileSource out;
    auto lanes = std::make_shared<const LaneTrace>(import_lanes(path, o));
    out.chosen = choose_lanes(*lanes, options.components);
    out.origin = first_change(*lanes, out.chosen).value_or(lanes->last_event.value_or(0));
    out.end = std::max(out.origin, lanes->last_event.value_or(out.origin));
    out.lanes = with_steps(std::move(lanes), out.chosen, 1);
    return out;
}

Profile profile(const ProfileSource& source, const ProfileRange& range, bool tree)
{
    const LaneTrace& lanes = *source.lanes;
    const Time end = source.end - source.origin;
    Profile out;
    out.time_base = source.time_base;
    out.from = range.from;
    out.to = range.to.value_or(end);
    if (out.to < out.from || (range.to && out.to == out.from))
        throw InputError(lanes.source + ": the range " + std::to_string(out.from) + ":" + std::to_string(out.to) +
                         " is empty");
    // Regions still open at the end close there: nothing is spent or entered after it.
    const Time first = source.origin + std::min(out.from, end);
    const Time last = source.origin + std::min(out.to, end);
    Profiler profiler(source, first, last, tree);
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
        out.tree = call_tree(lanes, profiler.path_totals());
    return out;
}

TimeProfile time_profile(const ProfileSource& source, const ProfileRange& range, std::size_t bins)
{
    const LaneTrace& lanes = *source.lanes;
    const Time end = source.end - source.origin;
    TimeProfile out;
    out.from = range.from;
    out.to = range.to.value_or(end);
    if (out.to < out.from || (range.to && out.to == out.from) || bins == 0)
        throw InputError(lanes.source + ": the range " + std::to_string(out.from) + ":" + std::to_string(out.to) +
                         " or its " + std::to_string(bins) + " bins are empty");
    const __int128 span = static_cast<__int128>(out.to) - out.from;
    out.edges.resize(bins + 1);
    for (std::size_t k = 0; k <= bins; ++k)
        out.edges[k] = out.from + static_cast<Time>(span * static_cast<__int128>(k) / static_cast<__int128>(bins));
    const Time first = source.origin + std::min(out.from, end);
    const Time last = source.origin + std::min(out.to, end);
    std::vector<std::vector<Time>> per_state(lanes.state_names.size());
    // Spreads [a, b) (absolute) of `state` over the bins it overlaps.
    const auto spend = [&](LaneStateId state, Time a, Time b) {
        a = std::max(a, first);
        b = std::min(b, last);
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
    for (std::size_t lane : source.chosen) {
        const std::vector<StackStep>& steps = lanes.lanes[lane].steps;
        auto at =
            std::lower_bound(steps.begin(), steps.end(), first, [](const StackStep& s, Time t) { return s.time < t; });
        CallPathId path = at == steps.begin() ? 0 : std::prev(at)->path;
        Time since = first;
        for (; at != steps.end() && at->time < last; ++at) {
            spend(lanes.call_paths[path].region, since, at->time);
            path = at->path;
            since = at->time;
        }
        spend(lanes.call_paths[path].region, since, last);
    }
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

} // namespace chitra
