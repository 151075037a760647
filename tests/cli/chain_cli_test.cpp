// chitra-cli fit end to end (interfaces.md): formats, pipeline, empty model, exit statuses.
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <fstream>
#include <unistd.h>

namespace {
namespace fs = std::filesystem;
using chitra::cli_test::CliRun;
using chitra::cli_test::slurp;
using nlohmann::json;

class FitCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir = fs::temp_directory_path() / ("chitra_cli_fit_" + std::to_string(::getpid()));
        fs::create_directories(dir);
        // LOCK WORK UNLOCK IDLE LOCK WORK UNLOCK; occupancies 10 20 5 25 5 25 10.
        write("run.pes", "# chitra-pes 1\n# timebase: us\n# end: 100\n"
                         "0 LOCK\n10 WORK\n30 UNLOCK\n35 IDLE\n60 LOCK\n65 WORK\n90 UNLOCK\n");
    }
    void TearDown() override { fs::remove_all(dir); }
    void write(const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; }
    CliRun run(const std::string& args) { return chitra::cli_test::run_cli("fit " + args, dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    fs::path dir;
};

TEST_F(FitCli, JsonModel)
{
    const auto r = run(path("run.pes"));
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["format"], "chitra-model");
    EXPECT_EQ(j["timebase"], "us");
    ASSERT_EQ(j["states"].size(), 5u); // LOCK WORK UNLOCK IDLE OTHER
    EXPECT_EQ(j["states"][0]["name"], "LOCK");
    EXPECT_EQ(j["states"][0]["count"], 2);
    EXPECT_EQ(j["states"][0]["total"], 15);
    EXPECT_EQ(j["states"][1]["mean"].get<double>(), 22.5);
    EXPECT_EQ(j["states"][4]["name"], "OTHER");
    // UNLOCK -> IDLE once, UNLOCK -> OTHER once.
    bool found = false;
    for (const auto& t : j["transitions"])
        if (t["from"] == "UNLOCK" && t["to"] == "IDLE") {
            found = true;
            EXPECT_EQ(t["probability"].get<double>(), 0.5);
        }
    EXPECT_TRUE(found);
    EXPECT_TRUE(j["steady_state"].is_object());
}

TEST_F(FitCli, PipelineAddsCompositeWithDefinition)
{
    write("p.json", R"({"pipeline": [{"op": "aggregate", "pattern": ["LOCK", "WORK", "UNLOCK"], "as": "CS"}]})");
    const auto r = run(path("run.pes") + " --pipeline " + path("p.json"));
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["states"].size(), 3u); // CS IDLE OTHER
    EXPECT_EQ(j["states"][0]["name"], "CS");
    EXPECT_EQ(j["states"][0]["kind"], "sequence");
    EXPECT_EQ(j["states"][0]["count"], 2);
    EXPECT_EQ(j["states"][0]["total"], 75);
    EXPECT_EQ(j["states"][0]["definition"], json({{"pattern", {"LOCK", "WORK", "UNLOCK"}}}));
    EXPECT_EQ(j["states"][0]["expanded"], json({{"pattern", {"LOCK", "WORK", "UNLOCK"}}}));
}

TEST_F(FitCli, PipelineWarningAndStrict)
{
    write("p.json", R"({"pipeline": [{"op": "project", "states": ["NOPE"], "as": "X"}]})");
    const auto loose = run(path("run.pes") + " --pipeline " + path("p.json"));
    EXPECT_EQ(loose.status, 0) << loose.err;
    EXPECT_NE(loose.err.find("warning"), std::string::npos);
    const auto strict = run(path("run.pes") + " --pipeline " + path("p.json") + " --strict");
    EXPECT_EQ(strict.status, 3);
    EXPECT_NE(strict.err.find("step 1"), std::string::npos) << strict.err;
}

TEST_F(FitCli, BadPipelineIsExit3)
{
    write("p.json", R"({"pipeline": [{"op": "frobnicate"}]})");
    const auto r = run(path("run.pes") + " --pipeline " + path("p.json"));
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("step 1"), std::string::npos) << r.err;
}

TEST_F(FitCli, OneRecordTraceGivesEmptyModel)
{
    write("one.pes", "# chitra-pes 1\n# timebase: us\n5 A\n");
    const auto r = run(path("one.pes"));
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_TRUE(j["states"].empty());
    EXPECT_TRUE(j["transitions"].empty());
    EXPECT_TRUE(j["steady_state"].is_null());
    for (const char* f : {"dot", "csv", "transitions-csv"})
        EXPECT_EQ(run(path("one.pes") + " --format " + f).status, 0) << f;
}

TEST_F(FitCli, OtherFormats)
{
    const auto dot = run(path("run.pes") + " --format dot");
    ASSERT_EQ(dot.status, 0);
    EXPECT_NE(dot.out.find("\"UNLOCK\" -> \"IDLE\" [label=\"0.5\"]"), std::string::npos) << dot.out;
    const auto csv = run(path("run.pes") + " --format csv");
    ASSERT_EQ(csv.status, 0);
    EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "from,LOCK,WORK,UNLOCK,IDLE,OTHER");
    const auto obs = run(path("run.pes") + " --format transitions-csv -o " + path("obs.csv"));
    ASSERT_EQ(obs.status, 0);
    EXPECT_EQ(slurp(dir / "obs.csv"), "id,from,to,sojourn\n1,LOCK,WORK,10\n1,WORK,UNLOCK,20\n1,UNLOCK,IDLE,5\n"
                                      "1,IDLE,LOCK,25\n1,LOCK,WORK,5\n1,WORK,UNLOCK,25\n1,UNLOCK,OTHER,10\n");
}

TEST_F(FitCli, PrismNeedsOutputBase)
{
    EXPECT_EQ(run(path("run.pes") + " --format prism").status, 2);
    const auto r = run(path("run.pes") + " --format prism -o " + path("m"));
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* ext : {".tra", ".sta", ".lab", ".srew"})
        EXPECT_TRUE(fs::exists(dir / (std::string("m") + ext))) << ext;
    EXPECT_EQ(slurp(dir / "m.tra").substr(0, 4), "5 6\n"); // 5 transitions + OTHER's self-loop
}

TEST_F(FitCli, UsageAndInputErrors)
{
    EXPECT_EQ(run(path("run.pes") + " --format xml").status, 2);
    EXPECT_EQ(run("").status, 2);
    EXPECT_EQ(run(path("missing.pes")).status, 3);
    write("bad.pes", "# chitra-pes 1\n10 A\n5 B\n");
    const auto bad = run(path("bad.pes"));
    EXPECT_EQ(bad.status, 3);
    EXPECT_NE(bad.err.find("bad.pes:3"), std::string::npos) << bad.err;
}

} // namespace

// resources/examples/04-philosopher1.json (a rules file, installed with the program) folds
// the two-philosopher sample into what philosopher 1 does: a four-state cycle.
TEST_F(FitCli, TheRulesExampleGivesPhilosopherOnesCycle)
{
    const auto r = run(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/philosophers-n2-x1000.pes --pipeline " +
                       CHITRA_SOURCE_DIR + "/resources/examples/04-philosopher1.json");
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    std::map<std::string, std::string> next;
    for (const auto& t : j["transitions"])
        if (t["probability"].get<double>() > 0.99)
            next[t["from"]] = t["to"];
    EXPECT_EQ(
        next,
        (std::map<std::string, std::string>{
            {"THINKING", "ACQUIRING"}, {"ACQUIRING", "EATING"}, {"EATING", "RELEASING"}, {"RELEASING", "THINKING"}}));
}
