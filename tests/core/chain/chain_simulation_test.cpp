// A chain fitted to a long trajectory simulated from a known semi-Markov chain recovers
// its transition probabilities, occupancy moments and stationary figures.
#include "chitra/chain/chain.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace chitra {
namespace {

constexpr int kStates = 4;
const double kP[kStates][kStates] = {
    {0.0, 0.6, 0.3, 0.1},
    {0.5, 0.0, 0.5, 0.0},
    {0.2, 0.2, 0.0, 0.6},
    {0.7, 0.1, 0.2, 0.0},
};
// Occupancy laws: uniform{1..20}, constant 5, 1 + Poisson(49), uniform{100..300}.
const double kMean[kStates] = {10.5, 5.0, 50.0, 200.0};
const double kVar[kStates] = {33.25, 0.0, 49.0, (201.0 * 201.0 - 1.0) / 12.0};

Time draw_occupancy(int state, std::mt19937_64& rng)
{
    switch (state) {
    case 0:
        return std::uniform_int_distribution<Time>(1, 20)(rng);
    case 1:
        return 5;
    case 2:
        return 1 + std::poisson_distribution<Time>(49.0)(rng);
    default:
        return std::uniform_int_distribution<Time>(100, 300)(rng);
    }
}

int draw_next(int state, std::mt19937_64& rng)
{
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    double acc = 0.0;
    for (int j = 0; j < kStates; ++j) {
        acc += kP[state][j];
        if (u < acc)
            return j;
    }
    return kStates - 1;
}

// Stationary distribution of kP by power iteration on the lazy chain (P + I) / 2, which
// has the same pi and converges whatever the period.
std::vector<double> analytic_pi()
{
    std::vector<double> pi(kStates, 1.0 / kStates);
    for (int it = 0; it < 20000; ++it) {
        std::vector<double> next(kStates, 0.0);
        for (int i = 0; i < kStates; ++i) {
            next[i] += 0.5 * pi[i];
            for (int j = 0; j < kStates; ++j)
                next[j] += 0.5 * pi[i] * kP[i][j];
        }
        pi = next;
    }
    return pi;
}

TEST(ChainSimulation, RecoversKnownChain)
{
    const std::vector<std::string> names = {"IDLE", "SEND", "WORK", "SYNC"};
    std::mt19937_64 rng(20240611);
    std::vector<std::string> seq;
    std::vector<Time> bounds{0};
    int state = 0;
    const std::size_t steps = 200000;
    for (std::size_t i = 0; i < steps; ++i) {
        seq.push_back(names[static_cast<std::size_t>(state)]);
        bounds.push_back(bounds.back() + draw_occupancy(state, rng));
        state = draw_next(state, rng);
    }
    const auto m = fit_chain(test::make_ses(seq, bounds), TimeBase::us);
    ASSERT_EQ(m.states.size(), static_cast<std::size_t>(kStates + 1));

    std::vector<std::size_t> idx(kStates);
    for (int i = 0; i < kStates; ++i) {
        idx[i] = m.find(names[static_cast<std::size_t>(i)]);
        ASSERT_NE(idx[i], kNoState);
    }
    // Transition probabilities: within 5 standard errors of a binomial proportion.
    for (int i = 0; i < kStates; ++i) {
        const auto n = static_cast<double>(m.states[idx[i]].count);
        for (int j = 0; j < kStates; ++j) {
            double p_hat = 0.0;
            for (const auto& t : m.transitions)
                if (t.from == idx[i] && t.to == idx[j])
                    p_hat = t.probability;
            const double p = kP[i][j];
            const double tol = 5.0 * std::sqrt(std::max(p * (1 - p), 1e-4) / n);
            EXPECT_NEAR(p_hat, p, tol) << names[i] << " -> " << names[j];
        }
    }
    // Mean occupancies within 5 standard errors; variances within 5 %.
    for (int i = 0; i < kStates; ++i) {
        const auto& s = m.states[idx[i]];
        const double n = static_cast<double>(s.count);
        EXPECT_NEAR(s.mean, kMean[i], 5.0 * std::sqrt(kVar[i] / n) + 1e-9) << names[i];
        EXPECT_NEAR(s.variance, kVar[i], 0.05 * kVar[i] + 1e-9) << names[i];
    }
    // Stationary distribution and time share against the analytic values.
    const auto pi = analytic_pi();
    ASSERT_TRUE(m.steady.defined);
    ASSERT_TRUE(m.steady.time_share);
    double weight = 0.0;
    for (int i = 0; i < kStates; ++i)
        weight += pi[i] * kMean[i];
    for (int i = 0; i < kStates; ++i) {
        EXPECT_NEAR(m.steady.embedded[idx[i]], pi[i], 0.01) << names[i];
        EXPECT_NEAR((*m.steady.time_share)[idx[i]], pi[i] * kMean[i] / weight, 0.01) << names[i];
    }
}

} // namespace
} // namespace chitra
