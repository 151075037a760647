// Writers of a fitted semi-Markov chain (docs/model-formats.md).
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/trace/ses.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace chitra {

// One JSON document (interfaces.md "fit --format json"), newline-terminated. States,
// transitions and object keys keep the model's order; integers stay integers and
// doubles are written in the shortest form that reads back to the same double.
std::string model_to_json(const SemiMarkovModel& model);

// Graphviz digraph: one node per state labelled with its mean occupancy, one edge per
// transition labelled with its probability.
std::string model_to_dot(const SemiMarkovModel& model);

// Transition matrix: header row "from,<state>,...", then one row per state in model
// order (OTHER's row is all zeros: it has no outgoing transitions).
std::string model_to_csv(const SemiMarkovModel& model);

// Observed transitions "id,from,to,sojourn", one row per SES element in order (the last
// one goes to OTHER), as R's SemiMarkov package reads them (data.frame(id, state.h,
// state.j, time)). `model` must be the fit of `ses` (it names OTHER).
void write_observed_transitions_csv(const Ses& ses, const SemiMarkovModel& model, std::ostream& out);
std::string observed_transitions_csv(const Ses& ses, const SemiMarkovModel& model);

// PRISM explicit files of the embedded chain: states are numbered in model order, OTHER
// is absorbing (a self-loop of probability 1) so that every row sums to 1.
struct PrismFiles {
    std::string tra;  // "states transitions", then "i j p" sorted by (i, j)
    std::string sta;  // "(s)", then "i:(i)"
    std::string lab;  // label declarations, then "i: label..." (init, one label per state)
    std::string srew; // "states nonzero", then "i mean_occupancy" (state rewards)
};
PrismFiles model_to_prism(const SemiMarkovModel& model);

// The PRISM label of each state: its name with characters outside [A-Za-z0-9_] turned
// into '_', prefixed with "s_" when it does not start with a letter, and suffixed with
// "_<k>" when two states would get one label.
std::vector<std::string> prism_labels(const SemiMarkovModel& model);

} // namespace chitra
