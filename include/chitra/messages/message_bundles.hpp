// What the lanes view draws of a trace's messages when there are too many to draw one
// by one (docs/gui.md "Lanes view"): the messages summed per pair of lanes and bucket of
// send times, at levels of buckets four times wider each, from 64 buckets over the whole
// run (fewer while that is more than 1,000 bundles) down to as fine as keeps a level
// within a quarter of the messages. A frame takes
// the finest level whose bundles in view fit its budget, so that its cost is bounded by
// the budget, not by the messages in view.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace chitra {

struct MessageBundle {
    std::uint64_t bucket = 0; // send times [first + bucket * width, first + (bucket + 1) * width)
    std::uint32_t from = 0, to = 0;
    std::uint32_t count = 0;
    double latency = 0; // summed (receive - send)
};

class MessageBundles {
public:
    struct Level {
        Time width = 1;
        std::vector<MessageBundle> bundles; // by bucket, then pair
    };

    explicit MessageBundles(const LaneTrace& lanes);

    Time firstSend() const { return first_; }
    // Coarsest first.
    const std::vector<Level>& levels() const { return levels_; }
    // The bundles of `level` whose buckets meet [from, to] (absolute send times).
    std::span<const MessageBundle> in(const Level& level, Time from, Time to) const;
    // The finest level whose bundles meeting [from, to] are at most `budget`; the coarsest
    // when none is; null without messages.
    const Level* levelFor(Time from, Time to, std::size_t budget) const;

private:
    Time first_ = 0;
    std::vector<Level> levels_;
};

} // namespace chitra
