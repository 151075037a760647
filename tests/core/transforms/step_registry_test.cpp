// The registry of the kinds of step: every kind is found by its op and its session tag,
// describes itself through the numbers it is given, and gives its editable fields back
// unchanged or refuses them with a reason.
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/step_text.hpp"
#include "session_test_fixture.hpp"

#include <gtest/gtest.h>

#include <set>

using namespace chitra;

namespace {
// Marks what it was asked to write, to show which numbers a description takes from it.
class MarkedNumbers final : public StepNumbers {
public:
    std::string time(Time t) const override { return "time(" + std::to_string(t) + ")"; }
    std::string share(double f) const override { return "share(" + std::to_string(f) + ")"; }
    std::string frequency(double f) const override { return "frequency(" + std::to_string(f) + ")"; }
    std::string number(double v) const override { return "number(" + std::to_string(v) + ")"; }
};

std::optional<Step> edited(const Step& step, std::vector<std::string> values, std::string* error = nullptr)
{
    std::string reason;
    auto out = step_with_fields(step, values, reason);
    if (error)
        *error = reason;
    return out;
}
} // namespace

TEST(StepRegistry, EveryKindHasItsOwnSessionTagAndAnOpThatReadsIt)
{
    const Pipeline every = chitra::testing::every_step_pipeline();
    std::set<std::size_t> kinds;
    for (const Step& step : every.steps)
        kinds.insert(step.index());
    ASSERT_EQ(kinds.size(), std::variant_size_v<Step>) << "every_step_pipeline() holds every kind";

    std::set<std::string> tags;
    for (const Step& step : every.steps) {
        const std::string tag = std::visit([](const auto& kind) { return std::string(kind.session_tag); }, step);
        tags.insert(tag);
        // One pipeline file per step: its op reads it back as the same kind, same values.
        Pipeline one;
        one.steps = {step};
        if (auto* rules = std::get_if<step::Rules>(&one.steps[0]))
            rules->text = "LOCK = L*\n"; // a pipeline file's rules are checked when read
        EXPECT_EQ(parse_pipeline_json(to_pipeline_json(one), "p.json", ""), one) << tag;
    }
    EXPECT_EQ(tags.size(), std::variant_size_v<Step>) << "no two kinds share a session tag";
}

TEST(StepRegistry, AnUnknownOpNamesEveryKnownOneOnce)
{
    try {
        parse_pipeline_json(R"({"pipeline": [{"op": "smooth"}]})", "p.json", "");
        FAIL() << "an unknown op was read";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "p.json: step 1: unknown op \"smooth\" (expected clip, aggregate, project, "
                               "project_components, rules, filter, parallel or exclude)");
    }
}

TEST(StepRegistry, DescriptionsTakeTimesSharesAndFrequenciesFromTheirNumbers)
{
    const MarkedNumbers n;
    EXPECT_EQ(describe_step(step::ClipTime{20, 900}, n), "clip time [time(20), time(900))");
    EXPECT_EQ(describe_step(step::ClipCount{3, 4}, n), "clip head 3 tail 4");
    EXPECT_EQ(describe_step(step::ClipEvent{10, 400}, n), "clip events [10, 400)");
    EXPECT_EQ(describe_step(step::FilterTime{0.25}, n), "filter time share < share(0.250000)");
    EXPECT_EQ(describe_step(step::FilterEvent{7.0, std::nullopt}, n), "filter count < number(7.000000)");
    EXPECT_EQ(describe_step(step::FilterEvent{std::nullopt, 0.5}, n), "filter count < share(0.500000) of elements");
    EXPECT_EQ(describe_step(step::FilterFrequency{0.5, 2.0, false, std::nullopt}, n),
              "filter band [frequency(0.500000), frequency(2.000000)]");
    EXPECT_EQ(describe_step(step::FilterFrequency{0.08, 0.09, true, std::nullopt}, n),
              "filter band [0.08, 0.09] per event");
    EXPECT_EQ(describe_step(step::Aggregate{{"A", "B"}, "AB"}, n), "aggregate A B as AB");
    EXPECT_EQ(describe_step(step::Project{{"A", "B"}, "P"}, n), "project A, B as P");
    EXPECT_EQ(describe_step(step::Parallel{"F", "J", "P1"}, n), "parallel F .. J as P1");
    EXPECT_EQ(describe_step(step::Exclude{{"IDL*", "X"}}, n), "exclude IDL*, X");
    EXPECT_EQ(describe_step(step::Rules{"barrier.rules", ""}, n), "rules barrier.rules");
}

// Fields are text (shares in percent): taken back unchanged, they show the same again.
TEST(StepRegistry, EveryKindGivesItsFieldsBackUnchanged)
{
    for (const Step& step : chitra::testing::every_step_pipeline().steps) {
        const auto fields = step_fields(step);
        std::vector<std::string> values;
        for (const auto& f : fields)
            values.push_back(f.value);
        std::string error;
        const auto back = step_with_fields(step, values, error);
        if (fields.empty()) {
            EXPECT_FALSE(back) << describe_step(step, MarkedNumbers());
            EXPECT_EQ(error, "this step has nothing to edit");
        } else {
            ASSERT_TRUE(back) << error;
            EXPECT_EQ(back->index(), step.index());
            const auto again = step_fields(*back);
            ASSERT_EQ(again.size(), fields.size());
            for (std::size_t i = 0; i < fields.size(); ++i)
                EXPECT_EQ(again[i].value, fields[i].value) << fields[i].label;
        }
    }
}

TEST(StepRegistry, EditedFieldsChangeTheStepOrSayWhatIsWrong)
{
    EXPECT_EQ(edited(step::ClipTime{20, 900}, {" 30 ", "+800"}), Step(step::ClipTime{30, 800}));
    EXPECT_EQ(edited(step::FilterTime{0.05}, {"12.5"}), Step(step::FilterTime{0.125}));
    EXPECT_EQ(edited(step::FilterEvent{std::nullopt, 0.1}, {"50"}), Step(step::FilterEvent{std::nullopt, 0.5}));
    EXPECT_EQ(edited(step::Aggregate{{"A", "B"}, "AB"}, {"  Loop "}), Step(step::Aggregate{{"A", "B"}, "Loop"}));

    std::string error;
    EXPECT_FALSE(edited(step::ClipTime{20, 900}, {"900", "20"}, &error));
    EXPECT_EQ(error, "the window is empty: the end must be after the start");
    EXPECT_FALSE(edited(step::ClipEvent{1, 9}, {"-1", "9"}, &error));
    EXPECT_EQ(error, "from event must be a whole number >= 0");
    EXPECT_FALSE(edited(step::ClipTime{1, 9}, {"1.5", "9"}, &error));
    EXPECT_EQ(error, "from time must be a whole number");
    EXPECT_FALSE(edited(step::FilterTime{0.05}, {"101"}, &error));
    EXPECT_EQ(error, "a share of time is at most 100%");
    EXPECT_FALSE(edited(step::FilterFrequency{1, 2, false, std::nullopt}, {"3", "2"}, &error));
    EXPECT_EQ(error, "the band's upper end is below its lower end");
    EXPECT_FALSE(edited(step::FilterFrequency{1, 2, false, std::nullopt}, {"nan", "2"}, &error));
    EXPECT_EQ(error, "band from (f0) must be a number >= 0");
    EXPECT_FALSE(edited(step::Parallel{"F", "J", "P"}, {"   "}, &error));
    EXPECT_EQ(error, "the composite needs a name");
    EXPECT_FALSE(edited(step::ClipCount{1, 2}, {"1"}, &error)) << "one value for two fields";
    EXPECT_EQ(error, "this step has nothing to edit");
}
