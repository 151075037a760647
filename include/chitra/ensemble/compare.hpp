// Runs side by side (interfaces.md "Ensembles, models across parameters", `compare`):
// each state's presence, share and mean occupancy and each transition's presence and
// probability per run, and the statistics that differ beyond the thresholds.
#pragma once

#include "chitra/chain/chain.hpp"

#include <optional>
#include <string>
#include <vector>

namespace chitra {

struct CompareThresholds {
    double abs = 0.0; // listed when max - min > abs ...
    double rel = 0.1; // ... and max - min > rel * the largest magnitude
};

struct ComparedState {
    std::string name;
    std::vector<bool> present;
    std::vector<double> share;               // 0 where absent
    std::vector<std::optional<double>> mean; // none where absent
};

struct ComparedTransition {
    std::string from, to;
    std::vector<bool> present;
    std::vector<double> probability; // 0 where absent
};

struct Difference {
    bool transition = false;
    std::string name;      // a state's
    std::string from, to;  // a transition's
    std::string statistic; // "share", "mean" or "probability"
    std::vector<std::optional<double>> values;
    double abs = 0.0, rel = 0.0;
};

struct Comparison {
    std::vector<std::string> runs;
    std::vector<ComparedState> states;           // first appearance over the runs; OTHER left out
    std::vector<ComparedTransition> transitions; // the same; those into OTHER left out
    std::vector<Difference> differences;
};

// Mean differences are taken over the runs that have the state; share and probability
// count an absent state or transition as 0.
Comparison compare_models(const std::vector<std::string>& runs, const std::vector<SemiMarkovModel>& models,
                          const CompareThresholds& thresholds);

std::string comparison_to_json(const Comparison& comparison); // newline-terminated
std::string comparison_to_table(const Comparison& comparison);

} // namespace chitra
