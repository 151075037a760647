// The parallel step: {"op": "parallel", "from": name, "to": name, "as": name}.
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

namespace chitra::step {

using namespace step_fields_text;

Ses Parallel::apply(const Ses& in, Warnings& warnings) const { return parallel(in, from, to, as, &warnings); }

Step Parallel::read(const StepJsonReader& r)
{
    Parallel s{r.string("from"), r.string("to"), r.string("as")};
    if (s.from.empty() || s.to.empty() || s.as.empty())
        r.fail("\"from\", \"to\" and \"as\" must not be empty");
    return s;
}

void Parallel::write(StepJsonWriter& json) const
{
    json["from"] = from;
    json["to"] = to;
    json["as"] = as;
}

void Parallel::record(StepRecord& r)
{
    r.text("from", from);
    r.text("to", to);
    r.text("as", as);
}

std::string Parallel::describe(const StepNumbers&) const { return "parallel " + from + " .. " + to + " as " + as; }

std::vector<StepField> Parallel::fields() const { return {{"composite name", as}}; }

bool Parallel::set_fields(const std::vector<std::string>& values, std::string& error)
{
    return parse_name(values[0], as, error);
}

} // namespace chitra::step
