// The first map pass for share filters on shards (docs/scale-out.md "Filters on shards").
#include "chitra/scaleout/filter_figures.hpp"

#include "chitra/transforms/transforms.hpp"

#include "chain/json_reader.hpp"
#include "transforms/common/transform_common.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <memory>
#include <span>
#include <set>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json;

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

// The filter's composites with the paths of the runs the shard owns only (the margins
// belong to the neighbouring shards, which count them), so that merged definitions add
// up to the whole file's.
std::shared_ptr<const SymbolTable> owned_paths_only(const Ses& input, const Ses& filtered,
                                                    std::pair<std::uint64_t, std::uint64_t> owned)
{
    auto table = std::make_shared<SymbolTable>(*filtered.symbols);
    const std::size_t made = input.symbols->size();
    for (SymbolId id = static_cast<SymbolId>(made); id < table->size(); ++id)
        table->at_mut(id).paths.clear();
    detail::PathRecorder paths(made);
    std::size_t j = 0; // the input elements behind filtered element i: [start, j)
    for (std::size_t i = 0; i < filtered.size(); ++i) {
        const std::size_t start = j;
        while (j < input.size() && input.records[j] < filtered.records[i + 1])
            ++j;
        const SymbolId s = filtered.symbol[i];
        if (s >= made && filtered.records[i] >= owned.first && filtered.records[i] < owned.second)
            paths.add(s, std::span<const SymbolId>(input.symbol.data() + start, j - start),
                      input.bounds[j] - input.bounds[start]);
    }
    paths.store(*table);
    return table;
}

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
                                    bool strict, std::map<std::string, FilterOrigin>* origins,
                                    std::pair<std::uint64_t, std::uint64_t> owned)
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
    Ses filtered = filter_symbols(out.ses, selected);
    if (origins) {
        filtered.symbols = owned_paths_only(out.ses, filtered, owned);
        const std::size_t made = out.ses.symbols->size(); // the filter's composites come after
        // Every composite, also one seen only in the margin (the target of the last owned
        // element's transition): its first record counts only where the shard owns it.
        for (std::size_t i = 0; i < filtered.size(); ++i) {
            const SymbolId s = filtered.symbol[i];
            if (s < made)
                continue;
            const std::uint64_t record = filtered.records[i];
            const bool own = record >= owned.first && record < owned.second;
            const auto [it, added] =
                origins->try_emplace((*filtered.symbols)[s].name,
                                     FilterOrigin{i > 0 ? filtered.name(i - 1) : std::string(),
                                                  i + 1 < filtered.size() ? filtered.name(i + 1) : std::string(),
                                                  own ? record : UINT64_MAX});
            if (!added && own && record < it->second.first_record)
                it->second.first_record = record;
        }
    }
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

void align_filter_composites(std::vector<FitStats*> parts)
{
    // The T<k> numbers the other states hold, and every name taken by them.
    std::uint64_t largest = 0;
    std::set<std::string> taken;
    std::map<std::pair<std::string, std::string>, std::uint64_t> first; // neighbours -> first record
    for (const FitStats* part : parts)
        for (const StateStats& s : part->states) {
            if (s.origin) {
                auto [it, added] = first.try_emplace({s.origin->before, s.origin->after}, s.origin->first_record);
                if (!added)
                    it->second = std::min(it->second, s.origin->first_record);
                continue;
            }
            if (s.count == 0)
                continue; // a name in a shard's table that none of its elements bears
            taken.insert(s.name);
            std::uint64_t k = 0;
            const char* begin = s.name.data() + 1;
            const char* end = s.name.data() + s.name.size();
            if (s.name.size() > 1 && s.name[0] == 'T' && std::from_chars(begin, end, k).ptr == end)
                largest = std::max(largest, k);
        }
    if (first.empty())
        return;
    std::vector<std::pair<std::uint64_t, std::pair<std::string, std::string>>> order;
    for (const auto& [neighbours, record] : first)
        order.emplace_back(record, neighbours);
    std::sort(order.begin(), order.end());
    std::map<std::pair<std::string, std::string>, std::string> name_of;
    std::uint64_t next = largest + 1;
    for (const auto& [record, neighbours] : order) {
        std::string name;
        do
            name = "T" + std::to_string(next++);
        while (taken.count(name));
        name_of[neighbours] = name;
    }
    for (FitStats* part : parts)
        for (StateStats& s : part->states)
            if (s.origin)
                s.name = name_of.at({s.origin->before, s.origin->after});
}

std::string figures_to_json(const FilterFigures& figures)
{
    Json states = Json::array();
    for (const auto& [name, figure] : figures.states)
        states.push_back(
            Json{{"name", name}, {"visits", figure.first}, {"time", detail::wide_to_string(figure.second)}});
    const Json root{{"format", "chitra-filter-figures"},
                    {"version", 1},
                    {"step", figures.step + 1},
                    {"elements", figures.elements},
                    {"time", detail::wide_to_string(figures.time)},
                    {"states", std::move(states)}};
    return root.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

FilterFigures figures_from_json(const std::string& text, const std::string& where)
{
    const detail::JsonReader r(where);
    Json root;
    try {
        root = Json::parse(text);
    } catch (const Json::exception& e) { // parse_error, or out_of_range for a number past double
        r.fail("", std::string("not JSON (") + e.what() + ")");
    }
    if (!root.is_object() || root.value("format", std::string()) != "chitra-filter-figures")
        r.fail("format", "not a chitra-filter-figures file (written by fit --figures-out)");
    if (r.unsigned_number(r.member(root, "version", ""), "version") != 1)
        r.fail("version", "this reader knows version 1");
    FilterFigures figures;
    const std::uint64_t step = r.unsigned_number(r.member(root, "step", ""), "step");
    if (step == 0)
        r.fail("step", "expected a step number from 1");
    figures.step = static_cast<std::size_t>(step - 1);
    figures.elements = r.unsigned_number(r.member(root, "elements", ""), "elements");
    figures.time = r.wide(r.member(root, "time", ""), "time");
    const Json& states = r.array(r.member(root, "states", ""), "states");
    for (std::size_t i = 0; i < states.size(); ++i) {
        const std::string at = "states[" + std::to_string(i) + "]";
        figures.states[r.string(r.member(states[i], "name", at), at + ".name")] = {
            r.unsigned_number(r.member(states[i], "visits", at), at + ".visits"),
            r.wide(r.member(states[i], "time", at), at + ".time")};
    }
    return figures;
}

} // namespace chitra
