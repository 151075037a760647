// Validation of a chain against a trace: a model's own trajectories pass, a wrong
// model fails, and each test catches what it is meant to catch.
#include "chitra/chain/model_json.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/simulation/simulation.hpp"
#include "chitra/validation/validation.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

namespace chitra {
namespace {

ModelDocument fitted(const Ses& ses)
{
    return model_from_json(model_to_json(fit_chain(ses, TimeBase::us)), "model.json");
}

TEST(KolmogorovP, MatchesTheAsymptoticQuantiles)
{
    const std::uint64_t n = 1000000;
    EXPECT_NEAR(kolmogorov_p(1.358 / std::sqrt(double(n)), n), 0.05, 0.002);
    EXPECT_NEAR(kolmogorov_p(1.628 / std::sqrt(double(n)), n), 0.01, 0.0005);
    EXPECT_DOUBLE_EQ(kolmogorov_p(0.0, n), 1.0);
    EXPECT_LT(kolmogorov_p(0.5, 100), 1e-9);
    EXPECT_GT(kolmogorov_p(0.1, 10), kolmogorov_p(0.1, 1000));
}

TEST(Validation, AModelsOwnTrajectoriesPassAtLeast99TimesIn100)
{
    const ModelDocument model = fitted(test::three_state_trace(5000, 1));
    int passed = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        const Simulation sim = simulate_chain(model, {3000, seed, OccupancyLaw::empirical});
        const Validation v = validate_model(sim.ses, model);
        passed += v.pass ? 1 : 0;
        EXPECT_TRUE(v.unknown.empty());
        EXPECT_TRUE(v.transitions.unexpected.empty());
    }
    EXPECT_GE(passed, 99);
}

TEST(Validation, AModelFittedToItsOwnSimulatedTrajectoryPasses)
{
    const ModelDocument model = fitted(test::three_state_trace(5000, 2));
    const Simulation sim = simulate_chain(model, {20000, 5, OccupancyLaw::empirical});
    const Validation v = validate_model(sim.ses, fitted(sim.ses));
    EXPECT_TRUE(v.pass) << validation_to_json(v);
    ASSERT_EQ(v.states.size(), 3u);
    EXPECT_EQ(v.periodogram.trajectories, 20u);
    EXPECT_EQ(v.periodogram.trace.size(), 64u);
}

TEST(Validation, AModelWithATransitionRemovedFails)
{
    const Ses trace = test::three_state_trace(5000, 3);
    ModelDocument model = fitted(trace);
    const std::size_t a = model.model.find("A"), c = model.model.find("C");
    std::erase_if(model.model.transitions, [&](const ChainTransition& t) { return t.from == a && t.to == c; });
    const Validation v = validate_model(trace, model);
    EXPECT_FALSE(v.pass);
    ASSERT_EQ(v.transitions.unexpected.size(), 1u);
    EXPECT_EQ(v.transitions.unexpected[0].from, "A");
    EXPECT_EQ(v.transitions.unexpected[0].to, "C");
    EXPECT_EQ(v.transitions.p, 0.0);
    ASSERT_FALSE(v.worst.empty());
    EXPECT_EQ(v.worst[0].test, "transitions");
    EXPECT_TRUE(v.worst[0].rejected);
}

TEST(Validation, AnotherRunsModelFailsOnTheStateThatDiffers)
{
    const Ses trace = test::three_state_trace(5000, 4, 200);
    const ModelDocument other_run = fitted(test::three_state_trace(5000, 5, 260)); // B stays 60 units longer
    const Validation v = validate_model(trace, other_run);
    EXPECT_FALSE(v.pass);
    ASSERT_FALSE(v.worst.empty());
    EXPECT_EQ(v.worst[0].test, "state");
    EXPECT_EQ(v.worst[0].name, "B");
    for (const StateFit& s : v.states)
        if (s.name != "B") {
            EXPECT_GT(s.p, 0.01) << s.name;
        }
}

TEST(Validation, StatesTheModelLacksFailIt)
{
    const ModelDocument model = fitted(test::three_state_trace(2000, 6));
    const Ses trace = test::make_ses({"A", "B", "A", "X", "A", "C"}, {0, 5, 300, 305, 320, 325, 332});
    const Validation v = validate_model(trace, model);
    EXPECT_FALSE(v.pass);
    ASSERT_EQ(v.unknown.size(), 1u);
    EXPECT_EQ(v.unknown[0].first, "X");
    EXPECT_EQ(v.worst[0].test, "unknown state");
    EXPECT_EQ(v.worst[0].name, "X");
}

TEST(Validation, ThePeriodogramCatchesStructureAFirstOrderChainLacks)
{
    // Blocks of 25 (A B) then 25 (A C): every transition count and occupancy is what the
    // fitted chain says, but the chain draws B or C afresh each time.
    std::vector<std::string> names;
    std::vector<Time> bounds{0};
    for (int block = 0; block < 40; ++block)
        for (int k = 0; k < 25; ++k)
            for (const char* s : {"A", block % 2 ? "C" : "B"}) {
                names.push_back(s);
                bounds.push_back(bounds.back() + 5);
            }
    const Ses trace = test::make_ses(names, bounds);
    const Validation v = validate_model(trace, fitted(trace));
    EXPECT_FALSE(v.pass);
    EXPECT_GT(v.transitions.p, 0.01);
    for (const StateFit& s : v.states)
        EXPECT_GT(s.p, 0.01) << s.name;
    ASSERT_FALSE(v.worst.empty());
    EXPECT_EQ(v.worst[0].test, "periodogram");
    EXPECT_EQ(v.periodogram.p, 0.0);
}

TEST(Validation, TheReportIsTheDocumentedJson)
{
    const Ses trace = test::three_state_trace(1000, 7);
    const auto j = nlohmann::json::parse(validation_to_json(validate_model(trace, fitted(trace))));
    EXPECT_TRUE(j.at("pass").is_boolean());
    EXPECT_TRUE(j.at("states").at(0).contains("ks"));
    EXPECT_TRUE(j.at("states").at(0).contains("p"));
    for (const char* key : {"chi2", "dof", "p"})
        EXPECT_TRUE(j.at("transitions").contains(key)) << key;
    for (const char* key : {"distance", "p"})
        EXPECT_TRUE(j.at("periodogram").contains(key)) << key;
    EXPECT_TRUE(j.at("worst").is_array());
}

TEST(Validation, TheSameSeedGivesTheSameReport)
{
    const Ses trace = test::three_state_trace(1000, 8);
    const ModelDocument model = fitted(trace);
    ValidationOptions options;
    options.seed = 9;
    EXPECT_EQ(validation_to_json(validate_model(trace, model, options)),
              validation_to_json(validate_model(trace, model, options)));
}

} // namespace
} // namespace chitra
