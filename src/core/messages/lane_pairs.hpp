// The pairs of lanes that exchange messages, numbered once for what sums messages per
// pair (the message index, the lanes view's bundles).
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace chitra::detail {

// Numbers the pairs of lanes that have messages 0, 1, ... in the order of (from, to):
// a flat table for up to 2048 lanes, else a map.
class LanePairs {
public:
    explicit LanePairs(const LaneTrace& lanes) : lanes_(lanes.lanes.size())
    {
        std::vector<std::uint64_t> pairs;
        if (lanes_ <= 2048) {
            flat_.assign(lanes_ * lanes_, kNone);
            for (const Message& m : lanes.messages)
                flat_[m.from * lanes_ + m.to] = 0;
            for (std::size_t k = 0; k < flat_.size(); ++k)
                if (flat_[k] == 0) {
                    flat_[k] = static_cast<std::uint32_t>(pairs.size());
                    pairs.push_back(std::uint64_t{k / lanes_} << 32 | (k % lanes_));
                }
        } else {
            for (const Message& m : lanes.messages)
                map_.try_emplace(key(m.from, m.to), 0);
            for (const auto& [k, id] : map_)
                pairs.push_back(k);
            std::sort(pairs.begin(), pairs.end());
            for (std::size_t i = 0; i < pairs.size(); ++i)
                map_[pairs[i]] = static_cast<std::uint32_t>(i);
        }
        for (std::uint64_t p : pairs) {
            from_.push_back(static_cast<std::uint32_t>(p >> 32));
            to_.push_back(static_cast<std::uint32_t>(p));
        }
    }
    std::size_t size() const { return from_.size(); }
    std::uint32_t of(std::uint32_t from, std::uint32_t to) const
    {
        return lanes_ <= 2048 ? flat_[from * lanes_ + to] : map_.at(key(from, to));
    }
    std::uint32_t from(std::uint32_t id) const { return from_[id]; }
    std::uint32_t to(std::uint32_t id) const { return to_[id]; }

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};
    static std::uint64_t key(std::uint32_t from, std::uint32_t to) { return std::uint64_t{from} << 32 | to; }

    std::size_t lanes_;
    std::vector<std::uint32_t> flat_;
    std::unordered_map<std::uint64_t, std::uint32_t> map_;
    std::vector<std::uint32_t> from_, to_;
};

} // namespace chitra::detail
