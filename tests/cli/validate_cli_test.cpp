// chitra-cli simulate and validate end to end (docs/validation.md).
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {
using chitra::cli_test::CliRun;
using chitra::cli_test::run_cli;
using chitra::cli_test::slurp;
using chitra::cli_test::TempDir;
using nlohmann::json;

const std::string kSamples = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/";

TEST(SimulateValidateCli, ARunsSimulatedTrajectoryPassesAndAnotherRunFails)
{
    TempDir dir;
    const std::string model = dir / "model.json";
    ASSERT_EQ(run_cli({"fit", kSamples + "philosophers-n3-x1000.pes", "-o", model}, dir.path).status, 0);

    const std::string a = dir / "a.pes", b = dir / "b.pes";
    CliRun run = run_cli({"simulate", model, "--length", "5000", "--seed", "3", "-o", a}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    ASSERT_EQ(run_cli({"simulate", model, "--length", "5000", "--seed", "3", "-o", b}, dir.path).status, 0);
    EXPECT_EQ(slurp(a), slurp(b)); // seeded: reproducible
    ASSERT_EQ(run_cli({"info", a, "--json"}, dir.path).status, 0);

    run = run_cli({"validate", a, "--model", model, "--json"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err;
    const json own = json::parse(run.out);
    EXPECT_TRUE(own["pass"].get<bool>()) << run.out;
    EXPECT_FALSE(own["states"].empty());

    // Another run of the program, with ten times shorter thinking and eating.
    run = run_cli({"validate", kSamples + "philosophers-n3-x100.pes", "--model", model, "--json"}, dir.path);
    ASSERT_EQ(run.status, 0) << run.err; // a failed validation is not an error
    const json other = json::parse(run.out);
    EXPECT_FALSE(other["pass"].get<bool>());
    ASSERT_FALSE(other["worst"].empty());
    EXPECT_TRUE(other["worst"][0]["rejected"].get<bool>());

    run = run_cli({"validate", kSamples + "philosophers-n3-x100.pes", "--model", model}, dir.path);
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out.rfind("FAIL", 0), 0u) << run.out;
}

TEST(SimulateValidateCli, ParametricOccupanciesAreSeededToo)
{
    TempDir dir;
    const std::string model = dir / "model.json";
    ASSERT_EQ(run_cli({"fit", kSamples + "philosophers-n2-x1000.pes", "-o", model}, dir.path).status, 0);
    const CliRun a = run_cli({"simulate", model, "--length", "300", "--occupancy", "parametric"}, dir.path);
    const CliRun b = run_cli({"simulate", model, "--length", "300", "--occupancy", "parametric"}, dir.path);
    ASSERT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_NE(a.out.find("# chitra-pes 1"), std::string::npos);
}

TEST(SimulateValidateCli, BadInputExits3AndUsageErrors2)
{
    TempDir dir;
    const std::string broken = dir.file("broken.json", "{\"format\": \"chitra-model\", \"version\": 1}");
    CliRun run = run_cli({"simulate", broken, "--length", "10"}, dir.path);
    EXPECT_EQ(run.status, 3);
    EXPECT_EQ(run.err.rfind(broken + ": ", 0), 0u) << run.err;
    run = run_cli({"validate", kSamples + "philosophers-n2-x100.pes", "--model", broken}, dir.path);
    EXPECT_EQ(run.status, 3);
    run = run_cli({"simulate", broken}, dir.path); // --length is required
    EXPECT_EQ(run.status, 2);
    run = run_cli({"validate", kSamples + "philosophers-n2-x100.pes"}, dir.path); // --model is required
    EXPECT_EQ(run.status, 2);
}

} // namespace
