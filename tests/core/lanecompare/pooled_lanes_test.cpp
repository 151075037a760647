// Lanes pooled (pooled_lane_stats, what the workbench fits for a group of lanes): a lane
// pooled alone is that lane's own fit; copies of one lane pool into its counts times the
// copies with the same means; a pipeline applies to each lane (a pattern aggregated on
// every lane); random traces keep the pool's counts the sums of the lanes'; lanes that
// end idle pool into a run that ends; a refused
// pipeline names the lane, and a set cancel flag stops the pool.
#include "chitra/lanecompare/pooled_lanes.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <sstream>

namespace chitra {
namespace {

// Three lanes: lanes 1 and 3 do the same thing at other times, lane 2 something else.
const char* kThreeLanes = "# chitra-pes 1\n# timebase: us\n# components: 3\n# end: 100\n"
                          "0 a x -\n"
                          "10 b x a\n"
                          "15 b y a\n"
                          "25 c y b\n"
                          "30 a y b\n"
                          "40 a x c\n"
                          "45 b x a\n"
                          "60 c z a\n"
                          "70 a z b\n"
                          "85 a z c\n"
                          "90 a z a\n";

Trace three_lanes() { return read_pes_text(kThreeLanes, "three.pes"); }

TEST(PooledLanes, OneLaneIsThatLanesOwnFit)
{
    const Trace trace = three_lanes();
    for (std::size_t lane = 0; lane < 3; ++lane) {
        const SemiMarkovModel pooled = model_from_stats(pooled_lane_stats(trace, {lane}, Pipeline{}));
        const SemiMarkovModel own = fit_chain(base_ses(project_lanes(trace, {lane})), trace.header.timebase);
        ASSERT_EQ(pooled.states.size(), own.states.size()) << "lane " << lane;
        for (std::size_t s = 0; s < own.states.size(); ++s) {
            EXPECT_EQ(pooled.states[s].name, own.states[s].name);
            EXPECT_EQ(pooled.states[s].count, own.states[s].count);
            EXPECT_EQ(pooled.states[s].total, own.states[s].total);
        }
        EXPECT_EQ(pooled.transitions.size(), own.transitions.size());
    }
}

TEST(PooledLanes, CopiesOfOneLanePoolIntoItsCountsTimesTheCopies)
{
    // Lane 1 three times over: the same states, three times the visits, the same means.
    std::ostringstream text;
    text << "# chitra-pes 1\n# timebase: ns\n# components: 3\n# end: 50\n";
    const std::vector<std::pair<int, std::string>> one{{0, "a"}, {7, "b"}, {9, "a"}, {20, "c"}, {33, "b"}, {41, "a"}};
    for (const auto& [t, s] : one)
        text << t << ' ' << s << ' ' << s << ' ' << s << '\n';
    const Trace trace = read_pes_text(text.str(), "copies.pes");
    const SemiMarkovModel single = model_from_stats(pooled_lane_stats(trace, {0}, Pipeline{}));
    const SemiMarkovModel pooled = model_from_stats(pooled_lane_stats(trace, {0, 1, 2}, Pipeline{}));
    ASSERT_EQ(pooled.states.size(), single.states.size());
    for (std::size_t s = 0; s < single.states.size(); ++s) {
        EXPECT_EQ(pooled.states[s].count, 3 * single.states[s].count) << single.states[s].name;
        EXPECT_DOUBLE_EQ(pooled.states[s].mean, single.states[s].mean) << single.states[s].name;
    }
    for (const ChainTransition& t : single.transitions) {
        const auto it =
            std::find_if(pooled.transitions.begin(), pooled.transitions.end(), [&](const ChainTransition& p) {
                return pooled.states[p.from].name == single.states[t.from].name &&
                       pooled.states[p.to].name == single.states[t.to].name;
            });
        ASSERT_NE(it, pooled.transitions.end());
        EXPECT_EQ(it->count, 3 * t.count);
        EXPECT_DOUBLE_EQ(it->probability, t.probability);
    }
}

TEST(PooledLanes, ThePipelineAppliesToEachLane)
{
    const Trace trace = three_lanes();
    Pipeline pipeline;
    pipeline.steps.push_back(step::Aggregate{{"a", "b"}, "ab"});
    const SemiMarkovModel pooled = model_from_stats(pooled_lane_stats(trace, {0, 2}, pipeline));
    // "a b" occurs twice on lane 1 (0-10-25, 30-45-60) and twice on lane 3 (10-25, 70-85).
    std::uint64_t expected = 0;
    for (std::size_t lane : {0u, 2u}) {
        const Ses ses = run_pipeline(base_ses(project_lanes(trace, {lane})), pipeline).ses;
        for (SymbolId s : ses.symbol)
            expected += (*ses.symbols)[s].name == "ab";
    }
    const std::size_t ab = pooled.find("ab");
    ASSERT_NE(ab, kNoState);
    EXPECT_EQ(pooled.states[ab].count, expected);
    EXPECT_EQ(expected, 4u);
}

TEST(PooledLanes, ThePoolsCountsAreTheSumsOfTheLanesOnRandomTraces)
{
    std::mt19937 rng(11);
    for (int round = 0; round < 20; ++round) {
        const int lanes = 2 + static_cast<int>(rng() % 4);
        std::ostringstream text;
        text << "# chitra-pes 1\n# timebase: ns\n# components: " << lanes << "\n";
        Time t = 0;
        for (int r = 0; r < 40; ++r) {
            text << t;
            for (int l = 0; l < lanes; ++l)
                text << ' ' << "s" << rng() % 4;
            text << '\n';
            t += 1 + static_cast<Time>(rng() % 20);
        }
        const Trace trace = read_pes_text(text.str(), "random.pes");
        std::vector<std::size_t> all(static_cast<std::size_t>(lanes));
        std::iota(all.begin(), all.end(), std::size_t{0});
        const FitStats pooled = pooled_lane_stats(trace, all, Pipeline{});
        std::uint64_t elements = 0;
        WideSum time = 0;
        for (std::size_t lane : all) {
            const FitStats one = collect_stats(lane_base_ses(trace, lane), trace.header.timebase);
            elements += one.elements;
            time += one.total_time;
        }
        EXPECT_EQ(pooled.elements, elements) << "round " << round;
        EXPECT_EQ(pooled.total_time, time) << "round " << round;
        // No transition between lanes: one sequence end per lane.
        EXPECT_EQ(pooled.ends.size(), all.size()) << "round " << round;
    }
}

// Lanes that each end idle: pooled, `-` is still the state the runs end in (every visit
// of it followed by a sequence's end), so no closed class is made of it.
TEST(PooledLanes, LanesThatEndIdleMakeARunThatEnds)
{
    const Trace trace = read_pes_text("# chitra-pes 1\n# timebase: us\n# components: 2\n# end: 40\n"
                                      "0 a x\n10 b y\n20 a x\n25 b y\n30 - -\n",
                                      "ends.pes");
    const SemiMarkovModel one = model_from_stats(pooled_lane_stats(trace, {0}, Pipeline{}));
    const SemiMarkovModel both = model_from_stats(pooled_lane_stats(trace, {0, 1}, Pipeline{}));
    for (const SemiMarkovModel* m : {&one, &both}) {
        ASSERT_NE(m->steady.run_end, kNoState);
        EXPECT_EQ(m->states[m->steady.run_end].name, "-");
        EXPECT_TRUE(m->steady.transient()); // a b a b, then the end: nothing recurs
    }
    EXPECT_EQ(both.states[both.steady.run_end].count, 2u);
}

TEST(PooledLanes, ARefusedPipelineNamesTheLaneAndCancelStops)
{
    const Trace trace = three_lanes();
    Pipeline pipeline;
    pipeline.steps.push_back(step::Aggregate{{"a", "b"}, "ab"});
    pipeline.steps.push_back(step::Aggregate{{"ab", "c"}, "a"}); // "a" exists: refused
    try {
        pooled_lane_stats(trace, {0, 2}, pipeline);
        FAIL() << "refused pipeline accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("(on lane 1 "), std::string::npos) << e.what();
    }
    CancelFlag cancel{true};
    EXPECT_THROW(pooled_lane_stats(trace, {0, 1}, Pipeline{}, nullptr, &cancel), Cancelled);
    EXPECT_THROW(pooled_lane_stats(trace, {}, Pipeline{}), InputError);
}

} // namespace
} // namespace chitra
