// What a choice of lanes would give before its PES is made: the import dialog previews
// it on every click, so it is counted without forming the states' names.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace chitra {

struct LaneChoiceFigures {
    std::uint64_t records = 0; // records of to_trace(trace, lanes)
    std::uint64_t states = 0;  // distinct vectors of lane states among them
};

// The figures of to_trace(trace, lanes) in O(changes x log lanes): each record's vector
// is kept as a 128-bit hash updated lane by lane (Zobrist), so 64 lanes cost no more per
// change than one. Throws chitra::Cancelled when the thread's cancel flag is set.
// With `most_states`, counting stops as soon as more distinct states than that are met
// (`states` is then most_states + 1 and `records` the records read so far).
LaneChoiceFigures lane_choice_figures(const LaneTrace& trace, const std::vector<std::size_t>& lanes,
                                      std::uint64_t most_states = UINT64_MAX);

// How many of `lanes`, taken from the first, form at most `most_states` distinct vector
// states (at least 1): the views of a trace of many busy lanes show the states of these
// few while the lanes view shows every lane (interfaces.md: vector states are formed on
// demand). The count of distinct vectors never falls as lanes are added, so it is found
// by bisection, each trial stopping once it passes the limit.
std::size_t leading_lanes_within(const LaneTrace& trace, const std::vector<std::size_t>& lanes,
                                 std::uint64_t most_states);

} // namespace chitra
