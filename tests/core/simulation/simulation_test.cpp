// Trajectories drawn from a fitted chain: reproducible, faithful to the model's
// transition probabilities and occupancy laws, written as a PES that reads back.
#include "chitra/chain/model_json.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/io/io.hpp"
#include "chitra/simulation/simulation.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <sstream>

namespace chitra {
namespace {

ModelDocument fitted(const Ses& ses)
{
    return model_from_json(model_to_json(fit_chain(ses, TimeBase::us)), "model.json");
}

TEST(ModelJson, ReadsBackWhatTheFitWrote)
{
    const SemiMarkovModel model = fit_chain(test::three_state_trace(5000, 1), TimeBase::us);
    const ModelDocument doc = model_from_json(model_to_json(model), "m.json");
    ASSERT_EQ(doc.model.states.size(), model.states.size());
    for (std::size_t i = 0; i < model.states.size(); ++i) {
        const ChainState &a = model.states[i], &b = doc.model.states[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.kind, b.kind);
        EXPECT_EQ(a.count, b.count);
        EXPECT_EQ(a.total, b.total);
        EXPECT_DOUBLE_EQ(a.mean, b.mean);
        EXPECT_EQ(a.histogram.origin, b.histogram.origin);
        EXPECT_EQ(a.histogram.width, b.histogram.width);
        EXPECT_EQ(a.histogram.counts, b.histogram.counts);
    }
    ASSERT_EQ(doc.model.transitions.size(), model.transitions.size());
    for (std::size_t i = 0; i < model.transitions.size(); ++i) {
        EXPECT_EQ(doc.model.transitions[i].from, model.transitions[i].from);
        EXPECT_EQ(doc.model.transitions[i].to, model.transitions[i].to);
        EXPECT_DOUBLE_EQ(doc.model.transitions[i].probability, model.transitions[i].probability);
    }
    ASSERT_EQ(doc.initial.size(), 1u);
    EXPECT_EQ(doc.model.states[doc.initial[0].first].name, "A");
    EXPECT_EQ(doc.model.steady.defined, model.steady.defined);
}

TEST(ModelJson, MalformedModelsAreRefusedWithTheKey)
{
    const std::string good = model_to_json(fit_chain(test::three_state_trace(50, 2), TimeBase::us));
    EXPECT_THROW(model_from_json("{", "m.json"), InputError);
    EXPECT_THROW(model_from_json("{\"format\": \"chitra-stats\"}", "m.json"), InputError);
    std::string unknown = good;
    unknown.replace(unknown.find("\"to\":\"") + 6, 1, "Z");
    try {
        model_from_json(unknown, "m.json");
        FAIL() << "a transition to an unknown state was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("m.json: transitions[0].to"), std::string::npos) << e.what();
    }
    // A number past double, a histogram reaching beyond the largest time, a negative origin.
    std::string huge = good;
    huge.replace(huge.find("\"share\":") + 8, 1, "1e999,\"x\":0");
    EXPECT_THROW(model_from_json(huge, "m.json"), InputError);
    std::string wide = good;
    wide.replace(wide.find("\"width\":") + 8, 1, "4611686018427387904");
    EXPECT_THROW(model_from_json(wide, "m.json"), InputError);
    std::string negative = good;
    negative.replace(negative.find("\"origin\":") + 9, 0, "-");
    EXPECT_THROW(model_from_json(negative, "m.json"), InputError);
    std::string counts = good;
    counts.replace(counts.find("\"count\":") + 8, 1, "9"); // the first state's visits no longer match
    EXPECT_THROW(model_from_json(counts, "m.json"), InputError);
}

TEST(Simulation, TheSameSeedDrawsTheSameTrajectory)
{
    const ModelDocument doc = fitted(test::three_state_trace(2000, 3));
    SimulationOptions options{1000, 42, OccupancyLaw::empirical};
    const Simulation a = simulate_chain(doc, options), b = simulate_chain(doc, options);
    EXPECT_EQ(a.ses.symbol, b.ses.symbol);
    EXPECT_EQ(a.ses.bounds, b.ses.bounds);
    options.seed = 43;
    const Simulation c = simulate_chain(doc, options);
    EXPECT_NE(a.ses.bounds, c.ses.bounds);
    EXPECT_EQ(a.ses.size(), 1000u);
    EXPECT_TRUE(a.stopped_at.empty());
}

TEST(Simulation, FollowsTheModelsProbabilitiesAndOccupancyLaws)
{
    const ModelDocument doc = fitted(test::three_state_trace(20000, 4));
    const Simulation sim = simulate_chain(doc, {200000, 7, OccupancyLaw::empirical});
    const Ses& ses = sim.ses;
    EXPECT_EQ(ses.name(0), "A");
    std::map<std::pair<std::string, std::string>, double> pairs;
    std::map<std::string, double> from, occupancy, visits;
    std::map<std::string, Time> low, high;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        const std::string& s = ses.name(i);
        occupancy[s] += static_cast<double>(ses.occupancy(i));
        visits[s] += 1;
        low[s] = low.count(s) ? std::min(low[s], ses.occupancy(i)) : ses.occupancy(i);
        high[s] = std::max(high[s], ses.occupancy(i));
        if (i + 1 < ses.size()) {
            pairs[{s, ses.name(i + 1)}] += 1;
            from[s] += 1;
        }
    }
    const SemiMarkovModel& m = doc.model;
    for (const ChainTransition& t : m.transitions) {
        if (t.to == m.other())
            continue;
        const double p = pairs[{m.states[t.from].name, m.states[t.to].name}] / from[m.states[t.from].name];
        // The model's own probability renormalised without OTHER (the end of the source).
        double row = 0.0;
        for (const ChainTransition& u : m.transitions)
            if (u.from == t.from && u.to != m.other())
                row += u.probability;
        EXPECT_NEAR(p, t.probability / row, 0.01) << m.states[t.from].name << " -> " << m.states[t.to].name;
    }
    for (const ChainState& s : m.states) {
        if (s.kind == SymbolKind::other)
            continue;
        // Occupancies stay on the histogram's support; their mean is the histogram's,
        // which for B (bins wider than one unit) is close to, not equal to, the data's.
        EXPECT_GE(low[s.name], s.histogram.origin) << s.name;
        EXPECT_LT(high[s.name], s.histogram.origin + static_cast<Time>(s.histogram.counts.size()) * s.histogram.width);
        EXPECT_NEAR(occupancy[s.name] / visits[s.name], s.mean, 0.02 * s.mean + 0.05) << s.name;
    }
    EXPECT_EQ(low["C"], 7);
    EXPECT_EQ(high["C"], 7);
}

TEST(Simulation, StopsWhereTheChainCannotGoOn)
{
    // END occurs only last: it has no successor but OTHER.
    const Ses ses = test::make_ses({"A", "B", "A", "B", "END"}, {0, 1, 3, 4, 6, 9});
    const ModelDocument doc = fitted(ses);
    const Simulation sim = simulate_chain(doc, {100, 1, OccupancyLaw::empirical});
    EXPECT_EQ(sim.stopped_at, "END");
    EXPECT_LT(sim.ses.size(), 100u);
    EXPECT_EQ(sim.ses.name(sim.ses.size() - 1), "END");
}

TEST(Simulation, WritesAPesThatReadsBackToTheSameSequence)
{
    const ModelDocument doc = fitted(test::three_state_trace(500, 5));
    const Simulation sim = simulate_chain(doc, {300, 9, OccupancyLaw::empirical});
    std::ostringstream out;
    write_pes(simulation_trace(sim, TimeBase::us), out);
    const Ses back = Ses::from_trace(read_pes_text(out.str(), "sim.pes"));
    ASSERT_EQ(back.size(), sim.ses.size());
    EXPECT_EQ(back.bounds, sim.ses.bounds);
    for (std::size_t i = 0; i < back.size(); ++i)
        ASSERT_EQ(back.name(i), sim.ses.name(i));
}

OccupancyHistogram histogram_of(const std::vector<Time>& values) { return make_histogram(values); }

TEST(ParametricLaw, PicksTheFamilyTheOccupanciesCameFrom)
{
    std::mt19937_64 rng(11);
    std::vector<Time> exponential, gamma, lognormal;
    for (int i = 0; i < 20000; ++i) {
        exponential.push_back(static_cast<Time>(std::llround(std::exponential_distribution<double>(1.0 / 500.0)(rng))));
        gamma.push_back(static_cast<Time>(std::llround(std::gamma_distribution<double>(4.0, 100.0)(rng))));
        lognormal.push_back(static_cast<Time>(std::llround(std::lognormal_distribution<double>(6.0, 0.8)(rng))));
    }
    const auto e = fit_parametric_law(histogram_of(exponential));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->family, "exponential");
    EXPECT_NEAR(1.0 / e->a, 500.0, 25.0);
    const auto g = fit_parametric_law(histogram_of(gamma));
    ASSERT_TRUE(g);
    EXPECT_EQ(g->family, "gamma");
    EXPECT_NEAR(g->a, 4.0, 0.3);
    EXPECT_NEAR(g->a * g->b, 400.0, 10.0);
    const auto l = fit_parametric_law(histogram_of(lognormal));
    ASSERT_TRUE(l);
    EXPECT_EQ(l->family, "lognormal");
    EXPECT_NEAR(l->a, 6.0, 0.05);
    EXPECT_NEAR(l->b, 0.8, 0.05);
}

TEST(Simulation, ParametricOccupanciesKeepTheStatesMeans)
{
    const ModelDocument doc = fitted(test::three_state_trace(20000, 6));
    const Simulation sim = simulate_chain(doc, {100000, 3, OccupancyLaw::parametric});
    std::map<std::string, double> total, visits;
    for (std::size_t i = 0; i < sim.ses.size(); ++i) {
        total[sim.ses.name(i)] += static_cast<double>(sim.ses.occupancy(i));
        visits[sim.ses.name(i)] += 1;
    }
    for (const ChainState& s : doc.model.states)
        if (s.kind != SymbolKind::other && s.name != "C") { // C is constant: no law fits
            EXPECT_NEAR(total[s.name] / visits[s.name], s.mean, 0.05 * s.mean) << s.name;
        }
    EXPECT_DOUBLE_EQ(total["C"] / visits["C"], 7.0);
}

} // namespace
} // namespace chitra
