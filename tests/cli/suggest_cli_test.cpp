// chitra-cli suggest end to end (interfaces.md "Suggestions"): the JSON form, --top, the
// table, and a suggested step appended to a pipeline file applying.
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace {
using chitra::cli_test::CliRun;
using chitra::cli_test::run_cli;
using chitra::cli_test::TempDir;

// LOCK WORK UNLOCK IDLE repeated, with a rare short GLITCH.
std::string cycle_trace()
{
    std::string text = "# chitra-pes 1\n# timebase: us\n";
    long t = 0;
    const char* cycle[] = {"LOCK", "WORK", "UNLOCK", "IDLE"};
    const long times[] = {10, 50, 5, 35};
    for (int r = 0; r < 200; ++r) {
        for (int i = 0; i < 4; ++i) {
            text += std::to_string(t) + " " + cycle[i] + "\n";
            t += times[i];
        }
        if (r % 40 == 7) {
            text += std::to_string(t) + " GLITCH\n";
            t += 1;
        }
    }
    return text + std::to_string(t) + " LOCK\n";
}

TEST(SuggestCli, JsonFormAndTop)
{
    TempDir dir;
    const std::string trace = dir.file("run.pes", cycle_trace());
    CliRun r = run_cli({"suggest", trace, "--json", "--top", "2"}, dir.path);
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_TRUE(j.contains("suggestions"));
    const auto& list = j["suggestions"];
    ASSERT_EQ(list.size(), 2u);
    for (const auto& s : list) {
        EXPECT_TRUE(s["step"].is_object());
        EXPECT_TRUE(s["score"].is_number());
        EXPECT_TRUE(s["reason"].is_string());
    }
    EXPECT_GE(list[0]["score"].get<double>(), list[1]["score"].get<double>());
    const auto& top = list[0];
    EXPECT_EQ(top["kind"], "aggregate");
    EXPECT_EQ(top["step"]["op"], "aggregate");
    EXPECT_EQ(top["step"]["as"], "S1");
    EXPECT_EQ(top["step"]["pattern"].size(), 4u);
    EXPECT_EQ(top["count"].get<int>(), 200);

    // Without --top: more than two (the noise steps too); --top 1: one.
    r = run_cli({"suggest", trace, "--json"}, dir.path);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_GT(nlohmann::json::parse(r.out)["suggestions"].size(), 2u);
    r = run_cli({"suggest", trace, "--json", "--top", "1"}, dir.path);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["suggestions"].size(), 1u);

    // Appending the step applies it.
    const std::string pipeline =
        dir.file("p.json", nlohmann::json{{"pipeline", nlohmann::json::array({top["step"]})}}.dump());
    r = run_cli({"transform", trace, "--pipeline", pipeline}, dir.path);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(nlohmann::json::parse(r.out)["symbols"].dump().find("S1"), std::string::npos);

    // Suggestions after that pipeline continue it: the next aggregation is S2.
    r = run_cli({"suggest", trace, "--pipeline", pipeline, "--json"}, dir.path);
    ASSERT_EQ(r.status, 0) << r.err;
    for (const auto& s : nlohmann::json::parse(r.out)["suggestions"])
        if (s["step"]["op"] == "aggregate") {
            EXPECT_EQ(s["step"]["as"], "S2");
        }
}

TEST(SuggestCli, TableAndExitStatuses)
{
    TempDir dir;
    const std::string trace = dir.file("run.pes", cycle_trace());
    CliRun r = run_cli({"suggest", trace, "--top", "3"}, dir.path);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("score"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"op\":\"aggregate\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  1  "), std::string::npos) << r.out;

    EXPECT_EQ(run_cli({"suggest", trace, "--top", "0"}, dir.path).status, 2);
    EXPECT_EQ(run_cli(std::vector<std::string>{"suggest"}, dir.path).status, 2);
    EXPECT_EQ(run_cli({"suggest", dir / "missing.pes"}, dir.path).status, 3);
    const std::string bad =
        dir.file("bad.json", R"({"pipeline": [{"op": "aggregate", "pattern": ["LOCK"], "as": "X"}]})");
    r = run_cli({"suggest", trace, "--pipeline", bad}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("step 1 (aggregate)"), std::string::npos) << r.err;
}

} // namespace
