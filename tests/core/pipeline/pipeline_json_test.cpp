#include "chitra/pipeline/pipeline_json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace chitra;

namespace {
std::string error_of(const std::string& text)
{
    try {
        parse_pipeline_json(text, "p.json", "");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}
} // namespace

TEST(PipelineJson, RoundTripOfEveryStepType)
{
    Pipeline p;
    p.steps = {step::ClipCount{8, 8},
               step::ClipTime{20000, 90000},
               step::ClipEvent{10, 400},
               step::Aggregate{{"LOCK", "WORK", "UNLOCK"}, "CS"},
               step::Project{{"SPIN1", "SPIN2"}, "SPIN"},
               step::ProjectComponents{{{"*", {{"A1", "A"}, {"A2", "A"}}}, {"1", {{"T", "t"}}}}, {3}},
               step::Rules{"barrier.rules", "LOCK = L*\n# c\nN = 1..8\n"},
               step::FilterTime{0.05},
               step::FilterEvent{10.0, std::nullopt},
               step::FilterEvent{std::nullopt, 0.05},
               step::FilterFrequency{90.0, 110.0, false, std::nullopt},
               step::FilterFrequency{0.1, 0.2, true, 2.5},
               step::Parallel{"IDLE", "SEND", "P1"},
               step::Exclude{{"IDL*", "X"}}};
    static_assert(std::variant_size_v<Step> == 12); // every alternative appears above
    std::string text = to_pipeline_json(p);
    Pipeline back = parse_pipeline_json(text, "p.json", "");
    EXPECT_EQ(back, p) << text;
    EXPECT_EQ(to_pipeline_json(back), text);
}

TEST(PipelineJson, ReadsTheInterfaceExampleWithRulesFileBesideIt)
{
    auto dir = std::filesystem::temp_directory_path() / "chitra_pipeline_json_test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "barrier.rules") << "BARRIER = B*\n";
    std::ofstream(dir / "p.json") << R"({"pipeline": [
  {"op": "clip", "head": 8, "tail": 8},
  {"op": "clip", "t0": 20000, "t1": 90000},
  {"op": "clip", "i0": 10, "i1": 400},
  {"op": "aggregate", "pattern": ["LOCK", "WORK", "UNLOCK"], "as": "CS"},
  {"op": "project", "states": ["SPIN1", "SPIN2"], "as": "SPIN"},
  {"op": "project_components", "map": {"*": {"A1": "A", "A2": "A"}}, "drop": [3]},
  {"op": "filter", "domain": "time", "below": 0.05},
  {"op": "filter", "domain": "event", "below": 10},
  {"op": "filter", "domain": "event", "below_fraction": 0.05},
  {"op": "filter", "domain": "frequency", "band": [90.0, 110.0]},
  {"op": "parallel", "from": "IDLE", "to": "SEND", "as": "P1"},
  {"op": "exclude", "states": ["IDL*"]},
  {"op": "rules", "file": "barrier.rules"}
]})";
    Pipeline p = load_pipeline_file((dir / "p.json").string());
    ASSERT_EQ(p.steps.size(), 13u);
    EXPECT_EQ(std::get<step::ClipCount>(p.steps[0]).tail, 8u);
    EXPECT_EQ(std::get<step::ClipTime>(p.steps[1]).t1, 90000);
    EXPECT_EQ(std::get<step::FilterEvent>(p.steps[7]).below, 10.0);
    EXPECT_EQ(std::get<step::ProjectComponents>(p.steps[5]).drop, (std::vector<std::size_t>{3}));
    const auto& rules = std::get<step::Rules>(p.steps[12]);
    EXPECT_EQ(rules.file, "barrier.rules");
    EXPECT_EQ(rules.text, "BARRIER = B*\n");
    std::filesystem::remove_all(dir);
}

TEST(PipelineJson, BadStepsAreNamedWithIndexAndOp)
{
    EXPECT_EQ(error_of(R"({"pipeline": [{"op": "clip", "head": 1}, {"op": "smooth"}]})")
                  .rfind("p.json: step 2: unknown op \"smooth\"", 0),
              0u);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "aggregate", "pattern": ["A"], "as": "Z"}]})")
                  .find("step 1 (aggregate): pattern needs at least 2 symbols"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "aggregate", "pattern": [], "as": "Z"}]})").find("step 1 (aggregate)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "project", "as": "Z"}]})")
                  .find("step 1 (project): missing parameter \"states\""),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "clip", "head": "8"}]})")
                  .find("step 1 (clip): parameter \"head\" must be an integer"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "clip", "head": -1}]})").find("step 1 (clip)"), std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "clip", "head": 1, "t0": 3, "t1": 4}]})").find("step 1 (clip)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "filter", "domain": "time", "below": 0.1, "abve": 3}]})")
                  .find("step 1 (filter): unknown parameter \"abve\""),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "filter", "domain": "event", "below": 1, "below_fraction": 0.1}]})")
                  .find("step 1 (filter)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "filter", "domain": "sound", "below": 1}]})").find("step 1 (filter)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "project_components", "map": {"x": {"A": "B"}}}]})")
                  .find("step 1 (project_components)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "exclude", "states": "A"}]})").find("step 1 (exclude)"),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "rules", "file": "r.rules", "text": "OK = A\nbad line\n"}]})")
                  .find("step 1 (rules): r.rules:2: "),
              std::string::npos);
    EXPECT_NE(error_of(R"({"pipeline": [{"op": "rules", "file": "/nonexistent/r.rules"}]})").find("step 1 (rules)"),
              std::string::npos);
    EXPECT_EQ(error_of("{\"pipeline\": [\n{\"op\": \"clip\",, }]}").rfind("p.json:2: invalid JSON", 0), 0u);
    EXPECT_EQ(error_of("[1, 2]").rfind("p.json: expected an object", 0), 0u);
}
