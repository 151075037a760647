// The exclude step: {"op": "exclude", "states": [names or globs]}.
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

namespace chitra::step {

using namespace step_fields_text;

Ses Exclude::apply(const Ses& in, Warnings& warnings) const { return exclude(in, states, &warnings); }

Step Exclude::read(const StepJsonReader& r)
{
    Exclude s{r.strings("states")};
    if (s.states.empty())
        r.fail("\"states\" must not be empty");
    return s;
}

void Exclude::write(StepJsonWriter& json) const { json["states"] = states; }

void Exclude::record(StepRecord& r) { r.texts("state_count", "state", states); }

std::string Exclude::describe(const StepNumbers&) const { return "exclude " + joined(states, ", "); }

std::vector<StepField> Exclude::fields() const { return {}; }

bool Exclude::set_fields(const std::vector<std::string>&, std::string& error) { return nothing_to_edit(error); }

} // namespace chitra::step
