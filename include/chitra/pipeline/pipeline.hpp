// A view's transforms as plain data (interfaces.md "Pipeline file", docs/pipeline.md),
// and the registry of the kinds of step: the `Step` variant lists every kind once.
//
// Each kind is a struct of its parameters that declares, through CHITRA_STEP_KIND, what
// the pipeline, its JSON files, session files and the workbench need of it. Its
// transform's folder, src/core/transforms/<name>/, defines all of that; nothing else
// names the kind. Adding a transform is: its struct here with one line in `Step`, and
// its folder (docs/architecture.md "Where to add").
#pragma once

#include "chitra/trace/ses.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace chitra {

// What a transform reports without failing: a name that matches nothing, say.
using Warnings = std::vector<std::string>;

namespace step {
struct ClipCount;
struct ClipTime;
struct ClipEvent;
struct Aggregate;
struct Project;
struct ProjectComponents;
struct Rules;
struct FilterTime;
struct FilterEvent;
struct FilterFrequency;
struct Parallel;
struct Exclude;
} // namespace step

// Every kind of step, one per line. The order is not saved anywhere (sessions name a
// kind by its session tag); an op shared by several kinds is read by the first of them.
using Step = std::variant<step::ClipCount,         //
                          step::ClipTime,          //
                          step::ClipEvent,         //
                          step::Aggregate,         //
                          step::Project,           //
                          step::ProjectComponents, //
                          step::Rules,             //
                          step::FilterTime,        //
                          step::FilterEvent,       //
                          step::FilterFrequency,   //
                          step::Parallel,          //
                          step::Exclude>;

class StepJsonReader; // src/core/transforms/registry/step_json.hpp
class StepJsonWriter;
class StepRecord;  // src/core/transforms/registry/step_record.hpp
class StepNumbers; // chitra/pipeline/step_text.hpp
struct StepField;

// What every kind of step declares; its transform's folder defines these members.
//   op           its "op" in pipeline JSON (several kinds may share one: "clip")
//   session_tag  its tag in session files: never reuse or rename one, old sessions name it
//   apply        the transform (a kind may add `apply(Ses&&, Warnings&)`, writing over its
//                input); warnings are appended without a step prefix
//   read         a JSON step object of its op, validated (any kind of that op)
//   write        its JSON parameters (the registry writes "op")
//   record       its fields in a session record, written or read back
//   describe     one line for menus, the undo history and the pipeline panel
//   fields       its editable fields as labelled text; set_fields takes them back, or
//                says in `error` why not
#define CHITRA_STEP_KIND(OP, SESSION_TAG)                                                                              \
    static constexpr std::string_view op = OP;                                                                         \
    static constexpr std::string_view session_tag = SESSION_TAG;                                                       \
    Ses apply(const Ses& in, Warnings& warnings) const;                                                                \
    static Step read(const StepJsonReader& json);                                                                      \
    void write(StepJsonWriter& json) const;                                                                            \
    void record(StepRecord& record);                                                                                   \
    std::string describe(const StepNumbers& numbers) const;                                                            \
    std::vector<StepField> fields() const;                                                                             \
    bool set_fields(const std::vector<std::string>& values, std::string& error)

namespace step {
struct ClipCount {
    std::size_t head = 0, tail = 0;
    bool operator==(const ClipCount&) const = default;
    CHITRA_STEP_KIND("clip", "clip_count");
};
struct ClipTime { // [t0, t1)
    Time t0 = 0, t1 = 0;
    bool operator==(const ClipTime&) const = default;
    CHITRA_STEP_KIND("clip", "clip_time");
};
struct ClipEvent { // [i0, i1)
    std::size_t i0 = 0, i1 = 0;
    bool operator==(const ClipEvent&) const = default;
    CHITRA_STEP_KIND("clip", "clip_event");
};
struct Aggregate {
    std::vector<std::string> pattern;
    std::string as;
    bool operator==(const Aggregate&) const = default;
    CHITRA_STEP_KIND("aggregate", "aggregate");
};
struct Project {
    std::vector<std::string> states;
    std::string as;
    bool operator==(const Project&) const = default;
    CHITRA_STEP_KIND("project", "project");
    Ses apply(Ses&& in, Warnings& warnings) const;
};
struct ProjectComponents {
    // key: component index as text ("0", "1", ...) or "*" for every component; a
    // component's own index takes precedence over "*"
    std::map<std::string, std::map<std::string, std::string>> map;
    std::vector<std::size_t> drop;
    bool operator==(const ProjectComponents&) const = default;
    CHITRA_STEP_KIND("project_components", "project_components");
};
struct Rules {
    std::string file; // as written in the pipeline
    std::string text; // contents, read when the pipeline is loaded
    bool operator==(const Rules&) const = default;
    CHITRA_STEP_KIND("rules", "rules");
};
struct FilterTime { // h(s)/T < below
    double below = 0;
    bool operator==(const FilterTime&) const = default;
    CHITRA_STEP_KIND("filter", "filter_time");
    Ses apply(Ses&& in, Warnings& warnings) const;
};
struct FilterEvent { // count(s) < below, or < fraction * m; exactly one is set
    std::optional<double> below;
    std::optional<double> below_fraction;
    bool operator==(const FilterEvent&) const = default;
    CHITRA_STEP_KIND("filter", "filter_event");
    Ses apply(Ses&& in, Warnings& warnings) const;
};
struct FilterFrequency {
    double f0 = 0, f1 = 0;
    bool event_domain = false;      // indicator sampled per element instead of in time
    std::optional<double> interval; // time-domain sampling interval; default per semantics §6
    bool operator==(const FilterFrequency&) const = default;
    CHITRA_STEP_KIND("filter", "filter_frequency");
};
struct Parallel {
    std::string from, to, as;
    bool operator==(const Parallel&) const = default;
    CHITRA_STEP_KIND("parallel", "parallel");
};
struct Exclude { // names or globs
    std::vector<std::string> states;
    bool operator==(const Exclude&) const = default;
    CHITRA_STEP_KIND("exclude", "exclude");
};
} // namespace step

// The op name used in pipeline JSON ("clip", "aggregate", ...).
std::string_view op_name(const Step& step);

// "step 3 (aggregate)": how messages name the step at 0-based `index`.
std::string step_label(std::size_t index, const Step& step);

struct Pipeline {
    std::vector<Step> steps;
    bool operator==(const Pipeline&) const = default;
};

} // namespace chitra
