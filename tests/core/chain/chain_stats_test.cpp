// Statistics that merge: shards of a SES merge to the whole fit, traces to the ensemble.
#include "chain_test_util.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/chain/chain_stats.hpp"
#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/scaleout/shard_stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace chitra {
namespace {

using test::make_ses;

void expect_relative(double expected, double actual, const std::string& what)
{
    const double scale = std::max(std::abs(expected), std::abs(actual));
    EXPECT_LE(std::abs(expected - actual), 1e-12 * scale) << what << ": " << expected << " vs " << actual;
}

// Every count and transition equal; means and variances to 1e-12 relative; histograms
// equal where the whole fit takes its quartiles from every visit.
void expect_same_model(const SemiMarkovModel& whole, const SemiMarkovModel& merged)
{
    ASSERT_EQ(whole.states.size(), merged.states.size());
    EXPECT_EQ(whole.elements, merged.elements);
    EXPECT_EQ(whole.total_time, merged.total_time);
    EXPECT_EQ(whole.initial, merged.initial);
    for (std::size_t i = 0; i < whole.states.size(); ++i) {
        const ChainState& a = whole.states[i];
        const ChainState& b = merged.states[i];
        SCOPED_TRACE(a.name);
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.kind, b.kind);
        EXPECT_EQ(a.components, b.components);
        EXPECT_EQ(a.count, b.count);
        EXPECT_EQ(a.total, b.total);
        EXPECT_EQ(a.min, b.min);
        EXPECT_EQ(a.max, b.max);
        EXPECT_EQ(a.share, b.share);
        EXPECT_EQ(a.mean, b.mean);
        expect_relative(a.variance, b.variance, "variance");
        expect_relative(a.stddev, b.stddev, "stddev");
        // Histograms bin alike: the fit's quartiles and the merge's are both exact.
        EXPECT_EQ(a.histogram.binning, b.histogram.binning);
        EXPECT_EQ(a.histogram.origin, b.histogram.origin);
        EXPECT_EQ(a.histogram.width, b.histogram.width);
        EXPECT_EQ(a.histogram.counts, b.histogram.counts);
        std::uint64_t binned = 0;
        for (auto c : b.histogram.counts)
            binned += c;
        EXPECT_EQ(binned, b.count);
    }
    ASSERT_EQ(whole.transitions.size(), merged.transitions.size());
    for (std::size_t i = 0; i < whole.transitions.size(); ++i) {
        EXPECT_EQ(whole.transitions[i].from, merged.transitions[i].from);
        EXPECT_EQ(whole.transitions[i].to, merged.transitions[i].to);
        EXPECT_EQ(whole.transitions[i].count, merged.transitions[i].count);
        EXPECT_EQ(whole.transitions[i].probability, merged.transitions[i].probability);
    }
    EXPECT_EQ(whole.steady.defined, merged.steady.defined);
    EXPECT_EQ(whole.steady.closed_classes, merged.steady.closed_classes);
}

// The map step for every shard (each written to JSON and read back, as between machines),
// then the reduce step.
SemiMarkovModel sharded_model(const Ses& ses, std::uint64_t records, std::uint64_t shards,
                              const Pipeline* pipeline = nullptr, std::uint64_t margin = 0,
                              std::uint64_t* near_edge = nullptr)
{
    FitStats merged;
    for (std::uint64_t k = 1; k <= shards; ++k) {
        std::vector<std::string> warnings;
        FitStats part =
            shard_stats(ses, TimeBase::us, records, ShardSpec{k, shards, margin}, pipeline, false, warnings);
        merge_into(merged, stats_from_json(stats_to_json(part), "shard.json"));
    }
    if (near_edge)
        *near_edge = merged.near_edge;
    return model_from_stats(merged);
}

Ses random_ses(std::mt19937_64& rng, std::size_t length, int symbols, Time spread)
{
    std::vector<std::string> names;
    std::vector<Time> bounds{static_cast<Time>(rng() % 1000)};
    std::uniform_int_distribution<int> pick(0, symbols - 1);
    for (std::size_t i = 0; i < length; ++i) {
        const int s = pick(rng);
        names.push_back("S" + std::to_string(s));
        // Each state its own scale, some with a wide range, some with a narrow one.
        const Time width = s % 3 == 0 ? spread : 1 + s;
        bounds.push_back(bounds.back() + static_cast<Time>(rng() % static_cast<std::uint64_t>(width)));
    }
    return make_ses(names, bounds);
}

TEST(ChainStats, ShardsOfATraceMergeToTheWholeFit)
{
    const Ses ses =
        make_ses({"A", "B", "A", "C", "A", "B", "B", "C", "A", "D"}, {0, 3, 10, 12, 40, 41, 47, 60, 61, 70, 900});
    const SemiMarkovModel whole = fit_chain(ses, TimeBase::us);
    for (std::uint64_t n : {1, 2, 3, 7, 10, 11, 64}) {
        SCOPED_TRACE("shards " + std::to_string(n));
        expect_same_model(whole, sharded_model(ses, ses.size() + 1, n));
    }
}

TEST(ChainStats, RandomTracesMergeExactlyFromAnyNumberOfShards)
{
    std::mt19937_64 rng(20260412);
    for (int trial = 0; trial < 40; ++trial) {
        const std::size_t length = 1 + rng() % 4000;
        const Ses ses = random_ses(rng, length, 1 + static_cast<int>(rng() % 12), trial % 2 ? 100000 : 3000000000LL);
        const SemiMarkovModel whole = fit_chain(ses, TimeBase::us);
        for (std::uint64_t n : {std::uint64_t{2}, std::uint64_t{7}, std::uint64_t{64}, 1 + rng() % 200}) {
            SCOPED_TRACE("trial " + std::to_string(trial) + ", length " + std::to_string(length) + ", shards " +
                         std::to_string(n));
            expect_same_model(whole, sharded_model(ses, ses.size() + 1, n));
        }
    }
}

TEST(ChainStats, LargeOccupanciesWithASmallSpreadKeepTheirVariance)
{
    // Sums of squares near 1e27: a double sum of squares would lose the variance
    // entirely; the 128-bit sums keep it.
    std::mt19937_64 rng(3);
    std::vector<std::string> names;
    std::vector<Time> bounds{0};
    for (int i = 0; i < 5000; ++i) {
        names.push_back(i % 3 ? "LONG" : "SHORT");
        bounds.push_back(bounds.back() + (i % 3 ? 1000000000000LL + static_cast<Time>(rng() % 1000)
                                                : 1 + static_cast<Time>(rng() % 3)));
    }
    const Ses ses = make_ses(names, bounds);
    const SemiMarkovModel whole = fit_chain(ses, TimeBase::ns);
    ASSERT_GT(whole.states[whole.find("LONG")].variance, 1000.0);
    for (std::uint64_t n : {2, 7, 64}) {
        FitStats merged;
        for (std::uint64_t k = 1; k <= n; ++k) {
            std::vector<std::string> warnings;
            merge_into(merged, stats_from_json(stats_to_json(shard_stats(ses, TimeBase::ns, ses.size() + 1,
                                                                         ShardSpec{k, n, 0}, nullptr, false, warnings)),
                                               "s.json"));
        }
        expect_same_model(whole, model_from_stats(merged));
    }
}

TEST(ChainStats, SampleTracesMergeExactly)
{
    for (const char* name : {"philosophers-n2-x1000.pes", "philosophers-n3-x1000.pes", "philosophers-n4-x10000.pes"}) {
        SCOPED_TRACE(name);
        const Trace trace = read_pes_file(std::string(CHITRA_SOURCE_DIR) + "/sample_traces/" + name);
        const Ses ses = base_ses(trace);
        const SemiMarkovModel whole = fit_chain(ses, trace.header.timebase);
        for (std::uint64_t n : {2, 7, 64})
            expect_same_model(whole, sharded_model(ses, trace.size(), n));
    }
}

TEST(ChainStats, ADeclaredEndKeepsTheLastRecordAsAnElement)
{
    const Trace trace = read_pes_text("# end: 100\n0 A\n10 B\n20 A\n95 C\n", "end.pes");
    const Ses ses = base_ses(trace);
    ASSERT_EQ(ses.size(), trace.size());
    const SemiMarkovModel whole = fit_chain(ses, trace.header.timebase);
    for (std::uint64_t n : {2, 3, 4, 9})
        expect_same_model(whole, sharded_model(ses, trace.size(), n));
}

TEST(ChainStats, TwoTracesMergeToTheEnsembleWithoutACrossTransition)
{
    const Ses a = make_ses({"A", "B", "A", "B"}, {0, 1, 3, 4, 8});
    const Ses b = make_ses({"C", "A", "C"}, {0, 5, 6, 9});
    FitStats merged = collect_stats(a, TimeBase::us);
    merge_into(merged, collect_stats(b, TimeBase::us));
    const SemiMarkovModel model = model_from_stats(merged);
    const SemiMarkovModel fa = fit_chain(a, TimeBase::us), fb = fit_chain(b, TimeBase::us);

    ASSERT_EQ(model.states.size(), 4u); // A B C OTHER
    EXPECT_EQ(model.states[model.find("A")].count, 3u);
    EXPECT_EQ(model.states[model.find("A")].total, 1 + 1 + 1);
    EXPECT_EQ(model.states[model.find("C")].count, 2u);
    EXPECT_EQ(model.states[model.other()].count, 2u); // one end per trace
    EXPECT_EQ(model.elements, fa.elements + fb.elements);
    EXPECT_EQ(model.total_time, fa.total_time + fb.total_time);
    EXPECT_EQ(model.initial, model.find("A"));
    auto count = [&](const char* from, const char* to) {
        for (const auto& t : model.transitions)
            if (t.from == model.find(from) && t.to == model.find(to))
                return t.count;
        return std::uint64_t{0};
    };
    EXPECT_EQ(count("A", "B"), 2u);
    EXPECT_EQ(count("B", "A"), 1u);
    EXPECT_EQ(count("C", "A"), 1u);
    EXPECT_EQ(count("A", "C"), 1u);
    EXPECT_EQ(count("B", "C"), 0u); // the last of one trace never leads to the first of the next
    EXPECT_EQ(count("B", "OTHER"), 1u);
    EXPECT_EQ(count("C", "OTHER"), 1u);
    std::uint64_t all = 0;
    for (const auto& t : model.transitions)
        all += t.count;
    EXPECT_EQ(all, a.size() + b.size());
}

TEST(ChainStats, ExactStepsOfAPipelineMergeExactlyAndEdgesAreCounted)
{
    std::mt19937_64 rng(7);
    const Ses ses = random_ses(rng, 3000, 6, 500);
    const Pipeline pipeline =
        parse_pipeline_json(R"({"pipeline": [{"op": "project", "states": ["S1", "S2"], "as": "P"}]})", "p.json", ".");
    const SemiMarkovModel whole = fit_chain(run_pipeline(ses, pipeline).ses, TimeBase::us);
    std::uint64_t near = 0;
    const SemiMarkovModel merged = sharded_model(ses, ses.size() + 1, 7, &pipeline, 64, &near);
    // Projection merges runs of P; a run of a few elements never reaches 64 records.
    expect_same_model(whole, merged);
    EXPECT_GT(near, 0u);
    EXPECT_LE(near, 2 * 6 * 64u);
}

TEST(ChainStats, AggregationAcrossAnEdgeIsCountedNearTheEdge)
{
    // A B repeated: with the pattern A B every match is two records, so matches cross
    // every shard edge that falls between an A and its B.
    std::vector<std::string> names;
    std::vector<Time> bounds{0};
    for (int i = 0; i < 101; ++i) {
        names.push_back(i % 2 ? "B" : "A");
        bounds.push_back(bounds.back() + 1 + i % 5);
    }
    const Ses ses = make_ses(names, bounds);
    const Pipeline pipeline =
        parse_pipeline_json(R"({"pipeline": [{"op": "aggregate", "pattern": ["A", "B"], "as": "AB"}]})", "p.json", ".");
    const SemiMarkovModel whole = fit_chain(run_pipeline(ses, pipeline).ses, TimeBase::us);
    std::uint64_t near = 0;
    const SemiMarkovModel merged = sharded_model(ses, ses.size() + 1, 3, &pipeline, 4, &near);
    expect_same_model(whole, merged); // the margin lets every shard see its matches whole
    EXPECT_GT(near, 0u);
    std::uint64_t none = 0;
    sharded_model(ses, ses.size() + 1, 1, &pipeline, 4, &none);
    EXPECT_EQ(none, 0u); // one shard has no inner edge
}

TEST(ChainStats, MalformedStatisticsAreRefusedWithTheFileAndTheReason)
{
    const Ses ses = make_ses({"A", "B", "A"}, {0, 1, 3, 4});
    const std::string good = stats_to_json(collect_stats(ses, TimeBase::us));
    EXPECT_NO_THROW(stats_from_json(good, "s.json"));
    auto refused = [](const std::string& text) {
        try {
            stats_from_json(text, "s.json");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refused("{").rfind("s.json: not JSON", 0), 0u) << refused("{");
    EXPECT_NE(refused(R"({"format": "chitra-model", "version": 1})").find("s.json: format"), std::string::npos);
    std::string bad = good;
    bad.replace(bad.find("\"version\":1"), 11, "\"version\":2");
    EXPECT_NE(refused(bad).find("s.json: version"), std::string::npos);
    bad = good;
    bad.replace(bad.find("\"sum\":\"2\""), 9, "\"sum\":\"3\"");
    EXPECT_NE(refused(bad).find("disagrees"), std::string::npos);
    bad = good;
    bad.replace(bad.find("\"sum\":\"2\""), 9, "\"sum\":2");
    EXPECT_NE(refused(bad).find("decimal integer string"), std::string::npos);
    bad = good;
    bad.replace(bad.find("\"to\":\"B\""), 8, "\"to\":\"Z\"");
    EXPECT_NE(refused(bad).find("names no listed state"), std::string::npos);
    EXPECT_NE(refused("[1, 2]").find("s.json: "), std::string::npos);
}

TEST(ChainStats, ShardSpecIsKOverN)
{
    EXPECT_EQ(parse_shard("3/7").shard, 3u);
    EXPECT_EQ(parse_shard("3/7").shards, 7u);
    for (const char* bad : {"0/7", "8/7", "7", "a/b", "1/0", "-1/2", "1/2/3", ""})
        EXPECT_THROW(parse_shard(bad), InputError) << bad;
    EXPECT_EQ(shard_records(10, 1, 3), (std::pair<std::uint64_t, std::uint64_t>{0, 3}));
    EXPECT_EQ(shard_records(10, 3, 3), (std::pair<std::uint64_t, std::uint64_t>{6, 10}));
}

} // namespace
} // namespace chitra
