// Ensembles: run parameters, groups merged exactly, formulas recovered from simulated
// runs, predictions and comparisons (interfaces.md "Ensembles, models across parameters").
#include "ensemble_test_util.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/chain/chain_stats.hpp"
#include "chitra/ensemble/compare.hpp"
#include "chitra/ensemble/ensemble.hpp"
#include "chitra/ensemble/run_params.hpp"
#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <functional>
#include <random>
#include <set>

#include <unistd.h>

namespace chitra {
namespace {

using ensemble_test::cycle_pes;
using nlohmann::json;

EnsembleMember member_of(const std::string& text, const std::string& file)
{
    const Trace trace = read_pes_text(text, file);
    EnsembleMember m;
    m.file = file;
    m.params = params_from_header(trace.header, file);
    m.stats = collect_stats(base_ses(trace), trace.header.timebase);
    m.model = model_from_stats(m.stats);
    return m;
}

// Runs at each p whose A occupancy follows `law`.
std::vector<EnsembleMember> runs_following(const std::function<double(double)>& law, const std::vector<double>& ps,
                                           std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<EnsembleMember> members;
    for (double p : ps) {
        std::string value = std::to_string(p);
        value.erase(value.find_last_not_of('0') + 1);
        if (value.back() == '.')
            value.pop_back();
        members.push_back(member_of(cycle_pes(rng, law(p), 3000, "# param: p=" + value + "\n"), "run-p" + value));
    }
    return members;
}

const Formula& best_formula(const Ensemble& e, const std::string& state, const std::string& quantity)
{
    for (const Formula& f : e.formulas)
        if (f.state == state && f.quantity == quantity && f.best)
            return f;
    throw std::runtime_error("no best formula for " + state + " " + quantity);
}

TEST(RunParams, RepeatedParamLinesAreAllKept)
{
    const Trace trace = read_pes_text("# param: N=4 x=1000\n# host: n7\n# param: mode=spin\n0 A\n5 B\n", "t.pes");
    const RunParams params = params_from_header(trace.header, "t.pes");
    EXPECT_EQ(params, (RunParams{{"N", "4"}, {"mode", "spin"}, {"x", "1000"}}));
    EXPECT_EQ(numeric_value(params.at("N")), 4.0);
    EXPECT_FALSE(numeric_value(params.at("mode")));
}

TEST(RunParams, SurviveTheBinaryTraceFormat)
{
    const Trace trace = read_pes_text("# param: N=4\n# param: x=1e3 mode=spin\n0 A\n5 B\n", "t.pes");
    const auto path =
        std::filesystem::temp_directory_path() / ("chitra-ensemble-params-" + std::to_string(::getpid()) + ".ctrace");
    write_binary_file(trace, path.string());
    const Trace back = read_binary_file(path.string());
    std::filesystem::remove(path);
    EXPECT_EQ(params_from_header(back.header, "t.ctrace"), (RunParams{{"N", "4"}, {"mode", "spin"}, {"x", "1e3"}}));
}

TEST(RunParams, MalformedParamLinesAreInputErrors)
{
    for (const char* line : {"# param: N\n", "# param: =4\n", "# param: N=\n", "# param:\n"}) {
        const Trace trace = read_pes_text(std::string(line) + "0 A\n", "bad.pes");
        EXPECT_THROW(params_from_header(trace.header, "bad.pes"), InputError) << line;
    }
}

TEST(RunParams, FromFileNames)
{
    RunParams params;
    add_file_name_params(params, "/runs/phil-n3-x1000.pes",
                         {parse_file_name_param("N=-n([0-9]+)"), parse_file_name_param("x=-x([0-9]+)")});
    EXPECT_EQ(params, (RunParams{{"N", "3"}, {"x", "1000"}}));
    EXPECT_THROW(add_file_name_params(params, "/runs/other.pes", {parse_file_name_param("N=-n([0-9]+)")}), InputError);
    EXPECT_THROW(parse_file_name_param("N=-n[0-9]+"), InputError);  // no group
    EXPECT_THROW(parse_file_name_param("N=-n([0-9]+"), InputError); // bad regex
    EXPECT_THROW(parse_file_name_param("N"), InputError);
}

TEST(FormulaFit, ExactDataGivesExactCoefficients)
{
    const std::vector<double> p{1, 2, 3, 5, 8};
    std::vector<double> linear, power, log;
    for (double x : p) {
        linear.push_back(3 + 2 * x);
        power.push_back(4 * std::pow(x, 1.5));
        log.push_back(7 + 3 * std::log(x));
    }
    auto lin = fit_form(FormulaForm::linear, p, linear);
    ASSERT_TRUE(lin);
    EXPECT_NEAR(lin->a, 3, 1e-9);
    EXPECT_NEAR(lin->b, 2, 1e-9);
    EXPECT_NEAR(lin->r2, 1, 1e-12);
    auto pow = fit_form(FormulaForm::power, p, power);
    ASSERT_TRUE(pow);
    EXPECT_NEAR(pow->a, 4, 1e-9);
    EXPECT_NEAR(pow->b, 1.5, 1e-9);
    auto lg = fit_form(FormulaForm::log, p, log);
    ASSERT_TRUE(lg);
    EXPECT_NEAR(lg->a, 7, 1e-9);
    EXPECT_NEAR(lg->b, 3, 1e-9);
    EXPECT_LT(fit_form(FormulaForm::linear, p, power)->r2, 1 - 1e-4);
}

TEST(FormulaFit, FormsTheDataCannotTakeAreLeftOut)
{
    EXPECT_FALSE(fit_form(FormulaForm::power, {0, 1, 2}, {1, 2, 3}));
    EXPECT_FALSE(fit_form(FormulaForm::log, {-1, 1, 2}, {1, 2, 3}));
    EXPECT_FALSE(fit_form(FormulaForm::power, {1, 2, 3}, {0, 2, 3}));
    EXPECT_TRUE(fit_form(FormulaForm::log, {1, 2, 3}, {0, 2, 3}));
    EXPECT_TRUE(fit_form(FormulaForm::linear, {-1, 0, 2}, {-1, 2, 3}));
}

struct Law {
    const char* name;
    FormulaForm form;
    double a, b;
};

class RecoversLaw : public ::testing::TestWithParam<Law> {};

TEST_P(RecoversLaw, BestFormAndCoefficients)
{
    const Law law = GetParam();
    const std::vector<double> ps{1, 2, 5, 10, 20, 50};
    const auto truth = [&](double p) { return evaluate(law.form, law.a, law.b, p); };
    const Ensemble e = build_ensemble(runs_following(truth, ps, 17), std::nullopt);
    ASSERT_EQ(e.groups.size(), ps.size());
    const Formula& f = best_formula(e, "A", "mean");
    EXPECT_EQ(f.fit.form, law.form);
    EXPECT_EQ(f.parameter, "p");
    EXPECT_TRUE(f.given.empty());
    EXPECT_NEAR(f.fit.a, law.a, 0.03 * std::abs(law.a));
    EXPECT_NEAR(f.fit.b, law.b, 0.03 * std::abs(law.b));
    EXPECT_GT(f.fit.r2, 0.999);
    // One best per (state, quantity); B's and C's means are formulas too.
    int best = 0;
    for (const Formula& g : e.formulas)
        best += g.best;
    EXPECT_EQ(best, 6);

    // Prediction at a value never measured is the best formula's value.
    const std::string doc = ensemble_to_json(e);
    const json predicted = json::parse(predict_model_json(doc, "e.json", {{"p", "7"}}));
    const json* a = nullptr;
    for (const json& s : predicted["states"])
        if (s["name"] == "A")
            a = &s;
    ASSERT_NE(a, nullptr);
    EXPECT_NEAR((*a)["mean"].get<double>(), evaluate(f.fit.form, f.fit.a, f.fit.b, 7), 1e-9 * truth(7));
    EXPECT_NEAR((*a)["mean"].get<double>(), truth(7), 0.02 * truth(7));
    EXPECT_TRUE((*a)["count"].is_null());
    EXPECT_TRUE((*a)["variance"].is_null());
    EXPECT_EQ(predicted["format"], "chitra-model");
    if (law.form != FormulaForm::linear) { // ln p or p^b: not at p <= 0
        EXPECT_THROW(predict_model_json(doc, "e.json", {{"p", "0"}}), InputError);
    }
    EXPECT_EQ(predicted["transitions"].size(), 4u); // A->B, B->C, C->A and C's end
}

INSTANTIATE_TEST_SUITE_P(Laws, RecoversLaw,
                         ::testing::Values(Law{"linear", FormulaForm::linear, 2000, 300},
                                           Law{"power", FormulaForm::power, 500, 0.7},
                                           Law{"log", FormulaForm::log, 1000, 800}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Ensemble, GroupsMergeEqualParametersExactly)
{
    std::mt19937_64 rng(5);
    const std::string a = cycle_pes(rng, 1000, 50, "# param: p=1\n");
    const std::string b = cycle_pes(rng, 1200, 70, "# param: p=1\n");
    std::vector<EnsembleMember> members{member_of(a, "a"), member_of(b, "b"),
                                        member_of(cycle_pes(rng, 900, 10, "# param: p=2\n"), "c")};
    const Ensemble e = build_ensemble(members, std::nullopt);
    ASSERT_EQ(e.groups.size(), 2u);
    EXPECT_EQ(e.groups[0].members, (std::vector<std::size_t>{0, 1}));
    const SemiMarkovModel& merged = e.groups[0].model;
    const std::size_t ia = merged.find("A");
    EXPECT_EQ(merged.states[ia].count, e.members[0].model.states[ia].count + e.members[1].model.states[ia].count);
    EXPECT_EQ(merged.states[ia].total, e.members[0].model.states[ia].total + e.members[1].model.states[ia].total);
    EXPECT_TRUE(e.formulas.empty()); // two values of p
}

TEST(Ensemble, SeveralParametersFitWithinGroupsNamedInGiven)
{
    std::mt19937_64 rng(9);
    std::vector<EnsembleMember> members;
    for (int n : {2, 3})
        for (int x : {1, 2, 4, 8})
            members.push_back(member_of(cycle_pes(rng, 100.0 * n + 50.0 * x, 2000,
                                                  "# param: N=" + std::to_string(n) + " x=" + std::to_string(x) + "\n"),
                                        "r"));
    const Ensemble e = build_ensemble(members, std::nullopt);
    // N has two values: no formula against it; x has four, within N=2 and within N=3.
    std::set<std::string> givens;
    for (const Formula& f : e.formulas) {
        EXPECT_EQ(f.parameter, "x");
        ASSERT_EQ(f.given.size(), 1u);
        givens.insert(f.given.at("N"));
        if (f.state == "A" && f.quantity == "mean" && f.best) {
            EXPECT_EQ(f.fit.form, FormulaForm::linear);
            EXPECT_NEAR(f.fit.b, 50, 2);
            EXPECT_NEAR(f.fit.a, 100.0 * std::stoi(f.given.at("N")), 10);
        }
    }
    EXPECT_EQ(givens, (std::set<std::string>{"2", "3"}));

    // Predict picks the formula whose `given` agrees with the point.
    const json predicted = json::parse(predict_model_json(ensemble_to_json(e), "e", {{"N", "3"}, {"x", "6"}}));
    EXPECT_NEAR(predicted["states"][0]["mean"].get<double>(), 600, 12);

    EXPECT_THROW(build_ensemble(members, std::string("N")), InputError); // two values
    EXPECT_THROW(build_ensemble(members, std::string("q")), InputError); // no such parameter
    EXPECT_EQ(build_ensemble(members, std::string("x")).formulas.size(), e.formulas.size());
}

TEST(Ensemble, FormsTheParameterCannotTakeAreLeftOut)
{
    // p = 0 is measured: neither power nor log can be fitted, linear is the best.
    const Ensemble e =
        build_ensemble(runs_following([](double p) { return 100 + 10 * p; }, {0, 1, 2, 3}, 8), std::nullopt);
    ASSERT_FALSE(e.formulas.empty());
    for (const Formula& f : e.formulas) {
        EXPECT_EQ(f.fit.form, FormulaForm::linear) << f.state << " " << f.quantity;
        EXPECT_TRUE(f.best);
    }
    const json doc = json::parse(ensemble_to_json(e));
    for (const json& f : doc["formulas"])
        for (const char* key : {"state", "quantity", "parameter", "given", "form", "a", "b", "r2", "best"})
            EXPECT_TRUE(f.contains(key)) << key;
}

TEST(Ensemble, PredictRejectsBadInput)
{
    const Ensemble e = build_ensemble(runs_following([](double p) { return 100 + p; }, {1, 2, 3}, 3), std::nullopt);
    const std::string doc = ensemble_to_json(e);
    EXPECT_THROW(predict_model_json("{", "e", {{"p", "4"}}), InputError);
    EXPECT_THROW(predict_model_json("{\"format\": \"chitra-model\"}", "e", {{"p", "4"}}), InputError);
    EXPECT_THROW(predict_model_json(doc, "e", {{"q", "4"}}), InputError);
    EXPECT_THROW(predict_model_json(doc, "e", {{"p", "four"}}), InputError);
    EXPECT_NO_THROW(predict_model_json(doc, "e", {{"p", "4"}}));
}

SemiMarkovModel fit_text(const std::string& text)
{
    const Trace trace = read_pes_text(text, "t");
    return fit_chain(base_ses(trace), trace.header.timebase);
}

TEST(Compare, FindsExactlyTheStatesAndTransitionsAddedOrRemoved)
{
    std::mt19937_64 rng(2);
    const std::string base = cycle_pes(rng, 1000, 200, "");
    // The same cycle with D between A and B.
    std::string with_d = "# timebase: us\n";
    std::int64_t t = 0;
    for (int v = 0; v < 200; ++v)
        for (const char* s : {"A", "D", "B", "C"}) {
            with_d += std::to_string(t) + " " + s + "\n";
            t += s[0] == 'A' ? 1000 : s[0] == 'D' ? 50 : s[0] == 'B' ? 500 : 300;
        }
    const Comparison c = compare_models({"base", "with-d"}, {fit_text(base), fit_text(with_d)}, {0.0, 0.1});
    ASSERT_EQ(c.states.size(), 4u);
    for (const ComparedState& s : c.states)
        EXPECT_EQ(s.present, (std::vector<bool>{s.name != "D", true})) << s.name;
    std::set<std::pair<std::string, std::string>> added, removed;
    for (const ComparedTransition& tr : c.transitions) {
        if (!tr.present[0])
            added.insert({tr.from, tr.to});
        if (!tr.present[1])
            removed.insert({tr.from, tr.to});
    }
    EXPECT_EQ(added, (std::set<std::pair<std::string, std::string>>{{"A", "D"}, {"D", "B"}}));
    EXPECT_EQ(removed, (std::set<std::pair<std::string, std::string>>{{"A", "B"}}));
    // D's share (absent = 0) and the changed probabilities are listed; A's mean is not.
    bool d_share = false, a_mean = false;
    for (const Difference& d : c.differences) {
        d_share = d_share || (!d.transition && d.name == "D" && d.statistic == "share");
        a_mean = a_mean || (!d.transition && d.name == "A" && d.statistic == "mean");
        EXPECT_GT(d.rel, 0.1);
    }
    EXPECT_TRUE(d_share);
    EXPECT_FALSE(a_mean);
    const json doc = json::parse(comparison_to_json(c));
    EXPECT_EQ(doc["runs"], json({"base", "with-d"}));
    EXPECT_EQ(doc["states"][3]["name"], "D");
    EXPECT_TRUE(doc["states"][3]["mean"][0].is_null());
}

TEST(Compare, ThresholdsDecideWhatIsListed)
{
    std::mt19937_64 rng(4);
    const SemiMarkovModel a = fit_text(cycle_pes(rng, 1000, 100, ""));
    const SemiMarkovModel b = fit_text(cycle_pes(rng, 1500, 100, ""));
    auto listed = [&](CompareThresholds th) {
        for (const Difference& d : compare_models({"a", "b"}, {a, b}, th).differences)
            if (!d.transition && d.name == "A" && d.statistic == "mean")
                return true;
        return false;
    };
    EXPECT_TRUE(listed({0.0, 0.1}));
    EXPECT_FALSE(listed({0.0, 0.5}));    // about a third of the largest
    EXPECT_FALSE(listed({1000.0, 0.0})); // about 500 apart
    EXPECT_TRUE(listed({100.0, 0.2}));
}

} // namespace
} // namespace chitra
