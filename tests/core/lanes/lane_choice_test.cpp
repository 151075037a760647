// The import dialog's preview figures and the traces of a lane choice, checked against
// the PES that to_trace makes.
#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_choice.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/util/cancel.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace chitra;

namespace {

// `lanes` lanes of random nested regions over `events` events, some lanes left empty.
LaneTrace randomLanes(std::mt19937& rng, std::size_t lanes, int events)
{
    LaneTraceBuilder b("random.json", "chrome");
    for (std::size_t l = 0; l < lanes; ++l)
        b.add_lane("lane " + std::to_string(l));
    std::vector<int> depth(lanes, 0);
    const LaneStateId names[] = {b.state("A"), b.state("B"), b.state("C"), b.state("D")};
    Time t = 100;
    for (int e = 0; e < events; ++e) {
        t += static_cast<Time>(rng() % 3);                         // equal times too
        const std::size_t l = rng() % (lanes > 1 ? lanes - 1 : 1); // the last lane stays empty
        if (depth[l] > 0 && rng() % 2) {
            b.pop(l, t);
            --depth[l];
        } else {
            b.push(l, t, names[rng() % 4]);
            ++depth[l];
        }
    }
    return b.finish();
}

// Lanes "rank 0" (A over [1000, 2000)), "io" (C over [500, 3000)) and "rank 1" (C over
// [1700, 2500)).
std::shared_ptr<const LaneTrace> ranksAndIo()
{
    LaneTraceBuilder b("t.json", "chrome");
    const auto r0 = b.add_lane("rank 0"), io = b.add_lane("io"), r1 = b.add_lane("rank 1");
    const auto a = b.state("A"), c = b.state("C");
    b.push(io, 500, c);
    b.push(r0, 1000, a);
    b.push(r1, 1700, c);
    b.pop(r0, 2000);
    b.pop(r1, 2500);
    b.pop(io, 3000);
    return std::make_shared<const LaneTrace>(b.finish());
}

std::size_t distinctStates(const Trace& t)
{
    std::set<SymbolId> s;
    for (std::size_t i = 0; i < t.size(); ++i)
        s.insert(t.states[i]);
    return s.size();
}

} // namespace

TEST(LaneChoiceFigures, AgreeWithThePesOfTheChoice)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 40; ++round) {
        const LaneTrace lt = randomLanes(rng, 1 + rng() % 6, 1 + static_cast<int>(rng() % 300));
        std::vector<std::size_t> lanes;
        for (std::size_t l = 0; l < lt.lanes.size(); ++l)
            if (rng() % 3 != 0 && !lt.lanes[l].changes.empty())
                lanes.push_back(l);
        if (lanes.empty())
            continue;
        SCOPED_TRACE("round " + std::to_string(round));
        const Trace t = to_trace(lt, lanes);
        const LaneChoiceFigures f = lane_choice_figures(lt, lanes);
        EXPECT_EQ(f.records, t.size());
        EXPECT_EQ(f.states, distinctStates(t));
    }
}

TEST(LaneChoiceFigures, ALaneWithoutChangesAddsNothing)
{
    LaneTraceBuilder b("t.json", "chrome");
    const auto l0 = b.add_lane("a");
    b.add_lane("empty");
    b.push(l0, 10, b.state("X"));
    b.pop(l0, 20);
    const LaneTrace lt = b.finish();
    EXPECT_EQ(lane_choice_figures(lt, {0}).records, 2u);
    EXPECT_EQ(lane_choice_figures(lt, {0, 1}).states, 2u);
    EXPECT_EQ(lane_choice_figures(lt, {1}).records, 0u);
}

TEST(LaneChoiceFigures, StopsWhenCancelled)
{
    std::mt19937 rng(3);
    const LaneTrace lt = randomLanes(rng, 3, 300000);
    CancelFlag flag{true};
    CancelScope scope(&flag);
    EXPECT_THROW(lane_choice_figures(lt, {0, 1}), Cancelled);
}

TEST(TraceFromLanes, KeepsTheChosenLanesAndOneLaneAloneTheOriginOfThemAll)
{
    const auto lt = ranksAndIo();

    const Trace both = trace_from_lanes(lt, {"/rank/"});
    EXPECT_EQ(both.header.components, 2u);
    // The trace's lanes are its components: the lanes view and projections number them so.
    ASSERT_TRUE(both.lanes);
    ASSERT_EQ(both.lanes->lanes.size(), 2u);
    EXPECT_EQ(both.lanes->lanes[0].name, "rank 0");
    EXPECT_EQ(both.lanes->lanes[1].name, "rank 1");
    EXPECT_EQ(both.lanes->lanes[1].changes.size(), lt->lanes[2].changes.size()); // rank 1
    EXPECT_EQ(trace_from_lanes(lt, {"all"}).lanes, lt); // every lane in order: shared, not copied
    const Trace second = trace_from_lanes(lt, {"/rank/"}, 2);
    EXPECT_EQ(second.header.components, 1u);
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(second.times[0], 700); // rank 1 starts 700 ns after rank 0, the chosen lanes' origin
    EXPECT_EQ((*second.symbols)[second.states[0]].name, "C");
    ASSERT_EQ(second.lanes->lanes.size(), 1u);
    EXPECT_EQ(second.lanes->lanes[0].name, "rank 1");
    const Trace alone = trace_from_lanes(lt, {"3"});
    EXPECT_EQ(alone.times[0], 0);
    EXPECT_THROW(trace_from_lanes(lt, {"/rank/"}, 3), InputError);
    EXPECT_THROW(trace_from_lanes(lt, {"/nothing/"}), InputError);
}

TEST(LaneChoiceFigures, StopsCountingPastTheLimit)
{
    std::mt19937 rng(11);
    const LaneTrace lt = randomLanes(rng, 5, 3000);
    const std::vector<std::size_t> lanes{0, 1, 2, 3};
    const LaneChoiceFigures all = lane_choice_figures(lt, lanes);
    ASSERT_GT(all.states, 20u);
    const LaneChoiceFigures cut = lane_choice_figures(lt, lanes, 20);
    EXPECT_EQ(cut.states, 21u);
    EXPECT_LT(cut.records, all.records);
    EXPECT_EQ(lane_choice_figures(lt, lanes, all.states).states, all.states); // at the limit: all of them
}

// The leading lanes within a limit are the most that fit it: one more would not.
TEST(LeadingLanesWithin, IsTheLongestPrefixThatFits)
{
    std::mt19937 rng(5);
    for (int round = 0; round < 30; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        const LaneTrace lt = randomLanes(rng, 2 + rng() % 6, 50 + static_cast<int>(rng() % 600));
        std::vector<std::size_t> lanes;
        for (std::size_t l = 0; l < lt.lanes.size(); ++l)
            if (!lt.lanes[l].changes.empty())
                lanes.push_back(l);
        if (lanes.empty())
            continue;
        const std::uint64_t limit = 1 + rng() % 60;
        const std::size_t n = leading_lanes_within(lt, lanes, limit);
        ASSERT_GE(n, 1u);
        ASSERT_LE(n, lanes.size());
        auto statesOf = [&](std::size_t k) {
            return distinctStates(
                to_trace(lt, std::vector<std::size_t>(lanes.begin(), lanes.begin() + static_cast<long>(k))));
        };
        if (n > 1) {
            EXPECT_LE(statesOf(n), limit);
        }
        if (n < lanes.size()) {
            EXPECT_GT(statesOf(n + 1), limit);
        }
    }
}

// States formed from some chosen lanes: the others stay lanes of the trace, and the times
// count from the first change of them all, as with every chosen lane.
TEST(TraceFromLanes, StatesOfSomeLanesKeepEveryChosenLane)
{
    const auto lt = ranksAndIo();

    const Trace t = trace_from_lanes(lt, {"all"}, 0, "1,3");
    EXPECT_EQ(t.header.components, 2u);
    ASSERT_TRUE(t.lanes);
    ASSERT_EQ(t.lanes->lanes.size(), 3u); // the lanes view still shows io
    EXPECT_EQ(t.lanes->lanes[1].name, "io");
    ASSERT_EQ(t.size(), 4u);    // rank 0 and rank 1 change at 1000, 1700, 2000, 2500
    EXPECT_EQ(t.times[0], 500); // from io's first change at 500
    EXPECT_EQ((*t.symbols)[t.states[0]].name, "A|-");
    EXPECT_EQ((*t.symbols)[t.states[1]].name, "A|C");
    EXPECT_EQ(trace_origin(t), 500);
    // The lanes of a projection count over every chosen lane.
    const Trace io_alone = project_lanes(t, {1});
    EXPECT_EQ((*io_alone.symbols)[io_alone.states[0]].name, "C");
    EXPECT_THROW(trace_from_lanes(lt, {"all"}, 0, "4"), InputError);
}
