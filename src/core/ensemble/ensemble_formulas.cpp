// Groups of members with equal parameters, and least-squares formulas of a state's mean
// occupancy and share against a numeric parameter (interfaces.md "Ensembles").
#include "chitra/ensemble/ensemble.hpp"

#include "chitra/trace/types.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <set>

namespace chitra {

std::string_view to_string(FormulaForm form)
{
    switch (form) {
    case FormulaForm::linear:
        return "linear";
    case FormulaForm::power:
        return "power";
    case FormulaForm::log:
        return "log";
    }
    return "linear";
}

double evaluate(FormulaForm form, double a, double b, double p)
{
    switch (form) {
    case FormulaForm::linear:
        return a + b * p;
    case FormulaForm::power:
        return a * std::pow(p, b);
    case FormulaForm::log:
        return a + b * std::log(p);
    }
    return 0.0;
}

std::optional<FormulaFit> fit_form(FormulaForm form, const std::vector<double>& p, const std::vector<double>& y)
{
    const std::size_t n = p.size();
    if (n != y.size() || n < 2)
        return std::nullopt;
    const bool log_p = form != FormulaForm::linear;
    const bool log_y = form == FormulaForm::power;
    Eigen::MatrixXd design(n, 2);
    Eigen::VectorXd target(n);
    for (std::size_t i = 0; i < n; ++i) {
        if ((log_p && !(p[i] > 0.0)) || (log_y && !(y[i] > 0.0)))
            return std::nullopt;
        design(i, 0) = 1.0;
        design(i, 1) = log_p ? std::log(p[i]) : p[i];
        target(i) = log_y ? std::log(y[i]) : y[i];
    }
    if (design.col(1).maxCoeff() == design.col(1).minCoeff())
        return std::nullopt; // one abscissa: no slope to fit
    const Eigen::Vector2d coef = design.colPivHouseholderQr().solve(target);

    FormulaFit fit;
    fit.form = form;
    fit.a = log_y ? std::exp(coef(0)) : coef(0);
    fit.b = coef(1);
    double mean_y = 0.0;
    for (double v : y)
        mean_y += v;
    mean_y /= double(n);
    double residual = 0.0, spread = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = y[i] - evaluate(form, fit.a, fit.b, p[i]);
        residual += d * d;
        spread += (y[i] - mean_y) * (y[i] - mean_y);
    }
    // Constant y: a form that reproduces it explains all there is.
    const double scale = std::max(1.0, mean_y * mean_y) * double(n);
    fit.r2 = spread > 0.0 ? 1.0 - residual / spread : (residual <= 1e-24 * scale ? 1.0 : 0.0);
    if (!std::isfinite(fit.a) || !std::isfinite(fit.b) || !std::isfinite(fit.r2))
        return std::nullopt;
    return fit;
}

std::vector<EnsembleGroup> group_members(const std::vector<EnsembleMember>& members)
{
    std::vector<EnsembleGroup> groups;
    std::vector<FitStats> merged;
    for (std::size_t i = 0; i < members.size(); ++i) {
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const EnsembleGroup& g) { return g.params == members[i].params; });
        if (it == groups.end()) {
            groups.push_back({members[i].params, {}, {}});
            merged.emplace_back();
            it = groups.end() - 1;
        }
        const std::size_t g = std::size_t(it - groups.begin());
        it->members.push_back(i);
        try {
            if (it->members.size() == 1)
                merged[g] = members[i].stats;
            else
                merge_into(merged[g], members[i].stats);
        } catch (const InputError& e) {
            throw InputError(members[i].file + ": " + e.what());
        }
    }
    for (std::size_t g = 0; g < groups.size(); ++g)
        groups[g].model = model_from_stats(merged[g]);
    return groups;
}

namespace {

// The parameters formulas are fitted against: numeric wherever present, >= 3 values.
std::vector<std::string> formula_parameters(const std::vector<EnsembleGroup>& groups,
                                            const std::optional<std::string>& by)
{
    std::vector<std::string> names;
    for (const EnsembleGroup& g : groups)
        for (const auto& [name, value] : g.params)
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(name);
    std::sort(names.begin(), names.end());
    if (by && std::find(names.begin(), names.end(), *by) == names.end())
        throw InputError("--by " + *by + ": no member has parameter " + *by);
    std::vector<std::string> out;
    for (const std::string& name : names) {
        if (by && name != *by)
            continue;
        std::set<double> values;
        bool numeric = true;
        for (const EnsembleGroup& g : groups) {
            auto it = g.params.find(name);
            if (it == g.params.end())
                continue;
            auto v = numeric_value(it->second);
            if (!v)
                numeric = false;
            else
                values.insert(*v);
        }
        if (by && !numeric)
            throw InputError("--by " + name + ": parameter " + name + " is not numeric in every member");
        if (by && values.size() < 3)
            throw InputError("--by " + name + ": parameter " + name + " has " + std::to_string(values.size()) +
                             " distinct values; formulas need at least 3");
        if (numeric && values.size() >= 3)
            out.push_back(name);
    }
    return out;
}

// The three forms fitted to one state's points; the best one marked.
void fit_points(const std::string& state, const char* quantity, const std::string& parameter, const RunParams& given,
                const std::vector<double>& p, const std::vector<double>& y, std::vector<Formula>& out)
{
    const std::size_t first = out.size();
    for (FormulaForm form : {FormulaForm::linear, FormulaForm::power, FormulaForm::log})
        if (auto fit = fit_form(form, p, y))
            out.push_back({state, quantity, parameter, given, *fit, false});
    if (out.size() == first)
        return;
    auto best = std::max_element(out.begin() + std::ptrdiff_t(first), out.end(),
                                 [](const Formula& a, const Formula& b) { return a.fit.r2 < b.fit.r2; });
    best->best = true;
}

// Formulas against `parameter` over groups that agree on every other parameter.
void fit_within(const std::vector<const EnsembleGroup*>& groups, const std::string& parameter, const RunParams& given,
                std::vector<Formula>& out)
{
    std::vector<std::string> states;
    for (const EnsembleGroup* g : groups)
        for (const ChainState& s : g->model.states)
            if (s.kind != SymbolKind::other && std::find(states.begin(), states.end(), s.name) == states.end())
                states.push_back(s.name);
    for (const std::string& state : states) {
        std::vector<double> p, mean, share;
        for (const EnsembleGroup* g : groups) {
            const std::size_t i = g->model.find(state);
            if (i == kNoState || g->model.states[i].count == 0)
                continue;
            p.push_back(*numeric_value(g->params.at(parameter)));
            mean.push_back(g->model.states[i].mean);
            share.push_back(g->model.states[i].share);
        }
        if (std::set<double>(p.begin(), p.end()).size() < 3)
            continue;
        fit_points(state, "mean", parameter, given, p, mean, out);
        fit_points(state, "share", parameter, given, p, share, out);
    }
}

} // namespace

std::vector<Formula> fit_formulas(const std::vector<EnsembleGroup>& groups, const std::optional<std::string>& by)
{
    std::vector<Formula> out;
    for (const std::string& parameter : formula_parameters(groups, by)) {
        // Sets of groups with equal other parameters, in order of first group.
        std::vector<std::pair<RunParams, std::vector<const EnsembleGroup*>>> sets;
        for (const EnsembleGroup& g : groups) {
            if (!g.params.contains(parameter))
                continue;
            RunParams given = g.params;
            given.erase(parameter);
            auto it = std::find_if(sets.begin(), sets.end(), [&](const auto& s) { return s.first == given; });
            if (it == sets.end())
                sets.push_back({std::move(given), {&g}});
            else
                it->second.push_back(&g);
        }
        for (const auto& [given, members] : sets) {
            std::vector<const EnsembleGroup*> ordered = members;
            std::stable_sort(ordered.begin(), ordered.end(), [&](const EnsembleGroup* a, const EnsembleGroup* b) {
                return *numeric_value(a->params.at(parameter)) < *numeric_value(b->params.at(parameter));
            });
            fit_within(ordered, parameter, given, out);
        }
    }
    return out;
}

Ensemble build_ensemble(std::vector<EnsembleMember> members, const std::optional<std::string>& by)
{
    Ensemble e;
    e.members = std::move(members);
    e.groups = group_members(e.members);
    e.formulas = fit_formulas(e.groups, by);
    return e;
}

} // namespace chitra
