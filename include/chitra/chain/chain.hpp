// The semi-Markov chain fitted to a SES (semantics.md section 4; docs/model-formats.md).
#pragma once

#include "chitra/trace/ses.hpp"
#include "chitra/trace/symbols.hpp"
#include "chitra/trace/trace.hpp"
#include "chitra/trace/types.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

inline constexpr std::size_t kNoState = static_cast<std::size_t>(-1);

// Occupancy histogram of one state. Bin k counts the visits whose occupancy lies in
// [origin + k * width, origin + (k + 1) * width); origin is a multiple of width, so the
// bins of every state sit on one grid of that width. Binning (docs/model-formats.md):
// width 1 ("integer") when max - min < kIntegerBinRange, else the Freedman-Diaconis width
// 2 IQR / cbrt(count) rounded up ("freedman-diaconis"), Scott's 3.49 sd / cbrt(count)
// when the IQR is 0 ("scott"), widened so that there are at most kMaxBins bins.
struct OccupancyHistogram {
    static constexpr Time kIntegerBinRange = 128;
    static constexpr std::size_t kMaxBins = 1000;

    std::string binning; // "integer", "freedman-diaconis" or "scott"
    Time origin = 0;
    Time width = 1;
    std::vector<std::uint64_t> counts;
    std::vector<double> pmf; // counts / visits: the probability mass function
};

// A filter/parallel composite's replaced paths merged into a prefix tree: an acyclic
// semi-Markov chain entry -> ... -> exit with branch probabilities from the counts.
struct PrefixNode {
    enum class Role : std::uint8_t { entry, state, exit };
    Role role = Role::state;
    std::string symbol;            // empty for entry and exit
    std::size_t parent = kNoState; // kNoState for entry and exit
    std::uint64_t count = 0;       // replaced runs whose path passes through here
};
struct PrefixEdge {
    std::size_t from = 0, to = 0;
    std::uint64_t count = 0;
    double probability = 0.0;         // count / count of `from`
    std::optional<double> mean_total; // edges into exit: mean total occupancy of the path
};
struct PrefixChain {
    std::vector<PrefixNode> nodes; // 0 is entry, the last is exit (when not empty)
    std::vector<PrefixEdge> edges; // ordered by (from, creation)
};

// A definition rewritten down to program states. A leaf (kind program) names a program
// state; a composite carries its own items/paths, already expanded. A composite met
// again inside its own expansion, or past the size budget, is left as a reference
// (`reference` true, no items).
struct Expansion;
struct ExpandedPath {
    std::vector<Expansion> symbols;
    std::uint64_t count = 0;
    double mean_total = 0.0;
};
struct Expansion {
    SymbolKind kind = SymbolKind::program;
    std::string name;
    bool reference = false;
    std::vector<Expansion> items;    // sequence: the pattern; projection: the set
    std::vector<ExpandedPath> paths; // filter and parallel
};

struct DefinitionPath {
    std::vector<std::string> symbols;
    std::uint64_t count = 0;
    double mean_total = 0.0;
};

// Definition of a composite state (semantics.md section 5) in names, plus its expansion.
struct StateDefinition {
    std::vector<std::string> pattern;  // sequence
    std::vector<std::string> states;   // projection: the set S
    std::string from, to;              // parallel: the bracketing symbols (when known)
    std::vector<DefinitionPath> paths; // filter and parallel
    PrefixChain chain;                 // filter and parallel
    Expansion expanded;                // every composite; kind other: unused
};

struct ChainState {
    std::string name;
    SymbolKind kind = SymbolKind::program;
    SymbolId symbol = kNoSymbol;         // id in the SES's table; kNoSymbol for OTHER
    std::vector<std::string> components; // empty for composites without components
    std::uint64_t count = 0;             // visits
    Time total = 0;                      // total occupancy
    double share = 0.0;                  // total / total time of the SES (0 when that is 0)
    double mean = 0.0;
    double variance = 0.0; // sample variance (count - 1); 0 when count == 1
    double stddev = 0.0;
    Time min = 0, max = 0;
    OccupancyHistogram histogram;
    std::optional<StateDefinition> definition; // nullopt for program states
};

struct ChainTransition {
    std::size_t from = 0, to = 0; // indices into SemiMarkovModel::states
    std::uint64_t count = 0;
    double probability = 0.0; // count / visits of `from` that have a successor
};

// Steady state of the embedded chain without OTHER (semantics.md section 4.5).
// A state left without outgoing transitions once OTHER is dropped (the last element's
// symbol when it occurs nowhere else) is absorbing, hence a closed class of its own,
// except the state of a run that ends (every component `-`, entered only as the last
// element): the transitions into it are dropped without renormalising, so the states
// that lead to it leak and belong to no closed class (interfaces.md "What the views
// report"). A run with no closed class left is transient.
struct SteadyState {
    std::size_t run_end = kNoState; // the state of a run that ends, or kNoState
    // Closed classes (strongly connected components with no edge leaving), each as
    // ascending state indices, ordered by their first index.
    std::vector<std::vector<std::size_t>> closed_classes;
    bool defined = false;         // exactly one closed class
    std::vector<double> embedded; // per model state (0 off the closed class and
                                  // for OTHER); empty when !defined
    // pi_i mean_i / sum_j pi_j mean_j; nullopt when !defined or the sum is 0.
    std::optional<std::vector<double>> time_share;

    // Initialisation, a loop, finalisation: the run ends and nothing recurs for ever.
    bool transient() const { return run_end != kNoState && closed_classes.empty(); }
};

struct SemiMarkovModel {
    TimeBase timebase = TimeBase::us;
    std::uint64_t elements = 0; // SES elements fitted (OTHER not counted)
    Time total_time = 0;        // total occupancy of the SES
    // Order of first appearance in the SES, then OTHER (kind other) last. Empty model
    // (no states) for an empty SES.
    std::vector<ChainState> states;
    std::vector<ChainTransition> transitions; // ordered by (from, to)
    std::size_t initial = kNoState;           // state of the first element
    SteadyState steady;

    bool empty() const { return states.empty(); }
    // Index of the state with that name, or kNoState.
    std::size_t find(std::string_view name) const;
    // Index of OTHER, or kNoState for an empty model.
    std::size_t other() const;
};

// Fits the chain. Linear in the SES length (three passes), no error for any SES.
SemiMarkovModel fit_chain(const Ses& ses, TimeBase timebase);

// fit_chain(Ses::from_trace(trace), trace.header.timebase), read from the trace's own
// columns: no copy of the trace is made.
SemiMarkovModel fit_trace(const Trace& trace);

// Closed classes and stationary figures from model.states (mean) and
// model.transitions (probability), leaving out states of kind `other`. Used by
// fit_chain; public so that a hand-made chain can be solved.
SteadyState solve_steady_state(const SemiMarkovModel& model);

// The histogram rule above, on one state's occupancies (any order).
OccupancyHistogram make_histogram(const std::vector<Time>& occupancies);

// The definition of a composite symbol (nullopt for program states) in names, with its
// prefix-tree chain and its expansion to program states.
std::optional<StateDefinition> describe_symbol(const SymbolTable& table, SymbolId id);

// A filter/parallel composite's paths as a prefix tree (paths in stored order).
PrefixChain build_prefix_chain(const std::vector<DefinitionPath>& paths);

} // namespace chitra
