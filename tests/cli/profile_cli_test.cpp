// `chitra-cli profile` (interfaces.md "Regions: profiles across lanes"): its figures for a
// real OTF2 archive against a computation from `otf2-print`'s listing alone, and its forms.
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace chitra::cli_test {
namespace {

using nlohmann::json;

const std::string kSamples = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/";
const std::string kOtf2 = kSamples + "taskpool-w4-n1200/traces.otf2";

json reference(const std::string& range = {})
{
    return json::parse(shell_output("python3 " +
                                    quote(std::string(CHITRA_SOURCE_DIR) + "/tests/cli/otf2_print_profile.py") + " " +
                                    quote(kOtf2) + (range.empty() ? "" : " " + range)));
}

// Every figure the reference computes, compared exactly.
void expect_same_figures(const json& cli, const json& ref)
{
    ASSERT_EQ(cli["range"], ref["range"]);
    ASSERT_EQ(cli["lanes"].size(), ref["lanes"].size());
    for (std::size_t l = 0; l < ref["lanes"].size(); ++l)
        EXPECT_EQ(cli["lanes"][l], ref["lanes"][l]) << "lane " << l + 1;
    ASSERT_EQ(cli["regions"].size(), ref["regions"].size());
    for (std::size_t r = 0; r < ref["regions"].size(); ++r) {
        const json& a = cli["regions"][r];
        const json& b = ref["regions"][r];
        SCOPED_TRACE(b["region"].get<std::string>());
        EXPECT_EQ(a["region"], b["region"]);
        EXPECT_EQ(a["calls"], b["calls"]);
        EXPECT_EQ(a["inclusive_ns"], b["inclusive_ns"]);
        EXPECT_EQ(a["exclusive_ns"], b["exclusive_ns"]);
        EXPECT_EQ(a["per_lane"], b["per_lane"]);
    }
}

TEST(ProfileCli, AgreesWithTheOtf2PrintListing)
{
    TempDir dir;
    const CliRun run = run_cli({"profile", kOtf2, "--format", "json"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json cli = json::parse(run.out);
    const json ref = reference();
    ASSERT_GT(ref["regions"].size(), 5u);
    expect_same_figures(cli, ref);
}

TEST(ProfileCli, AgreesWithTheOtf2PrintListingOverARangeThatCutsRegions)
{
    TempDir dir;
    const json whole = json::parse(run_cli({"profile", kOtf2, "--format", "json"}, dir.path).out);
    const std::int64_t end = whole["range"][1];
    const std::string range = std::to_string(end / 3) + ":" + std::to_string(end / 3 + end / 5);
    const CliRun run = run_cli({"profile", kOtf2, "--format", "json", "--range", range}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json cli = json::parse(run.out);
    expect_same_figures(cli, reference(range));
    // A region open across the cut has less time inside the range than over the whole run.
    EXPECT_LT(cli["regions"][0]["inclusive_ns"].get<std::int64_t>(),
              whole["regions"][0]["inclusive_ns"].get<std::int64_t>());
}

TEST(ProfileCli, ACtraceOfLanesProfilesAsItsSource)
{
    TempDir dir;
    const std::string ctrace = dir / "t.ctrace";
    ASSERT_EQ(run_cli({"convert", kOtf2, "-o", ctrace}, dir.path).status, 0);
    const CliRun a = run_cli({"profile", kOtf2, "--format", "json", "--tree"}, dir.path);
    const CliRun b = run_cli({"profile", ctrace, "--format", "json", "--tree"}, dir.path);
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(a.out, b.out);
    const CliRun some = run_cli({"profile", ctrace, "--format", "json", "--components", "2,4"}, dir.path);
    ASSERT_EQ(some.status, 0) << some.err;
    const json p = json::parse(some.out);
    ASSERT_EQ(p["lanes"].size(), 2u);
    EXPECT_EQ(p["lanes"][1]["name"], "taskpool/worker 3");
}

TEST(ProfileCli, ImbalanceIsTheLargestLaneOverTheMean)
{
    TempDir dir;
    const json p = json::parse(run_cli({"profile", kOtf2, "--format", "json"}, dir.path).out);
    const double lanes = static_cast<double>(p["lanes"].size());
    for (const json& r : p["regions"]) {
        std::int64_t max = 0, sum = 0;
        std::size_t max_lane = 0;
        for (const json& l : r["per_lane"]) {
            sum += l["inclusive_ns"].get<std::int64_t>();
            if (l["inclusive_ns"].get<std::int64_t>() > max) {
                max = l["inclusive_ns"];
                max_lane = l["lane"];
            }
        }
        EXPECT_EQ(r["max_ns"], max);
        EXPECT_EQ(r["max_lane"], max_lane);
        EXPECT_DOUBLE_EQ(r["mean_ns"].get<double>(), static_cast<double>(sum) / lanes);
        EXPECT_DOUBLE_EQ(r["imbalance"].get<double>(), static_cast<double>(max) / (static_cast<double>(sum) / lanes));
    }
}

TEST(ProfileCli, TreeSumsItsChildrenIntoTheParentsInclusiveTime)
{
    TempDir dir;
    const CliRun run = run_cli({"profile", kOtf2, "--format", "json", "--tree"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json p = json::parse(run.out);
    ASSERT_TRUE(p.contains("tree"));
    std::map<std::vector<std::string>, json> by_path;
    for (const json& node : p["tree"])
        by_path[node["path"].get<std::vector<std::string>>()] = node;
    // inclusive = exclusive + the children's inclusive, for every path
    for (const auto& [path, node] : by_path) {
        std::int64_t children = 0;
        for (const auto& [other, child] : by_path)
            if (other.size() == path.size() + 1 && std::equal(path.begin(), path.end(), other.begin()))
                children += child["inclusive_ns"].get<std::int64_t>();
        EXPECT_EQ(node["inclusive_ns"].get<std::int64_t>(), node["exclusive_ns"].get<std::int64_t>() + children);
    }
    // Without recursion each region's exclusive time is the sum over the paths it tops.
    for (const json& r : p["regions"]) {
        std::int64_t exclusive = 0;
        for (const auto& [path, node] : by_path)
            if (path.back() == r["region"])
                exclusive += node["exclusive_ns"].get<std::int64_t>();
        EXPECT_EQ(r["exclusive_ns"].get<std::int64_t>(), exclusive);
    }
}

TEST(ProfileCli, CsvHasOneRowPerRegionAndLane)
{
    TempDir dir;
    const json p = json::parse(run_cli({"profile", kOtf2, "--format", "json"}, dir.path).out);
    const CliRun run = run_cli({"profile", kOtf2, "--format", "csv"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    std::string expected = "region,lane,lane_name,calls,inclusive_ns,exclusive_ns\n";
    for (const json& r : p["regions"])
        for (const json& l : r["per_lane"])
            expected += r["region"].get<std::string>() + "," + std::to_string(l["lane"].get<int>()) + "," +
                        p["lanes"][l["lane"].get<int>() - 1]["name"].get<std::string>() + "," +
                        std::to_string(l["calls"].get<std::uint64_t>()) + "," +
                        std::to_string(l["inclusive_ns"].get<std::int64_t>()) + "," +
                        std::to_string(l["exclusive_ns"].get<std::int64_t>()) + "\n";
    EXPECT_EQ(run.out, expected);
}

TEST(ProfileCli, TextTableNamesEveryRegionAndLane)
{
    TempDir dir;
    const CliRun run = run_cli({"profile", kOtf2}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    for (const char* region : {"main", "worker", "take", "compute", "merge"})
        EXPECT_NE(run.out.find(region), std::string::npos) << region;
    EXPECT_NE(run.out.find("taskpool/worker 4"), std::string::npos);
    EXPECT_NE(run.out.find("imbalance"), std::string::npos);
}

TEST(ProfileCli, PesComponentsAreLanesInNanoseconds)
{
    TempDir dir;
    const std::string pes = dir.file("t.pes", "# chitra-pes 1\n# timebase: us\n# components: 2\n# end: 10\n"
                                              "0 A -\n2 B -\n5 A C\n");
    const CliRun run = run_cli({"profile", pes, "--format", "json"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json p = json::parse(run.out);
    EXPECT_EQ(p["range"], json::array({0, 10000}));
    EXPECT_EQ(p["time_base"], "ns");
    ASSERT_EQ(p["regions"].size(), 3u);
    EXPECT_EQ(p["regions"][0]["region"], "A"); // 2 us + 5 us
    EXPECT_EQ(p["regions"][0]["calls"], 2);
    EXPECT_EQ(p["regions"][0]["exclusive_ns"], 7000);
    EXPECT_EQ(p["regions"][1]["region"], "C");
    EXPECT_EQ(p["regions"][1]["exclusive_ns"], 5000);
    EXPECT_EQ(p["regions"][2]["region"], "B");
    EXPECT_EQ(p["regions"][2]["inclusive_ns"], 3000);
    EXPECT_EQ(p["lanes"][1]["busy_ns"], 5000);
    EXPECT_EQ(p["lanes"][1]["idle_ns"], 5000);
}

TEST(ProfileCli, BadRangeIsAUsageError)
{
    TempDir dir;
    EXPECT_EQ(run_cli({"profile", kOtf2, "--range", "5:5"}, dir.path).status, 2);
    EXPECT_EQ(run_cli({"profile", kOtf2, "--range", "9:3"}, dir.path).status, 2);
    EXPECT_EQ(run_cli({"profile", kOtf2, "--range", "x"}, dir.path).status, 2);
    const CliRun missing = run_cli({"profile", dir / "none.pes"}, dir.path);
    EXPECT_EQ(missing.status, 3);
}

} // namespace
} // namespace chitra::cli_test
