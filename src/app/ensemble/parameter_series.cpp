#include "ensemble/parameter_series.hpp"

#include "chitra/transforms/transforms.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace chitra::app {

std::vector<std::string> statePatterns(const std::string& text)
{
    std::string spaced;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "->") == 0) { // an arrow is a word of its own: "A->B"
            spaced += " -> ";
            ++i;
        } else {
            spaced += text[i] == ',' ? ' ' : text[i];
        }
    }
    std::istringstream in(spaced);
    std::vector<std::string> patterns;
    for (std::string word; in >> word;)
        patterns.push_back(word);
    return patterns;
}

namespace {

std::optional<double> transitionProbability(const SemiMarkovModel& model, const std::vector<std::string>& patterns)
{
    const auto arrow = std::find(patterns.begin(), patterns.end(), "->");
    if (arrow == patterns.end())
        return std::nullopt;
    const std::vector<std::string> from(patterns.begin(), arrow), to(arrow + 1, patterns.end());
    const std::size_t other = model.other();
    std::uint64_t out = 0, into = 0;
    for (const ChainTransition& t : model.transitions) {
        if (t.to == other || !glob_match_any(from, model.states[t.from].name))
            continue;
        out += t.count;
        if (glob_match_any(to, model.states[t.to].name))
            into += t.count;
    }
    if (out == 0)
        return std::nullopt;
    return static_cast<double>(into) / static_cast<double>(out);
}

} // namespace

std::optional<double> quantityOf(const SemiMarkovModel& model, const std::vector<std::string>& patterns,
                                 Quantity quantity)
{
    if (quantity == Quantity::transitionProbability)
        return transitionProbability(model, patterns);
    std::uint64_t visits = 0;
    double occupancy = 0.0, share = 0.0;
    bool matched = false;
    for (const ChainState& state : model.states) {
        if (state.kind == SymbolKind::other)
            continue;
        bool match = false;
        for (const std::string& p : patterns)
            match = match || glob_match(p, state.name);
        if (!match)
            continue;
        matched = true;
        visits += state.count;
        occupancy += static_cast<double>(state.total);
        share += state.share;
    }
    if (!matched)
        return std::nullopt;
    switch (quantity) {
    case Quantity::meanOccupancy:
        return visits > 0 ? std::optional(occupancy / static_cast<double>(visits)) : std::nullopt;
    case Quantity::shareOfTime:
        return share;
    case Quantity::transitionProbability:
        break; // answered above
    case Quantity::visitsPerSecond: {
        const std::optional<double> tick = seconds_per_tick(model.timebase);
        if (!tick || model.total_time <= 0)
            return std::nullopt;
        return static_cast<double>(visits) / (static_cast<double>(model.total_time) * *tick);
    }
    }
    return std::nullopt;
}

std::vector<ParameterGroup> groupByParameter(const std::vector<ParameterPoint>& points)
{
    std::map<double, std::vector<double>> byValue;
    for (const ParameterPoint& p : points)
        byValue[p.parameter].push_back(p.value);
    std::vector<ParameterGroup> groups;
    for (const auto& [parameter, values] : byValue) {
        ParameterGroup g;
        g.parameter = parameter;
        g.members = static_cast<int>(values.size());
        for (double v : values)
            g.mean += v / g.members;
        if (g.members > 1) {
            double squares = 0.0;
            for (double v : values)
                squares += (v - g.mean) * (v - g.mean);
            g.stddev = std::sqrt(squares / (g.members - 1));
        }
        groups.push_back(g);
    }
    return groups;
}

std::optional<FormulaFit> bestFormula(const std::vector<ParameterGroup>& groups)
{
    if (groups.size() < 3)
        return std::nullopt;
    std::vector<double> p, y;
    for (const ParameterGroup& g : groups) {
        p.push_back(g.parameter);
        y.push_back(g.mean);
    }
    std::optional<FormulaFit> best;
    for (FormulaForm form : {FormulaForm::linear, FormulaForm::power, FormulaForm::log}) {
        const std::optional<FormulaFit> fit = fit_form(form, p, y);
        if (fit && std::isfinite(fit->r2) && (!best || fit->r2 > best->r2))
            best = fit;
    }
    return best;
}

} // namespace chitra::app
