// The model as JSON (interfaces.md "fit --format json"; docs/model-formats.md).
#include "chitra/export/model_export.hpp"

#include <nlohmann/json.hpp>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json; // keeps the model's order of states and keys

Json expansion_item(const Expansion& e);

// The keys of a (definition or expansion) body for one kind.
void expansion_body(const Expansion& e, Json& out)
{
    switch (e.kind) {
    case SymbolKind::sequence: {
        Json items = Json::array();
        for (const auto& x : e.items)
            items.push_back(expansion_item(x));
        out["pattern"] = std::move(items);
        break;
    }
    case SymbolKind::projection: {
        Json items = Json::array();
        for (const auto& x : e.items)
            items.push_back(expansion_item(x));
        out["states"] = std::move(items);
        break;
    }
    case SymbolKind::filter:
    case SymbolKind::parallel: {
        Json paths = Json::array();
        for (const auto& p : e.paths) {
            Json symbols = Json::array();
            for (const auto& x : p.symbols)
                symbols.push_back(expansion_item(x));
            paths.push_back(Json{{"symbols", std::move(symbols)}, {"count", p.count}, {"mean_total", p.mean_total}});
        }
        out["paths"] = std::move(paths);
        break;
    }
    default:
        break;
    }
}

// A program state is its name; a composite is {"name", "kind", its expanded body}.
Json expansion_item(const Expansion& e)
{
    if (e.kind == SymbolKind::program || e.kind == SymbolKind::other)
        return e.name;
    Json j = {{"name", e.name}, {"kind", std::string(to_string(e.kind))}};
    if (e.reference)
        j["reference"] = true;
    else
        expansion_body(e, j);
    return j;
}

Json chain_json(const PrefixChain& chain)
{
    Json nodes = Json::array();
    for (std::size_t i = 0; i < chain.nodes.size(); ++i) {
        const PrefixNode& n = chain.nodes[i];
        const char* role = n.role == PrefixNode::Role::entry  ? "entry"
                           : n.role == PrefixNode::Role::exit ? "exit"
                                                              : "state";
        Json j = {{"id", i}, {"role", role}};
        j["symbol"] = n.role == PrefixNode::Role::state ? Json(n.symbol) : Json(nullptr);
        j["count"] = n.count;
        nodes.push_back(std::move(j));
    }
    Json edges = Json::array();
    for (const PrefixEdge& e : chain.edges) {
        Json j = {{"from", e.from}, {"to", e.to}, {"count", e.count}, {"probability", e.probability}};
        if (e.mean_total)
            j["mean_total"] = *e.mean_total;
        edges.push_back(std::move(j));
    }
    return Json{{"nodes", std::move(nodes)}, {"edges", std::move(edges)}};
}

Json definition_json(const ChainState& s)
{
    if (!s.definition)
        return nullptr;
    const StateDefinition& d = *s.definition;
    Json j = Json::object();
    switch (s.kind) {
    case SymbolKind::sequence:
        j["pattern"] = d.pattern;
        break;
    case SymbolKind::projection:
        j["states"] = d.states;
        break;
    case SymbolKind::parallel:
    case SymbolKind::filter: {
        if (s.kind == SymbolKind::parallel && !d.from.empty()) {
            j["from"] = d.from;
            j["to"] = d.to;
        }
        Json paths = Json::array();
        for (const auto& p : d.paths)
            paths.push_back(Json{{"symbols", p.symbols}, {"count", p.count}, {"mean_total", p.mean_total}});
        j["paths"] = std::move(paths);
        j["chain"] = chain_json(d.chain);
        break;
    }
    case SymbolKind::other:
        j["marker"] = "end";
        break;
    default:
        break;
    }
    return j;
}

Json histogram_json(const OccupancyHistogram& h)
{
    return Json{{"binning", h.binning}, {"origin", h.origin}, {"width", h.width}, {"counts", h.counts}, {"pmf", h.pmf}};
}

} // namespace

std::string model_to_json(const SemiMarkovModel& model)
{
    Json root;
    root["format"] = "chitra-model";
    root["version"] = 1;
    root["timebase"] = std::string(to_string(model.timebase));
    root["elements"] = model.elements;
    root["total_time"] = model.total_time;
    if (model.initial < model.states.size())
        root["initial"] = Json{{model.states[model.initial].name, 1.0}};
    else
        root["initial"] = nullptr;

    Json states = Json::array();
    for (const ChainState& s : model.states) {
        Json j;
        j["name"] = s.name;
        j["kind"] = std::string(to_string(s.kind));
        j["components"] = s.components;
        j["count"] = s.count;
        j["total"] = s.total;
        j["share"] = s.share;
        j["mean"] = s.mean;
        j["variance"] = s.variance;
        j["stddev"] = s.stddev;
        j["min"] = s.min;
        j["max"] = s.max;
        j["histogram"] = histogram_json(s.histogram);
        j["definition"] = definition_json(s);
        if (s.definition && s.kind != SymbolKind::other && s.kind != SymbolKind::program) {
            Json expanded = Json::object();
            expansion_body(s.definition->expanded, expanded);
            j["expanded"] = std::move(expanded);
        }
        states.push_back(std::move(j));
    }
    root["states"] = std::move(states);

    Json transitions = Json::array();
    for (const ChainTransition& t : model.transitions)
        transitions.push_back(Json{{"from", model.states[t.from].name},
                                   {"to", model.states[t.to].name},
                                   {"count", t.count},
                                   {"probability", t.probability}});
    root["transitions"] = std::move(transitions);

    const SteadyState& ss = model.steady;
    if (ss.defined) {
        Json embedded = Json::object(), share = Json::object();
        // Appended, not looked up by key: an ordered_json object finds a key by a linear
        // scan, quadratic over a model of a million states. State names are unique.
        auto& embedded_members = embedded.get_ref<Json::object_t&>();
        auto& share_members = share.get_ref<Json::object_t&>();
        for (std::size_t i = 0; i < model.states.size(); ++i) {
            if (model.states[i].kind == SymbolKind::other)
                continue;
            embedded_members.Container::emplace_back(model.states[i].name, ss.embedded[i]);
            if (ss.time_share)
                share_members.Container::emplace_back(model.states[i].name, (*ss.time_share)[i]);
        }
        root["steady_state"] =
            Json{{"embedded", std::move(embedded)}, {"time_share", ss.time_share ? std::move(share) : Json(nullptr)}};
    } else {
        root["steady_state"] = nullptr;
    }
    Json classes = Json::array();
    for (const auto& cls : ss.closed_classes) {
        Json names = Json::array();
        for (std::size_t i : cls)
            names.push_back(model.states[i].name);
        classes.push_back(std::move(names));
    }
    root["closed_classes"] = std::move(classes);
    // Names come from validated UTF-8 files; replace rather than throw if one is not.
    return root.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace chitra
