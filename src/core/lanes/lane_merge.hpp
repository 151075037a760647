// The records of some lanes of a LaneTrace in order: a merge of their change lists. Shared
// by to_trace and the PES writer of lanes, which must visit the same records alike.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace chitra::detail {

// For each record where one of `lanes` changes, in record order: apply(j, state) for each
// lane j (a position in `lanes`) that changes there, then emit(record).
template <class Apply, class Emit>
void merge_lane_changes(const LaneTrace& trace, const std::vector<std::size_t>& lanes, Apply&& apply, Emit&& emit)
{
    const std::size_t k = lanes.size();
    std::vector<std::size_t> next(k, 0);
    const auto take = [&](std::size_t j) { apply(j, trace.lanes[lanes[j]].changes[next[j]++].state); };
    if (k <= 8) {
        // Few lanes: the earliest next change by a linear scan, cheaper than a heap.
        constexpr std::uint64_t kDone = UINT64_MAX;
        std::uint64_t head[8];
        const auto head_of = [&](std::size_t j) {
            const auto& changes = trace.lanes[lanes[j]].changes;
            return next[j] < changes.size() ? changes[next[j]].record : kDone;
        };
        for (std::size_t j = 0; j < k; ++j)
            head[j] = head_of(j);
        for (;;) {
            std::uint64_t r = kDone;
            for (std::size_t j = 0; j < k; ++j)
                r = std::min(r, head[j]);
            if (r == kDone)
                break;
            for (std::size_t j = 0; j < k; ++j)
                if (head[j] == r) {
                    take(j);
                    head[j] = head_of(j);
                }
            emit(r);
        }
        return;
    }
    using Head = std::pair<std::uint64_t, std::size_t>; // record, position in `lanes`
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    for (std::size_t j = 0; j < k; ++j)
        if (!trace.lanes[lanes[j]].changes.empty())
            heads.emplace(trace.lanes[lanes[j]].changes[0].record, j);
    while (!heads.empty()) {
        const std::uint64_t r = heads.top().first;
        while (!heads.empty() && heads.top().first == r) {
            const std::size_t j = heads.top().second;
            heads.pop();
            take(j);
            if (next[j] < trace.lanes[lanes[j]].changes.size())
                heads.emplace(trace.lanes[lanes[j]].changes[next[j]].record, j);
        }
        emit(r);
    }
}

} // namespace chitra::detail
