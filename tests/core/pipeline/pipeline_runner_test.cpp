#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

namespace {
std::string error_of(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}
} // namespace

TEST(PipelineRunner, ErrorsNameTheStepAndNothingIsPartlyApplied)
{
    Ses in = make_ses("A B C A B");
    Pipeline p{{step::Aggregate{{"A", "B"}, "Z"}, step::ClipCount{2, 2}}};
    EXPECT_EQ(error_of([&] { run_pipeline(in, p); }).rfind("step 2 (clip): ", 0), 0u);
    Pipeline taken{{step::ClipCount{0, 1}, step::Project{{"A"}, "S"}, step::Aggregate{{"S", "B"}, "C"}}};
    EXPECT_EQ(error_of([&] { run_pipeline(in, taken); }).rfind("step 3 (aggregate): name 'C' already names", 0), 0u);

    PipelineRunner runner(in);
    runner.push_step(step::Aggregate{{"A", "B"}, "Z"});
    EXPECT_EQ(error_of([&] { runner.push_step(step::ClipCount{2, 2}); }).rfind("step 2 (clip): ", 0), 0u);
    EXPECT_EQ(runner.size(), 1u);
    EXPECT_EQ(names(runner.result()), (Names{"Z", "C", "Z"}));
}

TEST(PipelineRunner, WarningsNameTheStepAndStrictMakesThemErrors)
{
    Ses in = make_ses("A B A B");
    Pipeline p{{step::ClipCount{0, 0}, step::Project{{"Q", "A"}, "S"}}};
    RunResult r = run_pipeline(in, p);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0].rfind("step 2 (project): state 'Q'", 0), 0u);
    EXPECT_EQ(names(r.ses), (Names{"S", "B", "S", "B"}));
    EXPECT_EQ(error_of([&] { run_pipeline(in, p, true); }).rfind("step 2 (project): state 'Q'", 0), 0u);
}

TEST(PipelineRunner, UndoAndReplaceReuseCachedResults)
{
    Ses in = make_ses("A B C A B C");
    PipelineRunner runner(in);
    runner.push_step(step::Aggregate{{"A", "B"}, "Z"});
    runner.push_step(step::Project{{"Z"}, "Y"});
    const SymbolId* first = runner.result_at(1).symbol.data();
    runner.pop_step();
    EXPECT_EQ(runner.result().symbol.data(), first); // kept, not recomputed
    EXPECT_EQ(names(runner.result()), (Names{"Z", "C", "Z", "C"}));
    runner.replace_last(step::Aggregate{{"B", "C"}, "W"});
    EXPECT_EQ(names(runner.result()), (Names{"A", "W", "A", "W"}));
    EXPECT_EQ(names(runner.result_at(0)), (Names{"A", "B", "C", "A", "B", "C"}));
}

TEST(PipelineRunner, RemovingAStepAnotherDependsOnIsRefused)
{
    Ses in = make_ses("A B C A B C");
    PipelineRunner runner(in);
    runner.push_step(step::Aggregate{{"A", "B"}, "Z"});
    runner.push_step(step::ClipCount{0, 1});
    runner.push_step(step::Project{{"Z", "C"}, "S"});
    std::string message = error_of([&] { runner.remove_step(0); });
    EXPECT_EQ(message.rfind("cannot remove step 1 (aggregate): step 3 (project)", 0), 0u) << message;
    EXPECT_NE(message.find("'Z'"), std::string::npos);
    EXPECT_EQ(runner.size(), 3u);
    EXPECT_EQ(names(runner.result()), (Names{"S"}));

    runner.remove_step(1); // the clip: nothing depends on it
    EXPECT_EQ(runner.size(), 2u);
    EXPECT_EQ(names(runner.result()), (Names{"S"}));
    EXPECT_EQ(runner.result().records, (Records{0, 6}));
    EXPECT_EQ(runner.warnings().size(), 0u);
}

TEST(PipelineRunner, SetPipelineKeepsCommonPrefix)
{
    Ses in = make_ses("A B C A B C");
    PipelineRunner runner(in);
    runner.push_step(step::Aggregate{{"A", "B"}, "Z"});
    runner.push_step(step::ClipCount{1, 0});
    const SymbolId* first = runner.result_at(1).symbol.data();
    runner.set_pipeline(Pipeline{{step::Aggregate{{"A", "B"}, "Z"}, step::ClipCount{0, 1}}});
    EXPECT_EQ(runner.result_at(1).symbol.data(), first);
    EXPECT_EQ(names(runner.result()), (Names{"Z", "C", "Z"}));
}

// Views of one trace share one base SES: a step on one runner leaves the base and the
// other runner as they were.
TEST(PipelineRunner, RunnersShareABaseWithoutChangingIt)
{
    auto base = std::make_shared<const Ses>(make_ses("A B C A B"));
    PipelineRunner one(base), two(base);
    EXPECT_EQ(one.result_ptr(0), base);
    EXPECT_EQ(two.result_ptr(0), base);
    one.push_step(step::Aggregate{{"A", "B"}, "AB"});
    EXPECT_EQ(one.result().size(), 3u);
    EXPECT_EQ(two.result().size(), 5u);
    EXPECT_EQ(base->size(), 5u);
    EXPECT_EQ(base->name(0), "A");
    EXPECT_EQ(two.result_ptr(0), base);
    EXPECT_THROW(PipelineRunner(std::shared_ptr<const Ses>{}), std::invalid_argument);
}

TEST(PipelineRunner, ATakenBaseGivesTheSameResultAndIsFreed)
{
    const Ses in = make_ses("A B C A B C A B");
    const Pipeline p{{step::ClipCount{1, 0}, step::Aggregate{{"C", "A"}, "Z"}, step::Project{{"Q", "B"}, "S"}}};
    const RunResult kept = run_pipeline(in, p);
    Ses taken = in;
    const RunResult from_taken = run_pipeline(std::move(taken), p);
    EXPECT_EQ(names(from_taken.ses), names(kept.ses));
    EXPECT_EQ(from_taken.ses.bounds, kept.ses.bounds);
    EXPECT_EQ(from_taken.ses.records, kept.ses.records);
    EXPECT_EQ(from_taken.warnings, kept.warnings);
    EXPECT_TRUE(taken.symbol.empty()); // freed after the first step
    EXPECT_TRUE(taken.bounds.empty());
    // No steps: the base itself is the result.
    Ses alone = in;
    EXPECT_EQ(names(run_pipeline(std::move(alone), Pipeline{}).ses), names(in));
}
