// chitra-cli transform end to end (interfaces.md): output formats, warnings, exit statuses.
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {
namespace fs = std::filesystem;
using chitra::cli_test::CliRun;
using chitra::cli_test::slurp;

class TransformCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir = fs::temp_directory_path() / ("chitra_cli_transform_" + std::to_string(::getpid()));
        fs::create_directories(dir);
        write("run.pes", "# chitra-pes 1\n# timebase: us\n# end: 100\n"
                         "0 LOCK\n10 WORK\n30 UNLOCK\n35 IDLE\n60 LOCK\n65 WORK\n90 UNLOCK\n");
    }
    void TearDown() override { fs::remove_all(dir); }
    void write(const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; }
    CliRun run(const std::string& args) { return chitra::cli_test::run_cli("transform " + args, dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    fs::path dir;
};
} // namespace

TEST_F(TransformCli, WritesSesJson)
{
    write("p.json", R"({"pipeline": [{"op": "aggregate", "pattern": ["LOCK", "WORK", "UNLOCK"], "as": "CS"}]})");
    CliRun r = run(path("run.pes") + " --pipeline " + path("p.json"));
    ASSERT_EQ(r.status, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["symbols"], nlohmann::json({"CS", "IDLE", "CS"}));
    EXPECT_EQ(j["occupancy"], nlohmann::json({35, 25, 40}));
    EXPECT_EQ(j["entry"], nlohmann::json({0, 35, 60}));
    EXPECT_EQ(j["provenance"], nlohmann::json::parse("[[0, 3], [3, 4], [4, 7]]"));
}

TEST_F(TransformCli, WritesPesToAFile)
{
    write("p.json", R"({"pipeline": [{"op": "project", "states": ["LOCK", "WORK"], "as": "BUSY"}]})");
    CliRun r = run(path("run.pes") + " --pipeline " + path("p.json") + " --format pes -o " + path("o.pes"));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(slurp(dir / "o.pes"), "# chitra-pes 1\n# timebase: us\n# end: 100\n"
                                    "0 BUSY\n30 UNLOCK\n35 IDLE\n60 BUSY\n90 UNLOCK\n");
}

TEST_F(TransformCli, BadPipelineExitsThreeNamingTheStep)
{
    write("p.json",
          R"({"pipeline": [{"op": "clip", "head": 1}, {"op": "aggregate", "pattern": ["LOCK"], "as": "X"}]})");
    CliRun r = run(path("run.pes") + " --pipeline " + path("p.json"));
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("step 2 (aggregate)"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
    write("q.json", R"({"pipeline": [{"op": "clip", "head": 5, "tail": 5}]})");
    CliRun beyond = run(path("run.pes") + " --pipeline " + path("q.json"));
    EXPECT_EQ(beyond.status, 3);
    EXPECT_NE(beyond.err.find("step 1 (clip)"), std::string::npos) << beyond.err;
}

TEST_F(TransformCli, AbsentStateWarnsAndStrictRefuses)
{
    write("p.json", R"({"pipeline": [{"op": "exclude", "states": ["IDLE", "SPIN"]}]})");
    CliRun r = run(path("run.pes") + " --pipeline " + path("p.json"));
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.err.find("step 1 (exclude): state 'SPIN'"), std::string::npos) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["occupancy"], nlohmann::json({10, 20, 30, 5, 25, 10}));
    CliRun strict = run(path("run.pes") + " --pipeline " + path("p.json") + " --strict");
    EXPECT_EQ(strict.status, 3);
    EXPECT_EQ(strict.out, "");
}

TEST_F(TransformCli, UsageErrorsExitTwo)
{
    EXPECT_EQ(run(path("run.pes")).status, 2);
    write("p.json", R"({"pipeline": []})");
    EXPECT_EQ(run(path("run.pes") + " --pipeline " + path("p.json") + " --format xml").status, 2);
}
