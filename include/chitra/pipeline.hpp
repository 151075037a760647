// A view's transforms as plain data (interfaces.md "Pipeline file").
#pragma once

#include "chitra/ses.hpp"

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace chitra {

namespace step {
struct ClipCount { std::size_t head = 0, tail = 0; };
struct ClipTime { Time t0 = 0, t1 = 0; };          // [t0, t1)
struct ClipEvent { std::size_t i0 = 0, i1 = 0; };  // [i0, i1)
struct Aggregate { std::vector<std::string> pattern; std::string as; };
struct Project { std::vector<std::string> states; std::string as; };
struct ProjectComponents {
    // key: component index as text ("0", "1", ...) or "*" for every component
    std::map<std::string, std::map<std::string, std::string>> map;
    std::vector<std::size_t> drop;
};
struct Rules {
    std::string file; // as written in the pipeline
    std::string text; // contents, read when the pipeline is loaded
};
struct FilterTime { double below = 0; };           // h(s)/T < below
struct FilterEvent {                               // count(s) < below, or < fraction * m
    std::optional<double> below;
    std::optional<double> below_fraction;
};
struct FilterFrequency {
    double f0 = 0, f1 = 0;
    bool event_domain = false;           // indicator sampled per element instead of in time
    std::optional<double> interval;      // time-domain sampling interval; default per semantics §6
};
struct Parallel { std::string from, to, as; };
struct Exclude { std::vector<std::string> states; }; // names or globs
} // namespace step

using Step = std::variant<step::ClipCount, step::ClipTime, step::ClipEvent, step::Aggregate,
                          step::Project, step::ProjectComponents, step::Rules, step::FilterTime,
                          step::FilterEvent, step::FilterFrequency, step::Parallel, step::Exclude>;

// The op name used in pipeline JSON ("clip", "aggregate", ...).
std::string_view op_name(const Step& step);

struct Pipeline {
    std::vector<Step> steps;
};

} // namespace chitra
