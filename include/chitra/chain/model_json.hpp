// Reading a model back from its JSON form (interfaces.md "fit --format json";
// docs/model-formats.md): what simulation and validation need of a fitted chain.
#pragma once

#include "chitra/chain/chain.hpp"

#include <string>
#include <utility>
#include <vector>

namespace chitra {

struct ModelDocument {
    // States with their statistics and histograms, transitions with counts and
    // probabilities. Definitions are not read back (nullopt); the steady state is
    // solved again from what was read.
    SemiMarkovModel model;
    // The `initial` distribution: state index and probability (empty when null).
    std::vector<std::pair<std::size_t, double>> initial;
};

// A model fitted in memory as a document: its first state is the initial one.
ModelDocument model_document(SemiMarkovModel model);

// Throws InputError "WHERE: key: reason" on anything malformed or inconsistent
// (a transition naming an unknown state, a histogram whose counts do not add up).
ModelDocument model_from_json(const std::string& text, const std::string& where);

// Reads and parses a model file.
ModelDocument read_model_file(const std::string& path);

} // namespace chitra
