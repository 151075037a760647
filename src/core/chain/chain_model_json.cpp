// The model's JSON form read back (docs/model-formats.md).
#include "chitra/chain/model_json.hpp"

#include "chain/json_reader.hpp"
#include "chitra/util/text_file.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json;

using Reader = detail::JsonReader;

OccupancyHistogram histogram_from_json(const Reader& r, const Json& j, const std::string& path, std::uint64_t visits)
{
    OccupancyHistogram h;
    h.binning = r.string(r.member(j, "binning", path), path + ".binning");
    h.origin = r.time(r.member(j, "origin", path), path + ".origin");
    h.width = r.time(r.member(j, "width", path), path + ".width");
    if (h.width <= 0)
        r.fail(path + ".width", "expected a positive width");
    if (h.origin < 0)
        r.fail(path + ".origin", "expected an origin of 0 or more (occupancies are never negative)");
    const Json& counts = r.array(r.member(j, "counts", path), path + ".counts");
    std::uint64_t sum = 0;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        h.counts.push_back(r.unsigned_number(counts[k], path + ".counts[" + std::to_string(k) + "]"));
        sum += h.counts.back();
    }
    // Every bin's whole time units must be times: origin + bins * width fits in Time.
    if (static_cast<unsigned __int128>(h.origin) +
            static_cast<unsigned __int128>(h.counts.size()) * static_cast<unsigned __int128>(h.width) >
        static_cast<unsigned __int128>(std::numeric_limits<Time>::max()))
        r.fail(path, "bins reach beyond the largest time");
    if (sum != visits)
        r.fail(path + ".counts",
               "add up to " + std::to_string(sum) + ", not the state's " + std::to_string(visits) + " visits");
    h.pmf.reserve(h.counts.size());
    for (std::uint64_t c : h.counts)
        h.pmf.push_back(visits ? static_cast<double>(c) / static_cast<double>(visits) : 0.0);
    return h;
}

ChainState state_from_json(const Reader& r, const Json& j, const std::string& path)
{
    ChainState s;
    s.name = r.string(r.member(j, "name", path), path + ".name");
    s.kind = r.kind(r.member(j, "kind", path), path + ".kind");
    if (auto it = j.find("components"); it != j.end() && it->is_array())
        for (const Json& c : *it)
            if (c.is_string())
                s.components.push_back(c.get<std::string>());
    s.count = r.unsigned_number(r.member(j, "count", path), path + ".count");
    s.total = r.time(r.member(j, "total", path), path + ".total");
    s.share = r.real(r.member(j, "share", path), path + ".share");
    s.mean = r.real(r.member(j, "mean", path), path + ".mean");
    s.variance = r.real(r.member(j, "variance", path), path + ".variance");
    s.stddev = r.real(r.member(j, "stddev", path), path + ".stddev");
    s.min = r.time(r.member(j, "min", path), path + ".min");
    s.max = r.time(r.member(j, "max", path), path + ".max");
    if (auto it = j.find("histogram"); it != j.end() && !it->is_null())
        s.histogram = histogram_from_json(r, *it, path + ".histogram", s.count);
    return s;
}

} // namespace

ModelDocument model_from_json(const std::string& text, const std::string& where)
{
    const Reader r(where);
    Json root;
    try {
        root = Json::parse(text);
    } catch (const Json::exception& e) { // parse_error, or out_of_range for a number past double
        r.fail("", std::string("not JSON (") + e.what() + ")");
    }
    if (!root.is_object() || root.value("format", std::string()) != "chitra-model")
        r.fail("format", "expected \"chitra-model\" (a model written by chitra-cli fit --format json)");
    if (r.unsigned_number(r.member(root, "version", ""), "version") != 1)
        r.fail("version", "this reader knows version 1");

    ModelDocument doc;
    SemiMarkovModel& m = doc.model;
    const std::string base = r.string(r.member(root, "timebase", ""), "timebase");
    const auto timebase = parse_timebase(base);
    if (!timebase)
        r.fail("timebase", "unknown time base \"" + base + "\"");
    m.timebase = *timebase;
    m.elements = r.unsigned_number(r.member(root, "elements", ""), "elements");
    m.total_time = r.time(r.member(root, "total_time", ""), "total_time");

    const Json& states = r.array(r.member(root, "states", ""), "states");
    for (std::size_t i = 0; i < states.size(); ++i) {
        const std::string path = "states[" + std::to_string(i) + "]";
        m.states.push_back(state_from_json(r, states[i], path));
        if (m.find(m.states.back().name) != i)
            r.fail(path + ".name", "state \"" + m.states.back().name + "\" named twice");
    }
    auto index_of = [&](const Json& v, const std::string& path) {
        const std::size_t k = m.find(r.string(v, path));
        if (k == kNoState)
            r.fail(path, "names no state of the model");
        return k;
    };
    const Json& transitions = r.array(r.member(root, "transitions", ""), "transitions");
    for (std::size_t i = 0; i < transitions.size(); ++i) {
        const std::string path = "transitions[" + std::to_string(i) + "]";
        ChainTransition t;
        t.from = index_of(r.member(transitions[i], "from", path), path + ".from");
        t.to = index_of(r.member(transitions[i], "to", path), path + ".to");
        t.count = r.unsigned_number(r.member(transitions[i], "count", path), path + ".count");
        t.probability = r.real(r.member(transitions[i], "probability", path), path + ".probability");
        if (t.probability < 0.0 || t.probability > 1.0)
            r.fail(path + ".probability", "expected a probability in [0, 1]");
        m.transitions.push_back(t);
    }

    const Json& initial = r.member(root, "initial", "");
    if (!initial.is_null()) {
        if (!initial.is_object())
            r.fail("initial", "expected an object of state: probability, or null");
        double most_likely = -1.0;
        for (auto it = initial.begin(); it != initial.end(); ++it) {
            const std::string path = "initial." + it.key();
            const std::size_t k = m.find(it.key());
            if (k == kNoState)
                r.fail(path, "names no state of the model");
            const double p = r.real(it.value(), path);
            if (p < 0.0)
                r.fail(path, "expected a non-negative probability");
            doc.initial.emplace_back(k, p);
            if (p > most_likely) {
                most_likely = p;
                m.initial = k;
            }
        }
    }
    m.steady = solve_steady_state(m);
    return doc;
}

ModelDocument model_document(SemiMarkovModel model)
{
    ModelDocument doc;
    if (model.initial < model.states.size())
        doc.initial.emplace_back(model.initial, 1.0);
    doc.model = std::move(model);
    return doc;
}

ModelDocument read_model_file(const std::string& path) { return model_from_json(read_text_file(path, "model"), path); }

} // namespace chitra
