#include "chitra/messages/message_matrix.hpp"

#include "messages/lane_pairs.hpp"

#include <algorithm>

namespace chitra {

MessageIndex::MessageIndex(std::shared_ptr<const LaneTrace> lanes, std::size_t block) : lanes_(std::move(lanes))
{
    const std::vector<Message>& messages = lanes_->messages;
    const detail::LanePairs pairs(*lanes_);
    for (std::uint32_t p = 0; p < pairs.size(); ++p) {
        pairFrom_.push_back(pairs.from(p));
        pairTo_.push_back(pairs.to(p));
    }
    const std::size_t stride = pairFrom_.size() + bins_;
    // A block's sums (stride of them, 24 bytes each) against its messages' 40 bytes: a
    // block of 16 x stride messages keeps the sums within a quarter of their size.
    block_ = block > 0 ? block : std::max<std::size_t>(4096, 16 * stride);
    const std::size_t blocks = messages.size() / block_;
    before_.assign((blocks + 1) * stride, PairSums{});
    std::vector<PairSums> running(stride);
    for (std::size_t b = 1; b <= blocks; ++b) {
        for (std::size_t i = (b - 1) * block_; i < b * block_; ++i) {
            const Message& m = messages[i];
            const Time latency = m.recv - m.send;
            PairSums& p = running[pairs.of(m.from, m.to)];
            ++p.count;
            p.bytes += m.bytes;
            p.latency += static_cast<double>(latency);
            ++running[pairFrom_.size() + size_bin(m.bytes)].count;
            ++running[pairFrom_.size() + kMessageBins + latency_bin(latency)].count;
        }
        std::copy(running.begin(), running.end(), before_.begin() + static_cast<std::ptrdiff_t>(b * stride));
    }
}

void MessageIndex::addMessages(std::size_t first, std::size_t last, const std::vector<std::size_t>& number,
                               MessageMatrix& out) const
{
    const std::vector<Message>& messages = lanes_->messages;
    for (std::size_t i = first; i < last; ++i) {
        const Message& m = messages[i];
        const std::size_t a = number[m.from], b = number[m.to];
        if (a == 0 || b == 0)
            continue;
        const std::size_t c = out.cell(a - 1, b - 1);
        const Time latency = m.recv - m.send;
        ++out.count[c];
        out.bytes[c] += m.bytes;
        out.latency_ns[c] += static_cast<double>(latency);
        ++out.size_bins[size_bin(m.bytes)];
        ++out.latency_bins[latency_bin(latency)];
        ++out.messages;
        out.total_bytes += m.bytes;
    }
}

MessageMatrix MessageIndex::matrix(const std::vector<std::size_t>& chosen, Time from, Time to) const
{
    const std::vector<Message>& messages = lanes_->messages;
    const std::size_t n = chosen.size();
    MessageMatrix out;
    out.lanes = n;
    out.count.assign(n * n, 0);
    out.bytes.assign(n * n, 0);
    out.latency_ns.assign(n * n, 0.0);
    std::vector<std::size_t> number(lanes_->lanes.size(), 0);
    for (std::size_t k = 0; k < n; ++k)
        if (chosen[k] < number.size())
            number[chosen[k]] = k + 1;
    if (to <= from)
        return out;
    const auto sentBefore = [&](Time t) {
        return static_cast<std::size_t>(
            std::lower_bound(messages.begin(), messages.end(), t, [](const Message& m, Time x) { return m.send < x; }) -
            messages.begin());
    };
    const std::size_t first = sentBefore(from), last = sentBefore(to);
    // Whole blocks between the ends from the running sums, the ends message by message.
    const std::size_t b0 = (first + block_ - 1) / block_, b1 = last / block_;
    if (b0 >= b1) {
        addMessages(first, last, number, out);
        return out;
    }
    addMessages(first, b0 * block_, number, out);
    addMessages(b1 * block_, last, number, out);
    const std::size_t pairs = pairFrom_.size(), stride = pairs + bins_;
    const PairSums* lo = before_.data() + b0 * stride;
    const PairSums* hi = before_.data() + b1 * stride;
    bool everyPairChosen = true;
    for (std::size_t p = 0; p < pairs; ++p) {
        const std::size_t a = number[pairFrom_[p]], b = number[pairTo_[p]];
        if (a == 0 || b == 0) {
            everyPairChosen = false;
            continue;
        }
        const std::size_t c = out.cell(a - 1, b - 1);
        const std::uint64_t count = hi[p].count - lo[p].count;
        out.count[c] += count;
        out.bytes[c] += hi[p].bytes - lo[p].bytes;
        out.latency_ns[c] += hi[p].latency - lo[p].latency;
        out.messages += count;
        out.total_bytes += hi[p].bytes - lo[p].bytes;
    }
    if (everyPairChosen) {
        for (std::size_t k = 0; k < kMessageBins; ++k) {
            out.size_bins[k] += hi[pairs + k].count - lo[pairs + k].count;
            out.latency_bins[k] += hi[pairs + kMessageBins + k].count - lo[pairs + kMessageBins + k].count;
        }
        return out;
    }
    // Some lanes left out: the blocks' histograms count their messages too, so the
    // histograms of the whole blocks come from the messages themselves.
    for (std::size_t i = b0 * block_; i < b1 * block_; ++i) {
        const Message& m = messages[i];
        if (number[m.from] == 0 || number[m.to] == 0)
            continue;
        ++out.size_bins[size_bin(m.bytes)];
        ++out.latency_bins[latency_bin(m.recv - m.send)];
    }
    return out;
}

} // namespace chitra
