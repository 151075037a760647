// Runs side by side and what differs between them (interfaces.md, `compare`).
#include "chitra/ensemble/compare.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace chitra {

namespace {

using Json = nlohmann::ordered_json;

// Spread of the values that exist; listed when beyond both thresholds.
std::optional<Difference> difference_of(const std::vector<std::optional<double>>& values,
                                        const CompareThresholds& thresholds)
{
    std::vector<double> known;
    for (const auto& v : values)
        if (v)
            known.push_back(*v);
    if (known.size() < 2)
        return std::nullopt;
    const auto [lo, hi] = std::minmax_element(known.begin(), known.end());
    const double spread = *hi - *lo;
    const double largest = std::max(std::abs(*hi), std::abs(*lo));
    if (!(spread > thresholds.abs) || !(spread > thresholds.rel * largest))
        return std::nullopt;
    Difference d;
    d.values = values;
    d.abs = spread;
    d.rel = largest > 0.0 ? spread / largest : 0.0;
    return d;
}

Json numbers(const std::vector<std::optional<double>>& values)
{
    Json out = Json::array();
    for (const auto& v : values)
        out.push_back(v ? Json(*v) : Json(nullptr));
    return out;
}

std::vector<std::optional<double>> optional_all(const std::vector<double>& values)
{
    return {values.begin(), values.end()};
}

std::string cell(const std::optional<double>& v)
{
    if (!v)
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", *v);
    return buf;
}

} // namespace

Comparison compare_models(const std::vector<std::string>& runs, const std::vector<SemiMarkovModel>& models,
                          const CompareThresholds& thresholds)
{
    Comparison c;
    c.runs = runs;
    const std::size_t n = models.size();
    for (std::size_t r = 0; r < n; ++r) {
        const SemiMarkovModel& m = models[r];
        for (const ChainState& s : m.states) {
            if (s.kind == SymbolKind::other)
                continue;
            auto it = std::find_if(c.states.begin(), c.states.end(),
                                   [&](const ComparedState& x) { return x.name == s.name; });
            if (it == c.states.end()) {
                c.states.push_back({s.name, std::vector<bool>(n, false), std::vector<double>(n, 0.0),
                                    std::vector<std::optional<double>>(n)});
                it = c.states.end() - 1;
            }
            it->present[r] = true;
            it->share[r] = s.share;
            it->mean[r] = s.mean;
        }
        for (const ChainTransition& t : m.transitions) {
            const ChainState& from = m.states[t.from];
            const ChainState& to = m.states[t.to];
            if (from.kind == SymbolKind::other || to.kind == SymbolKind::other)
                continue;
            auto it = std::find_if(c.transitions.begin(), c.transitions.end(),
                                   [&](const ComparedTransition& x) { return x.from == from.name && x.to == to.name; });
            if (it == c.transitions.end()) {
                c.transitions.push_back({from.name, to.name, std::vector<bool>(n, false), std::vector<double>(n, 0.0)});
                it = c.transitions.end() - 1;
            }
            it->present[r] = true;
            it->probability[r] = t.probability;
        }
    }
    for (const ComparedState& s : c.states) {
        for (const char* statistic : {"share", "mean"}) {
            auto values = statistic == std::string("share") ? optional_all(s.share) : s.mean;
            if (auto d = difference_of(values, thresholds)) {
                d->name = s.name;
                d->statistic = statistic;
                c.differences.push_back(std::move(*d));
            }
        }
    }
    for (const ComparedTransition& t : c.transitions) {
        if (auto d = difference_of(optional_all(t.probability), thresholds)) {
            d->transition = true;
            d->from = t.from;
            d->to = t.to;
            d->statistic = "probability";
            c.differences.push_back(std::move(*d));
        }
    }
    return c;
}

std::string comparison_to_json(const Comparison& c)
{
    Json root;
    root["runs"] = c.runs;
    Json states = Json::array();
    for (const ComparedState& s : c.states)
        states.push_back(Json{{"name", s.name}, {"present", s.present}, {"share", s.share}, {"mean", numbers(s.mean)}});
    root["states"] = std::move(states);
    Json transitions = Json::array();
    for (const ComparedTransition& t : c.transitions)
        transitions.push_back(
            Json{{"from", t.from}, {"to", t.to}, {"present", t.present}, {"probability", t.probability}});
    root["transitions"] = std::move(transitions);
    Json differences = Json::array();
    for (const Difference& d : c.differences) {
        Json j;
        j["kind"] = d.transition ? "transition" : "state";
        if (d.transition) {
            j["from"] = d.from;
            j["to"] = d.to;
        } else {
            j["name"] = d.name;
        }
        j["statistic"] = d.statistic;
        j["values"] = numbers(d.values);
        j["abs"] = d.abs;
        j["rel"] = d.rel;
        differences.push_back(std::move(j));
    }
    root["differences"] = std::move(differences);
    return root.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string comparison_to_table(const Comparison& c)
{
    std::ostringstream out;
    for (std::size_t r = 0; r < c.runs.size(); ++r)
        out << "run " << r + 1 << ": " << c.runs[r] << '\n';
    auto run_columns = [&](const std::string& label) {
        for (std::size_t r = 0; r < c.runs.size(); ++r)
            out << '\t' << label << r + 1;
    };
    out << "\nstate";
    run_columns("share");
    run_columns("mean");
    out << '\n';
    for (const ComparedState& s : c.states) {
        out << s.name;
        for (std::size_t r = 0; r < s.share.size(); ++r)
            out << '\t' << (s.present[r] ? cell(s.share[r]) : "absent");
        for (const auto& m : s.mean)
            out << '\t' << cell(m);
        out << '\n';
    }
    out << "\ntransition";
    run_columns("p");
    out << '\n';
    for (const ComparedTransition& t : c.transitions) {
        out << t.from << " -> " << t.to;
        for (std::size_t r = 0; r < t.probability.size(); ++r)
            out << '\t' << (t.present[r] ? cell(t.probability[r]) : "absent");
        out << '\n';
    }
    out << "\ndifferences: " << c.differences.size() << '\n';
    for (const Difference& d : c.differences) {
        out << (d.transition ? d.from + " -> " + d.to : d.name) << ' ' << d.statistic << ':';
        for (const auto& v : d.values)
            out << ' ' << cell(v);
        out << "  (abs " << cell(d.abs) << ", rel " << cell(d.rel) << ")\n";
    }
    return out.str();
}

} // namespace chitra
