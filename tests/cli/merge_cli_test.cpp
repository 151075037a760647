// chitra-cli fit --shard/--stats-out and chitra-cli merge end to end (docs/scale-out.md).
#include "cli_test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <deque>
#include <map>
#include <random>

namespace {
using chitra::cli_test::CliRun;
using chitra::cli_test::run_cli;
using chitra::cli_test::TempDir;
using nlohmann::json;

const std::string kSamples = std::string(CHITRA_SOURCE_DIR) + "/sample_traces/";

void expect_relative(const json& a, const json& b, const std::string& what)
{
    const double x = a.get<double>(), y = b.get<double>();
    EXPECT_LE(std::abs(x - y), 1e-12 * std::max(std::abs(x), std::abs(y))) << what << ": " << x << " vs " << y;
}

// Two `fit --format json` documents describe the same model: counts, totals, extremes,
// histograms and transitions equal; means, variances and steady state to 1e-12 relative.
void expect_same_model(const json& whole, const json& merged)
{
    for (const char* key : {"format", "version", "timebase", "elements", "total_time", "initial", "closed_classes"})
        EXPECT_EQ(whole[key], merged[key]) << key;
    ASSERT_EQ(whole["states"].size(), merged["states"].size());
    for (std::size_t i = 0; i < whole["states"].size(); ++i) {
        const json& a = whole["states"][i];
        const json& b = merged["states"][i];
        SCOPED_TRACE(a["name"].get<std::string>());
        for (const char* key :
             {"name", "kind", "components", "count", "total", "share", "min", "max", "histogram", "definition"})
            EXPECT_EQ(a[key], b[key]) << key;
        for (const char* key : {"mean", "variance", "stddev"})
            expect_relative(a[key], b[key], key);
    }
    EXPECT_EQ(whole["transitions"], merged["transitions"]);
    ASSERT_EQ(whole["steady_state"].is_null(), merged["steady_state"].is_null());
    if (!whole["steady_state"].is_null()) {
        for (const auto& [name, value] : whole["steady_state"]["embedded"].items())
            EXPECT_NEAR(value.get<double>(), merged["steady_state"]["embedded"][name].get<double>(), 1e-9) << name;
    }
}

// The map step for every shard, then the merge; returns the merge's run.
CliRun map_and_merge(const TempDir& dir, const std::string& trace, int shards, const std::string& extra = "",
                     const std::string& format = "json")
{
    std::deque<std::string> names;
    for (int k = 1; k <= shards; ++k) {
        std::string stats_name = "shard-";
        stats_name += std::to_string(k);
        stats_name += ".json";
        const std::string stats = dir / stats_name;
        std::string command = "fit ";
        for (const std::string& part :
             {chitra::cli_test::quote(trace), std::string(" "), extra, std::string(" --shard "), std::to_string(k),
              std::string("/"), std::to_string(shards), std::string(" --stats-out "), chitra::cli_test::quote(stats)})
            command += part;
        const CliRun map = run_cli(command, dir.path);
        EXPECT_EQ(map.status, 0) << map.err;
        EXPECT_TRUE(map.out.empty()) << "without -o the map step writes only the statistics";
        // Named out of order: merge puts shards of one trace in order itself.
        if (k % 2)
            names.push_back(chitra::cli_test::quote(stats));
        else
            names.push_front(chitra::cli_test::quote(stats));
    }
    std::string command = "merge";
    for (const std::string& name : names) {
        command += ' ';
        command += name;
    }
    command += " --format ";
    command += format;
    return run_cli(command, dir.path);
}

TEST(MergeCli, ShardsOfTheSampleTracesMergeToTheWholeFit)
{
    TempDir dir;
    for (const char* name : {"philosophers-n2-x1000.pes", "philosophers-n4-x1000.pes", "philosophers-n3-x10000.pes"}) {
        SCOPED_TRACE(name);
        const CliRun fit = run_cli({"fit", kSamples + name}, dir.path);
        ASSERT_EQ(fit.status, 0) << fit.err;
        for (int shards : {2, 7, 64}) {
            SCOPED_TRACE(shards);
            const CliRun merged = map_and_merge(dir, kSamples + name, shards);
            ASSERT_EQ(merged.status, 0) << merged.err;
            expect_same_model(json::parse(fit.out), json::parse(merged.out));
            EXPECT_NE(merged.err.find(std::to_string(shards) + " statistics"), std::string::npos) << merged.err;
        }
    }
}

TEST(MergeCli, DotAndCsvOfTheMergeAreThoseOfTheWholeFit)
{
    TempDir dir;
    const std::string trace = kSamples + "philosophers-n3-x1000.pes";
    for (const char* format : {"dot", "csv"}) {
        const CliRun fit = run_cli({"fit", trace, "--format", format}, dir.path);
        ASSERT_EQ(fit.status, 0) << fit.err;
        const CliRun merged = map_and_merge(dir, trace, 7, "", format);
        ASSERT_EQ(merged.status, 0) << merged.err;
        EXPECT_EQ(fit.out, merged.out) << format;
    }
}

TEST(MergeCli, RandomTracesMergeToTheWholeFit)
{
    TempDir dir;
    std::mt19937_64 rng(99);
    // Narrow and wide occupancies, with and without a declared end.
    for (int trial : {0, 1, 3, 4}) {
        std::string text = "# chitra-pes 1\n";
        if (trial % 2)
            text += "# end: 100000000000\n";
        long long t = 0;
        const std::size_t records = 2 + rng() % 3000;
        for (std::size_t i = 0; i < records; ++i) {
            text += std::to_string(t) + " S" + std::to_string(rng() % 9) + "\n";
            t += static_cast<long long>(rng() % (trial < 3 ? 50 : 10000000));
        }
        const std::string trace = dir.file("random.pes", text);
        const CliRun fit = run_cli({"fit", trace}, dir.path);
        ASSERT_EQ(fit.status, 0) << fit.err;
        for (int shards : {2, 7, 64}) {
            SCOPED_TRACE("trial " + std::to_string(trial) + ", shards " + std::to_string(shards));
            const CliRun merged = map_and_merge(dir, trace, shards);
            ASSERT_EQ(merged.status, 0) << merged.err;
            expect_same_model(json::parse(fit.out), json::parse(merged.out));
        }
    }
}

TEST(MergeCli, StatisticsOfTwoFilesMergeToTheEnsemble)
{
    TempDir dir;
    const std::string a = dir.file("a.pes", "0 A\n1 B\n3 A\n4 B\n8 X\n");
    const std::string b = dir.file("b.pes", "0 C\n5 A\n6 C\n9 X\n");
    ASSERT_EQ(run_cli({"fit", a, "--stats-out", dir / "a.json"}, dir.path).status, 0);
    ASSERT_EQ(run_cli({"fit", b, "--stats-out", dir / "b.json"}, dir.path).status, 0);
    const CliRun merged = run_cli({"merge", dir / "a.json", dir / "b.json"}, dir.path);
    ASSERT_EQ(merged.status, 0) << merged.err;
    const json model = json::parse(merged.out);
    std::map<std::string, std::uint64_t> counts;
    for (const auto& s : model["states"])
        counts[s["name"]] = s["count"];
    EXPECT_EQ(counts, (std::map<std::string, std::uint64_t>{{"A", 3}, {"B", 2}, {"C", 2}, {"OTHER", 2}}));
    std::map<std::pair<std::string, std::string>, std::uint64_t> transitions;
    for (const auto& t : model["transitions"])
        transitions[{t["from"], t["to"]}] = t["count"];
    EXPECT_EQ(transitions, (std::map<std::pair<std::string, std::string>, std::uint64_t>{{{"A", "B"}, 2},
                                                                                         {{"B", "A"}, 1},
                                                                                         {{"B", "OTHER"}, 1},
                                                                                         {{"C", "A"}, 1},
                                                                                         {{"A", "C"}, 1},
                                                                                         {{"C", "OTHER"}, 1}}));
    EXPECT_EQ(model["elements"], 7);
    EXPECT_EQ(model["total_time"], 17);
    EXPECT_NE(merged.err.find("2 sequences"), std::string::npos) << merged.err;
}

// Two ways to one model of several runs: merging their statistics, and the group the
// ensemble command forms of runs with equal parameters.
TEST(MergeCli, MergedStatisticsOfRunsAreTheirEnsembleGroupsModel)
{
    TempDir dir;
    std::vector<std::string> ensemble{"ensemble", "fit"}, merge{"merge"};
    for (const char* name : {"philosophers-n3-x100.pes", "philosophers-n3-x1000.pes", "philosophers-n3-x10000.pes"}) {
        // The same parameters for all three, so that they form one group.
        std::string text = chitra::cli_test::slurp(kSamples + name);
        text.insert(text.find('\n') + 1, "# param: N=3\n");
        const std::string trace = dir.file(name, text);
        const std::string stats = dir / (std::string(name) + ".json");
        ASSERT_EQ(run_cli({"fit", trace, "--stats-out", stats}, dir.path).status, 0);
        ensemble.push_back(trace);
        merge.push_back(stats);
    }
    const CliRun grouped = run_cli(ensemble, dir.path);
    ASSERT_EQ(grouped.status, 0) << grouped.err;
    const json doc = json::parse(grouped.out);
    ASSERT_EQ(doc["groups"].size(), 1u);
    const CliRun merged = run_cli(merge, dir.path);
    ASSERT_EQ(merged.status, 0) << merged.err;
    expect_same_model(doc["groups"][0]["model"], json::parse(merged.out));
}

TEST(MergeCli, APipelineReportsElementsNearShardEdges)
{
    TempDir dir;
    const std::string pipeline =
        dir.file("p.json", R"({"pipeline": [{"op": "aggregate", "pattern": ["E", "T"], "as": "EAT_THINK"}]})");
    const std::string trace = kSamples + "philosophers-n2-x1000.pes";
    const CliRun merged =
        map_and_merge(dir, trace, 4, "--pipeline " + chitra::cli_test::quote(pipeline) + " --margin 8");
    ASSERT_EQ(merged.status, 0) << merged.err;
    const auto at = merged.err.find(" elements near a shard edge");
    ASSERT_NE(at, std::string::npos) << merged.err;
    const auto start = merged.err.rfind(", ", at) + 2;
    EXPECT_GT(std::stoull(merged.err.substr(start, at - start)), 0u) << merged.err;

    // A filter is named as not exact on shards.
    const std::string filter = dir.file("f.json", R"({"pipeline": [{"op": "filter", "domain": "event", "below": 3}]})");
    const CliRun map =
        run_cli({"fit", trace, "--pipeline", filter, "--shard", "1/2", "--stats-out", dir / "f1.json"}, dir.path);
    EXPECT_EQ(map.status, 0) << map.err;
    EXPECT_NE(map.err.find("step 1 (filter)"), std::string::npos) << map.err;
    EXPECT_NE(map.err.find("not exact on shards"), std::string::npos) << map.err;
}

TEST(MergeCli, BadInputGivesFileAndReasonAndStatus3)
{
    TempDir dir;
    const std::string trace = dir.file("t.pes", "0 A\n1 B\n3 A\n");
    ASSERT_EQ(run_cli({"fit", trace, "--stats-out", dir / "good.json"}, dir.path).status, 0);
    const std::string good = chitra::cli_test::slurp(dir / "good.json");

    const std::string broken = dir.file("broken.json", good.substr(0, good.size() / 2));
    CliRun r = run_cli({"merge", dir / "good.json", broken}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(broken + ": ", 0), 0u) << r.err;
    EXPECT_TRUE(r.out.empty());

    const std::string model = dir.file("model.json", run_cli({"fit", trace}, dir.path).out);
    r = run_cli({"merge", model}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(model + ": format: not a chitra-stats file", 0), 0u) << r.err;

    std::string tampered = good;
    tampered.replace(tampered.find("\"count\":"), 9, "\"count\":-");
    const std::string negative = dir.file("negative.json", tampered);
    r = run_cli({"merge", negative}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(negative + ": ", 0), 0u) << r.err;

    r = run_cli({"merge", dir / "missing.json"}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_EQ(r.err.rfind(dir / "missing.json" + ": cannot open", 0), 0u) << r.err;

    r = run_cli({"merge", dir / "good.json", dir / "good.json"}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("given twice"), std::string::npos) << r.err;

    // Shards of two different splits that share records.
    const std::string longer = dir.file("long.pes", "0 A\n1 B\n3 A\n4 C\n6 A\n7 B\n9 A\n");
    ASSERT_EQ(run_cli({"fit", longer, "--shard", "1/2", "--stats-out", dir / "half.json"}, dir.path).status, 0);
    ASSERT_EQ(run_cli({"fit", longer, "--shard", "1/3", "--stats-out", dir / "third.json"}, dir.path).status, 0);
    r = run_cli({"merge", dir / "half.json", dir / "third.json"}, dir.path);
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("overlaps shard"), std::string::npos) << r.err;

    r = run_cli({"fit", trace, "--shard", "3/2", "--stats-out", dir / "x.json"}, dir.path);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("K/N"), std::string::npos) << r.err;

    r = run_cli(std::string("merge"), dir.path);
    EXPECT_EQ(r.status, 2);
}

} // namespace
