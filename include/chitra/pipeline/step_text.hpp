// Pipeline steps as a person reads and edits them: a one-line description, and the
// parameters that can be changed in place as labelled text fields (the workbench's
// pipeline panel and its Edit step dialog).
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace chitra {

// How a description writes its numbers: the workbench writes times, shares and
// frequencies in the trace's units and its preferred prefixes.
class StepNumbers {
public:
    virtual ~StepNumbers() = default;
    virtual std::string time(Time t) const = 0;
    virtual std::string share(double fraction) const = 0;
    virtual std::string frequency(double cycles_per_tick) const = 0;
    virtual std::string number(double value) const = 0;
};

struct StepField {
    std::string label;
    std::string value;
};

// "clip time [1.000 ms, 2.187 s)", "filter time share < 1.0%".
std::string describe_step(const Step& step, const StepNumbers& numbers);

// The editable fields of a step; empty when it has none.
std::vector<StepField> step_fields(const Step& step);

// The step with its fields replaced by `values` (in the order of step_fields); nullopt,
// and the reason in `error`, when a value is not acceptable.
std::optional<Step> step_with_fields(const Step& step, const std::vector<std::string>& values, std::string& error);

} // namespace chitra
