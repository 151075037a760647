// The first map pass for share filters on shards (docs/scale-out.md "Filters on shards").
#include "chitra/scaleout/filter_figures.hpp"

#include "chitra/transforms/transforms.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <limits>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json;

std::string wide_text(WideSum v)
{
    if (v == 0)
        return "0";
    std::string digits;
    for (unsigned __int128 u = static_cast<unsigned __int128>(v); u > 0; u /= 10) // never negative here
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    return digits;
}

WideSum wide_value(const Json& j, const std::string& where, const std::string& key)
{
    if (!j.is_string() || j.get<std::string>().empty())
        throw InputError(where + ": " + key + ": expected a decimal integer string");
    WideSum v = 0;
    for (char c : j.get<std::string>()) {
        if (c < '0' || c > '9' || v > (std::numeric_limits<WideSum>::max() - 9) / 10)
            throw InputError(where + ": " + key + ": expected a decimal integer string");
        v = v * 10 + (c - '0');
    }
    return v;
}

// "step 3 (filter): ..." of a pipeline's tail renamed to its step in the whole pipeline.
std::string renumbered(const std::string& message, std::size_t offset)
{
    if (message.rfind("step ", 0) != 0)
        return message;
    std::size_t n = 0;
    const char* begin = message.data() + 5;
    const auto [end, ec] = std::from_chars(begin, message.data() + message.size(), n);
    if (ec != std::errc())
        return message;
    return "step " + std::to_string(n + offset) + std::string(end, message.data() + message.size());
}

Pipeline steps_of(const Pipeline& pipeline, std::size_t from, std::size_t to)
{
    Pipeline part;
    part.steps.assign(pipeline.steps.begin() + static_cast<std::ptrdiff_t>(from),
                      pipeline.steps.begin() + static_cast<std::ptrdiff_t>(to));
    return part;
}

} // namespace

std::optional<std::size_t> first_share_filter(const Pipeline& pipeline)
{
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i)
        if (std::holds_alternative<step::FilterTime>(pipeline.steps[i]) ||
            std::holds_alternative<step::FilterEvent>(pipeline.steps[i]))
            return i;
    return std::nullopt;
}

FilterFigures shard_filter_figures(const Ses& base, std::uint64_t records, const ShardSpec& spec,
                                   const Pipeline& pipeline, bool strict, std::vector<std::string>& warnings)
{
    const auto filter = first_share_filter(pipeline);
    if (!filter)
        throw InputError("the pipeline has no time or event filter to count figures for");
    FilterFigures figures;
    figures.step = *filter;
    ShardPart part = shard_part(base, records, spec, true);
    RunResult before = run_pipeline(part.ses, steps_of(pipeline, 0, *filter), strict);
    warnings.insert(warnings.end(), before.warnings.begin(), before.warnings.end());
    const Ses& ses = before.ses;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        if (ses.records[i] < part.first || ses.records[i] >= part.end)
            continue; // another shard owns it
        auto& [visits, time] = figures.states[(*ses.symbols)[ses.symbol[i]].name];
        ++visits;
        time += ses.occupancy(i);
        ++figures.elements;
        figures.time += ses.occupancy(i);
    }
    return figures;
}

void merge_figures(FilterFigures& into, const FilterFigures& other)
{
    if (into.step != other.step)
        throw InputError("figures counted for different filter steps (" + std::to_string(into.step + 1) + " and " +
                         std::to_string(other.step + 1) + ")");
    into.elements += other.elements;
    into.time += other.time;
    for (const auto& [name, figure] : other.states) {
        auto& [visits, time] = into.states[name];
        visits += figure.first;
        time += figure.second;
    }
}

std::vector<std::string> selected_by_figures(const Step& filter, const FilterFigures& figures)
{
    std::vector<std::string> out;
    for (const auto& [name, figure] : figures.states) {
        const auto [visits, time] = figure;
        bool selected = false;
        if (const auto* f = std::get_if<step::FilterTime>(&filter))
            selected = figures.time > 0 && static_cast<double>(time) / static_cast<double>(figures.time) < f->below;
        else if (const auto* f = std::get_if<step::FilterEvent>(&filter))
            selected = static_cast<double>(visits) <
                       (f->below ? *f->below : *f->below_fraction * static_cast<double>(figures.elements));
        if (selected && visits > 0)
            out.push_back(name);
    }
    return out;
}

RunResult run_pipeline_with_figures(const Ses& base, const Pipeline& pipeline, const FilterFigures& figures,
                                    bool strict)
{
    if (figures.step >= pipeline.steps.size() || first_share_filter(pipeline) != figures.step)
        throw InputError("the figures were counted for step " + std::to_string(figures.step + 1) +
                         ", which is not this pipeline's first time or event filter");
    RunResult out = run_pipeline(base, steps_of(pipeline, 0, figures.step), strict);
    // The filter, selecting what the whole trace's figures select.
    std::vector<SymbolId> selected;
    for (const std::string& name : selected_by_figures(pipeline.steps[figures.step], figures))
        if (const SymbolId id = out.ses.symbols->find(name); id != kNoSymbol)
            selected.push_back(id);
    std::sort(selected.begin(), selected.end());
    const Ses filtered = filter_symbols(out.ses, selected);
    const std::size_t offset = figures.step + 1;
    try {
        RunResult rest = run_pipeline(filtered, steps_of(pipeline, offset, pipeline.steps.size()), strict);
        for (const std::string& w : rest.warnings)
            out.warnings.push_back(renumbered(w, offset));
        out.ses = std::move(rest.ses);
    } catch (const InputError& e) {
        throw InputError(renumbered(e.what(), offset));
    }
    return out;
}

std::string figures_to_json(const FilterFigures& figures)
{
    Json states = Json::array();
    for (const auto& [name, figure] : figures.states)
        states.push_back(Json{{"name", name}, {"visits", figure.first}, {"time", wide_text(figure.second)}});
    const Json root{{"format", "chitra-filter-figures"}, {"version", 1},         {"step", figures.step + 1},
                    {"elements", figures.elements},      {"time", wide_text(figures.time)}, {"states", std::move(states)}};
    return root.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

FilterFigures figures_from_json(const std::string& text, const std::string& where)
{
    Json root;
    try {
        root = Json::parse(text);
    } catch (const Json::parse_error& e) {
        throw InputError(where + ": not JSON (" + e.what() + ")");
    }
    if (!root.is_object() || root.value("format", std::string()) != "chitra-filter-figures")
        throw InputError(where + ": format: not a chitra-filter-figures file (written by fit --figures-out)");
    if (root.value("version", 0) != 1)
        throw InputError(where + ": version: this reader knows version 1");
    FilterFigures figures;
    const auto step = root.find("step");
    const auto elements = root.find("elements");
    const auto states = root.find("states");
    if (step == root.end() || !step->is_number_unsigned() || step->get<std::size_t>() == 0)
        throw InputError(where + ": step: expected a step number from 1");
    if (elements == root.end() || !elements->is_number_unsigned())
        throw InputError(where + ": elements: expected a non-negative integer");
    if (states == root.end() || !states->is_array())
        throw InputError(where + ": states: expected an array");
    figures.step = step->get<std::size_t>() - 1;
    figures.elements = elements->get<std::uint64_t>();
    figures.time = wide_value(root.value("time", Json()), where, "time");
    for (std::size_t i = 0; i < states->size(); ++i) {
        const Json& s = (*states)[i];
        const std::string at = "states[" + std::to_string(i) + "]";
        if (!s.is_object() || !s.contains("name") || !s["name"].is_string() || !s.contains("visits") ||
            !s["visits"].is_number_unsigned())
            throw InputError(where + ": " + at + ": expected {\"name\", \"visits\", \"time\"}");
        figures.states[s["name"].get<std::string>()] = {s["visits"].get<std::uint64_t>(),
                                                         wide_value(s.value("time", Json()), where, at + ".time")};
    }
    return figures;
}

} // namespace chitra
