// Steady state of hand-made chains against analytic solutions (semantics.md 4.5).
#include "chitra/chain/chain.hpp"

#include <gtest/gtest.h>

namespace chitra {
namespace {

// A model with the given states (means) and transition probabilities; OTHER appended
// when `with_other`.
SemiMarkovModel make_model(const std::vector<double>& means,
                           const std::vector<std::tuple<std::size_t, std::size_t, double>>& edges)
{
    SemiMarkovModel m;
    for (std::size_t i = 0; i < means.size(); ++i) {
        ChainState s;
        s.name = "S" + std::to_string(i);
        s.mean = means[i];
        s.count = 1;
        m.states.push_back(s);
    }
    for (const auto& [from, to, p] : edges)
        m.transitions.push_back({from, to, 1, p});
    return m;
}

TEST(ChainSteady, TwoStateAnalytic)
{
    // P = [[0.3, 0.7], [0.4, 0.6]]: pi = (0.4, 0.7) / 1.1.
    const auto m = make_model({2.0, 5.0}, {{0, 0, 0.3}, {0, 1, 0.7}, {1, 0, 0.4}, {1, 1, 0.6}});
    const auto ss = solve_steady_state(m);
    ASSERT_TRUE(ss.defined);
    EXPECT_NEAR(ss.embedded[0], 0.4 / 1.1, 1e-12);
    EXPECT_NEAR(ss.embedded[1], 0.7 / 1.1, 1e-12);
    // time share: 0.8 : 3.5.
    ASSERT_TRUE(ss.time_share);
    EXPECT_NEAR((*ss.time_share)[0], 0.8 / 4.3, 1e-12);
    EXPECT_NEAR((*ss.time_share)[1], 3.5 / 4.3, 1e-12);
}

TEST(ChainSteady, OtherIsDroppedAndRowsRenormalised)
{
    // S0 -> S1 0.5, S0 -> OTHER 0.5; S1 -> S0 1. Without OTHER S0 -> S1 is 1: pi = (1/2, 1/2).
    auto m = make_model({1.0, 3.0, 0.0}, {{0, 1, 0.5}, {0, 2, 0.5}, {1, 0, 1.0}});
    m.states[2].kind = SymbolKind::other;
    const auto ss = solve_steady_state(m);
    ASSERT_TRUE(ss.defined);
    EXPECT_NEAR(ss.embedded[0], 0.5, 1e-12);
    EXPECT_NEAR(ss.embedded[1], 0.5, 1e-12);
    EXPECT_EQ(ss.embedded[2], 0.0);
    EXPECT_NEAR((*ss.time_share)[0], 0.25, 1e-12);
    EXPECT_NEAR((*ss.time_share)[1], 0.75, 1e-12);
}

TEST(ChainSteady, TransientStatesGetZero)
{
    // S0 (transient) -> S1 or S2; S1 <-> S2 closed.
    const auto m = make_model({1, 1, 1}, {{0, 1, 0.5}, {0, 2, 0.5}, {1, 2, 1.0}, {2, 1, 1.0}});
    const auto ss = solve_steady_state(m);
    ASSERT_TRUE(ss.defined);
    ASSERT_EQ(ss.closed_classes.size(), 1u);
    EXPECT_EQ(ss.closed_classes[0], (std::vector<std::size_t>{1, 2}));
    EXPECT_EQ(ss.embedded[0], 0.0);
    EXPECT_NEAR(ss.embedded[1], 0.5, 1e-12);
}

TEST(ChainSteady, TwoClosedClassesGiveNoStationaryFigures)
{
    // S4 -> {S0 <-> S1} and {S2 <-> S3}.
    const auto m =
        make_model({1, 1, 1, 1, 1}, {{0, 1, 1.0}, {1, 0, 1.0}, {2, 3, 1.0}, {3, 2, 1.0}, {4, 0, 0.5}, {4, 2, 0.5}});
    const auto ss = solve_steady_state(m);
    EXPECT_FALSE(ss.defined);
    EXPECT_TRUE(ss.embedded.empty());
    EXPECT_FALSE(ss.time_share);
    ASSERT_EQ(ss.closed_classes.size(), 2u);
    EXPECT_EQ(ss.closed_classes[0], (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(ss.closed_classes[1], (std::vector<std::size_t>{2, 3}));
}

TEST(ChainSteady, DeadEndsAreAbsorbingClasses)
{
    // S0 -> S1 or S2, both without outgoing transitions: two closed classes.
    const auto m = make_model({1, 1, 1}, {{0, 1, 0.5}, {0, 2, 0.5}});
    const auto ss = solve_steady_state(m);
    EXPECT_FALSE(ss.defined);
    ASSERT_EQ(ss.closed_classes.size(), 2u);
    EXPECT_EQ(ss.closed_classes[0], std::vector<std::size_t>{1});
    EXPECT_EQ(ss.closed_classes[1], std::vector<std::size_t>{2});
}

TEST(ChainSteady, PeriodicChain)
{
    // A deterministic cycle of 3 is periodic; pi is still uniform.
    const auto m = make_model({1, 2, 3}, {{0, 1, 1.0}, {1, 2, 1.0}, {2, 0, 1.0}});
    const auto ss = solve_steady_state(m);
    ASSERT_TRUE(ss.defined);
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(ss.embedded[i], 1.0 / 3.0, 1e-12);
    EXPECT_NEAR((*ss.time_share)[2], 0.5, 1e-12);
}

// Birth-death chain on k states (sparse solver path for large k): from i up with p,
// down with 1 - p, reflecting at both ends. Detailed balance gives pi analytically.
void check_birth_death(std::size_t k, double p)
{
    std::vector<std::tuple<std::size_t, std::size_t, double>> edges;
    edges.emplace_back(0, 1, 1.0);
    for (std::size_t i = 1; i + 1 < k; ++i) {
        edges.emplace_back(i, i - 1, 1.0 - p);
        edges.emplace_back(i, i + 1, p);
    }
    edges.emplace_back(k - 1, k - 2, 1.0);
    const auto m = make_model(std::vector<double>(k, 1.0), edges);
    const auto ss = solve_steady_state(m);
    ASSERT_TRUE(ss.defined);

    // pi_{i+1} P(i+1, i) = pi_i P(i, i+1).
    std::vector<double> pi(k);
    pi[0] = 1.0;
    auto up = [&](std::size_t i) { return i == 0 ? 1.0 : p; };
    auto down = [&](std::size_t i) { return i == k - 1 ? 1.0 : 1.0 - p; };
    double sum = 1.0;
    for (std::size_t i = 0; i + 1 < k; ++i) {
        pi[i + 1] = pi[i] * up(i) / down(i + 1);
        sum += pi[i + 1];
    }
    for (std::size_t i = 0; i < k; ++i)
        EXPECT_NEAR(ss.embedded[i], pi[i] / sum, 1e-10) << i;
}

TEST(ChainSteady, BirthDeathSmallDense) { check_birth_death(50, 0.45); }

TEST(ChainSteady, BirthDeathLargeSparse)
{
    check_birth_death(3000, 0.5);
    check_birth_death(1200, 0.48);
}

TEST(ChainSteady, EmptyModel)
{
    const auto ss = solve_steady_state(SemiMarkovModel{});
    EXPECT_FALSE(ss.defined);
    EXPECT_TRUE(ss.closed_classes.empty());
}

} // namespace
} // namespace chitra
