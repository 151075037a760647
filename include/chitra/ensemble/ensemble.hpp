// Models across the parameters of runs (interfaces.md "Ensembles, models across
// parameters"; docs/ensembles.md): members, groups of members with equal parameters
// merged into one model, and formulas of each state's mean occupancy and share against
// each numeric parameter.
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/chain/chain_stats.hpp"
#include "chitra/ensemble/run_params.hpp"

#include <optional>
#include <string>
#include <vector>

namespace chitra {

struct EnsembleMember {
    std::string file;
    RunParams params;
    FitStats stats; // the fit's statistics, merged exactly into the group's
    SemiMarkovModel model;
};

struct EnsembleGroup {
    RunParams params;
    std::vector<std::size_t> members; // indices into the ensemble's members, in order
    SemiMarkovModel model;            // the members' statistics merged
};

enum class FormulaForm { linear, power, log };
std::string_view to_string(FormulaForm form);

// y = a + b p (linear), y = a p^b (power), y = a + b ln p (log).
struct FormulaFit {
    FormulaForm form = FormulaForm::linear;
    double a = 0.0, b = 0.0;
    double r2 = 0.0; // on y, whatever the form
};

// Least squares on the linearised form; nullopt when the data cannot take the form
// (p <= 0 for power and log, y <= 0 for power) or there are fewer than two distinct p.
std::optional<FormulaFit> fit_form(FormulaForm form, const std::vector<double>& p, const std::vector<double>& y);
double evaluate(FormulaForm form, double a, double b, double p);

struct Formula {
    std::string state;
    std::string quantity; // "mean" or "share"
    std::string parameter;
    RunParams given; // the other parameters' values of the members fitted
    FormulaFit fit;
    bool best = false; // the highest r2 of the forms fitted to these points
};

struct Ensemble {
    std::vector<EnsembleMember> members;
    std::vector<EnsembleGroup> groups;
    std::vector<Formula> formulas;
};

// Groups members with equal parameters (in order of first member) and merges their
// statistics. Throws InputError "FILE: reason" when members cannot merge (time bases).
std::vector<EnsembleGroup> group_members(const std::vector<EnsembleMember>& members);

// A parameter takes part when it is numeric in every group that has it and has at least
// three distinct values; `by` (when set) restricts the formulas to that parameter.
// Formulas against p are fitted within each set of groups whose other parameters are
// equal, for every program or composite state measured at three or more values of p.
std::vector<Formula> fit_formulas(const std::vector<EnsembleGroup>& groups, const std::optional<std::string>& by);

// Groups and formulas from members (members keep their order).
Ensemble build_ensemble(std::vector<EnsembleMember> members, const std::optional<std::string>& by);

// The document `ensemble fit --format json` writes, newline-terminated.
std::string ensemble_to_json(const Ensemble& ensemble);

// `ensemble predict`: the model at `point` in the `fit --format json` form, from an
// ensemble document. Each state's mean and share come from its best formula whose
// parameter is in `point` and whose `given` agrees with `point`; the states and the
// transitions are the nearest measured group's. Throws InputError "WHERE: reason".
std::string predict_model_json(const std::string& ensemble_json, const std::string& where, const RunParams& point);

} // namespace chitra
