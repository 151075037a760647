// The parts of suggest(): repeated-sequence candidates and their exact evaluation,
// natural-break noise steps, and the periodogram's peaks.
#pragma once

#include "chitra/suggest/suggest.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace chitra::suggest_detail {

// Occurrences of every symbol id of the SES's table (0 for ids not present).
std::vector<std::uint64_t> symbol_counts(const Ses& ses);
std::size_t present_states(const std::vector<std::uint64_t>& counts);
// Occurrences of every ordered pair of consecutive symbols (a transition): a dense
// table for small symbol tables, a hash map past them.
class TransitionCounts {
public:
    explicit TransitionCounts(const Ses& ses);
    std::size_t distinct() const { return distinct_; }
    // The pair's count; a pair that never occurs gets an entry (with count 0).
    std::uint64_t& at(SymbolId from, SymbolId to);

private:
    static constexpr std::size_t kMaxDense = std::size_t{1} << 20;
    std::size_t width_;
    std::vector<std::uint64_t> dense_;
    std::unordered_map<std::uint64_t, std::uint64_t> sparse_;
    std::size_t distinct_ = 0;
};

// A sequence that repeats, with how often it was seen before exact evaluation.
struct RepeatCandidate {
    std::vector<SymbolId> pattern;
    std::uint64_t seen = 0;
    std::size_t first = 0; // where it was first seen
};
// Loops (the elements from one occurrence of a symbol up to, not including, its next
// occurrence, 2 .. max_pattern long) and the most frequent adjacent pairs, counted by
// hashing in one pass; rotations of one loop are kept once. At most `keep` loops and
// pairs, by the elements their repetitions would remove, plus each pair grown to the
// right while one symbol keeps following it.
std::vector<RepeatCandidate> repeat_candidates(const Ses& ses, std::size_t max_pattern, std::size_t keep);

// The aggregation of `pattern` measured by the transform's own rule (leftmost,
// non-overlapping); fills the aggregation fields of a Suggestion (not step, score, reason).
// Costs one pass plus work in proportion to the matched elements; `transitions` is
// left as it was found.
Suggestion evaluate_aggregation(const Ses& ses, const std::vector<SymbolId>& pattern,
                                const std::vector<std::uint64_t>& counts, TransitionCounts& transitions);

// Filter and exclusion steps at the natural breaks of time share and occurrence count.
std::vector<Suggestion> noise_suggestions(const Ses& ses, const std::vector<std::uint64_t>& counts,
                                          double min_break_ratio);

// For a trace whose states join two or more lanes: one project_components step per lane
// (the first kMaxLaneSuggestions) keeping that lane alone, scored by how many states it
// removes, kLaneWeight at most, in proportion to its elements against the busiest lane's.
inline constexpr std::size_t kMaxLaneSuggestions = 16;
inline constexpr double kLaneWeight = 0.6;
std::vector<Suggestion> lane_suggestions(const Ses& ses, const std::vector<std::uint64_t>& counts);

// Periods (in elements) of the strong peaks of the event periodogram of the first
// `elements` elements, strongest first.
std::vector<double> spectral_periods(const Ses& ses, std::size_t elements);

} // namespace chitra::suggest_detail
