// Sufficient statistics of a chain fit, which merge across shards of one trace and across
// traces (interfaces.md "Statistics that merge"; docs/scale-out.md).
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/types.hpp"

#include <cstdint>
#include <limits>
#include <utility>
#include <optional>
#include <string>
#include <vector>

namespace chitra {

// Exact integer sums: 128 bits hold the sum of squares of any realistic occupancies.
using WideSum = __int128;

// Where a filter composite came from when a shard's filter selected by whole-trace
// figures (chitra/scaleout/filter_figures.hpp): the states around its runs ("" at the
// start or end of the sequence) and the first record where the shard owns one, so that
// merging numbers the composites as a fit of the whole file does.
struct FilterOrigin {
    std::string before, after;
    std::uint64_t first_record = 0;
    bool operator==(const FilterOrigin&) const = default;
};

struct StateStats {
    std::string name;
    SymbolKind kind = SymbolKind::program;
    std::vector<std::string> components;
    std::uint64_t count = 0;
    WideSum sum = 0;
    WideSum sum_squares = 0;
    Time min = 0, max = 0;
    // Histogram inputs: each distinct occupancy and its number of visits, ascending, so
    // that the merged histogram is binned by the core's rule on all visits.
    std::vector<std::pair<Time, std::uint64_t>> occupancies;
    std::optional<StateDefinition> definition; // composites only
    std::optional<FilterOrigin> origin;        // filter composites of a figures-selected filter
};

struct TransitionStats {
    std::size_t from = 0, to = 0; // indices into FitStats::states
    std::uint64_t count = 0;
};

// Where one statistics part came from: a whole trace (shard 1 of 1) or one shard of it.
struct StatsPart {
    std::string source;
    std::uint64_t shard = 1, shards = 1;
    std::uint64_t first_record = 0, end_record = 0; // the records it owns, half-open
    std::string pipeline;                           // empty: none
    std::uint64_t margin = 0;                       // records read beyond each edge
};

struct FitStats {
    TimeBase timebase = TimeBase::us;
    std::vector<StatsPart> parts;
    std::uint64_t elements = 0;
    WideSum total_time = 0;
    std::vector<StateStats> states;           // order of first appearance
    std::vector<TransitionStats> transitions; // ordered by (from, to)
    std::size_t initial = kNoState;           // state of the first element of the first sequence held
    std::vector<std::size_t> ends;            // per sequence end held: the state of its last element
    std::uint64_t near_edge = 0;              // elements whose records came near a shard edge

    std::size_t find(std::string_view name) const;
};

// The records [first, end) that shard `shard` (1-based) of `shards` owns in a trace of
// `records` records: the shard-th of N equal ranges.
std::pair<std::uint64_t, std::uint64_t> shard_records(std::uint64_t records, std::uint64_t shard, std::uint64_t shards);

// Statistics of the elements of `ses` whose first record lies in [first_record,
// end_record), with the transition from each of them to the element after it (when
// `ses` has one). `ses` may be a slice of a longer sequence: `begins`/`ends` say whether
// it starts/ends where the sequence does, so that its first element gives the initial
// state and its last one the end (the transition into OTHER). Owned elements whose
// records come within `margin` records of an inner edge of the range (one that is not
// record 0 or `total_records`) are counted in near_edge.
struct CollectRange {
    std::uint64_t first_record = 0, end_record = 0;
    bool begins = true, ends = true;
    std::uint64_t margin = 0;
    std::uint64_t total_records = std::numeric_limits<std::uint64_t>::max();
};
FitStats collect_stats(const Ses& ses, TimeBase timebase, const CollectRange& range);

// The statistics of the whole sequence.
FitStats collect_stats(const Ses& ses, TimeBase timebase);

// Adds `other` to `into`: states by name (new ones after the known ones, in their
// order), counts and sums added, transitions added, sequence starts and ends kept.
// Throws InputError when time bases differ or a state's kind differs.
void merge_into(FitStats& into, const FitStats& other);

// The model those statistics describe: equal to fit_chain on the same elements.
SemiMarkovModel model_from_stats(const FitStats& stats);

// The documented JSON form ("format": "chitra-stats", "version": 1).
std::string stats_to_json(const FitStats& stats);
// Throws InputError "WHERE: reason" on anything malformed.
FitStats stats_from_json(const std::string& text, const std::string& where);

} // namespace chitra
