// Background replay pieces of the PipelineRunner: replay_pipeline + commit, the cost
// estimate and cooperative cancellation.
#include "chitra/util/cancel.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

namespace {
using Names = std::vector<std::string>;
Names names_of(const Ses& ses)
{
    Names n;
    for (SymbolId s : ses.symbol)
        n.push_back((*ses.symbols)[s].name);
    return n;
}
} // namespace

TEST(PipelineRunnerReplay, ReplayThenCommitEqualsSetPipeline)
{
    Ses in = make_ses("A B C A B C A");
    PipelineRunner runner(in);
    runner.push_step(step::Aggregate{{"A", "B"}, "Z"});
    Pipeline target{{step::Aggregate{{"A", "B"}, "Z"}, step::ClipCount{1, 0}, step::Project{{"Z"}, "P"}}};
    const std::size_t common = runner.common_prefix(target);
    EXPECT_EQ(common, 1u);
    std::vector<std::pair<std::size_t, std::size_t>> calls;
    Replay replay = replay_pipeline(runner.result_ptr(common), target, common, false, nullptr,
                                    [&](std::size_t done, std::size_t total) { calls.emplace_back(done, total); });
    EXPECT_EQ(calls, (std::vector<std::pair<std::size_t, std::size_t>>{{1, 2}, {2, 2}}));
    EXPECT_EQ(runner.size(), 1u); // computing a replay does not touch the runner
    runner.commit(std::move(replay));
    // Z C Z C A -> clip head 1 -> C Z C A -> project Z -> C P C A
    EXPECT_EQ(names_of(runner.result()), (Names{"C", "P", "C", "A"}));
    PipelineRunner other(in);
    other.set_pipeline(target);
    EXPECT_EQ(names_of(other.result()), names_of(runner.result()));
    EXPECT_EQ(other.result().bounds, runner.result().bounds);
    EXPECT_EQ(other.result().records, runner.result().records);
}

TEST(PipelineRunnerReplay, StaleReplayIsRefusedAndRunnerUnchanged)
{
    Ses in = make_ses("A B C A B C");
    PipelineRunner runner(in);
    Pipeline target{{step::Aggregate{{"A", "B"}, "Z"}, step::ClipCount{1, 0}}};
    runner.push_step(step::Aggregate{{"A", "B"}, "Z"});
    Replay replay = replay_pipeline(runner.result_ptr(1), target, 1);
    runner.pop_step(); // the runner moved on while the replay ran
    runner.push_step(step::ClipCount{0, 1});
    EXPECT_THROW(runner.commit(std::move(replay)), std::logic_error);
    EXPECT_EQ(runner.size(), 1u);
    EXPECT_EQ(names_of(runner.result()), (Names{"A", "B", "C", "A", "B"}));
}

TEST(PipelineRunnerReplay, CostCountsOnlyStepsToRecompute)
{
    Ses in = make_ses("A B C A B C"); // 6 elements
    PipelineRunner runner(in);
    runner.push_step(step::ClipCount{2, 0}); // 4 elements
    Pipeline keep = runner.pipeline();
    EXPECT_EQ(runner.replay_cost(keep), 0.0);
    Pipeline more = keep;
    more.steps.push_back(step::Exclude{{"C"}});
    more.steps.push_back(step::FilterFrequency{0.1, 0.2, true, std::nullopt});
    // Both steps start from the 4 elements after the cached clip.
    EXPECT_EQ(runner.replay_cost(more),
              4.0 * step_cost(step::Exclude{{"C"}}) + 4.0 * step_cost(step::FilterFrequency{}));
    EXPECT_GT(step_cost(step::FilterFrequency{}), step_cost(step::Exclude{}));
    Pipeline other{{step::ClipCount{0, 1}}}; // differs from the first step: from the base
    EXPECT_EQ(runner.replay_cost(other), 6.0 * step_cost(step::ClipCount{}));
}

TEST(PipelineRunnerReplay, CancelledBeforeAStepThrowsCancelled)
{
    Ses in = make_ses("A B C A B C");
    PipelineRunner runner(in);
    Pipeline target{{step::ClipCount{1, 0}, step::ClipCount{1, 0}, step::ClipCount{1, 0}}};
    CancelFlag cancel{false};
    std::size_t steps_done = 0;
    // The flag goes up after the first step: the second must not run.
    EXPECT_THROW(replay_pipeline(runner.result_ptr(0), target, 0, false, &cancel,
                                 [&](std::size_t done, std::size_t) {
                                     steps_done = done;
                                     cancel = true;
                                 }),
                 Cancelled);
    EXPECT_EQ(steps_done, 1u);
    EXPECT_EQ(runner.size(), 0u);
    cancel = false;
    EXPECT_NO_THROW(replay_pipeline(runner.result_ptr(0), target, 0, false, &cancel));
}

TEST(PipelineRunnerReplay, FrequencyFilterChecksTheFlagInsideTheStep)
{
    Ses in = make_ses("A B A B C A B A B C");
    CancelFlag cancel{true};
    {
        CancelScope scope(&cancel);
        EXPECT_THROW(filter_frequency(in, 0.0, 1.0, true, std::nullopt), Cancelled);
        // Linear transforms do not check: only the runner between steps does.
        EXPECT_NO_THROW(clip_count(in, 1, 0));
        {
            CancelScope inner(nullptr); // a nested scope without a flag keeps the outer one
            EXPECT_THROW(throw_if_cancelled(), Cancelled);
        }
    }
    EXPECT_NO_THROW(throw_if_cancelled()); // the scope ended
    EXPECT_NO_THROW(filter_frequency(in, 0.0, 1.0, true, std::nullopt));
}

TEST(PipelineRunnerReplay, ErrorsKeepTheStepLabel)
{
    Ses in = make_ses("A B C");
    PipelineRunner runner(in);
    Pipeline target{{step::ClipCount{0, 1}, step::ClipCount{5, 5}}};
    try {
        replay_pipeline(runner.result_ptr(0), target, 0);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("step 2 (clip): ", 0), 0u) << e.what();
    }
}
