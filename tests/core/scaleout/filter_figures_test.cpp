// Share filters on shards: with the first pass's figures every shard selects the states
// the whole trace selects, and the merged model is the whole file's.
#include "chitra/chain/chain.hpp"
#include "chitra/chain/chain_stats.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/scaleout/filter_figures.hpp"
#include "chitra/scaleout/shard_stats.hpp"

#include "chain_test_util.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace chitra {
namespace {

// Eight states: S0..S3 common and long, S4..S7 rarer and short, so that the shares
// of S4..S7 straddle a time filter's threshold differently in different shards.
Ses skewed_ses(std::mt19937_64& rng, std::size_t length)
{
    std::vector<std::string> names;
    std::vector<Time> bounds{0};
    std::discrete_distribution<int> pick({30, 30, 20, 20, 4, 3, 2, 1});
    for (std::size_t i = 0; i < length; ++i) {
        const int s = pick(rng);
        names.push_back("S" + std::to_string(s));
        bounds.push_back(bounds.back() + 1 + static_cast<Time>(rng() % (s < 4 ? 200u : 30u)));
    }
    return test::make_ses(names, bounds);
}

FitStats sharded(const Ses& ses, std::uint64_t shards, const Pipeline& pipeline, std::uint64_t margin, bool first_pass)
{
    const std::uint64_t records = ses.size() + 1;
    std::optional<FilterFigures> figures;
    if (first_pass) {
        for (std::uint64_t k = 1; k <= shards; ++k) {
            std::vector<std::string> warnings;
            const FilterFigures one =
                figures_from_json(figures_to_json(shard_filter_figures(ses, records, ShardSpec{k, shards, margin},
                                                                       pipeline, false, warnings)),
                                  "figures.json");
            if (figures)
                merge_figures(*figures, one);
            else
                figures = one;
        }
    }
    // Each shard's statistics through JSON, as between machines, then numbered together.
    std::vector<FitStats> parts;
    for (std::uint64_t k = 1; k <= shards; ++k) {
        std::vector<std::string> warnings;
        parts.push_back(
            stats_from_json(stats_to_json(shard_stats(ses, TimeBase::us, records, ShardSpec{k, shards, margin},
                                                      &pipeline, false, warnings, figures ? &*figures : nullptr)),
                            "shard.json"));
    }
    std::vector<FitStats*> all;
    for (FitStats& p : parts)
        all.push_back(&p);
    align_filter_composites(all);
    FitStats merged;
    for (const FitStats& p : parts)
        merge_into(merged, p);
    return merged;
}

// The whole file's model: every state by name (filter composites included) with its
// visits and time, and every transition with its count.
void expect_same_model(const SemiMarkovModel& whole, const SemiMarkovModel& merged)
{
    EXPECT_EQ(whole.elements, merged.elements);
    EXPECT_EQ(whole.total_time, merged.total_time);
    auto states = [](const SemiMarkovModel& m) {
        std::map<std::string, std::pair<std::uint64_t, Time>> out;
        for (const ChainState& s : m.states)
            out[s.name] = {s.count, s.total};
        return out;
    };
    auto transitions = [](const SemiMarkovModel& m) {
        std::map<std::pair<std::string, std::string>, std::uint64_t> out;
        for (const ChainTransition& t : m.transitions)
            out[{m.states[t.from].name, m.states[t.to].name}] = t.count;
        return out;
    };
    EXPECT_EQ(states(whole), states(merged));
    EXPECT_EQ(transitions(whole), transitions(merged));
}

TEST(FilterFigures, AFirstPassMakesATimeFilterExactOnShards)
{
    std::mt19937_64 rng(3);
    const Ses ses = skewed_ses(rng, 20000);
    const Pipeline pipeline = parse_pipeline_json(
        R"({"pipeline": [{"op": "project", "states": ["S0", "S1"], "as": "P"},
                         {"op": "filter", "domain": "time", "below": 0.004}]})",
        "p.json", ".");
    const SemiMarkovModel whole = fit_chain(run_pipeline(ses, pipeline).ses, TimeBase::us);
    bool some_shards_differ_without = false;
    for (std::uint64_t shards : {2u, 7u, 64u}) {
        SCOPED_TRACE("shards " + std::to_string(shards));
        expect_same_model(whole, model_from_stats(sharded(ses, shards, pipeline, 64, true)));
        // Without the first pass each shard selects from its own shares.
        const SemiMarkovModel alone = model_from_stats(sharded(ses, shards, pipeline, 64, false));
        for (const char* name : {"S4", "S5", "S6", "S7"}) {
            const std::size_t a = alone.find(name), w = whole.find(name);
            some_shards_differ_without = some_shards_differ_without || (a == kNoState) != (w == kNoState) ||
                                         (a != kNoState && alone.states[a].count != whole.states[w].count);
        }
    }
    // The case the first pass is for: shards selecting from their own shares disagree.
    EXPECT_TRUE(some_shards_differ_without);
}

TEST(FilterFigures, AnEventFilterByFractionAfterAnAggregationIsExactToo)
{
    std::mt19937_64 rng(4);
    const Ses ses = skewed_ses(rng, 12000);
    const Pipeline pipeline = parse_pipeline_json(
        R"({"pipeline": [{"op": "aggregate", "pattern": ["S0", "S1"], "as": "A"},
                         {"op": "filter", "domain": "event", "below_fraction": 0.03},
                         {"op": "exclude", "states": ["S7"]}]})",
        "p.json", ".");
    const SemiMarkovModel whole = fit_chain(run_pipeline(ses, pipeline).ses, TimeBase::us);
    for (std::uint64_t shards : {3u, 11u}) {
        SCOPED_TRACE("shards " + std::to_string(shards));
        expect_same_model(whole, model_from_stats(sharded(ses, shards, pipeline, 64, true)));
    }
}

TEST(FilterFigures, FiguresOfAnotherStepOrMalformedAreRefused)
{
    std::mt19937_64 rng(5);
    const Ses ses = skewed_ses(rng, 500);
    const Pipeline time =
        parse_pipeline_json(R"({"pipeline": [{"op": "filter", "domain": "time", "below": 0.01}]})", "p.json", ".");
    const Pipeline none = parse_pipeline_json(R"({"pipeline": [{"op": "exclude", "states": ["S7"]}]})", "q.json", ".");
    std::vector<std::string> warnings;
    EXPECT_THROW(shard_filter_figures(ses, ses.size() + 1, ShardSpec{1, 2, 8}, none, false, warnings), InputError);
    FilterFigures figures = shard_filter_figures(ses, ses.size() + 1, ShardSpec{1, 2, 8}, time, false, warnings);
    FilterFigures other = figures;
    other.step = 3;
    EXPECT_THROW(merge_figures(figures, other), InputError);
    EXPECT_THROW(run_pipeline_with_figures(ses, none, figures, false), InputError);
    EXPECT_THROW(figures_from_json("{\"format\": \"chitra-stats\"}", "f.json"), InputError);
    EXPECT_THROW(figures_from_json("{", "f.json"), InputError);
    // Round trip.
    const FilterFigures back = figures_from_json(figures_to_json(figures), "f.json");
    EXPECT_EQ(back.step, figures.step);
    EXPECT_EQ(back.elements, figures.elements);
    EXPECT_EQ(back.time, figures.time);
    EXPECT_EQ(back.states, figures.states);
}

} // namespace
} // namespace chitra
