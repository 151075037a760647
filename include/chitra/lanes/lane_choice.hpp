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
LaneChoiceFigures lane_choice_figures(const LaneTrace& trace, const std::vector<std::size_t>& lanes);

} // namespace chitra
