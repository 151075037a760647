// `chitra-cli lanes` and `fit --pool-lanes` (interfaces.md "Lanes compared"): on an MPI
// ring written through the OTF2 writer with one slow rank, that rank is the outlier and
// the others one group; on the task pool sample the workers group and the master stands
// apart, as LTTng's workers do beside their master; the distances are those of each lane's PES from `convert --per-component`,
// computed by the core; `fit --pool-lanes` equals `merge` of each lane's statistics,
// with and without a pipeline; a session's view that analyses lanes pooled (as the
// workbench saves it) is fitted by `fit --session` as `fit --pool-lanes` fits them.
#include "cli_test_util.hpp"

#include "chitra/io/io.hpp"
#include "chitra/lanecompare/lane_comparison.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/session/session_io.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace chitra::cli_test {
namespace {

using nlohmann::json;

const std::string kSamples = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/";

json cli_json(const std::vector<std::string>& args, const TempDir& dir)
{
    const CliRun run = run_cli(args, dir.path);
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out);
}

std::string read(const std::filesystem::path& p)
{
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(LanesCli, TheSlowRankIsTheOutlierAndTheOthersOneGroup)
{
    TempDir dir;
    // Written by the test through the OTF2 writer: 6 ranks, rank 2 slow.
    const std::string archive = (dir.path / "ring").string();
    ASSERT_EQ(
        std::system(("/usr/bin/python3 " + quote(std::string(CHITRA_SOURCE_DIR) + "/tests/cli/make_otf2_slow_rank.py") +
                     " " + quote(archive) + " 6 2 30 4")
                        .c_str()),
        0);
    const json out = cli_json({"lanes", archive + "/traces.otf2"}, dir);
    EXPECT_EQ(out["group_distance"], 0.2);
    ASSERT_EQ(out["lanes"].size(), 6u);
    for (std::size_t k = 0; k < 6; ++k) {
        const json& lane = out["lanes"][k];
        EXPECT_EQ(lane["lane"], k + 1);
        EXPECT_EQ(lane["name"], "rank " + std::to_string(k) + "/thread 0");
        EXPECT_EQ(lane["outlier"], k == 2) << k;
        EXPECT_EQ(lane["group"], k == 2 ? 2 : 1) << k;
        EXPECT_NE(lane["nearest"], k + 1);
    }
    EXPECT_EQ(out["groups"], json::parse(R"([{"group": 1, "lanes": [1, 2, 4, 5, 6]}, {"group": 2, "lanes": [3]}])"));
    // The sample of the same kind (8 ranks, rank 5 slow) too.
    const json sample = cli_json({"lanes", kSamples + "mpi-slow-rank-r8/traces.otf2"}, dir);
    for (std::size_t k = 0; k < 8; ++k)
        EXPECT_EQ(sample["lanes"][k]["outlier"], k == 5) << k;
    EXPECT_EQ(sample["groups"].size(), 2u);
}

TEST(LanesCli, WorkersGroupTheMasterStandsApartAndDistancesAreThoseOfEachLanesPes)
{
    TempDir dir;
    const std::string trace = kSamples + "taskpool-w4-n1200/traces.otf2";
    const json out = cli_json({"lanes", trace, "--models"}, dir);
    ASSERT_EQ(out["lanes"].size(), 5u);
    EXPECT_EQ(out["lanes"][0]["name"], "taskpool/master");
    EXPECT_EQ(out["lanes"][0]["outlier"], true);
    EXPECT_EQ(out["groups"], json::parse(R"([{"group": 1, "lanes": [1]}, {"group": 2, "lanes": [2, 3, 4, 5]}])"));
    // Each lane alone as `convert --per-component` writes it, compared by the core.
    ASSERT_EQ(run_cli({"convert", trace, "--per-component", (dir.path / "lanes").string()}, dir.path).status, 0);
    std::vector<LaneBehaviour> behaviours;
    for (int k = 1; k <= 5; ++k)
        behaviours.push_back(lane_behaviour(
            base_ses(load_trace((dir.path / "lanes" / ("lane-" + std::to_string(k) + ".pes")).string()))));
    const LaneGrouping g = group_lanes(behaviours, 0.2);
    for (std::size_t a = 0; a < 5; ++a)
        for (std::size_t b = 0; b < 5; ++b)
            EXPECT_NEAR(out["distance"][a][b].get<double>(), g.distance[a][b], 1e-12);
    // --models: each lane's chain as `fit --format json` gives it of that lane's PES.
    for (int k = 1; k <= 5; ++k) {
        const json fitted =
            cli_json({"fit", (dir.path / "lanes" / ("lane-" + std::to_string(k) + ".pes")).string()}, dir);
        EXPECT_EQ(out["lanes"][k - 1]["model"], fitted) << "lane " << k;
    }
    // Text, a wider group distance, a lane choice.
    const CliRun text = run_cli({"lanes", trace, "--format", "text", "--components", "2,3,4,5"}, dir.path);
    EXPECT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("4 lanes, 1 groups"), std::string::npos) << text.out;
    const json wide = cli_json({"lanes", trace, "--group-distance", "1"}, dir);
    // The master shares little more than its idle start with the workers: nearly 1 apart,
    // yet nearer than 1, so a group distance of 1 joins every lane.
    EXPECT_GT(out["lanes"][0]["nearest_distance"].get<double>(), 0.9);
    EXPECT_EQ(wide["groups"].size(), 1u);
    EXPECT_NE(run_cli({"lanes", trace, "--group-distance", "0"}, dir.path).status, 0);
}

// LTTng's recording of a master thread that hands tasks to four workers through a queue:
// the workers group, the master (the lane that dispatches and joins) stands apart.
TEST(LanesCli, LttngWorkersGroupAndTheirMasterStandsApart)
{
    TempDir dir;
    const json out = cli_json({"lanes", kSamples + "lttng-master-t4-n10"}, dir);
    ASSERT_EQ(out["lanes"].size(), 5u);
    const json models = cli_json({"lanes", kSamples + "lttng-master-t4-n10", "--models"}, dir);
    std::size_t master = 5;
    for (std::size_t k = 0; k < 5; ++k) {
        const json& states = models["lanes"][k]["model"]["states"];
        for (const json& state : states)
            if (state["name"] == "chitra_demo:dispatch")
                master = k;
    }
    ASSERT_LT(master, 5u) << "no lane dispatches";
    json workers = json::array();
    for (std::size_t k = 0; k < 5; ++k) {
        EXPECT_EQ(out["lanes"][k]["outlier"], k == master) << k;
        if (k != master)
            workers.push_back(k + 1);
    }
    ASSERT_EQ(out["groups"].size(), 2u);
    const json& group = out["groups"][0]["lanes"].size() == 4 ? out["groups"][0] : out["groups"][1];
    EXPECT_EQ(group["lanes"], workers);
}

TEST(FitPoolLanes, EqualsMergeOfEachLanesStatistics)
{
    TempDir dir;
    const std::string trace = kSamples + "taskpool-w4-n1200/traces.otf2";
    const std::string lanes = (dir.path / "lanes").string();
    ASSERT_EQ(run_cli({"convert", trace, "--per-component", lanes, "--components", "2,3,4,5"}, dir.path).status, 0);
    // A pipeline that merges a worker's round (take, then compute) into one state.
    const std::string pipeline = (dir.path / "p.json").string();
    std::ofstream(pipeline)
        << R"({"pipeline": [{"op": "aggregate", "pattern": ["take", "worker", "compute"], "as": "work"}]})";
    for (const bool piped : {false, true}) {
        std::vector<std::string> merge{"merge"};
        for (int k = 1; k <= 4; ++k) {
            const std::string pes = lanes + "/lane-" + std::to_string(k) + ".pes";
            const std::string stats = pes + (piped ? ".p" : "") + ".stats.json";
            std::vector<std::string> fit{"fit", pes, "--stats-out", stats};
            if (piped)
                fit.insert(fit.end(), {"--pipeline", pipeline});
            const CliRun run = run_cli(fit, dir.path);
            ASSERT_EQ(run.status, 0) << run.err;
            merge.push_back(stats);
        }
        merge.insert(merge.end(), {"-o", (dir.path / "merged.json").string()});
        ASSERT_EQ(run_cli(merge, dir.path).status, 0);
        std::vector<std::string> pooled{
            "fit", trace, "--components", "2,3,4,5", "--pool-lanes", "-o", (dir.path / "pooled.json").string()};
        if (piped)
            pooled.insert(pooled.end(), {"--pipeline", pipeline});
        const CliRun run = run_cli(pooled, dir.path);
        ASSERT_EQ(run.status, 0) << run.err;
        const json a = json::parse(read(dir.path / "merged.json")), b = json::parse(read(dir.path / "pooled.json"));
        EXPECT_EQ(a, b) << (piped ? "with" : "without") << " the pipeline";
        if (piped) {
            EXPECT_NE(read(dir.path / "pooled.json").find("\"work\""), std::string::npos);
        }
    }
}

TEST(FitPoolLanes, ASessionViewOfPooledLanesFitsAsPoolLanes)
{
    TempDir dir;
    const std::string trace = kSamples + "taskpool-w4-n1200/traces.otf2";
    const std::string pipeline = dir.file(
        "p.json", R"({"pipeline": [{"op": "aggregate", "pattern": ["take", "worker", "compute"], "as": "work"}]})");
    Session session;
    TraceFileRef ref = make_file_ref(trace, dir.path.string());
    ref.pooled_lanes = {1, 2, 3, 4}; // the workers, lanes 2 to 5
    ref.pool_group = 2;
    ref.views.push_back(ViewState{.name = "workers", .pipeline = load_pipeline_file(pipeline)});
    session.files.push_back(ref);
    save_session(dir / "s.chitra", session);

    const json viewed = cli_json({"fit", "--session", dir / "s.chitra", "--view", "workers", "--format", "json"}, dir);
    const json pooled = cli_json(
        {"fit", trace, "--components", "2,3,4,5", "--pool-lanes", "--pipeline", pipeline, "--format", "json"}, dir);
    EXPECT_EQ(viewed, pooled);
    EXPECT_NE(viewed.dump().find("\"work\""), std::string::npos);
    // `session info` says what the view analyses.
    const CliRun info = run_cli({"session", "info", dir / "s.chitra"}, dir.path);
    EXPECT_NE(info.out.find("views analyse lanes 2, 3, 4, 5 pooled (group 2)"), std::string::npos) << info.out;
}

} // namespace
} // namespace chitra::cli_test
