// A view's transforms as plain data (interfaces.md "Pipeline file", docs/pipeline.md).
#pragma once

#include "chitra/trace/ses.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace chitra {

namespace step {
struct ClipCount {
    std::size_t head = 0, tail = 0;
    bool operator==(const ClipCount&) const = default;
};
struct ClipTime { // [t0, t1)
    Time t0 = 0, t1 = 0;
    bool operator==(const ClipTime&) const = default;
};
struct ClipEvent { // [i0, i1)
    std::size_t i0 = 0, i1 = 0;
    bool operator==(const ClipEvent&) const = default;
};
struct Aggregate {
    std::vector<std::string> pattern;
    std::string as;
    bool operator==(const Aggregate&) const = default;
};
struct Project {
    std::vector<std::string> states;
    std::string as;
    bool operator==(const Project&) const = default;
};
struct ProjectComponents {
    // key: component index as text ("0", "1", ...) or "*" for every component; a
    // component's own index takes precedence over "*"
    std::map<std::string, std::map<std::string, std::string>> map;
    std::vector<std::size_t> drop;
    bool operator==(const ProjectComponents&) const = default;
};
struct Rules {
    std::string file; // as written in the pipeline
    std::string text; // contents, read when the pipeline is loaded
    bool operator==(const Rules&) const = default;
};
struct FilterTime { // h(s)/T < below
    double below = 0;
    bool operator==(const FilterTime&) const = default;
};
struct FilterEvent { // count(s) < below, or < fraction * m; exactly one is set
    std::optional<double> below;
    std::optional<double> below_fraction;
    bool operator==(const FilterEvent&) const = default;
};
struct FilterFrequency {
    double f0 = 0, f1 = 0;
    bool event_domain = false;      // indicator sampled per element instead of in time
    std::optional<double> interval; // time-domain sampling interval; default per semantics §6
    bool operator==(const FilterFrequency&) const = default;
};
struct Parallel {
    std::string from, to, as;
    bool operator==(const Parallel&) const = default;
};
struct Exclude { // names or globs
    std::vector<std::string> states;
    bool operator==(const Exclude&) const = default;
};
} // namespace step

using Step = std::variant<step::ClipCount, step::ClipTime, step::ClipEvent, step::Aggregate, step::Project,
                          step::ProjectComponents, step::Rules, step::FilterTime, step::FilterEvent,
                          step::FilterFrequency, step::Parallel, step::Exclude>;

// The op name used in pipeline JSON ("clip", "aggregate", ...).
std::string_view op_name(const Step& step);

// "step 3 (aggregate)": how messages name the step at 0-based `index`.
std::string step_label(std::size_t index, const Step& step);

struct Pipeline {
    std::vector<Step> steps;
    bool operator==(const Pipeline&) const = default;
};

} // namespace chitra
