// Suggested pipeline steps for a trace (interfaces.md "Suggestions", docs/suggest.md):
// repeated sequences worth aggregating, filter or exclusion steps that remove rare,
// short states at a natural break of their distribution, and, for states that join
// several lanes, keeping one lane alone.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

enum class SuggestionKind { aggregate, filter, exclude, lanes };
std::string_view to_string(SuggestionKind kind);

struct Suggestion {
    Step step;          // appended to the pipeline, it applies the suggestion
    double score = 0.0; // higher is better; comparable across kinds
    std::string reason;
    SuggestionKind kind = SuggestionKind::aggregate;

    std::size_t states_before = 0; // distinct symbols present in the input
    std::size_t states_after = 0;  // distinct symbols present once the step is applied

    // Aggregations only.
    std::uint64_t count = 0;               // non-overlapping matches (the transform's own rule)
    double coverage_elements = 0.0;        // fraction of elements inside matches
    double coverage_time = 0.0;            // fraction of the total occupancy inside matches
    double period_elements = 0.0;          // mean elements between consecutive match starts
    double period_time = 0.0;              // mean time between consecutive match starts
    std::int64_t states_removed = 0;       // states_before - states_after
    std::int64_t transitions_removed = 0;  // distinct transitions before minus after
    std::optional<double> spectral_period; // the event-periodogram peak it matches

    // Filters and exclusions: the natural break the threshold sits in. Lanes: the step
    // keeps one lane (project_components dropping the others).
    double break_low = 0.0, break_high = 0.0;
};

struct SuggestOptions {
    std::size_t max_pattern = 16;                         // longest repeated sequence considered
    std::size_t candidates = 16;                          // loops and pairs evaluated exactly (grown pairs come on top)
    std::size_t spectrum_elements = std::size_t{1} << 20; // periodogram over the first N elements
    double min_break_ratio = 4.0;                         // a natural break spans at least this factor
};

// Ranked suggestions, best first. Aggregations are named S<k> with the smallest k that
// names no symbol of the SES's table. Linear in the SES's length for a fixed
// max_pattern and candidates. Throws Cancelled when the calling thread's cancel flag
// (chitra/util/cancel.hpp) is set.
std::vector<Suggestion> suggest(const Ses& ses, const SuggestOptions& options = {});

// ---- Building blocks, public for tests --------------------------------------------------

// The largest gap between neighbours of the sorted positive values on a log scale:
// {low, high}, the values either side of it; nullopt with fewer than two distinct
// positive values.
struct NaturalBreak {
    double low = 0.0, high = 0.0;
};
std::optional<NaturalBreak> largest_log_gap(std::vector<double> values);

// The smallest k >= 1 such that "S<k>" names no symbol of `table`.
std::string free_sequence_name(const SymbolTable& table);

} // namespace chitra
