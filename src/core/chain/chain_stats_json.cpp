// The statistics file: "format": "chitra-stats", "version": 1 (docs/scale-out.md).
#include "chitra/chain/chain_stats.hpp"

#include "chain/json_reader.hpp"

#include <nlohmann/json.hpp>

#include <limits>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json;

using Reader = detail::JsonReader;
using detail::wide_to_string;

Json expansion_to_json(const Expansion& e);

Json paths_to_json(const std::vector<ExpandedPath>& paths)
{
    Json out = Json::array();
    for (const auto& p : paths) {
        Json symbols = Json::array();
        for (const auto& s : p.symbols)
            symbols.push_back(expansion_to_json(s));
        out.push_back(Json{{"symbols", std::move(symbols)}, {"count", p.count}, {"mean_total", p.mean_total}});
    }
    return out;
}

Json expansion_to_json(const Expansion& e)
{
    Json j = {{"kind", std::string(to_string(e.kind))}, {"name", e.name}};
    if (e.reference)
        j["reference"] = true;
    if (!e.items.empty()) {
        Json items = Json::array();
        for (const auto& x : e.items)
            items.push_back(expansion_to_json(x));
        j["items"] = std::move(items);
    }
    if (!e.paths.empty())
        j["paths"] = paths_to_json(e.paths);
    return j;
}

Expansion expansion_from_json(const Reader& r, const Json& j, const std::string& path, int depth)
{
    if (depth > 256)
        r.fail(path, "nested too deeply");
    Expansion e;
    e.kind = r.kind(r.member(j, "kind", path), path + ".kind");
    e.name = r.string(r.member(j, "name", path), path + ".name");
    if (auto it = j.find("reference"); it != j.end()) {
        if (!it->is_boolean())
            r.fail(path + ".reference", "expected true or false");
        e.reference = it->get<bool>();
    }
    if (auto it = j.find("items"); it != j.end())
        for (std::size_t i = 0; i < r.array(*it, path + ".items").size(); ++i)
            e.items.push_back(expansion_from_json(r, (*it)[i], path + ".items[" + std::to_string(i) + "]", depth + 1));
    if (auto it = j.find("paths"); it != j.end()) {
        for (std::size_t i = 0; i < r.array(*it, path + ".paths").size(); ++i) {
            const std::string at = path + ".paths[" + std::to_string(i) + "]";
            const Json& p = (*it)[i];
            ExpandedPath ep;
            const Json& symbols = r.array(r.member(p, "symbols", at), at + ".symbols");
            for (std::size_t k = 0; k < symbols.size(); ++k)
                ep.symbols.push_back(
                    expansion_from_json(r, symbols[k], at + ".symbols[" + std::to_string(k) + "]", depth + 1));
            ep.count = r.unsigned_number(r.member(p, "count", at), at + ".count");
            ep.mean_total = r.real(r.member(p, "mean_total", at), at + ".mean_total");
            e.paths.push_back(std::move(ep));
        }
    }
    return e;
}

Json definition_to_json(const StateDefinition& d)
{
    Json paths = Json::array();
    for (const auto& p : d.paths)
        paths.push_back(Json{{"symbols", p.symbols}, {"count", p.count}, {"mean_total", p.mean_total}});
    return Json{{"pattern", d.pattern}, {"states", d.states},        {"from", d.from},
                {"to", d.to},           {"paths", std::move(paths)}, {"expanded", expansion_to_json(d.expanded)}};
}

StateDefinition definition_from_json(const Reader& r, const Json& j, const std::string& path)
{
    StateDefinition d;
    d.pattern = r.strings(r.member(j, "pattern", path), path + ".pattern");
    d.states = r.strings(r.member(j, "states", path), path + ".states");
    d.from = r.string(r.member(j, "from", path), path + ".from");
    d.to = r.string(r.member(j, "to", path), path + ".to");
    const Json& paths = r.array(r.member(j, "paths", path), path + ".paths");
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::string at = path + ".paths[" + std::to_string(i) + "]";
        DefinitionPath p;
        p.symbols = r.strings(r.member(paths[i], "symbols", at), at + ".symbols");
        p.count = r.unsigned_number(r.member(paths[i], "count", at), at + ".count");
        p.mean_total = r.real(r.member(paths[i], "mean_total", at), at + ".mean_total");
        d.paths.push_back(std::move(p));
    }
    d.expanded = expansion_from_json(r, r.member(j, "expanded", path), path + ".expanded", 0);
    return d;
}

} // namespace

std::string stats_to_json(const FitStats& stats)
{
    Json root;
    root["format"] = "chitra-stats";
    root["version"] = 1;
    root["timebase"] = std::string(to_string(stats.timebase));
    Json parts = Json::array();
    for (const StatsPart& p : stats.parts)
        parts.push_back(Json{{"source", p.source},
                             {"shard", p.shard},
                             {"shards", p.shards},
                             {"records", Json::array({p.first_record, p.end_record})},
                             {"pipeline", p.pipeline.empty() ? Json(nullptr) : Json(p.pipeline)},
                             {"margin", p.margin}});
    root["parts"] = std::move(parts);
    root["elements"] = stats.elements;
    root["total_time"] = wide_to_string(stats.total_time);
    root["near_edge"] = stats.near_edge;
    root["initial"] = stats.initial < stats.states.size() ? Json(stats.states[stats.initial].name) : Json(nullptr);
    Json ends = Json::array();
    for (std::size_t e : stats.ends)
        ends.push_back(stats.states[e].name);
    root["ends"] = std::move(ends);
    // The occupancy lists can hold millions of pairs: written as text directly rather
    // than as one JSON node per number.
    const auto dump = [](const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); };
    std::string out = dump(root);
    out.pop_back(); // the closing brace
    out += ",\"states\":[";
    for (std::size_t i = 0; i < stats.states.size(); ++i) {
        const StateStats& s = stats.states[i];
        Json j;
        j["name"] = s.name;
        j["kind"] = std::string(to_string(s.kind));
        j["components"] = s.components;
        j["count"] = s.count;
        j["sum"] = wide_to_string(s.sum);
        j["sum_squares"] = wide_to_string(s.sum_squares);
        j["min"] = s.count > 0 ? Json(s.min) : Json(nullptr);
        j["max"] = s.count > 0 ? Json(s.max) : Json(nullptr);
        std::string state = dump(j);
        state.pop_back();
        if (i)
            out += ',';
        out += state;
        out += ",\"occupancies\":[";
        for (std::size_t k = 0; k < s.occupancies.size(); ++k) {
            out += k ? ",[" : "[";
            out += std::to_string(s.occupancies[k].first);
            out += ',';
            out += std::to_string(s.occupancies[k].second);
            out += ']';
        }
        out += "],\"definition\":";
        out += s.definition ? dump(definition_to_json(*s.definition)) : std::string("null");
        if (s.origin) {
            out += ",\"origin\":";
            out += dump(Json{
                {"before", s.origin->before}, {"after", s.origin->after}, {"first_record", s.origin->first_record}});
        }
        out += '}';
    }
    out += "],\"transitions\":";
    Json transitions = Json::array();
    for (const auto& t : stats.transitions)
        transitions.push_back(
            Json{{"from", stats.states[t.from].name}, {"to", stats.states[t.to].name}, {"count", t.count}});
    out += dump(transitions) + "}\n";
    return out;
}

FitStats stats_from_json(const std::string& text, const std::string& where)
{
    const Reader r(where);
    Json root;
    try {
        root = Json::parse(text);
    } catch (const Json::exception& e) {
        r.fail("", std::string("not JSON (") + e.what() + ")");
    }
    if (!root.is_object())
        r.fail("", "expected a JSON object");
    if (!root.contains("format") || root["format"] != "chitra-stats")
        r.fail("format", "not a chitra-stats file");
    if (!root.contains("version") || root["version"] != 1)
        r.fail("version", "unsupported version (this program reads version 1)");

    FitStats stats;
    const std::string tb = r.string(r.member(root, "timebase", ""), "timebase");
    if (auto base = parse_timebase(tb))
        stats.timebase = *base;
    else
        r.fail("timebase", "unknown time base '" + tb + "'");
    const Json& parts = r.array(r.member(root, "parts", ""), "parts");
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string at = "parts[" + std::to_string(i) + "]";
        StatsPart p;
        p.source = r.string(r.member(parts[i], "source", at), at + ".source");
        p.shard = r.unsigned_number(r.member(parts[i], "shard", at), at + ".shard");
        p.shards = r.unsigned_number(r.member(parts[i], "shards", at), at + ".shards");
        if (p.shard < 1 || p.shard > p.shards)
            r.fail(at + ".shard", "shard must lie in 1.." + std::to_string(p.shards));
        const Json& records = r.array(r.member(parts[i], "records", at), at + ".records");
        if (records.size() != 2)
            r.fail(at + ".records", "expected [first, end]");
        p.first_record = r.unsigned_number(records[0], at + ".records[0]");
        p.end_record = r.unsigned_number(records[1], at + ".records[1]");
        const Json& pipeline = r.member(parts[i], "pipeline", at);
        if (!pipeline.is_null())
            p.pipeline = r.string(pipeline, at + ".pipeline");
        p.margin = r.unsigned_number(r.member(parts[i], "margin", at), at + ".margin");
        stats.parts.push_back(std::move(p));
    }
    stats.elements = r.unsigned_number(r.member(root, "elements", ""), "elements");
    stats.total_time = r.wide(r.member(root, "total_time", ""), "total_time");
    stats.near_edge = r.unsigned_number(r.member(root, "near_edge", ""), "near_edge");

    const Json& states = r.array(r.member(root, "states", ""), "states");
    std::uint64_t visits = 0;
    WideSum time = 0;
    for (std::size_t i = 0; i < states.size(); ++i) {
        const std::string at = "states[" + std::to_string(i) + "]";
        const Json& j = states[i];
        StateStats s;
        s.name = r.string(r.member(j, "name", at), at + ".name");
        if (stats.find(s.name) != kNoState)
            r.fail(at + ".name", "state '" + s.name + "' listed twice");
        s.kind = r.kind(r.member(j, "kind", at), at + ".kind");
        if (s.kind == SymbolKind::other)
            r.fail(at + ".kind", "the end state is not listed in statistics");
        s.components = r.strings(r.member(j, "components", at), at + ".components");
        s.count = r.unsigned_number(r.member(j, "count", at), at + ".count");
        s.sum = r.wide(r.member(j, "sum", at), at + ".sum");
        s.sum_squares = r.wide(r.member(j, "sum_squares", at), at + ".sum_squares");
        const Json& occupancies = r.array(r.member(j, "occupancies", at), at + ".occupancies");
        // The sums are redundant with the occupancies: checking them catches damaged files.
        std::uint64_t n_seen = 0;
        WideSum sum = 0, squares = 0;
        for (std::size_t k = 0; k < occupancies.size(); ++k) {
            const std::string ok = at + ".occupancies[" + std::to_string(k) + "]";
            const Json& pair = r.array(occupancies[k], ok);
            if (pair.size() != 2)
                r.fail(ok, "expected [occupancy, visits]");
            const Time value = r.time(pair[0], ok + "[0]");
            const std::uint64_t n = r.unsigned_number(pair[1], ok + "[1]");
            if (value < 0)
                r.fail(ok, "negative occupancy");
            if (n == 0 || (!s.occupancies.empty() && s.occupancies.back().first >= value))
                r.fail(ok, "occupancies must be ascending and distinct, with at least one visit each");
            s.occupancies.emplace_back(value, n);
            const WideSum w = value;
            WideSum times = 0, squared = 0;
            if (__builtin_add_overflow(n_seen, n, &n_seen) ||
                __builtin_mul_overflow(w, static_cast<WideSum>(n), &times) ||
                __builtin_add_overflow(sum, times, &sum) ||
                __builtin_mul_overflow(w * w, static_cast<WideSum>(n), &squared) ||
                __builtin_add_overflow(squares, squared, &squares))
                r.fail(ok, "sums overflow 128 bits");
        }
        if (n_seen != s.count)
            r.fail(at + ".occupancies",
                   "visits add up to " + std::to_string(n_seen) + ", not count " + std::to_string(s.count));
        if (sum != s.sum || squares != s.sum_squares)
            r.fail(at, "sum or sum_squares disagrees with the occupancies");
        if (s.count > 0) {
            s.min = s.occupancies.front().first;
            s.max = s.occupancies.back().first;
            if (r.time(r.member(j, "min", at), at + ".min") != s.min ||
                r.time(r.member(j, "max", at), at + ".max") != s.max)
                r.fail(at, "min or max disagrees with the occupancies");
        } else {
            s.min = std::numeric_limits<Time>::max();
            s.max = std::numeric_limits<Time>::min();
        }
        const Json& definition = r.member(j, "definition", at);
        if (!definition.is_null())
            s.definition = definition_from_json(r, definition, at + ".definition");
        else if (s.kind != SymbolKind::program)
            r.fail(at + ".definition", "a composite state needs its definition");
        if (const auto origin = j.find("origin"); origin != j.end() && !origin->is_null())
            s.origin = FilterOrigin{
                r.string(r.member(*origin, "before", at + ".origin"), at + ".origin.before"),
                r.string(r.member(*origin, "after", at + ".origin"), at + ".origin.after"),
                r.unsigned_number(r.member(*origin, "first_record", at + ".origin"), at + ".origin.first_record")};
        visits += s.count;
        time += s.sum;
        stats.states.push_back(std::move(s));
    }
    if (visits != stats.elements)
        r.fail("elements", "the states' visits add up to " + std::to_string(visits));
    if (time != stats.total_time)
        r.fail("total_time", "the states' occupancies add up to " + wide_to_string(time));

    const auto state_index = [&](const Json& v, const std::string& path) {
        const std::size_t i = stats.find(r.string(v, path));
        if (i == kNoState)
            r.fail(path, "names no listed state");
        return i;
    };
    const Json& initial = r.member(root, "initial", "");
    if (!initial.is_null())
        stats.initial = state_index(initial, "initial");
    const Json& ends = r.array(r.member(root, "ends", ""), "ends");
    for (std::size_t i = 0; i < ends.size(); ++i)
        stats.ends.push_back(state_index(ends[i], "ends[" + std::to_string(i) + "]"));
    const Json& transitions = r.array(r.member(root, "transitions", ""), "transitions");
    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> counts;
    for (std::size_t i = 0; i < transitions.size(); ++i) {
        const std::string at = "transitions[" + std::to_string(i) + "]";
        const std::size_t from = state_index(r.member(transitions[i], "from", at), at + ".from");
        const std::size_t to = state_index(r.member(transitions[i], "to", at), at + ".to");
        const std::uint64_t n = r.unsigned_number(r.member(transitions[i], "count", at), at + ".count");
        if (stats.states[from].count == 0)
            r.fail(at, "a transition from a state without visits");
        counts[{from, to}] += n;
    }
    for (const auto& [key, n] : counts)
        stats.transitions.push_back({key.first, key.second, n});
    return stats;
}

} // namespace chitra
