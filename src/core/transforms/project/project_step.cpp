// The projection steps: set projection {"op": "project", "states": [names], "as": name}
// and component projection {"op": "project_components", "map": {...}, "drop": [...]}.
#include "chitra/pipeline/step_text.hpp"
#include "chitra/transforms/transforms.hpp"
#include "transforms/registry/step_fields.hpp"
#include "transforms/registry/step_json.hpp"
#include "transforms/registry/step_record.hpp"

namespace chitra::step {

using namespace step_fields_text;

// ---- set projection ----

Ses Project::apply(const Ses& in, Warnings& warnings) const { return project(in, states, as, &warnings); }
Ses Project::apply(Ses&& in, Warnings& warnings) const { return project(std::move(in), states, as, &warnings); }

Step Project::read(const StepJsonReader& r)
{
    Project s{r.strings("states"), r.string("as")};
    if (s.states.empty())
        r.fail("\"states\" must not be empty");
    if (s.as.empty())
        r.fail("\"as\" must not be empty");
    return s;
}

void Project::write(StepJsonWriter& json) const
{
    json["states"] = states;
    json["as"] = as;
}

void Project::record(StepRecord& r)
{
    r.texts("state_count", "state", states);
    r.text("as", as);
}

std::string Project::describe(const StepNumbers&) const { return "project " + joined(states, ", ") + " as " + as; }

std::vector<StepField> Project::fields() const { return {{"composite name", as}}; }

bool Project::set_fields(const std::vector<std::string>& values, std::string& error)
{
    return parse_name(values[0], as, error);
}

// ---- component projection ----

Ses ProjectComponents::apply(const Ses& in, Warnings& warnings) const
{
    return project_components(in, *this, &warnings);
}

Step ProjectComponents::read(const StepJsonReader& r)
{
    ProjectComponents s;
    if (!r.has("map") && !r.has("drop"))
        r.fail("needs \"map\" or \"drop\"");
    if (r.has("map")) {
        const nlohmann::json& map = r.get("map");
        if (!map.is_object())
            r.fail("parameter \"map\" must be an object keyed by component index or \"*\"");
        for (auto it = map.begin(); it != map.end(); ++it) {
            const std::string& key = it.key();
            bool index = !key.empty() && key.find_first_not_of("0123456789") == std::string::npos;
            if (key != "*" && !index)
                r.fail("map key \"" + key + "\" is neither a component index nor \"*\"");
            if (!it->is_object())
                r.fail("map of component " + key + " must be an object of value -> new value");
            auto& values = s.map[key];
            for (auto v = it->begin(); v != it->end(); ++v) {
                if (!v->is_string())
                    r.fail("map of component " + key + " must be an object of value -> new value");
                values[v.key()] = v->get<std::string>();
            }
        }
    }
    if (r.has("drop")) {
        const nlohmann::json& drop = r.get("drop");
        if (!drop.is_array())
            r.fail("parameter \"drop\" must be a list of component indices");
        for (const nlohmann::json& e : drop) {
            if (!e.is_number_integer() || e.get<std::int64_t>() < 0)
                r.fail("parameter \"drop\" must be a list of component indices");
            s.drop.push_back(e.get<std::size_t>());
        }
    }
    return s;
}

void ProjectComponents::write(StepJsonWriter& json) const
{
    if (!map.empty() || drop.empty())
        json["map"] = map;
    if (!drop.empty())
        json["drop"] = drop;
}

void ProjectComponents::record(StepRecord& r)
{
    std::size_t n = map.size();
    r.count("component_count", n);
    if (!r.loading()) {
        for (auto& [component, mapping] : map) {
            std::string key = component;
            r.text("component", key);
            r.text_map("mapping_count", mapping);
        }
    } else {
        r.check_count(n, "components");
        map.clear();
        for (std::size_t i = 0; i < n; ++i) {
            std::string key;
            std::map<std::string, std::string> mapping;
            r.text("component", key);
            r.text_map("mapping_count", mapping);
            map[key] = std::move(mapping);
        }
    }
    r.counts("drop_count", "drop", drop);
}

std::string ProjectComponents::describe(const StepNumbers&) const { return "project components"; }

std::vector<StepField> ProjectComponents::fields() const { return {}; }

bool ProjectComponents::set_fields(const std::vector<std::string>&, std::string& error)
{
    return nothing_to_edit(error);
}

} // namespace chitra::step
