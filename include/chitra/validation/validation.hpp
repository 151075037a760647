// Does a fitted chain reproduce a trace? Goodness-of-fit tests of a model against a SES
// (interfaces.md "Simulation and validation"; docs/validation.md).
#pragma once

#include "chitra/chain/model_json.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/util/cancel.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace chitra {

struct ValidationOptions {
    std::uint64_t seed = 1;        // of the simulated trajectories
    std::size_t trajectories = 20; // simulated for the periodogram test
    double level = 0.01;           // family-wise, Holm-corrected
};

// One-sample Kolmogorov-Smirnov test of a state's occupancies in the trace against the
// model's occupancy law for it (the histogram, uniform over the whole time units of a bin).
struct StateFit {
    std::string name;
    std::uint64_t visits = 0;
    double ks = 0.0; // sup |F_trace - F_model|
    double p = 1.0;
};

struct UnexpectedTransition {
    std::string from, to;
    std::uint64_t count = 0;
};

// Chi-square test of the trace's transition counts against the model's probabilities
// (OTHER renormalised away), row by row, cells with fewer than 5 expected pooled.
struct TransitionFit {
    double chi2 = 0.0;
    std::uint64_t dof = 0;
    double p = 1.0;                               // 0 when `unexpected` is not empty
    std::vector<UnexpectedTransition> unexpected; // observed, probability 0 in the model
};

// The trace's event-domain periodogram against those of simulated trajectories of the
// same length, compared in bands of frequency on a log scale of power.
struct PeriodogramFit {
    double distance = 0.0; // RMS difference of log band power from the simulated mean
    double p = 1.0;        // share of the simulated trajectories farther from the mean
    double p_tail = 1.0;   // the same distance as a one-sided prediction test (used for the verdict)
    std::size_t trajectories = 0;
    std::vector<double> frequency;       // band centres, cycles per event
    std::vector<double> trace;           // band power of the trace
    std::vector<double> mean, low, high; // simulated: mean, lowest and highest
};

struct Offender {
    std::string test; // "state", "transitions", "periodogram", "unknown state"
    std::string name; // the state for "state" and "unknown state"
    double p = 0.0;
    bool rejected = false;
};

struct Validation {
    bool pass = true;
    double level = 0.01;
    std::vector<StateFit> states;                               // model order
    std::vector<std::pair<std::string, std::uint64_t>> unknown; // trace states the model lacks, visits
    TransitionFit transitions;
    PeriodogramFit periodogram;
    std::vector<Offender> worst; // rejected tests first, then the lowest p; at most 5
};

// Throws InputError when the model cannot be simulated (no initial state) and
// Cancelled when the calling thread's cancel flag is set (chitra/util/cancel.hpp).
Validation validate_model(const Ses& ses, const ModelDocument& model, const ValidationOptions& options = {});

// The documented JSON document, newline-terminated.
std::string validation_to_json(const Validation& v);

// The Kolmogorov distribution's upper tail with Stephens' small-sample correction:
// P(D_n > d) for the one-sample statistic of n draws.
double kolmogorov_p(double d, std::uint64_t n);

} // namespace chitra
