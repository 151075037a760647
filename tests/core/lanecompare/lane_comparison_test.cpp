// Lanes compared: a lane's time and transition shares (zero-length elements and OTHER
// left out), the distance's bounds and symmetry on random lanes, and groups and outliers
// found on lanes with planted structure.
#include "chitra/lanecompare/lane_comparison.hpp"

#include <gtest/gtest.h>

#include <random>

namespace chitra {
namespace {

// An SES of named elements entered at the given times, the last one left at `end`.
Ses ses_of(const std::vector<std::pair<std::string, Time>>& elements, Time end)
{
    auto symbols = std::make_shared<SymbolTable>();
    std::vector<SymbolId> ids;
    std::vector<Time> bounds;
    for (const auto& [name, at] : elements) {
        SymbolId id = symbols->find(name);
        if (id == kNoSymbol)
            id = symbols->add(Symbol{name});
        ids.push_back(id);
        bounds.push_back(at);
    }
    bounds.push_back(end);
    Ses s;
    s.symbols = symbols;
    s.symbol = std::vector<SymbolId>(ids);
    s.bounds = std::vector<Time>(bounds);
    std::vector<RecordIndex> records;
    for (std::size_t i = 0; i <= ids.size(); ++i)
        records.push_back(static_cast<RecordIndex>(i));
    s.records = RecordIndices(records);
    return s;
}

TEST(LaneBehaviour, SharesOfTimeAndOfTransitionsLeavingOutEmptyElementsAndOther)
{
    // a 10, b 0 (left out), c 30, a 20, OTHER 40 (left out), b 40.
    const LaneBehaviour b =
        lane_behaviour(ses_of({{"a", 0}, {"b", 10}, {"c", 10}, {"a", 40}, {"OTHER", 60}, {"b", 100}}, 140));
    EXPECT_DOUBLE_EQ(b.time_share.at("a"), 30.0 / 100);
    EXPECT_DOUBLE_EQ(b.time_share.at("c"), 30.0 / 100);
    EXPECT_DOUBLE_EQ(b.time_share.at("b"), 40.0 / 100);
    EXPECT_EQ(b.time_share.count("OTHER"), 0u);
    // a->c, c->a, a->b: consecutive once the empty b and OTHER are left out.
    ASSERT_EQ(b.transition_share.size(), 3u);
    EXPECT_DOUBLE_EQ(b.transition_share.at({"a", "c"}), 1.0 / 3);
    EXPECT_DOUBLE_EQ(b.transition_share.at({"c", "a"}), 1.0 / 3);
    EXPECT_DOUBLE_EQ(b.transition_share.at({"a", "b"}), 1.0 / 3);
}

LaneBehaviour random_behaviour(std::mt19937& rng, int states)
{
    std::vector<std::pair<std::string, Time>> elements;
    Time t = 0;
    for (int i = 0; i < 60; ++i) {
        elements.push_back({"s" + std::to_string(rng() % states), t});
        t += 1 + static_cast<Time>(rng() % 100);
    }
    return lane_behaviour(ses_of(elements, t));
}

TEST(LaneDistance, IsZeroForItselfSymmetricBetweenZeroAndOneAndOneForDisjointLanes)
{
    std::mt19937 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        const LaneBehaviour a = random_behaviour(rng, 2 + trial % 5), b = random_behaviour(rng, 2 + trial % 7);
        EXPECT_DOUBLE_EQ(lane_distance(a, a), 0.0);
        EXPECT_NEAR(lane_distance(a, b), lane_distance(b, a), 1e-15);
        EXPECT_GE(lane_distance(a, b), 0.0);
        EXPECT_LE(lane_distance(a, b), 1.0 + 1e-12);
    }
    const LaneBehaviour x = lane_behaviour(ses_of({{"a", 0}, {"b", 5}, {"a", 9}}, 20));
    const LaneBehaviour y = lane_behaviour(ses_of({{"c", 0}, {"d", 5}, {"c", 9}}, 20));
    EXPECT_DOUBLE_EQ(lane_distance(x, y), 1.0);
}

TEST(GroupLanes, PlantedGroupsAndAnOutlierAreFound)
{
    // Lanes 0, 2, 4 alternate a and b evenly; 1, 3 alternate c and d; 5 runs a long and e
    // briefly (it shares a with the first group, little else).
    const auto alternating = [](const std::string& p, const std::string& q, Time pLength, Time qLength, Time jitter) {
        std::vector<std::pair<std::string, Time>> e;
        Time t = 0;
        for (int i = 0; i < 40; ++i) {
            e.push_back({p, t});
            t += pLength + (i % 3) * jitter;
            e.push_back({q, t});
            t += qLength;
        }
        return lane_behaviour(ses_of(e, t));
    };
    const std::vector<LaneBehaviour> lanes{alternating("a", "b", 10, 10, 1), alternating("c", "d", 10, 10, 1),
                                           alternating("a", "b", 10, 10, 2), alternating("c", "d", 10, 10, 2),
                                           alternating("a", "b", 10, 10, 0), alternating("a", "e", 90, 10, 0)};
    const LaneGrouping g = group_lanes(lanes, 0.2);
    EXPECT_EQ(g.group, (std::vector<std::size_t>{1, 2, 1, 2, 1, 3}));
    ASSERT_EQ(g.groups.size(), 3u);
    EXPECT_EQ(g.groups[0], (std::vector<std::size_t>{0, 2, 4}));
    EXPECT_EQ(g.groups[2], (std::vector<std::size_t>{5}));
    EXPECT_EQ(g.outlier, (std::vector<bool>{false, false, false, false, false, true}));
    for (std::size_t a = 0; a < lanes.size(); ++a) {
        ASSERT_TRUE(g.nearest[a].has_value());
        EXPECT_NE(*g.nearest[a], a);
        for (std::size_t b = 0; b < lanes.size(); ++b) {
            if (b != a) {
                EXPECT_LE(*g.nearest_distance[a], g.distance[a][b]);
            }
        }
    }
    EXPECT_GE(*g.nearest_distance[5], 0.2);
    // A chain of near lanes is one group even where its ends are far apart (single linkage).
    std::vector<LaneBehaviour> chain;
    for (int k = 0; k < 8; ++k)
        chain.push_back(alternating("a", "b", 10 + 12 * k, 10, 0));
    const LaneGrouping c = group_lanes(chain, 0.2);
    EXPECT_GT(c.distance[0][7], 0.2);
    EXPECT_EQ(c.groups.size(), 1u);
    // One lane: no nearest lane, no outlier.
    const LaneGrouping one = group_lanes({lanes[0]}, 0.2);
    EXPECT_FALSE(one.nearest[0].has_value());
    EXPECT_FALSE(one.outlier[0]);
    EXPECT_EQ(one.group[0], 1u);
}

} // namespace
} // namespace chitra
