// chitra-cli ensemble fit, ensemble predict and compare end to end (docs/ensembles.md).
#include "cli_test_util.hpp"
#include "ensemble_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

namespace {
using chitra::cli_test::run_cli;
using chitra::cli_test::TempDir;
using chitra::ensemble_test::cycle_pes;
using nlohmann::json;

// Runs of the cycle at p = 1, 2, 5, 10, 20 with A's mean 1000 + 800 ln p, the parameter
// in the header (`header`) or only in the file name.
std::vector<std::string> log_law_runs(const TempDir& dir, bool header)
{
    std::mt19937_64 rng(11);
    std::vector<std::string> files;
    for (int p : {1, 2, 5, 10, 20}) {
        const std::string param = header ? "# param: p=" + std::to_string(p) + " mode=spin\n" : "";
        files.push_back(
            dir.file("run-p" + std::to_string(p) + ".pes", cycle_pes(rng, 1000 + 800 * std::log(p), 2000, param)));
    }
    return files;
}

const json& best(const json& doc, const std::string& state, const std::string& quantity)
{
    for (const json& f : doc["formulas"])
        if (f["state"] == state && f["quantity"] == quantity && f["best"] == true)
            return f;
    throw std::runtime_error("no best formula");
}

TEST(EnsembleCli, FitWritesMembersGroupsAndFormulas)
{
    TempDir dir;
    std::vector<std::string> args{"ensemble", "fit"};
    for (const std::string& f : log_law_runs(dir, true))
        args.push_back(f);
    args.push_back("-o");
    args.push_back(dir / "ensemble.json");
    const auto run = run_cli(args, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json doc = json::parse(chitra::cli_test::slurp(dir / "ensemble.json"));
    ASSERT_EQ(doc["members"].size(), 5u);
    EXPECT_EQ(doc["members"][0]["params"], json({{"mode", "spin"}, {"p", 1}}));
    EXPECT_EQ(doc["members"][0]["model"]["format"], "chitra-model");
    ASSERT_EQ(doc["groups"].size(), 5u);
    EXPECT_EQ(doc["groups"][2]["members"], json::array({dir / "run-p5.pes"}));
    const json& f = best(doc, "A", "mean");
    EXPECT_EQ(f["form"], "log");
    EXPECT_EQ(f["parameter"], "p");
    EXPECT_EQ(f["given"], json({{"mode", "spin"}}));
    EXPECT_NEAR(f["a"].get<double>(), 1000, 30);
    EXPECT_NEAR(f["b"].get<double>(), 800, 24);
    for (const json& g : doc["formulas"])
        for (const char* key : {"state", "quantity", "parameter", "given", "form", "a", "b", "r2", "best"})
            EXPECT_TRUE(g.contains(key)) << key;

    // Predict at an unmeasured value: the formula's value.
    const auto predicted =
        run_cli({"ensemble", "predict", dir / "ensemble.json", "--param", "p=7", "--param", "mode=spin"}, dir.path);
    ASSERT_EQ(predicted.status, 0) << predicted.err;
    const json model = json::parse(predicted.out);
    EXPECT_EQ(model["format"], "chitra-model");
    const double a = f["a"].get<double>(), b = f["b"].get<double>();
    EXPECT_NEAR(model["states"][0]["mean"].get<double>(), a + b * std::log(7.0), 1e-6);
    EXPECT_TRUE(model["states"][0]["total"].is_null());
    EXPECT_FALSE(model["transitions"].empty());
}

TEST(EnsembleCli, ParametersFromFileNamesAndBy)
{
    TempDir dir;
    std::vector<std::string> args{"ensemble", "fit", "--param", "p=-p([0-9]+)", "--by", "p"};
    for (const std::string& f : log_law_runs(dir, false))
        args.push_back(f);
    const auto run = run_cli(args, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["members"][3]["params"], json({{"p", 10}}));
    EXPECT_EQ(best(doc, "A", "mean")["form"], "log");
    EXPECT_EQ(best(doc, "A", "mean")["given"], json::object());
}

TEST(EnsembleCli, BadInputExitsThree)
{
    TempDir dir;
    const auto files = log_law_runs(dir, true);
    const std::string bad_param = dir.file("bad.pes", "# param: N\n0 A\n5 B\n");
    EXPECT_EQ(run_cli({"ensemble", "fit", files[0], bad_param}, dir.path).status, 3);
    const auto unmatched = run_cli({"ensemble", "fit", "--param", "q=-q([0-9]+)", files[0]}, dir.path);
    EXPECT_EQ(unmatched.status, 3);
    EXPECT_NE(unmatched.err.find("does not match"), std::string::npos) << unmatched.err;
    EXPECT_EQ(run_cli({"ensemble", "fit", "--by", "nope", files[0], files[1], files[2]}, dir.path).status, 3);
    EXPECT_EQ(run_cli({"ensemble", "fit", dir / "missing.pes"}, dir.path).status, 3);
    const std::string not_ensemble = dir.file("model.json", "{\"format\": \"chitra-model\"}");
    EXPECT_EQ(run_cli({"ensemble", "predict", not_ensemble, "--param", "p=3"}, dir.path).status, 3);
    EXPECT_EQ(run_cli({"ensemble", "predict", dir.file("x.json", "{"), "--param", "p=3"}, dir.path).status, 3);
    EXPECT_EQ(run_cli({"ensemble", "predict", not_ensemble}, dir.path).status, 2); // --param is required
    EXPECT_EQ(run_cli(std::string("ensemble"), dir.path).status, 2);
}

TEST(EnsembleCli, PhilosophersTracesCarryTheirParameters)
{
    TempDir dir;
    std::vector<std::string> args{"ensemble", "fit"};
    for (const char* x : {"20", "40"}) {
        const std::string trace = dir / (std::string("phil-x") + x + ".pes");
        const std::string command = chitra::cli_test::quote(CHITRA_PHILOSOPHERS_PATH) + " -n 2 -x " + x +
                                    " -m 3 -q -o " + chitra::cli_test::quote(trace);
        ASSERT_EQ(std::system(command.c_str()), 0);
        args.push_back(trace);
    }
    const auto run = run_cli(args, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["members"][0]["params"], json({{"N", 2}, {"x", 20}}));
    EXPECT_EQ(doc["members"][1]["params"], json({{"N", 2}, {"x", 40}}));
    EXPECT_EQ(doc["groups"].size(), 2u);
    EXPECT_TRUE(doc["formulas"].empty()); // two values of x
}

TEST(EnsembleCli, ParametersSurviveConversionToCtrace)
{
    TempDir dir;
    const std::string pes = dir.file("run.pes", "# param: N=4\n# param: x=1000 mode=spin\n0 A\n5 B\n9 A\n");
    ASSERT_EQ(run_cli({"convert", pes, "-o", dir / "run.ctrace"}, dir.path).status, 0);
    const auto run = run_cli({"ensemble", "fit", dir / "run.ctrace"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(json::parse(run.out)["members"][0]["params"], json({{"N", 4}, {"mode", "spin"}, {"x", 1000}}));
}

TEST(CompareCli, JsonListsPresenceAndDifferences)
{
    TempDir dir;
    const std::string a = dir.file("a.pes", "# timebase: us\n0 A\n100 B\n150 A\n250 B\n300 A\n400 B\n450 A\n");
    const std::string b = dir.file("b.pes", "# timebase: us\n0 A\n100 C\n110 B\n160 A\n260 C\n270 B\n320 A\n");
    const auto run = run_cli({"compare", a, b, "--json"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["runs"], json({a, b}));
    ASSERT_EQ(doc["states"].size(), 3u);
    EXPECT_EQ(doc["states"][2]["name"], "C");
    EXPECT_EQ(doc["states"][2]["present"], json({false, true}));
    EXPECT_EQ(doc["states"][0]["present"], json({true, true}));
    bool removed_ab = false, added_ac = false;
    for (const json& t : doc["transitions"]) {
        removed_ab = removed_ab || (t["from"] == "A" && t["to"] == "B" && t["present"] == json({true, false}));
        added_ac = added_ac || (t["from"] == "A" && t["to"] == "C" && t["present"] == json({false, true}));
    }
    EXPECT_TRUE(removed_ab);
    EXPECT_TRUE(added_ac);
    bool c_share = false;
    for (const json& d : doc["differences"]) {
        EXPECT_TRUE(d["kind"] == "state" || d["kind"] == "transition");
        if (d["kind"] == "state" && d["name"] == "C" && d["statistic"] == "share")
            c_share = true;
        // A's and B's means are equal in both runs: never listed.
        if (d["kind"] == "state") {
            EXPECT_NE(d["statistic"], "mean") << d.dump();
        }
    }
    EXPECT_TRUE(c_share);

    // Thresholds above every spread leave nothing listed; the table names the runs.
    const auto quiet = run_cli({"compare", a, b, "--json", "--abs", "1000"}, dir.path);
    EXPECT_TRUE(json::parse(quiet.out)["differences"].empty());
    const auto table = run_cli({"compare", a, b}, dir.path);
    ASSERT_EQ(table.status, 0);
    EXPECT_NE(table.out.find("absent"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("differences:"), std::string::npos);
}

TEST(CompareCli, BadInputExitsThreeAndUsageTwo)
{
    TempDir dir;
    const std::string a = dir.file("a.pes", "0 A\n5 B\n");
    const std::string bad = dir.file("bad.pes", "0 A\nx B\n");
    const auto run = run_cli({"compare", a, bad}, dir.path);
    EXPECT_EQ(run.status, 3);
    EXPECT_NE(run.err.find("bad.pes:2"), std::string::npos) << run.err;
    EXPECT_EQ(run_cli({"compare", a}, dir.path).status, 2);
    EXPECT_EQ(
        run_cli({"compare", a, a, "--pipeline", dir.file("p.json", "{\"pipeline\": [{\"op\": \"nope\"}]}")}, dir.path)
            .status,
        3);
}

} // namespace
