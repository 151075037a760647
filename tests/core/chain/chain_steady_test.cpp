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

// A two-lane run as a fit gives it: an initial phase S0, a loop S1 <-> S2, a final phase
// S3, then every lane idle (`final`, seen once as the last element), then OTHER.
SemiMarkovModel run_that_ends(std::vector<std::string> final_components, std::uint64_t final_count = 1)
{
    auto m = make_model({50, 1, 2, 10, 0, 0},
                        {{0, 1, 1.0}, {1, 2, 1.0}, {2, 1, 0.9}, {2, 3, 0.1}, {3, 4, 1.0}, {4, 5, 1.0}});
    for (std::size_t i = 0; i < 4; ++i)
        m.states[i].components = {"S" + std::to_string(i), "x"};
    m.states[4].name = final_components[0] + "|" + final_components[1];
    m.states[4].components = std::move(final_components);
    m.states[4].count = final_count;
    m.states[5].name = "OTHER";
    m.states[5].kind = SymbolKind::other;
    return m;
}

TEST(ChainSteady, ARunThatEndsIsTransient)
{
    const auto ss = solve_steady_state(run_that_ends({"-", "-"}));
    EXPECT_EQ(ss.run_end, 4u);
    EXPECT_TRUE(ss.closed_classes.empty()) << "the loop leads to the end: it is no closed class";
    EXPECT_TRUE(ss.transient());
    EXPECT_FALSE(ss.defined);
    EXPECT_TRUE(ss.embedded.empty());
    EXPECT_FALSE(ss.time_share);
}

TEST(ChainSteady, OnlyAnAllIdleStateSeenOnceAtTheEndEndsARun)
{
    // One lane still busy at the end: that state is an ordinary dead end, absorbing.
    const auto busy = solve_steady_state(run_that_ends({"-", "x"}));
    EXPECT_EQ(busy.run_end, kNoState);
    EXPECT_FALSE(busy.transient());
    ASSERT_TRUE(busy.defined);
    EXPECT_EQ(busy.closed_classes, std::vector<std::vector<std::size_t>>{{4}});
    // Every lane idle, but also earlier in the run: not the end of the run alone.
    const auto twice = solve_steady_state(run_that_ends({"-", "-"}, 2));
    EXPECT_EQ(twice.run_end, kNoState);
    EXPECT_TRUE(twice.defined);
}

// The same from a fitted two-lane sequence: init, a loop, fin, then both lanes idle.
TEST(ChainSteady, AFittedRunThatEndsHasNoSteadyState)
{
    auto table = std::make_shared<SymbolTable>();
    const auto add = [&](std::string a, std::string b) {
        return table->add({.name = a + "|" + b, .components = {a, b}});
    };
    const SymbolId init = add("Init", "Init"), send = add("Send", "Recv"), recv = add("Recv", "Send"),
                   fin = add("Finalize", "Finalize"), idle = add("-", "-");
    std::vector<SymbolId> symbols{init};
    for (int i = 0; i < 20; ++i)
        symbols.insert(symbols.end(), {send, recv});
    symbols.insert(symbols.end(), {fin, idle});
    Ses ses;
    ses.symbols = table;
    Time t = 0;
    for (SymbolId s : symbols) {
        ses.symbol.push_back(s);
        ses.bounds.push_back(t);
        t += s == init ? 1000 : 3;
    }
    ses.bounds.push_back(t);
    ses.records = RecordIndices::consecutive(0, symbols.size() + 1);
    const SemiMarkovModel model = fit_chain(ses, TimeBase::us);
    EXPECT_EQ(model.steady.run_end, model.find("-|-"));
    EXPECT_TRUE(model.steady.transient());
    EXPECT_FALSE(model.steady.defined);
}

} // namespace
} // namespace chitra
