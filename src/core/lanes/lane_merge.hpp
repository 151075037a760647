// The records of some lanes of a LaneTrace in order: a merge of their change lists. Shared
// by to_trace and the PES writer of lanes, which must visit the same records alike.
#pragma once

#include "chitra/lanes/lane_trace.hpp"
#include "util/loser_tree.hpp"

#include <algorithm>
#include <cstdint>
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
    constexpr std::uint64_t kDone = UINT64_MAX; // a lane's head past its last change
    const auto head_of = [&](std::size_t j) {
        const auto& changes = trace.lanes[lanes[j]].changes;
        return next[j] < changes.size() ? changes[next[j]].record : kDone;
    };
    if (k <= 8) {
        // Few lanes: the earliest next change by a linear scan, cheaper than a tree.
        std::uint64_t head[8];
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
    // Many lanes: the earliest next change from a tournament tree of their heads.
    std::vector<std::uint64_t> head(k);
    for (std::size_t j = 0; j < k; ++j)
        head[j] = head_of(j);
    LoserTree tree(k, [&head](std::uint32_t a, std::uint32_t b) { return head[a] < head[b]; });
    for (std::uint64_t r = head[tree.winner()]; r != kDone; r = head[tree.winner()]) {
        while (head[tree.winner()] == r) {
            const std::size_t j = tree.winner();
            take(j);
            head[j] = head_of(j);
            tree.replay();
        }
        emit(r);
    }
}

} // namespace chitra::detail
