// Lane tracks and their per-pixel summaries (what the lanes view draws).
#include "chitra/lanes/lane_track.hpp"
#include "lanes/nested_lane.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <random>
#include <set>

using namespace chitra;

namespace {

LaneTrace nested()
{
    LaneTraceBuilder b("t", "otf2");
    test::add_nested_lane(b);
    b.saw_event(120);
    return b.finish();
}

} // namespace

TEST(LaneTrack, TopAndDepthTracksOfANestedLane)
{
    const LaneTrace lt = nested();
    const LaneTrack top = top_track(lt, 0);
    EXPECT_EQ(top.times, (std::vector<Time>{0, 10, 20, 30, 35, 40, 50, 100}));
    EXPECT_EQ(top.depths, (std::vector<std::uint32_t>{1, 2, 1, 2, 3, 2, 1, 0}));
    EXPECT_EQ(top.end, 120);
    EXPECT_EQ(max_depth(lt, 0), 3u);

    const auto tracks = depth_tracks(lt, 0);
    ASSERT_EQ(tracks.size(), 3u);
    auto names = [&](const LaneTrack& t) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < t.times.size(); ++i)
            out.push_back(std::to_string(t.times[i]) + ":" + lt.state_names[t.states[i]]);
        return out;
    };
    EXPECT_EQ(names(tracks[0]), (std::vector<std::string>{"0:main", "100:-"}));
    EXPECT_EQ(names(tracks[1]), (std::vector<std::string>{"10:MPI_Send", "20:-", "30:compute", "50:-"}));
    EXPECT_EQ(names(tracks[2]), (std::vector<std::string>{"35:MPI_Send", "40:-"}));
}

TEST(LaneTrack, RegionsOpenedUnseenInOneInstantAreEmptyAtTheirDepth)
{
    LaneTraceBuilder b("t", "chrome");
    const auto l = b.add_lane("x");
    b.push(l, 5, b.state("outer"));
    b.push(l, 5, b.state("inner"));
    b.pop(l, 9);
    b.pop(l, 9);
    const LaneTrace lt = b.finish();
    const auto tracks = depth_tracks(lt, 0);
    ASSERT_EQ(tracks.size(), 2u);
    EXPECT_TRUE(tracks[0].states.empty()); // "outer" was never on top: "-" throughout
    EXPECT_EQ(tracks[1].times, (std::vector<Time>{5, 9}));
}

TEST(LaneTrackSummary, VisitAtAndColumns)
{
    const LaneTrace lt = nested();
    LaneTrackSummary s(top_track(lt, 0));
    const auto v = s.visit_at(32);
    ASSERT_TRUE(v);
    EXPECT_EQ(lt.state_names[v->state], "compute");
    EXPECT_EQ(v->start, 30);
    EXPECT_EQ(v->duration, 5);
    EXPECT_EQ(v->depth, 2u);
    EXPECT_FALSE(s.visit_at(-1));
    EXPECT_FALSE(s.visit_at(120));

    std::vector<LaneColumn> cols;
    s.columns(0, 10, 13, cols);
    ASSERT_EQ(cols.size(), 13u);
    EXPECT_EQ(lt.state_names[cols[0].state], "main"); // [0, 10): only main
    EXPECT_FALSE(cols[0].mixed);
    EXPECT_EQ(lt.state_names[cols[1].state], "MPI_Send"); // [10, 20): MPI_Send whole
    EXPECT_TRUE(cols[3].mixed);                           // [30, 40): compute and MPI_Send
    EXPECT_EQ(lt.state_names[cols[5].state], "main");     // [50, 60)
    EXPECT_EQ(cols[11].state, kEmptyLaneState);           // [110, 120): after main ended
    EXPECT_EQ(cols[12].state, kEmptyLaneState);           // past the end
}

// Property: each column shows a state of maximal duration among the visits overlapping
// it (the one covering its start and those starting inside), or the state at its start
// when none starts inside; checked against a linear scan on random tracks.
TEST(LaneTrackSummary, ColumnsMatchALinearScan)
{
    std::mt19937_64 rng(11);
    for (int round = 0; round < 60; ++round) {
        LaneTrack t;
        Time time = static_cast<Time>(rng() % 50);
        const std::size_t n = 1 + rng() % 5000;
        for (std::size_t i = 0; i < n; ++i) {
            t.times.push_back(time);
            t.states.push_back(static_cast<LaneStateId>(rng() % 7));
            t.depths.push_back(1);
            time += 1 + static_cast<Time>(rng() % (rng() % 2 ? 3 : 400));
        }
        t.end = time;
        const LaneTrack copy = t;
        LaneTrackSummary s(std::move(t));
        auto dur = [&](std::size_t i) { return (i + 1 < n ? copy.times[i + 1] : copy.end) - copy.times[i]; };
        const double t0 = static_cast<double>(rng() % 100) - 50.0;
        const double w = 1.0 + static_cast<double>(rng() % 2000);
        const std::size_t columns = 1 + rng() % 300;
        std::vector<LaneColumn> cols;
        s.columns(t0, w, columns, cols);
        for (std::size_t k = 0; k < columns; ++k) {
            const double ta = t0 + w * static_cast<double>(k), tb = ta + w;
            if (ta >= static_cast<double>(copy.end)) {
                EXPECT_EQ(cols[k].state, kEmptyLaneState);
                continue;
            }
            std::ptrdiff_t cover = -1; // visit covering ta
            std::vector<std::size_t> inside;
            for (std::size_t i = 0; i < n; ++i) {
                if (static_cast<double>(copy.times[i]) <= ta)
                    cover = static_cast<std::ptrdiff_t>(i);
                else if (static_cast<double>(copy.times[i]) < tb)
                    inside.push_back(i);
            }
            if (inside.empty()) {
                EXPECT_EQ(cols[k].state, cover < 0 ? kEmptyLaneState : copy.states[static_cast<std::size_t>(cover)]);
                EXPECT_FALSE(cols[k].mixed);
                continue;
            }
            if (cover >= 0)
                inside.push_back(static_cast<std::size_t>(cover));
            Time best = 0;
            for (std::size_t i : inside)
                best = std::max(best, dur(i));
            std::set<LaneStateId> allowed;
            for (std::size_t i : inside)
                if (dur(i) == best)
                    allowed.insert(copy.states[i]);
            EXPECT_TRUE(allowed.count(cols[k].state)) << "round " << round << " column " << k;
            EXPECT_TRUE(cols[k].mixed);
        }
    }
}

// Property: seen from afar, a long track's columns come from its time grid. Each shows
// the state of a visit at least as long as every visit overlapping the column, found
// within a quarter column of it, and a column with a change inside is mixed.
TEST(LaneTrackSummary, GridColumnsKeepTheLongestVisitNearEachColumn)
{
    std::mt19937_64 rng(12);
    for (int round = 0; round < 6; ++round) {
        LaneTrack t;
        Time time = 1000 + static_cast<Time>(rng() % 50);
        const std::size_t n = 40000 + rng() % 60000;
        for (std::size_t i = 0; i < n; ++i) {
            t.times.push_back(time);
            t.states.push_back(static_cast<LaneStateId>(1 + rng() % 9));
            t.depths.push_back(1);
            time += 1 + static_cast<Time>(rng() % (rng() % 50 ? 30 : 20000));
        }
        t.end = time;
        const LaneTrack copy = t;
        LaneTrackSummary s(std::move(t));
        ASSERT_GT(s.grid_cell_width(), 0.0);
        auto dur = [&](std::size_t i) { return (i + 1 < n ? copy.times[i + 1] : copy.end) - copy.times[i]; };
        const double span = static_cast<double>(copy.end - copy.times.front());
        const std::size_t columns = 200 + rng() % 1200;
        const double w =
            std::max(4 * s.grid_cell_width(), span / static_cast<double>(columns) * (0.2 + (rng() % 100) / 100.0));
        const double t0 = static_cast<double>(copy.times.front()) - w * static_cast<double>(rng() % 3);
        std::vector<LaneColumn> cols;
        s.columns(t0, w, columns, cols);
        for (std::size_t k = 0; k < columns; ++k) {
            const double ta = t0 + w * static_cast<double>(k), tb = ta + w;
            auto overlapping = [&](double a, double b) { // visits [first, last) overlapping [a, b)
                const auto begin = copy.times.begin();
                auto first = std::upper_bound(begin, copy.times.end(), a,
                                              [](double x, Time e) { return x < static_cast<double>(e); });
                if (first != begin)
                    --first;
                auto last = std::lower_bound(begin, copy.times.end(), b,
                                             [](Time e, double x) { return static_cast<double>(e) < x; });
                return std::pair<std::size_t, std::size_t>(first - begin, last - begin);
            };
            if (ta >= static_cast<double>(copy.end)) {
                EXPECT_EQ(cols[k].state, kEmptyLaneState);
                continue;
            }
            if (tb <= static_cast<double>(copy.times.front())) {
                EXPECT_EQ(cols[k].state, kEmptyLaneState);
                continue;
            }
            const auto [a, b] = overlapping(ta, tb);
            float longest = 0;
            for (std::size_t i = a; i < b; ++i)
                longest = std::max(longest, static_cast<float>(dur(i)));
            const auto [wa, wb] = overlapping(ta - w / 4, tb + w / 4);
            bool found = false;
            for (std::size_t i = wa; i < wb && !found; ++i)
                found = copy.states[i] == cols[k].state && static_cast<float>(dur(i)) >= longest;
            EXPECT_TRUE(found) << "round " << round << " column " << k;
            if (b - a > 1) {
                EXPECT_TRUE(cols[k].mixed) << "round " << round << " column " << k;
            }
        }
    }
}
