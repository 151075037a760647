// Property tests on random traces with fixed seeds.
#include "chitra/transforms/pattern.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

#include <random>
#include <utility>

using namespace chitra;
using namespace chitra::testing;

namespace {
Ses random_ses(std::uint32_t seed, std::size_t n, int alphabet)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> sym(0, alphabet - 1);
    std::uniform_int_distribution<int> occ(0, 9);
    std::string spec;
    for (std::size_t i = 0; i < n; ++i)
        spec += std::string(1, char('A' + sym(rng))) + ":" + std::to_string(occ(rng)) + " ";
    return make_ses(spec, 1000 + seed % 7);
}

// Ranges are non-empty, contiguous and cover [first, last) of the input's records.
void expect_tiles(const Ses& out, RecordIndex first, RecordIndex last)
{
    ASSERT_EQ(out.records.size(), out.size() + 1);
    ASSERT_EQ(out.bounds.size(), out.size() + 1);
    EXPECT_EQ(out.records.front(), first);
    EXPECT_EQ(out.records.back(), last);
    for (std::size_t i = 0; i < out.size(); ++i) {
        EXPECT_LT(out.records[i], out.records[i + 1]);
        EXPECT_LE(out.bounds[i], out.bounds[i + 1]);
    }
}

std::vector<Step> every_non_clip_step()
{
    return {step::Aggregate{{"A", "B"}, "Z"},
            step::Project{{"C", "D"}, "CD"},
            step::ProjectComponents{{{"*", {{"E", "A"}}}}, {}},
            step::Rules{"r", "X = A, B\nY = F*\n"},
            step::FilterTime{0.1},
            step::FilterEvent{5.0, std::nullopt},
            step::FilterEvent{std::nullopt, 0.15},
            step::Parallel{"A", "B", "P"},
            step::Exclude{{"C"}}};
}
} // namespace

TEST(TransformProperty, OccupancyConservedAndProvenanceTiles)
{
    for (std::uint32_t seed = 1; seed <= 20; ++seed) {
        Ses in = random_ses(seed, 300, 3 + seed % 5);
        for (const Step& step : every_non_clip_step()) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " op " + std::string(op_name(step)));
            Warnings w;
            Ses out = apply_step(in, step, w);
            if (std::holds_alternative<step::Exclude>(step)) {
                // Leading excluded elements are dropped with their time.
                std::size_t lead = 0;
                SymbolId c = in.symbols->find("C");
                while (lead < in.size() && in.symbol[lead] == c)
                    ++lead;
                EXPECT_EQ(out.total(), in.bounds.back() - in.bounds[lead]);
                expect_tiles(out, in.records[lead], in.records.back());
            } else {
                EXPECT_EQ(out.total(), in.total());
                EXPECT_EQ(out.bounds.front(), in.bounds.front());
                expect_tiles(out, in.records.front(), in.records.back());
            }
            // Every element keeps the entry time of its first record.
            for (std::size_t i = 0; i < out.size(); ++i)
                EXPECT_EQ(out.bounds[i], in.bounds[out.records[i] - in.records.front()]);
        }
    }
}

TEST(TransformProperty, ProjectionMapsEveryRecordToItsElement)
{
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        Ses in = random_ses(seed, 500, 5);
        Ses out = project(in, {"A", "C"}, "S");
        SymbolId s = out.symbols->find("S");
        for (std::size_t i = 0; i < out.size(); ++i)
            for (RecordIndex r = out.records[i]; r < out.records[i + 1]; ++r) {
                const std::string& name = in.name(r);
                EXPECT_EQ(out.symbol[i], (name == "A" || name == "C") ? s : in.symbol[r]);
            }
        // Maximal runs of S merged: no two adjacent S elements.
        for (std::size_t i = 1; i < out.size(); ++i)
            EXPECT_FALSE(out.symbol[i] == s && out.symbol[i - 1] == s);
    }
}

TEST(TransformProperty, ClipKeepsAContiguousSlice)
{
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        Ses in = random_ses(seed, 200, 4);
        std::size_t head = seed * 7, tail = seed * 3;
        Ses out = clip_count(in, head, tail);
        EXPECT_EQ(out.size(), in.size() - head - tail);
        EXPECT_EQ(out.total(), in.bounds[in.size() - tail] - in.bounds[head]);
        expect_tiles(out, head, in.size() - tail);
    }
}

TEST(TransformProperty, PatternCountEqualsAggregateReplacements)
{
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        Ses in = random_ses(seed, 400, 2 + seed % 3);
        std::vector<std::string> pattern =
            seed % 2 ? std::vector<std::string>{"A", "A"} : std::vector<std::string>{"A", "B", "A"};
        PatternMatches m = find_pattern(in, pattern);
        Ses out = aggregate(in, pattern, "Z");
        SymbolId z = out.symbols->find("Z");
        std::size_t replaced = std::count(out.symbol.begin(), out.symbol.end(), z);
        EXPECT_EQ(m.count(), replaced) << "seed " << seed;
        EXPECT_EQ(out.size(), in.size() - m.count() * (pattern.size() - 1));
    }
}

TEST(TransformProperty, ReplayEqualsDirectApplication)
{
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        Ses in = random_ses(seed, 400, 6);
        Pipeline p{{step::ClipCount{3, 4}, step::Aggregate{{"A", "B"}, "Z"}, step::FilterTime{0.08},
                    step::Exclude{{"D"}}, step::Parallel{"Z", "C", "P"}, step::FilterEvent{std::nullopt, 0.1}}};
        Ses direct = clip_count(in, 3, 4);
        direct = aggregate(direct, {"A", "B"}, "Z");
        direct = filter_time(direct, 0.08);
        direct = exclude(direct, {"D"});
        direct = parallel(direct, "Z", "C", "P");
        direct = filter_event_fraction(direct, 0.1);
        RunResult replayed = run_pipeline(in, p);
        EXPECT_EQ(names(replayed.ses), names(direct));
        EXPECT_EQ(replayed.ses.bounds, direct.bounds);
        EXPECT_EQ(replayed.ses.records, direct.records);

        // The runner gives the same, also after undo and removal of an earlier step.
        PipelineRunner runner(in);
        for (const Step& s : p.steps)
            runner.push_step(s);
        EXPECT_EQ(runner.result().bounds, direct.bounds);
        runner.pop_step();
        EXPECT_EQ(runner.result().records,
                  run_pipeline(in, Pipeline{{p.steps.begin(), p.steps.end() - 1}}).ses.records);
        runner.remove_step(0);
        Pipeline without{{p.steps.begin() + 1, p.steps.end() - 1}};
        Ses expected = run_pipeline(in, without).ses;
        EXPECT_EQ(names(runner.result()), names(expected));
        EXPECT_EQ(runner.result().records, expected.records);
    }
}

// Given an SES to consume, a step may write its output over it (filters and set
// projection do when the SES owns its columns): the result is the same as when the step
// only reads the SES.
TEST(TransformProperty, ConsumingAStepGivesWhatReadingGives)
{
    for (std::uint32_t seed = 1; seed <= 20; ++seed) {
        Ses in = random_ses(seed, 300, 3 + seed % 5);
        if (seed % 2)
            in.records = RecordIndices(in.records.to_vector()); // stored: written over too
        for (const Step& step : every_non_clip_step()) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " op " + std::string(op_name(step)));
            Warnings read_warnings, consumed_warnings;
            const Ses read = apply_step(in, step, read_warnings);
            Ses copy = in;
            const SymbolId* storage = copy.symbol.data();
            const Ses consumed = apply_step(std::move(copy), step, consumed_warnings);
            EXPECT_EQ(names(consumed), names(read));
            EXPECT_EQ(consumed.bounds, read.bounds);
            EXPECT_EQ(consumed.records, read.records);
            EXPECT_EQ(consumed.symbols->size(), read.symbols->size());
            EXPECT_EQ(consumed_warnings, read_warnings);
            const bool over = std::holds_alternative<step::Project>(step) ||
                              std::holds_alternative<step::FilterTime>(step) ||
                              std::holds_alternative<step::FilterEvent>(step);
            if (over && !in.records.is_consecutive()) {
                EXPECT_EQ(consumed.symbol.data(), storage); // written over the input
            }
        }
    }
}

// A pipeline consumes each step's output with the next step: its result is that of the
// steps applied one by one, each only reading its input.
TEST(TransformProperty, APipelineGivesWhatItsStepsGiveOneByOne)
{
    Pipeline pipeline;
    pipeline.steps = {step::ClipCount{3, 5}, step::Aggregate{{"A", "B"}, "Z"}, step::FilterEvent{std::nullopt, 0.15},
                      step::Project{{"C", "D"}, "CD"}, step::FilterTime{0.1}};
    for (std::uint32_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Ses in = random_ses(seed, 400, 3 + seed % 5);
        Ses expected = in;
        for (const Step& step : pipeline.steps) {
            Warnings w;
            const Ses next = apply_step(std::as_const(expected), step, w);
            expected = next;
        }
        for (const RunResult& run : {run_pipeline(in, pipeline, false), run_pipeline(Ses(in), pipeline, false)}) {
            EXPECT_EQ(names(run.ses), names(expected));
            EXPECT_EQ(run.ses.bounds, expected.bounds);
            EXPECT_EQ(run.ses.records, expected.records);
        }
    }
}

// Record boundaries past 32 bits (a trace of more than 2^32 records), consecutive or
// stored 8 bytes each: every step, reading or consuming its input, gives the boundaries
// it gives for the same SES at small boundaries, moved by the same amount.
TEST(TransformProperty, RecordBoundariesPast32BitsMoveWithTheirElements)
{
    constexpr RecordIndex kFar = RecordIndex{1} << 33;
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        const Ses near = random_ses(seed, 300, 3 + seed % 5);
        Ses far = near;
        if (seed % 2) {
            far.records = RecordIndices::consecutive(kFar, near.records.size());
        } else {
            std::vector<RecordIndex> moved = near.records.to_vector();
            for (RecordIndex& r : moved)
                r += kFar;
            far.records = RecordIndices(moved);
        }
        ASSERT_EQ(far.records.is_wide(), seed % 2 == 0);
        for (const Step& step : every_non_clip_step()) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " op " + std::string(op_name(step)));
            Warnings w;
            const Ses expected = apply_step(near, step, w);
            std::vector<RecordIndex> moved = expected.records.to_vector();
            for (RecordIndex& r : moved)
                r += kFar;
            EXPECT_EQ(apply_step(far, step, w).records, moved);
            Ses copy = far;
            EXPECT_EQ(apply_step(std::move(copy), step, w).records, moved);
        }
    }
}
