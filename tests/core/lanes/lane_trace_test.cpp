// LaneTraceBuilder and the PES of chosen lanes (interfaces.md "Foreign trace formats").
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/lanes/lane_track.hpp"
#include "io/import/name_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <sstream>

using namespace chitra;

namespace {

// The record states of `t` as "time:comp1|comp2" strings.
std::vector<std::string> records(const Trace& t)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < t.size(); ++i)
        out.push_back(std::to_string(t.times[i]) + ":" + (*t.symbols)[t.states[i]].name);
    return out;
}

std::string extra(const Trace& t, const std::string& key, std::size_t nth = 0)
{
    for (const auto& [k, v] : t.header.extra)
        if (k == key && nth-- == 0)
            return v;
    return "<none>";
}

} // namespace

TEST(LaneTraceBuilder, StacksNestAndRecordsFollowEveryLane)
{
    LaneTraceBuilder b("t.json", "chrome");
    const auto l0 = b.add_lane("main"), l1 = b.add_lane("worker");
    const auto a = b.state("A"), bb = b.state("B"), c = b.state("C");
    b.push(l0, 1000, a);
    b.push(l0, 1500, bb);
    b.push(l1, 1500, c);
    b.pop(l0, 2000);
    b.pop(l0, 3000);
    b.pop(l1, 3500);
    LaneTrace lt = b.finish();
    ASSERT_EQ(lt.lanes.size(), 2u);
    EXPECT_EQ(lt.times, (std::vector<Time>{1000, 1500, 2000, 3000, 3500}));
    ASSERT_EQ(lt.lanes[0].changes.size(), 4u);
    EXPECT_EQ(lt.lanes[0].changes[1].state, bb);
    EXPECT_EQ(lt.lanes[0].changes[1].depth, 2u);
    EXPECT_EQ(lt.lanes[0].changes[2].depth, 1u);
    EXPECT_EQ(lt.lanes[0].events, 4u);

    Trace t = to_trace(lt, choose_lanes(lt, {}));
    EXPECT_EQ(t.header.components, 2u);
    EXPECT_EQ(t.header.separator, "|");
    EXPECT_EQ(t.header.timebase, TimeBase::ns);
    EXPECT_EQ(records(t), (std::vector<std::string>{"0:A|-", "500:B|C", "1000:A|C", "2000:-|C", "2500:-|-"}));
    EXPECT_EQ(extra(t, "origin"), "1000");
    EXPECT_EQ(extra(t, "lane", 0), "1 main");
    EXPECT_EQ(extra(t, "lane", 1), "2 worker");
    EXPECT_EQ(t.header.end, 2500);
}

TEST(LaneTraceBuilder, ARegionOfNoDurationChangesNoState)
{
    LaneTraceBuilder b("t", "chrome");
    const auto l = b.add_lane("x");
    b.push(l, 10, b.state("A"));
    b.push(l, 20, b.state("Z"));
    b.pop(l, 20);
    b.pop(l, 30);
    LaneTrace lt = b.finish();
    EXPECT_EQ(records(to_trace(lt, {0})), (std::vector<std::string>{"0:A", "20:-"}));
    EXPECT_EQ(lt.last_event, 30);
}

TEST(LaneTraceBuilder, SetReplacesTheStackAndResetEmptiesIt)
{
    LaneTraceBuilder b("t", "paje");
    const auto l = b.add_lane("c");
    b.push(l, 1, b.state("A"));
    b.push(l, 2, b.state("B"));
    b.set(l, 3, b.state("S"));
    b.pop(l, 4);
    b.push(l, 5, b.state("A"));
    b.reset(l, 6);
    LaneTrace lt = b.finish();
    EXPECT_EQ(records(to_trace(lt, {0})), (std::vector<std::string>{"0:A", "1:B", "2:S", "3:-", "4:A", "5:-"}));
    EXPECT_EQ(lt.lanes[0].changes[2].depth, 1u);
}

TEST(LaneTraceBuilder, PopOnAnEmptyStackIsAWarningAndTimeMustNotGoBack)
{
    LaneTraceBuilder b("f.trace", "otf2");
    const auto l = b.add_lane("c");
    b.pop(l, 1);
    b.pop(l, 2);
    b.push(l, 3, b.state("A"));
    EXPECT_THROW(b.push(l, 2, b.state("B")), InputError);
    LaneTrace lt = b.finish();
    ASSERT_EQ(lt.warnings.size(), 1u);
    EXPECT_NE(lt.warnings[0].find("2 x"), std::string::npos) << lt.warnings[0];
}

TEST(LaneSelection, AllListNamesAndRegex)
{
    LaneTraceBuilder b("t", "chrome");
    for (const char* n : {"rank 0", "rank 1", "io", "idle"})
        b.add_lane(n);
    for (std::size_t l = 0; l < 3; ++l)
        b.push(l, static_cast<Time>(l), b.state("S"));
    LaneTrace lt = b.finish();
    EXPECT_EQ(choose_lanes(lt, {"all"}), (std::vector<std::size_t>{0, 1, 2})); // "idle" has no state event
    EXPECT_EQ(choose_lanes(lt, {"3,1"}), (std::vector<std::size_t>{0, 2}));    // lane order kept
    EXPECT_EQ(choose_lanes(lt, {"io, rank 1"}), (std::vector<std::size_t>{1, 2}));
    EXPECT_EQ(choose_lanes(lt, {"/^rank/"}), (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(choose_lanes(lt, {"/d/"}), (std::vector<std::size_t>{3}));
    EXPECT_THROW(choose_lanes(lt, {"5"}), InputError);
    EXPECT_THROW(choose_lanes(lt, {"0"}), InputError);
    EXPECT_THROW(choose_lanes(lt, {"nobody"}), InputError);
    EXPECT_THROW(choose_lanes(lt, {"/x/"}), InputError);
    EXPECT_THROW(choose_lanes(lt, {"/(/"}), InputError);
    EXPECT_THROW(choose_lanes(lt, {"1,,2"}), InputError);
}

TEST(LaneSelection, ChosenLanesKeepOnlyTheirRecordsAndFields)
{
    LaneTraceBuilder b("t", "otf2");
    const auto l0 = b.add_lane("a"), l1 = b.add_lane("b");
    b.push(l0, 100, b.state("X"));
    b.push(l1, 200, b.state("Y"));
    b.pop(l1, 300);
    b.pop(l0, 400);
    const auto f0 = b.add_field("flops", FieldKind::counter, l0);
    const auto f1 = b.add_field("flops", FieldKind::counter, l1);
    const auto g = b.add_field("mem", FieldKind::gauge, std::nullopt, "7");
    b.sample(f0, 100, 5);
    b.sample(f1, 250, 9);
    b.sample(g, 50, 1.5);
    LaneTrace lt = b.finish();

    Trace both = to_trace(lt, {0, 1});
    ASSERT_EQ(both.header.fields.size(), 3u);
    EXPECT_EQ(both.header.fields[0].name, "flops@1");
    EXPECT_EQ(both.header.fields[1].name, "flops@2");
    EXPECT_EQ(both.header.fields[2].name, "mem");
    EXPECT_EQ(both.fields[1][1], 0.0); // at 200: no sample of lane b's counter yet
    EXPECT_EQ(both.fields[1][2], 9.0); // at 300: latest sample at or before
    EXPECT_EQ(both.fields[2][0], 1.5);

    Trace second = to_trace(lt, {1});
    EXPECT_EQ(records(second), (std::vector<std::string>{"0:Y", "100:-"}));
    ASSERT_EQ(second.header.fields.size(), 2u);
    EXPECT_EQ(second.header.fields[0].name, "flops"); // one recorder left: its own name
    EXPECT_EQ(extra(second, "origin"), "200");

    Trace shared = to_trace(lt, {1}, Time{100}); // --per-component: one origin for all lanes
    EXPECT_EQ(records(shared), (std::vector<std::string>{"100:Y", "200:-"}));
}

TEST(LaneSelection, NamesWithSpacesAndSeparatorsSurviveAPesRoundTrip)
{
    LaneTraceBuilder b("t", "chrome");
    const auto l0 = b.add_lane("main thread"), l1 = b.add_lane("w");
    b.push(l0, 0, b.state("std::vector<int, alloc> push_back"));
    b.push(l1, 0, b.state("A|B"));
    b.push(l1, 5, b.state("100% #1"));
    b.push(l0, 7, b.state("#x\ty"));
    const auto f = b.add_field("Total Frontend", FieldKind::gauge, l0);
    b.sample(f, 0, 2);
    Trace t = to_trace(b.finish(), {0, 1});

    std::ostringstream out;
    write_pes(t, out);
    const std::string text = out.str();
    EXPECT_NE(text.find("std::vector<int,%20alloc>%20push_back A%7CB"), std::string::npos) << text;
    EXPECT_NE(text.find("100%25%20#1"), std::string::npos) << text;
    EXPECT_NE(text.find("%23x%09y"), std::string::npos) << text;
    EXPECT_NE(text.find("# fields: Total%20Frontend:gauge"), std::string::npos) << text;
    EXPECT_NE(text.find("# lane: 1 main thread"), std::string::npos) << text;

    Trace back = read_pes_text(text, "back.pes");
    ASSERT_EQ(back.size(), t.size());
    for (std::size_t i = 0; i < t.size(); ++i) {
        EXPECT_EQ((*back.symbols)[back.states[i]].components, (*t.symbols)[t.states[i]].components);
        EXPECT_EQ((*back.symbols)[back.states[i]].name, (*t.symbols)[t.states[i]].name);
    }
    EXPECT_EQ(back.header.fields[0].name, "Total Frontend");
    // A|B in one lane and A, B in two stay apart.
    EXPECT_EQ((*t.symbols)[t.states[0]].name, "std::vector<int, alloc> push_back|A%7CB");
}

TEST(PesNames, OnlyPercentAndTwoHexDigitsDecode)
{
    Trace t = read_pes_text("# chitra-pes 1\n1 a%zz\n2 b%4\n3 c%41\n4 %\n", "p.pes");
    std::vector<std::string> names;
    for (std::size_t i = 0; i < t.size(); ++i)
        names.push_back((*t.symbols)[t.states[i]].name);
    EXPECT_EQ(names, (std::vector<std::string>{"a%zz", "b%4", "cA", "%"}));
}

// Property: on random nested events of several lanes, each record of the PES holds, for
// every lane, the top of a naively replayed stack after all events at that time, and a
// record is present exactly where some lane's top changed.
TEST(LaneTraceProperty, RecordsMatchANaiveReplay)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        const std::size_t lanes = 1 + rng() % 4;
        LaneTraceBuilder b("r", "chrome");
        std::vector<LaneStateId> ids;
        for (const char* n : {"A", "B", "C"})
            ids.push_back(b.state(n));
        for (std::size_t l = 0; l < lanes; ++l)
            b.add_lane("lane " + std::to_string(l));
        struct Ev {
            Time t;
            std::size_t lane;
            int op;
            LaneStateId s;
        };
        std::vector<Ev> events;
        std::vector<Time> clock(lanes, 0);
        for (int e = 0; e < 40; ++e) {
            const std::size_t l = rng() % lanes;
            clock[l] += static_cast<Time>(rng() % 3); // equal times are common
            events.push_back({clock[l], l, static_cast<int>(rng() % 4), ids[rng() % 3]});
        }
        std::map<Time, std::vector<std::string>> naive; // time -> lane tops after that time
        std::vector<std::vector<LaneStateId>> stacks(lanes);
        std::vector<Time> times;
        for (const Ev& ev : events) {
            if (ev.op <= 1)
                b.push(ev.lane, ev.t, ev.s), stacks[ev.lane].push_back(ev.s);
            else if (ev.op == 2) {
                b.pop(ev.lane, ev.t);
                if (!stacks[ev.lane].empty())
                    stacks[ev.lane].pop_back();
            } else
                b.set(ev.lane, ev.t, ev.s), stacks[ev.lane].assign(1, ev.s);
        }
        // Replay by time (lanes are independent, so the order across lanes is free).
        std::vector<std::vector<LaneStateId>> st(lanes);
        std::vector<std::string> prev(lanes, "-");
        std::vector<std::pair<Time, std::vector<std::string>>> expected;
        std::vector<Ev> sorted = events;
        std::stable_sort(sorted.begin(), sorted.end(), [](const Ev& a, const Ev& c) { return a.t < c.t; });
        const char* names[] = {"-", "A", "B", "C"};
        for (std::size_t i = 0; i < sorted.size();) {
            const Time t = sorted[i].t;
            for (; i < sorted.size() && sorted[i].t == t; ++i) {
                const Ev& ev = sorted[i];
                if (ev.op <= 1)
                    st[ev.lane].push_back(ev.s);
                else if (ev.op == 2) {
                    if (!st[ev.lane].empty())
                        st[ev.lane].pop_back();
                } else
                    st[ev.lane].assign(1, ev.s);
            }
            std::vector<std::string> now(lanes);
            for (std::size_t l = 0; l < lanes; ++l)
                now[l] = st[l].empty() ? "-" : names[st[l].back()];
            if (now != prev)
                expected.emplace_back(t, now);
            prev = now;
        }
        LaneTrace lt = b.finish();
        std::vector<std::size_t> all(lanes);
        for (std::size_t l = 0; l < lanes; ++l)
            all[l] = l;
        if (expected.empty()) {
            EXPECT_TRUE(lt.times.empty());
            continue;
        }
        Trace t = to_trace(lt, all);
        ASSERT_EQ(t.size(), expected.size()) << "round " << round;
        for (std::size_t r = 0; r < t.size(); ++r) {
            EXPECT_EQ(t.times[r] + expected[0].first, expected[r].first);
            EXPECT_EQ((*t.symbols)[t.states[r]].components, expected[r].second) << "round " << round << " record " << r;
        }
    }
}

// Two owners of one name, or an owner "2" beside lane 2, would name two fields alike; a
// PES names each field once, so the later ones get #2, #3.
TEST(LaneSelection, FieldNamesStayUniqueWhenOwnersCollide)
{
    LaneTraceBuilder b("t", "paje");
    const auto l0 = b.add_lane("a"), l1 = b.add_lane("b");
    b.push(l0, 0, b.state("X"));
    b.push(l1, 0, b.state("Y"));
    b.add_field("speed", FieldKind::gauge, std::nullopt, "node");
    b.add_field("speed", FieldKind::gauge, std::nullopt, "node");
    b.add_field("load", FieldKind::gauge, l1);
    b.add_field("load", FieldKind::gauge, std::nullopt, "2");
    b.add_field("speed@node#2", FieldKind::gauge, std::nullopt, "x");
    Trace t = to_trace(b.finish(), {0, 1});
    std::vector<std::string> names;
    for (const auto& f : t.header.fields)
        names.push_back(f.name);
    EXPECT_EQ(names, (std::vector<std::string>{"speed@node", "speed@node#2", "load@2", "load@2#2", "speed@node#2#2"}));
    std::ostringstream out;
    write_pes(t, out);
    EXPECT_NO_THROW(read_pes_text(out.str(), "u.pes"));
}

// Random nested events of `lanes` lanes, with equal times within and across lanes: every
// lane of the whole must have the changes it has alone, on the union of their times.
// Returns the number of changes of all lanes.
static std::size_t expect_merge_keeps_each_lanes_own_changes(std::size_t lanes, int events)
{
    std::mt19937 rng(static_cast<unsigned>(lanes) + static_cast<unsigned>(events));
    struct Event {
        std::size_t lane;
        Time t;
        int op; // 0 push, 1 pop
        int state;
    };
    std::vector<Event> all_events;
    std::vector<Time> clock(lanes, 0);
    for (int i = 0; i < events; ++i) {
        const std::size_t l = rng() % lanes;
        clock[l] += rng() % 3;
        all_events.push_back({l, clock[l], static_cast<int>(rng() % 2), static_cast<int>(rng() % 4)});
    }
    const auto build = [&](std::optional<std::size_t> only) {
        LaneTraceBuilder b("t", "test");
        for (std::size_t l = 0; l < (only ? 1 : lanes); ++l)
            b.add_lane("l" + std::to_string(l));
        const LaneStateId states[4] = {b.state("S0"), b.state("S1"), b.state("S2"), b.state("S3")};
        for (const Event& e : all_events) {
            if (only && e.lane != *only)
                continue;
            const std::size_t l = only ? 0 : e.lane;
            if (e.op == 0)
                b.push(l, e.t, states[e.state]);
            else
                b.pop(l, e.t);
        }
        return b.finish();
    };
    const LaneTrace all = build(std::nullopt);
    std::set<Time> union_times;
    for (std::size_t l = 0; l < lanes; ++l) {
        const LaneTrace alone = build(l);
        std::vector<std::tuple<Time, std::string, std::uint32_t>> expect, got;
        for (const LaneChange& c : alone.lanes[0].changes) {
            expect.emplace_back(alone.times[c.record], alone.state_names[c.state], c.depth);
            union_times.insert(alone.times[c.record]);
        }
        for (const LaneChange& c : all.lanes[l].changes)
            got.emplace_back(all.times[c.record], all.state_names[c.state], c.depth);
        EXPECT_EQ(got, expect) << lanes << " lanes, lane " << l;
    }
    EXPECT_EQ(all.times, std::vector<Time>(union_times.begin(), union_times.end())) << lanes << " lanes";
    std::size_t changes = 0;
    for (const Lane& l : all.lanes)
        changes += l.changes.size();
    return changes;
}

// finish() merges the lanes' change lists by a tournament of every slot for up to 4 lanes
// (2 or 4 slots) and by a tree of the matches' losers beyond.
TEST(LaneTraceBuilder, MergingFewOrManyLanesKeepsEachLanesOwnChanges)
{
    for (const std::size_t lanes : {1u, 2u, 3u, 4u, 5u, 8u, 9u, 20u})
        expect_merge_keeps_each_lanes_own_changes(lanes, 3000);
}

// From 2^20 changes on the merge runs in two parts, split at a time, on two threads; the
// records of the second part follow the first's, closed up where equal times made fewer.
TEST(LaneTraceBuilder, ALongMergeInTwoPartsKeepsEachLanesOwnChanges)
{
    for (const std::size_t lanes : {3u, 12u}) {
        const std::size_t changes = expect_merge_keeps_each_lanes_own_changes(lanes, 2'600'000);
        EXPECT_GE(changes, std::size_t{1} << 20) << "too few changes to merge in two parts";
    }
}

TEST(LanesOfAPes, OneLanePerComponentNamedByTheHeader)
{
    const Trace t = read_pes_text("# chitra-pes 1\n# timebase: us\n# components: 3\n# origin: 1000\n"
                                  "# lane: 2 writer\n# end: 90\n"
                                  "0 A - C\n10 A B C\n20 - B C\n30 A B D\n",
                                  "p.pes");
    const auto lanes = lanes_of(t);
    ASSERT_EQ(lanes->lanes.size(), 3u);
    EXPECT_EQ(lanes->lanes[0].name, "component 1");
    EXPECT_EQ(lanes->lanes[1].name, "writer");
    // Only the components that change make changes; "-" is the empty stack.
    auto states = [&](std::size_t l) {
        std::vector<std::string> out;
        for (const LaneChange& c : lanes->lanes[l].changes)
            out.push_back(std::to_string(lanes->times[c.record]) + ":" + lanes->state_names[c.state] + "@" +
                          std::to_string(c.depth));
        return out;
    };
    EXPECT_EQ(states(0), (std::vector<std::string>{"1000:A@1", "1020:-@0", "1030:A@1"}));
    EXPECT_EQ(states(1), (std::vector<std::string>{"1010:B@1"}));
    EXPECT_EQ(states(2), (std::vector<std::string>{"1000:C@1", "1030:D@1"}));
    EXPECT_EQ(lanes->last_event, 1090);
}

TEST(ProjectLanes, APesLaneKeepsTheTimeBaseOriginAndHeader)
{
    const Trace t = read_pes_text("# chitra-pes 1\n# timebase: us\n# components: 3\n# origin: 1000\n"
                                  "# lane: 2 writer\n# end: 90\n# param: N=3\n"
                                  "0 A - C\n10 A B C\n20 - B C\n30 A B D\n",
                                  "p.pes");
    const Trace one = project_lanes(t, {1});
    EXPECT_EQ(one.header.timebase, TimeBase::us);
    EXPECT_EQ(one.header.components, 1u);
    EXPECT_EQ(trace_origin(one), 1000); // times line up with the whole trace's
    EXPECT_EQ(records(one), (std::vector<std::string>{"10:B"}));
    EXPECT_EQ(one.header.end, 90);
    EXPECT_EQ(extra(one, "lane"), "1 writer");
    EXPECT_EQ(extra(one, "param"), "N=3");
    EXPECT_FALSE(one.lanes); // a PES stays a PES

    const Trace two = project_lanes(t, {2, 0});
    EXPECT_EQ(records(two), (std::vector<std::string>{"0:C|A", "20:C|-", "30:D|A"}));
    EXPECT_THROW(project_lanes(t, {3}), InputError);
    EXPECT_THROW(project_lanes(t, {}), InputError);
}

TEST(ProjectLanes, AnImportedLaneKeepsItsNestingAndFields)
{
    LaneTraceBuilder b("t.json", "chrome");
    const auto l0 = b.add_lane("main"), l1 = b.add_lane("worker");
    b.push(l0, 1000, b.state("run"));
    b.push(l1, 1200, b.state("io"));
    b.push(l0, 1500, b.state("send"));
    b.pop(l0, 1700);
    b.pop(l1, 1800);
    b.pop(l0, 2000);
    const auto f = b.add_field("bytes", FieldKind::counter, l1);
    b.sample(f, 1200, 4);
    b.add_field("other", FieldKind::gauge, l0);
    auto lt = std::make_shared<LaneTrace>(b.finish());
    Trace whole = to_trace(*lt, {0, 1});
    whole.lanes = lt;

    const LaneTrace worker = select_lanes(*lt, {1});
    ASSERT_EQ(worker.lanes.size(), 1u);
    EXPECT_EQ(worker.times, (std::vector<Time>{1200, 1800})); // only its own records
    EXPECT_EQ(worker.lanes[0].changes[1].record, 1u);
    ASSERT_EQ(worker.fields.size(), 1u);
    EXPECT_EQ(worker.fields[0].lane, std::optional<std::size_t>{0});

    const Trace main = project_lanes(whole, {0});
    EXPECT_EQ(trace_origin(main), 1000);
    EXPECT_EQ(records(main), (std::vector<std::string>{"0:run", "500:send", "700:run", "1000:-"}));
    ASSERT_TRUE(main.lanes);
    EXPECT_EQ(max_depth(*main.lanes, 0), 2u); // the nesting stays for the lanes view
    const Trace w = project_lanes(whole, {1});
    EXPECT_EQ(records(w), (std::vector<std::string>{"200:io", "800:-"})); // same origin as the whole
    ASSERT_EQ(w.header.fields.size(), 1u);
    EXPECT_EQ(w.header.fields[0].name, "bytes");
}

// Property: to_trace numbers the vectors of lane states exactly as a plain replay does
// (one symbol per distinct vector, in the order of first appearance, the same names), on
// random lane traces with random nesting and random choices of lanes in any order; enough
// distinct vectors that its table grows several times.
TEST(ToTraceProperty, SymbolsMatchAPlainReplay)
{
    std::mt19937 rng(11);
    for (int round = 0; round < 60; ++round) {
        const std::size_t lanes = 1 + rng() % 12; // to_trace merges up to 8 by a scan, more by a tree
        const std::size_t names = 1 + rng() % (round % 3 == 0 ? 3 : 40);
        LaneTraceBuilder b("p", "test");
        std::vector<LaneStateId> ids;
        for (std::size_t n = 0; n < names; ++n)
            ids.push_back(b.state(n % 5 == 4 ? "s|" + std::to_string(n) : "s" + std::to_string(n)));
        for (std::size_t l = 0; l < lanes; ++l)
            b.add_lane("lane " + std::to_string(l));
        std::vector<Time> clock(lanes, 0);
        const int events = round % 4 == 0 ? 20000 : 500;
        for (int e = 0; e < events; ++e) {
            const std::size_t l = rng() % lanes;
            clock[l] += static_cast<Time>(rng() % 4);
            const LaneStateId s = ids[rng() % names];
            switch (rng() % 8) {
            case 0:
            case 1:
            case 2:
                b.push(l, clock[l], s);
                break;
            case 3:
            case 4:
            case 5:
                b.pop(l, clock[l]);
                break;
            case 6:
                b.set(l, clock[l], s);
                break;
            default:
                b.reset(l, clock[l]);
                break;
            }
        }
        const LaneTrace lt = b.finish();
        // A random choice: some lanes (at least one), in random order.
        std::vector<std::size_t> chosen;
        for (std::size_t l = 0; l < lanes; ++l)
            if (rng() % 3 != 0)
                chosen.push_back(l);
        if (chosen.empty())
            chosen.push_back(rng() % lanes);
        std::shuffle(chosen.begin(), chosen.end(), rng);
        bool any = false;
        for (std::size_t l : chosen)
            any = any || !lt.lanes[l].changes.empty();
        if (!any)
            continue;

        // The plain replay: record by record, a std::map from vectors to symbols.
        SymbolTable symbols;
        symbols.set_separator("|");
        std::map<std::vector<LaneStateId>, SymbolId> known;
        std::vector<LaneStateId> current(chosen.size(), kEmptyLaneState);
        std::vector<std::size_t> next(chosen.size(), 0);
        std::vector<Time> times;
        std::vector<SymbolId> states;
        const Time origin = *first_change(lt, chosen);
        for (std::uint64_t r = 0; r < lt.size(); ++r) {
            bool changed = false;
            for (std::size_t j = 0; j < chosen.size(); ++j) {
                const auto& changes = lt.lanes[chosen[j]].changes;
                if (next[j] < changes.size() && changes[next[j]].record == r) {
                    current[j] = changes[next[j]++].state;
                    changed = true;
                }
            }
            if (!changed)
                continue;
            auto [it, fresh] = known.try_emplace(current, kNoSymbol);
            if (fresh) {
                Symbol s;
                for (LaneStateId id : current)
                    s.components.push_back(lt.state_names[id]);
                s.name = detail::join_components(s.components, "|");
                it->second = symbols.add(std::move(s));
            }
            times.push_back(lt.times[r] - origin);
            states.push_back(it->second);
        }

        const Trace t = to_trace(lt, chosen);
        ASSERT_EQ(t.size(), times.size()) << "round " << round;
        for (std::size_t i = 0; i < times.size(); ++i) {
            ASSERT_EQ(t.times[i], times[i]) << "round " << round << " record " << i;
            ASSERT_EQ(t.states[i], states[i]) << "round " << round << " record " << i;
        }
        ASSERT_EQ(t.symbols->size(), symbols.size()) << "round " << round;
        for (SymbolId s = 0; s < symbols.size(); ++s) {
            EXPECT_EQ((*t.symbols)[s].name, symbols[s].name) << "round " << round;
            EXPECT_EQ((*t.symbols)[s].components, symbols[s].components) << "round " << round;
        }
    }
}

// The merge of few lanes marks an exhausted lane by the largest time; changes at that very
// time still become records.
TEST(LaneTraceBuilder, ChangesAtTheLargestTimeAreMerged)
{
    constexpr Time kLast = std::numeric_limits<Time>::max();
    for (const std::size_t lanes : {3u, 6u}) { // merged by a scan, by a tree
        LaneTraceBuilder b("t", "test");
        for (std::size_t l = 0; l < lanes; ++l)
            b.add_lane("l" + std::to_string(l));
        const auto s = b.state("S");
        b.push(0, 5, s);
        for (std::size_t l = 1; l < lanes; ++l)
            b.push(l, kLast, s);
        const LaneTrace lt = b.finish();
        EXPECT_EQ(lt.times, (std::vector<Time>{5, kLast}));
        for (std::size_t l = 1; l < lanes; ++l) {
            ASSERT_EQ(lt.lanes[l].changes.size(), 1u);
            EXPECT_EQ(lt.lanes[l].changes[0].record, 1u) << lanes << " lanes, lane " << l;
        }
        EXPECT_EQ(lt.last_event, kLast);
    }
}
