#include "chitra/pipeline/pipeline.hpp"

namespace chitra {

std::string_view op_name(const Step& step)
{
    static constexpr std::string_view names[] = {
        "clip",  "clip",   "clip",   "aggregate", "project",  "project_components",
        "rules", "filter", "filter", "filter",    "parallel", "exclude"};
    static_assert(std::size(names) == std::variant_size_v<Step>);
    return names[step.index()];
}

std::string step_label(std::size_t index, const Step& step)
{
    return "step " + std::to_string(index + 1) + " (" + std::string(op_name(step)) + ")";
}

} // namespace chitra
