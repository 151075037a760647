// The communication matrix of the messages display (docs/gui.md "Messages"): per pair of
// chosen lanes, the messages sent in a range, their bytes and summed latency, and the
// histograms of message sizes and latencies in powers of two. Counted by the definitions
// of `chitra-cli messages` (interfaces.md "Messages between lanes"): a message counts
// when both its lanes are chosen and it was sent in [from, to).
//
// A MessageIndex keeps running sums per block of messages (by send time), so that the
// matrix of any range costs the pairs of lanes plus the messages of the two blocks at its
// ends, not a pass over every message it holds.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace chitra {

// Histogram bins: bin 0 holds 0 (and negative latencies), bin k >= 1 holds [2^(k-1), 2^k).
inline constexpr std::size_t kMessageBins = 65;
inline std::size_t size_bin(std::uint64_t bytes) { return static_cast<std::size_t>(std::bit_width(bytes)); }
inline std::size_t latency_bin(Time latency)
{
    return latency <= 0 ? 0 : size_bin(static_cast<std::uint64_t>(latency));
}

struct MessageMatrix {
    std::size_t lanes = 0;                   // n, the chosen lanes, in the order asked for
    std::vector<std::uint64_t> count, bytes; // [from * n + to], 0-based among the chosen
    std::vector<double> latency_ns;          // summed latencies (receive - send), same layout
    std::array<std::uint64_t, kMessageBins> size_bins{}, latency_bins{};
    std::uint64_t messages = 0, total_bytes = 0;

    std::size_t cell(std::size_t from, std::size_t to) const { return from * lanes + to; }
    // The mean latency of a pair's messages; 0 without any.
    double mean_latency(std::size_t from, std::size_t to) const
    {
        const std::uint64_t c = count[cell(from, to)];
        return c == 0 ? 0.0 : latency_ns[cell(from, to)] / static_cast<double>(c);
    }
};

class MessageIndex {
public:
    // `block`: messages per block; 0 chooses one that keeps the sums within a quarter of
    // the messages' own size.
    explicit MessageIndex(std::shared_ptr<const LaneTrace> lanes, std::size_t block = 0);

    const LaneTrace& trace() const { return *lanes_; }
    std::size_t blockSize() const { return block_; }

    // The matrix of the messages between `chosen` (lane indices, any order; the matrix's
    // rows and columns follow it) sent in [from, to), absolute ns.
    MessageMatrix matrix(const std::vector<std::size_t>& chosen, Time from, Time to) const;

private:
    // The sums of one pair of lanes, or of one histogram bin.
    struct PairSums {
        std::uint64_t count = 0, bytes = 0;
        double latency = 0;
    };
    // Adds messages [first, last) to `out`, whose rows are numbered by `number` (lane ->
    // 1-based among the chosen, 0: not chosen).
    void addMessages(std::size_t first, std::size_t last, const std::vector<std::size_t>& number,
                     MessageMatrix& out) const;

    std::shared_ptr<const LaneTrace> lanes_;
    std::size_t block_ = 1;
    std::vector<std::uint32_t> pairFrom_, pairTo_; // the pairs of lanes that have messages
    std::size_t bins_ = 2 * kMessageBins;          // per block, after the pairs: size then latency bins
    // Sums of the messages before each block boundary: [b * (pairs + bins) + k].
    std::vector<PairSums> before_;
};

} // namespace chitra
