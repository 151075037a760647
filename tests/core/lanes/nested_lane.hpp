// Test helper: one lane "rank 0" of nested regions, as the lanes view and its tests draw it:
// main [0, 100) calls MPI_Send [10, 20) and compute [30, 50), which calls MPI_Send [35, 40).
#pragma once

#include "chitra/lanes/lane_trace.hpp"

namespace chitra::test {

inline std::size_t add_nested_lane(LaneTraceBuilder& b)
{
    const auto l = b.add_lane("rank 0");
    const auto main = b.state("main"), send = b.state("MPI_Send"), comp = b.state("compute");
    b.push(l, 0, main);
    b.push(l, 10, send);
    b.pop(l, 20);
    b.push(l, 30, comp);
    b.push(l, 35, send);
    b.pop(l, 40);
    b.pop(l, 50);
    b.pop(l, 100);
    return l;
}

} // namespace chitra::test
