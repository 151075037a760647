// Trajectories drawn from a fitted semi-Markov chain (interfaces.md "Simulation and
// validation"; docs/validation.md).
#pragma once

#include "chitra/chain/model_json.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chitra {

// How occupancies are drawn: from each state's histogram (uniform within a bin, as
// whole time units), or from the parametric law that fits the histogram best.
enum class OccupancyLaw { empirical, parametric };

// A parametric occupancy law fitted to a state's histogram: exponential (rate a), gamma
// (shape a, scale b) or lognormal (mu a, sigma b), with parameters from the bins' means
// and mean logarithms, compared by the log-likelihood of the binned counts less half the
// log of the visits per parameter beyond the first (Schwarz's criterion); the best is used.
struct ParametricLaw {
    std::string family; // "exponential", "gamma", "lognormal"
    double a = 0.0, b = 0.0;
    double log_likelihood = 0.0;
};
// nullopt when the histogram has fewer than two non-empty bins (no visits, or one
// value: the histogram itself is then drawn from).
std::optional<ParametricLaw> fit_parametric_law(const OccupancyHistogram& histogram);

struct SimulationOptions {
    std::uint64_t length = 0; // elements to draw
    std::uint64_t seed = 1;
    OccupancyLaw law = OccupancyLaw::empirical;
};

struct Simulation {
    Ses ses; // program states named as the model's states, from time 0
    // Non-empty when the chain reached a state with no way on (OTHER renormalised away)
    // before `length` elements: that state's name.
    std::string stopped_at;
};

// Draws one trajectory: the first state from `initial`, transitions from the model's
// probabilities without OTHER, occupancies by `law`. The same model, options and seed
// give the same trajectory. Throws InputError when the model has no initial state or
// no states to draw.
Simulation simulate_chain(const ModelDocument& model, const SimulationOptions& options);

// The trajectory as a one-component PES trace (states named as the model's states,
// the last element's exit declared as the end), ready for write_pes_file.
Trace simulation_trace(const Simulation& simulation, TimeBase timebase);

} // namespace chitra
