// Profiles across lanes (interfaces.md "Regions: profiles across lanes"): examples of each
// rule (recursion, a region left and entered again at one instant, regions open at the end,
// ranges that cut regions, empty lanes, stacks set whole) and, on random traces, the
// figures against a brute-force reading of the same events instant by instant.
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/profile/profile.hpp"
#include "lanes/lane_trace_codec.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <functional>
#include <random>
#include <set>

namespace chitra {
namespace {

ProfileSource source_of(LaneTrace trace, std::vector<std::size_t> chosen = {})
{
    ProfileSource s;
    auto lanes = std::make_shared<const LaneTrace>(std::move(trace));
    if (chosen.empty())
        for (std::size_t l = 0; l < lanes->lanes.size(); ++l)
            chosen.push_back(l);
    s.origin = first_change(*lanes, chosen).value_or(0);
    s.end = std::max(s.origin, lanes->last_event.value_or(s.origin));
    s.lanes = std::move(lanes);
    s.chosen = std::move(chosen);
    return s;
}

ProfileSource source_of(LaneTraceBuilder& b, std::vector<std::size_t> chosen = {})
{
    return source_of(b.finish(), std::move(chosen));
}

// 1 to 3 lanes of `events` pushes and pops of 5 regions named by `name(r)`, each `steps`
// or fewer ns after the last (several at one instant when `steps` is small).
LaneTrace random_lanes(
    std::mt19937& rng, int events, unsigned steps,
    const std::function<std::string(int)>& name = [](int r) { return "r" + std::to_string(r); })
{
    LaneTraceBuilder b("random", "test");
    const std::size_t lanes = 1 + rng() % 3;
    for (std::size_t l = 0; l < lanes; ++l)
        b.add_lane("L");
    std::vector<int> depth(lanes, 0);
    Time t = 0;
    for (int i = 0; i < events; ++i) {
        t += static_cast<Time>(rng() % steps);
        const std::size_t l = rng() % lanes;
        if (depth[l] > 0 && rng() % 2 == 0) {
            b.pop(l, t);
            --depth[l];
        } else {
            b.push(l, t, b.state(name(static_cast<int>(rng() % 5))));
            ++depth[l];
        }
    }
    return b.finish();
}

ProfileSource random_pushes(std::mt19937& rng, int events, unsigned steps)
{
    return source_of(random_lanes(rng, events, steps));
}

const RegionProfile& region(const Profile& p, const std::string& name)
{
    for (const RegionProfile& r : p.regions)
        if (r.region == name)
            return r;
    throw std::runtime_error("no region " + name);
}

bool has_region(const Profile& p, const std::string& name)
{
    for (const RegionProfile& r : p.regions)
        if (r.region == name)
            return true;
    return false;
}

TEST(Profile, RecursionCountsOnceInInclusiveTimeAndEveryEntryAsACall)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    const LaneStateId main = b.state("main"), f = b.state("f");
    b.push(l, 0, main);
    b.push(l, 10, f);
    b.push(l, 20, f); // f inside f
    b.pop(l, 30);
    b.pop(l, 40);
    b.pop(l, 100);
    const Profile p = profile(source_of(b), {}, true);
    EXPECT_EQ(p.to, 100);
    EXPECT_EQ(region(p, "f").calls, 2u);
    EXPECT_EQ(region(p, "f").inclusive_ns, 30); // [10, 40) once, not 30 + 10
    EXPECT_EQ(region(p, "f").exclusive_ns, 30);
    EXPECT_EQ(region(p, "main").inclusive_ns, 100);
    EXPECT_EQ(region(p, "main").exclusive_ns, 70);
    ASSERT_EQ(p.tree.size(), 3u);
    EXPECT_EQ(p.tree[2].path, (std::vector<std::string>{"main", "f", "f"}));
    EXPECT_EQ(p.tree[1].inclusive_ns, 30);
    EXPECT_EQ(p.tree[1].exclusive_ns, 20);
    EXPECT_EQ(p.tree[2].calls, 1u);
}

TEST(Profile, ARegionLeftAndEnteredAgainAtOneInstantIsANewCall)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    const LaneStateId a = b.state("A"), z = b.state("Z");
    b.push(l, 0, a);
    b.pop(l, 10);
    b.push(l, 10, a); // the top stays A: no change, but a second call
    b.push(l, 15, z); // a region of no length: no call
    b.pop(l, 15);
    b.pop(l, 20);
    const Profile p = profile(source_of(b));
    EXPECT_EQ(region(p, "A").calls, 2u);
    EXPECT_EQ(region(p, "A").inclusive_ns, 20);
    EXPECT_FALSE(has_region(p, "Z"));
}

TEST(Profile, RegionsOpenAtTheEndCloseThere)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    b.push(l, 100, b.state("A"));
    b.push(l, 150, b.state("B"));
    b.saw_event(400); // the trace's last event: the end
    const Profile p = profile(source_of(b));
    EXPECT_EQ(p.to, 300);
    EXPECT_EQ(region(p, "A").inclusive_ns, 300);
    EXPECT_EQ(region(p, "B").inclusive_ns, 250);
    EXPECT_EQ(region(p, "B").calls, 1u);
    EXPECT_EQ(p.lanes[0].busy_ns, 300);
}

TEST(Profile, ARangeCutsRegionsAndCountsOnlyEntriesInsideIt)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    const LaneStateId a = b.state("A"), c = b.state("C");
    b.push(l, 0, a);
    b.push(l, 20, c);
    b.pop(l, 30);
    b.push(l, 60, c);
    b.pop(l, 70);
    b.pop(l, 100);
    const ProfileSource s = source_of(b);
    const Profile p = profile(s, {25, 65});
    EXPECT_EQ(p.from, 25);
    EXPECT_EQ(p.to, 65);
    EXPECT_EQ(region(p, "A").calls, 0u); // entered before the range
    EXPECT_EQ(region(p, "A").inclusive_ns, 40);
    EXPECT_EQ(region(p, "C").calls, 1u); // the entry at 60
    EXPECT_EQ(region(p, "C").inclusive_ns, 10);
    EXPECT_EQ(region(p, "A").exclusive_ns, 30);
    EXPECT_EQ(p.lanes[0].busy_ns + p.lanes[0].idle_ns, 40);
    EXPECT_THROW(profile(s, {30, 30}), InputError);
}

TEST(Profile, AnEmptyLaneIsIdleThroughoutAndCountsInTheMean)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t busy = b.add_lane("busy");
    b.add_lane("empty");
    b.push(busy, 0, b.state("A"));
    b.pop(busy, 50);
    b.saw_event(80);
    const Profile p = profile(source_of(b, {0, 1}));
    ASSERT_EQ(p.lanes.size(), 2u);
    EXPECT_EQ(p.lanes[1].busy_ns, 0);
    EXPECT_EQ(p.lanes[1].idle_ns, 80);
    const RegionProfile& a = region(p, "A");
    EXPECT_EQ(a.per_lane.size(), 1u);
    EXPECT_DOUBLE_EQ(a.mean_ns, 25.0);
    EXPECT_EQ(a.max_lane, 1u);
    EXPECT_DOUBLE_EQ(a.imbalance, 2.0);
}

TEST(Profile, AStackSetWholeToItsOwnStateIsNoNewCall)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    const LaneStateId a = b.state("A"), c = b.state("C");
    b.set(l, 0, a);
    b.set(l, 10, a); // Paje Set, Paraver state record: the same state goes on
    b.set(l, 20, c);
    b.reset(l, 30);
    b.set(l, 30, c); // replaced by itself at one instant
    b.reset(l, 40);
    const Profile p = profile(source_of(b));
    EXPECT_EQ(region(p, "A").calls, 1u);
    EXPECT_EQ(region(p, "A").inclusive_ns, 20);
    EXPECT_EQ(region(p, "C").calls, 1u);
    EXPECT_EQ(region(p, "C").inclusive_ns, 20);
}

TEST(Profile, StacksSurviveTheLaneCodecAndLaneSelection)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l0 = b.add_lane("x"), l1 = b.add_lane("y");
    const LaneStateId a = b.state("A"), c = b.state("B");
    b.push(l0, 0, a);
    b.push(l1, 5, c); // two regions entered at once: the change says only the top
    b.push(l1, 5, a);
    b.push(l1, 6, c); // a plain push: the change says it all
    b.pop(l1, 7);
    b.pop(l1, 9); // A left and entered again: no change at all
    b.push(l1, 9, a);
    b.pop(l0, 10);
    b.pop(l1, 12);
    b.pop(l1, 12);
    const LaneTrace lanes = b.finish();
    EXPECT_TRUE(lanes.lanes[0].steps.empty());
    ASSERT_EQ(lanes.lanes[1].steps, (std::vector<StackStep>{{5, 0, 2}, {9, 1, 1}}));
    EXPECT_EQ(lanes.lanes[1].frames, (std::vector<LaneStateId>{c, a, a}));
    const LaneTrace picked = select_lanes(lanes, {1});
    ASSERT_EQ(picked.lanes.size(), 1u);
    EXPECT_EQ(picked.lanes[0].steps, lanes.lanes[1].steps);
    EXPECT_EQ(picked.lanes[0].frames, lanes.lanes[1].frames);

    std::string bytes;
    detail::write_lane_trace(lanes,
                             [&](const void* data, std::size_t n) { bytes.append(static_cast<const char*>(data), n); });
    std::size_t at = 0;
    const LaneTrace back = detail::read_lane_trace(
        [&](void* data, std::size_t n) {
            std::memcpy(data, bytes.data() + at, n);
            at += n;
        },
        bytes.size());
    for (std::size_t l = 0; l < lanes.lanes.size(); ++l) {
        EXPECT_EQ(back.lanes[l].steps, lanes.lanes[l].steps);
        EXPECT_EQ(back.lanes[l].frames, lanes.lanes[l].frames);
    }
}

// A brute-force profile: the events replayed instant by instant, every frame an object
// that knows the instant it was pushed, the figures counted one time unit at a time.
struct Op {
    Time t;
    int lane;
    int region; // -1: pop
};

Profile brute_force(const std::vector<Op>& ops, int lanes, Time last_event, Time from, std::optional<Time> to_opt)
{
    struct Frame {
        int region;
        Time born;
    };
    std::vector<std::map<Time, std::vector<Frame>>> stacks(lanes); // stack at the end of each instant
    std::vector<std::vector<Frame>> now(lanes);
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Op& o = ops[i];
        if (o.region < 0) {
            if (!now[o.lane].empty())
                now[o.lane].pop_back();
        } else {
            now[o.lane].push_back({o.region, o.t});
        }
        stacks[o.lane][o.t] = now[o.lane];
    }
    const auto stack_at = [&](int lane, Time t) -> std::vector<Frame> {
        auto it = stacks[lane].upper_bound(t);
        return it == stacks[lane].begin() ? std::vector<Frame>{} : std::prev(it)->second;
    };
    // The origin: the first instant at which some lane's top differs from before it.
    Time origin = last_event;
    for (int lane = 0; lane < lanes; ++lane) {
        int before = -1;
        for (const auto& [t, stack] : stacks[lane]) {
            const int top = stack.empty() ? -1 : stack.back().region;
            if (top != before) {
                origin = std::min(origin, t);
                break;
            }
        }
    }
    const Time end = last_event - origin;
    Profile p;
    p.from = from;
    p.to = to_opt.value_or(end);
    const Time stop = std::min(p.to, end);
    std::map<std::string, RegionProfile> regions;
    std::map<std::vector<std::string>, CallPathProfile> tree;
    const auto name = [](int r) { return "r" + std::to_string(r); };
    for (int lane = 0; lane < lanes; ++lane) {
        std::map<int, RegionOnLane> on;
        Time busy = 0;
        for (Time t = std::max<Time>(from, 0); t < stop; ++t) {
            const std::vector<Frame> s = stack_at(lane, origin + t);
            if (s.empty())
                continue;
            ++busy;
            std::set<int> seen;
            std::vector<std::string> path;
            for (const Frame& f : s) {
                if (seen.insert(f.region).second)
                    ++on[f.region].inclusive_ns;
                path.push_back(name(f.region));
                ++tree[path].inclusive_ns;
            }
            ++on[s.back().region].exclusive_ns;
            ++tree[path].exclusive_ns;
        }
        for (const auto& [t, s] : stacks[lane]) {
            if (t - origin < from || t - origin >= stop)
                continue;
            std::vector<std::string> path;
            for (const Frame& f : s) {
                path.push_back(name(f.region));
                if (f.born == t) {
                    ++on[f.region].calls;
                    ++tree[path].calls;
                }
            }
        }
        p.lanes.push_back({static_cast<std::size_t>(lane + 1), "", busy, p.to - p.from - busy});
        for (auto& [r, figures] : on) {
            figures.lane = static_cast<std::size_t>(lane + 1);
            RegionProfile& total = regions[name(r)];
            total.region = name(r);
            total.calls += figures.calls;
            total.inclusive_ns += figures.inclusive_ns;
            total.exclusive_ns += figures.exclusive_ns;
            total.per_lane.push_back(figures);
        }
    }
    for (auto& [n, r] : regions)
        p.regions.push_back(r);
    for (auto& [path, node] : tree) {
        node.path = path;
        p.tree.push_back(node);
    }
    return p;
}

TEST(Profile, RandomTracesMatchABruteForceReplay)
{
    std::mt19937 rng(20261128);
    for (int trial = 0; trial < 300; ++trial) {
        const int lanes = 1 + static_cast<int>(rng() % 4);
        std::vector<Op> ops;
        Time t = 0;
        std::vector<int> depth(lanes, 0);
        const int n = 1 + static_cast<int>(rng() % 40);
        for (int i = 0; i < n; ++i) {
            t += static_cast<Time>(rng() % 3); // several events at one instant, often
            const int lane = static_cast<int>(rng() % lanes);
            const bool pop = depth[lane] > 0 && rng() % 2 == 0;
            ops.push_back({t, lane, pop ? -1 : static_cast<int>(rng() % 4)});
            depth[lane] += pop ? -1 : 1;
        }
        const Time last_event = t + static_cast<Time>(rng() % 5);
        LaneTraceBuilder b("random", "test");
        for (int l = 0; l < lanes; ++l)
            b.add_lane("L" + std::to_string(l));
        for (const Op& o : ops)
            if (o.region < 0)
                b.pop(o.lane, o.t);
            else
                b.push(o.lane, o.t, b.state("r" + std::to_string(o.region)));
        b.saw_event(last_event);
        std::vector<std::size_t> all(lanes);
        for (int l = 0; l < lanes; ++l)
            all[l] = l;
        const ProfileSource source = source_of(b, all);
        const Time end = source.end - source.origin;
        std::optional<Time> to;
        Time from = 0;
        if (trial % 2 == 1 && end > 1) {
            from = static_cast<Time>(rng() % end);
            to = from + 1 + static_cast<Time>(rng() % (end - from + 2));
        }
        SCOPED_TRACE("trial " + std::to_string(trial));
        const Profile got = profile(source, {from, to}, true);
        const Profile want = brute_force(ops, lanes, last_event, from, to);
        ASSERT_EQ(got.to, want.to);
        ASSERT_EQ(got.lanes.size(), want.lanes.size());
        for (std::size_t l = 0; l < got.lanes.size(); ++l) {
            EXPECT_EQ(got.lanes[l].busy_ns, want.lanes[l].busy_ns);
            EXPECT_EQ(got.lanes[l].busy_ns + got.lanes[l].idle_ns, got.to - got.from);
        }
        std::map<std::string, const RegionProfile*> by_name;
        for (const RegionProfile& r : got.regions)
            by_name[r.region] = &r;
        std::size_t listed = 0;
        for (const RegionProfile& w : want.regions) {
            if (w.calls == 0 && w.inclusive_ns == 0)
                continue;
            ++listed;
            ASSERT_TRUE(by_name.count(w.region)) << w.region;
            const RegionProfile& g = *by_name[w.region];
            EXPECT_EQ(g.calls, w.calls) << w.region;
            EXPECT_EQ(g.inclusive_ns, w.inclusive_ns) << w.region;
            EXPECT_EQ(g.exclusive_ns, w.exclusive_ns) << w.region;
            std::vector<RegionOnLane> lanes_with;
            for (const RegionOnLane& l : w.per_lane)
                if (l.calls > 0 || l.inclusive_ns > 0)
                    lanes_with.push_back(l);
            EXPECT_EQ(g.per_lane, lanes_with) << w.region;
        }
        EXPECT_EQ(got.regions.size(), listed);
        std::map<std::vector<std::string>, const CallPathProfile*> paths;
        for (const CallPathProfile& c : got.tree)
            paths[c.path] = &c;
        for (const CallPathProfile& w : want.tree) {
            if (w.calls == 0 && w.inclusive_ns == 0)
                continue;
            ASSERT_TRUE(paths.count(w.path));
            EXPECT_EQ(paths[w.path]->calls, w.calls);
            EXPECT_EQ(paths[w.path]->inclusive_ns, w.inclusive_ns);
            EXPECT_EQ(paths[w.path]->exclusive_ns, w.exclusive_ns);
        }
    }
}

TEST(Profile, AdjacentRangesAddUpToTheirUnion)
{
    std::mt19937 rng(7);
    for (int trial = 0; trial < 100; ++trial) {
        const ProfileSource s = random_pushes(rng, 60, 4);
        const Time end = s.end - s.origin;
        if (end < 2)
            continue;
        const Time cut = 1 + static_cast<Time>(rng() % (end - 1));
        const Profile whole = profile(s, {0, end}), left = profile(s, {0, cut}), right = profile(s, {cut, end});
        for (const RegionProfile& r : whole.regions) {
            std::uint64_t calls = 0;
            Time inclusive = 0, exclusive = 0;
            for (const Profile* part : {&left, &right})
                if (has_region(*part, r.region)) {
                    calls += region(*part, r.region).calls;
                    inclusive += region(*part, r.region).inclusive_ns;
                    exclusive += region(*part, r.region).exclusive_ns;
                }
            EXPECT_EQ(calls, r.calls);
            EXPECT_EQ(inclusive, r.inclusive_ns);
            EXPECT_EQ(exclusive, r.exclusive_ns);
        }
    }
}

TEST(PathCalls, AddUpToEachPathsInclusiveTimeAndCalls)
{
    std::mt19937 rng(5);
    for (int trial = 0; trial < 100; ++trial) {
        const ProfileSource s = random_pushes(rng, 60, 4);
        const Time end = s.end - s.origin;
        if (end < 2)
            continue;
        const Time cut = static_cast<Time>(rng() % (end - 1));
        const Profile p = profile(s, {cut, end}, true);
        for (const CallPathProfile& path : p.tree) {
            const std::vector<PathCall> calls = path_calls(s, path.path, {cut, end});
            Time inclusive = 0;
            for (std::size_t i = 0; i < calls.size(); ++i) {
                EXPECT_GE(calls[i].start, cut);
                EXPECT_LE(calls[i].start, calls[i].end);
                EXPECT_LE(calls[i].end, end);
                inclusive += calls[i].end - calls[i].start;
                if (i > 0 && calls[i].lane == calls[i - 1].lane) {
                    EXPECT_LE(calls[i - 1].end, calls[i].start); // one call after another
                } else if (i > 0) {
                    EXPECT_LT(calls[i - 1].lane, calls[i].lane);
                }
            }
            EXPECT_EQ(inclusive, path.inclusive_ns);
            // Every entry in the range, and on each lane perhaps one call under way at its start.
            EXPECT_GE(calls.size(), path.calls);
            EXPECT_LE(calls.size(), path.calls + s.chosen.size());
            if (cut == 0) {
                EXPECT_EQ(calls.size(), path.calls);
            }
        }
    }
}

TEST(PathCalls, ACallEndsWhenItsPathIsLeftOrEnteredAgain)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    const LaneStateId main = b.state("main"), f = b.state("f"), g = b.state("g");
    b.push(l, 0, main);
    b.push(l, 10, f);
    b.push(l, 12, g); // deeper: the call of main > f goes on
    b.pop(l, 14);
    b.pop(l, 20);
    b.push(l, 20, f); // left and entered again at one instant: a new call
    b.pop(l, 30);
    b.push(l, 40, g); // main > g: another path
    b.pop(l, 45);
    b.pop(l, 50);
    const ProfileSource s = source_of(b);
    const std::vector<PathCall> calls = path_calls(s, {"main", "f"});
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0].start, 10);
    EXPECT_EQ(calls[0].end, 20);
    EXPECT_EQ(calls[1].start, 20);
    EXPECT_EQ(calls[1].end, 30);
    EXPECT_EQ(path_calls(s, {"main", "f", "g"}).size(), 1u);
    EXPECT_EQ(path_calls(s, {"main", "g"}).size(), 1u);
    EXPECT_TRUE(path_calls(s, {"f"}).empty()); // f is never the bottom frame
    const std::vector<PathCall> cut = path_calls(s, {"main", "f"}, {15, 25});
    ASSERT_EQ(cut.size(), 2u); // under way at 15, then the call from 20
    EXPECT_EQ(cut[0].start, 15);
    EXPECT_EQ(cut[1].end, 25);
}

TEST(Profile, StatesMergedAfterReadingProfileAsIfNamedAlikeFromTheStart)
{
    // r3 read as a state of its own, then merged into r1 (as the CTF reader does with two
    // addresses of one function), against r3 named r1 from the start.
    for (std::uint32_t seed = 0; seed < 200; ++seed) {
        std::mt19937 rng(seed);
        LaneTrace merged = random_lanes(rng, 80, 3);
        std::vector<std::string> names{"-"};
        std::vector<LaneStateId> remap(merged.state_names.size(), 0);
        for (LaneStateId s = 1; s < merged.state_names.size(); ++s) {
            const std::string name = merged.state_names[s] == "r3" ? "r1" : merged.state_names[s];
            const auto at = std::find(names.begin(), names.end(), name);
            remap[s] = static_cast<LaneStateId>(at - names.begin());
            if (at == names.end())
                names.push_back(name);
        }
        renumber_states(merged, names, remap);
        rng.seed(seed);
        LaneTrace alike = random_lanes(rng, 80, 3, [](int r) { return "r" + std::to_string(r == 3 ? 1 : r); });
        const Profile a = profile(source_of(std::move(merged)), {}, true);
        const Profile b = profile(source_of(std::move(alike)), {}, true);
        ASSERT_EQ(a.regions.size(), b.regions.size()) << "seed " << seed;
        for (std::size_t r = 0; r < a.regions.size(); ++r) {
            EXPECT_EQ(a.regions[r].region, b.regions[r].region) << "seed " << seed;
            EXPECT_EQ(a.regions[r].calls, b.regions[r].calls) << "seed " << seed << " " << a.regions[r].region;
            EXPECT_EQ(a.regions[r].inclusive_ns, b.regions[r].inclusive_ns) << "seed " << seed;
        }
        ASSERT_EQ(a.tree.size(), b.tree.size()) << "seed " << seed;
        for (std::size_t p = 0; p < a.tree.size(); ++p) {
            EXPECT_EQ(a.tree[p].path, b.tree[p].path) << "seed " << seed;
            EXPECT_EQ(a.tree[p].calls, b.tree[p].calls) << "seed " << seed;
        }
    }
}

TEST(TimeProfile, BinsAddUpToEachRegionsExclusiveTime)
{
    std::mt19937 rng(11);
    for (int trial = 0; trial < 100; ++trial) {
        const ProfileSource s = random_pushes(rng, 50, 50);
        const Time end = s.end - s.origin;
        if (end < 2)
            continue;
        const Time from = static_cast<Time>(rng() % static_cast<unsigned>(end / 2));
        const ProfileRange range{from, from + 1 + static_cast<Time>(rng() % static_cast<unsigned>(end))};
        const std::size_t bins = 1 + rng() % 17;
        const TimeProfile tp = time_profile(s, range, bins);
        const Profile p = profile(s, range);
        ASSERT_EQ(tp.edges.size(), bins + 1);
        EXPECT_EQ(tp.edges.front(), range.from);
        EXPECT_EQ(tp.edges.back(), *range.to);
        ASSERT_EQ(tp.regions.size(), [&] {
            std::size_t n = 0;
            for (const RegionProfile& r : p.regions)
                n += r.exclusive_ns > 0;
            return n;
        }());
        for (std::size_t r = 0; r < tp.regions.size(); ++r) {
            Time sum = 0;
            for (Time v : tp.exclusive_ns[r])
                sum += v;
            EXPECT_EQ(sum, region(p, tp.regions[r]).exclusive_ns) << tp.regions[r];
            if (r > 0) {
                EXPECT_GE(region(p, tp.regions[r - 1]).exclusive_ns, sum);
            }
        }
        // No bin holds more time than its width on every lane.
        for (std::size_t k = 0; k < bins; ++k) {
            Time in_bin = 0;
            for (const auto& row : tp.exclusive_ns)
                in_bin += row[k];
            EXPECT_LE(in_bin, (tp.edges[k + 1] - tp.edges[k]) * static_cast<Time>(s.chosen.size()));
        }
    }
}

TEST(TimeProfile, ARegionSpanningBinsIsSplitAtTheirEdges)
{
    LaneTraceBuilder b("t", "test");
    const std::size_t l = b.add_lane("L");
    b.push(l, 0, b.state("A"));
    b.push(l, 25, b.state("B"));
    b.pop(l, 75);
    b.pop(l, 100);
    const ProfileSource s = source_of(b);
    const TimeProfile tp = time_profile(s, {0, 100}, 4);
    ASSERT_EQ(tp.regions, (std::vector<std::string>{"A", "B"}));
    EXPECT_EQ(tp.exclusive_ns[0], (std::vector<Time>{25, 0, 0, 25}));
    EXPECT_EQ(tp.exclusive_ns[1], (std::vector<Time>{0, 25, 25, 0}));
    EXPECT_THROW(time_profile(s, {0, 100}, 0), InputError);
}

} // namespace
} // namespace chitra
