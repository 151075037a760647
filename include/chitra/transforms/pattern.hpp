// Pattern search (semantics.md section 3, "aggregate"): all leftmost non-overlapping
// matches of a symbol sequence, with exactly the matching rule the aggregation uses, so
// the count highlighted while brushing equals the number of replacements.
#pragma once

#include "chitra/trace/ses.hpp"

#include <span>
#include <string>
#include <vector>

namespace chitra {

struct PatternMatches {
    std::size_t length = 0;          // k, the pattern length
    std::vector<std::size_t> starts; // element index of each match; it covers [start, start + k)
    double element_share = 0;        // count * k / size (0 for an empty SES)
    double time_share = 0;           // matched occupancy / total occupancy (0 when total is 0)

    std::size_t count() const { return starts.size(); }
};

// Linear time (a Knuth-Morris-Pratt automaton, restarted after each match). An empty
// pattern, or one containing kNoSymbol, matches nothing.
PatternMatches find_pattern(const Ses& ses, std::span<const SymbolId> pattern);
// By names; a name that is not a symbol of the SES's table makes the result empty.
PatternMatches find_pattern(const Ses& ses, const std::vector<std::string>& names);
// Only the match starts in a symbol sequence (pass a subspan to search a brushed range).
std::vector<std::size_t> find_pattern_starts(std::span<const SymbolId> symbols, std::span<const SymbolId> pattern);

} // namespace chitra
