// The aggregate step: {"op": "aggregate", "pattern": [names], "as": name}.
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

namespace chitra::step {

using namespace step_fields_text;

Ses Aggregate::apply(const Ses& in, Warnings& warnings) const { return aggregate(in, pattern, as, &warnings); }

Step Aggregate::read(const StepJsonReader& r)
{
    Aggregate s{r.strings("pattern"), r.string("as")};
    if (s.pattern.size() < 2)
        r.fail("pattern needs at least 2 symbols, got " + std::to_string(s.pattern.size()));
    if (s.as.empty())
        r.fail("\"as\" must not be empty");
    return s;
}

void Aggregate::write(StepJsonWriter& json) const
{
    json["pattern"] = pattern;
    json["as"] = as;
}

void Aggregate::record(StepRecord& r)
{
    r.texts("pattern_count", "symbol", pattern);
    r.text("as", as);
}

std::string Aggregate::describe(const StepNumbers&) const { return "aggregate " + joined(pattern, " ") + " as " + as; }

std::vector<StepField> Aggregate::fields() const { return {{"composite name", as}}; }

bool Aggregate::set_fields(const std::vector<std::string>& values, std::string& error)
{
    return parse_name(values[0], as, error);
}

} // namespace chitra::step
