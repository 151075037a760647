// Pipeline files: parsing with validation, and writing (interfaces.md "Pipeline file").
#include "chitra/pipeline/pipeline_json.hpp"

#include "chitra/util/text_file.hpp"
#include "transforms/rules/rules.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace chitra {

using nlohmann::json;

namespace {

// Reads one step object; every error names the step.
class StepReader {
public:
    StepReader(const json& object, std::string prefix) : object_(object), prefix_(std::move(prefix)) {}

    [[noreturn]] void fail(const std::string& reason) const { throw InputError(prefix_ + ": " + reason); }

    bool has(const char* key) const { return object_.contains(key); }

    const json& get(const char* key) const
    {
        used_.insert(key);
        auto it = object_.find(key);
        if (it == object_.end())
            fail(std::string("missing parameter \"") + key + "\"");
        return *it;
    }
    std::string string(const char* key) const
    {
        const json& v = get(key);
        if (!v.is_string())
            fail(std::string("parameter \"") + key + "\" must be a string");
        return v.get<std::string>();
    }
    double number(const char* key) const
    {
        const json& v = get(key);
        if (!v.is_number())
            fail(std::string("parameter \"") + key + "\" must be a number");
        return v.get<double>();
    }
    std::int64_t integer(const char* key) const
    {
        const json& v = get(key);
        if (v.is_number_integer())
            return v.get<std::int64_t>();
        if (v.is_number_float()) {
            double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18)
                return static_cast<std::int64_t>(d);
        }
        fail(std::string("parameter \"") + key + "\" must be an integer");
    }
    std::size_t count(const char* key) const
    {
        std::int64_t v = integer(key);
        if (v < 0)
            fail(std::string("parameter \"") + key + "\" must not be negative");
        return static_cast<std::size_t>(v);
    }
    std::vector<std::string> strings(const char* key) const
    {
        const json& v = get(key);
        if (!v.is_array())
            fail(std::string("parameter \"") + key + "\" must be a list of names");
        std::vector<std::string> out;
        for (const json& e : v) {
            if (!e.is_string())
                fail(std::string("parameter \"") + key + "\" must be a list of names");
            out.push_back(e.get<std::string>());
        }
        return out;
    }
    // Unknown keys are refused: a misspelt parameter would otherwise be silently ignored.
    void finish() const
    {
        for (auto it = object_.begin(); it != object_.end(); ++it)
            if (it.key() != "op" && !used_.count(it.key()))
                fail("unknown parameter \"" + it.key() + "\"");
    }

private:
    const json& object_;
    std::string prefix_;
    mutable std::set<std::string> used_;
};

Step read_clip(const StepReader& r)
{
    bool count = r.has("head") || r.has("tail");
    bool time = r.has("t0") || r.has("t1");
    bool event = r.has("i0") || r.has("i1");
    if (int(count) + int(time) + int(event) != 1)
        r.fail("clip takes either \"head\"/\"tail\", \"t0\"/\"t1\" or \"i0\"/\"i1\"");
    if (count) {
        step::ClipCount s;
        s.head = r.has("head") ? r.count("head") : 0;
        s.tail = r.has("tail") ? r.count("tail") : 0;
        return s;
    }
    if (time) {
        step::ClipTime s{r.integer("t0"), r.integer("t1")};
        if (s.t0 > s.t1)
            r.fail("clip window has t0 > t1");
        return s;
    }
    step::ClipEvent s{r.count("i0"), r.count("i1")};
    if (s.i0 > s.i1)
        r.fail("clip window has i0 > i1");
    return s;
}

Step read_filter(const StepReader& r)
{
    std::string domain = r.string("domain");
    if (domain == "time") {
        step::FilterTime s{r.number("below")};
        if (s.below < 0)
            r.fail("\"below\" must not be negative");
        return s;
    }
    if (domain == "event") {
        step::FilterEvent s;
        if (r.has("below") == r.has("below_fraction"))
            r.fail("event filter needs exactly one of \"below\" and \"below_fraction\"");
        if (r.has("below"))
            s.below = r.number("below");
        else
            s.below_fraction = r.number("below_fraction");
        if (s.below.value_or(0) < 0 || s.below_fraction.value_or(0) < 0)
            r.fail("the threshold must not be negative");
        return s;
    }
    if (domain == "frequency") {
        step::FilterFrequency s;
        const json& band = r.get("band");
        if (!band.is_array() || band.size() != 2 || !band[0].is_number() || !band[1].is_number())
            r.fail("parameter \"band\" must be [f0, f1]");
        s.f0 = band[0].get<double>();
        s.f1 = band[1].get<double>();
        if (s.f0 > s.f1)
            r.fail("band has f0 > f1");
        if (r.has("sampling")) {
            std::string sampling = r.string("sampling");
            if (sampling != "time" && sampling != "event")
                r.fail("parameter \"sampling\" must be \"time\" or \"event\"");
            s.event_domain = sampling == "event";
        }
        if (r.has("interval")) {
            s.interval = r.number("interval");
            if (!(*s.interval > 0))
                r.fail("parameter \"interval\" must be positive");
        }
        return s;
    }
    r.fail("unknown filter domain \"" + domain + "\" (expected time, event or frequency)");
}

Step read_project_components(const StepReader& r)
{
    step::ProjectComponents s;
    if (!r.has("map") && !r.has("drop"))
        r.fail("needs \"map\" or \"drop\"");
    if (r.has("map")) {
        const json& map = r.get("map");
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
        const json& drop = r.get("drop");
        if (!drop.is_array())
            r.fail("parameter \"drop\" must be a list of component indices");
        for (const json& e : drop) {
            if (!e.is_number_integer() || e.get<std::int64_t>() < 0)
                r.fail("parameter \"drop\" must be a list of component indices");
            s.drop.push_back(e.get<std::size_t>());
        }
    }
    return s;
}

Step read_step(const json& object, std::size_t index, const std::string& source, const std::string& base_dir)
{
    std::string where = source + ": step " + std::to_string(index + 1);
    if (!object.is_object())
        throw InputError(where + ": must be an object with an \"op\"");
    auto op_it = object.find("op");
    if (op_it == object.end() || !op_it->is_string())
        throw InputError(where + ": missing \"op\"");
    const std::string op = op_it->get<std::string>();
    StepReader r(object, where + " (" + op + ")");
    Step step;
    if (op == "clip") {
        step = read_clip(r);
    } else if (op == "aggregate") {
        step::Aggregate s{r.strings("pattern"), r.string("as")};
        if (s.pattern.size() < 2)
            r.fail("pattern needs at least 2 symbols, got " + std::to_string(s.pattern.size()));
        if (s.as.empty())
            r.fail("\"as\" must not be empty");
        step = s;
    } else if (op == "project") {
        step::Project s{r.strings("states"), r.string("as")};
        if (s.states.empty())
            r.fail("\"states\" must not be empty");
        if (s.as.empty())
            r.fail("\"as\" must not be empty");
        step = s;
    } else if (op == "project_components") {
        step = read_project_components(r);
    } else if (op == "filter") {
        step = read_filter(r);
    } else if (op == "parallel") {
        step::Parallel s{r.string("from"), r.string("to"), r.string("as")};
        if (s.from.empty() || s.to.empty() || s.as.empty())
            r.fail("\"from\", \"to\" and \"as\" must not be empty");
        step = s;
    } else if (op == "exclude") {
        step::Exclude s{r.strings("states")};
        if (s.states.empty())
            r.fail("\"states\" must not be empty");
        step = s;
    } else if (op == "rules") {
        step::Rules s;
        s.file = r.string("file");
        if (r.has("text")) {
            s.text = r.string("text");
        } else {
            std::filesystem::path path(s.file);
            if (path.is_relative() && !base_dir.empty())
                path = std::filesystem::path(base_dir) / path;
            try {
                s.text = read_text_file(path.string(), "rules file");
            } catch (const InputError& e) {
                r.fail(e.what());
            }
        }
        try {
            detail::parse_rules(s.file, s.text); // report a bad line now, before any trace
        } catch (const InputError& e) {
            r.fail(e.what());
        }
        step = s;
    } else {
        throw InputError(where + ": unknown op \"" + op +
                         "\" (expected clip, aggregate, project, project_components, rules, filter, "
                         "parallel or exclude)");
    }
    r.finish();
    return step;
}

json to_json(const Step& step)
{
    json j;
    j["op"] = std::string(op_name(step));
    std::visit(
        [&](const auto& s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, step::ClipCount>) {
                j["head"] = s.head;
                j["tail"] = s.tail;
            } else if constexpr (std::is_same_v<T, step::ClipTime>) {
                j["t0"] = s.t0;
                j["t1"] = s.t1;
            } else if constexpr (std::is_same_v<T, step::ClipEvent>) {
                j["i0"] = s.i0;
                j["i1"] = s.i1;
            } else if constexpr (std::is_same_v<T, step::Aggregate>) {
                j["pattern"] = s.pattern;
                j["as"] = s.as;
            } else if constexpr (std::is_same_v<T, step::Project>) {
                j["states"] = s.states;
                j["as"] = s.as;
            } else if constexpr (std::is_same_v<T, step::ProjectComponents>) {
                if (!s.map.empty() || s.drop.empty())
                    j["map"] = s.map;
                if (!s.drop.empty())
                    j["drop"] = s.drop;
            } else if constexpr (std::is_same_v<T, step::Rules>) {
                j["file"] = s.file;
                j["text"] = s.text;
            } else if constexpr (std::is_same_v<T, step::FilterTime>) {
                j["domain"] = "time";
                j["below"] = s.below;
            } else if constexpr (std::is_same_v<T, step::FilterEvent>) {
                j["domain"] = "event";
                if (s.below)
                    j["below"] = *s.below;
                if (s.below_fraction)
                    j["below_fraction"] = *s.below_fraction;
            } else if constexpr (std::is_same_v<T, step::FilterFrequency>) {
                j["domain"] = "frequency";
                j["band"] = {s.f0, s.f1};
                if (s.event_domain)
                    j["sampling"] = "event";
                if (s.interval)
                    j["interval"] = *s.interval;
            } else if constexpr (std::is_same_v<T, step::Parallel>) {
                j["from"] = s.from;
                j["to"] = s.to;
                j["as"] = s.as;
            } else if constexpr (std::is_same_v<T, step::Exclude>) {
                j["states"] = s.states;
            }
        },
        step);
    return j;
}

} // namespace

Pipeline parse_pipeline_json(std::string_view text, const std::string& source, const std::string& base_dir)
{
    json document;
    try {
        document = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::size_t line =
            1 + static_cast<std::size_t>(std::count(
                    text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min(e.byte, text.size())), '\n'));
        std::string what = e.what();
        // nlohmann's message starts with "[json.exception.parse_error.101] "; keep the reason.
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        throw InputError(source + ":" + std::to_string(line) + ": invalid JSON: " + what);
    } catch (const json::exception& e) {
        // e.g. out_of_range.406 "number overflow parsing '1e999'": not a parse_error, and
        // carries no position; the line is that of the first occurrence of the token.
        std::string what = e.what();
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        std::string where = source;
        if (auto q = what.find('\''); q != std::string::npos) {
            auto q2 = what.find('\'', q + 1);
            auto at = text.find(std::string_view(what).substr(q + 1, q2 == std::string::npos ? 0 : q2 - q - 1));
            if (q2 != std::string::npos && q2 > q + 1 && at != std::string_view::npos)
                where += ":" + std::to_string(
                                   1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        }
        throw InputError(where + ": invalid JSON: " + what);
    }
    if (!document.is_object() || !document.contains("pipeline"))
        throw InputError(source + ": expected an object {\"pipeline\": [...]}");
    const json& steps = document["pipeline"];
    if (!steps.is_array())
        throw InputError(source + ": \"pipeline\" must be a list of steps");
    Pipeline pipeline;
    for (std::size_t i = 0; i < steps.size(); ++i)
        pipeline.steps.push_back(read_step(steps[i], i, source, base_dir));
    return pipeline;
}

Pipeline load_pipeline_file(const std::string& path)
{
    std::string text = read_text_file(path, "pipeline");
    std::string base_dir = std::filesystem::path(path).parent_path().string();
    return parse_pipeline_json(text, path, base_dir);
}

std::string to_pipeline_json(const Pipeline& pipeline)
{
    std::string out = "{\"pipeline\": [";
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        out += i == 0 ? "\n  " : ",\n  ";
        out += to_json(pipeline.steps[i]).dump();
    }
    out += pipeline.steps.empty() ? "]}\n" : "\n]}\n";
    return out;
}

} // namespace chitra
