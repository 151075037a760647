#include "chitra/messages/message_bundles.hpp"
#include "messages/lane_pairs.hpp"

#include <algorithm>

namespace chitra {

namespace {

using detail::LanePairs;

// Sums bundles one bucket after another (buckets increasing) per pair; when the next
// bucket starts, the pairs the last one touched become its bundles, in pair order.
class BundleSummer {
public:
    explicit BundleSummer(const LanePairs& pairs) : pairs_(pairs), sums_(pairs.size()) {}

    void add(std::uint64_t bucket, std::uint32_t pair, std::uint32_t count, double latency)
    {
        if (bucket != bucket_) {
            finishBucket();
            bucket_ = bucket;
        }
        Sum& s = sums_[pair];
        if (s.count == 0)
            touched_.push_back(pair);
        s.count += count;
        s.latency += latency;
    }
    std::vector<MessageBundle> finish()
    {
        finishBucket();
        out_.shrink_to_fit();
        return std::move(out_);
    }

private:
    struct Sum {
        std::uint32_t count = 0;
        double latency = 0;
    };
    void finishBucket()
    {
        std::sort(touched_.begin(), touched_.end());
        for (std::uint32_t pair : touched_) {
            out_.push_back({bucket_, pairs_.from(pair), pairs_.to(pair), sums_[pair].count, sums_[pair].latency});
            sums_[pair] = {};
        }
        touched_.clear();
    }

    const LanePairs& pairs_;
    std::vector<Sum> sums_;
    std::vector<std::uint32_t> touched_;
    std::vector<MessageBundle> out_;
    std::uint64_t bucket_ = 0;
};

// The level four times coarser than `bundles`.
std::vector<MessageBundle> coarser(const std::vector<MessageBundle>& bundles, const LanePairs& pairs)
{
    BundleSummer sum(pairs);
    for (const MessageBundle& b : bundles)
        sum.add(b.bucket / 4, pairs.of(b.from, b.to), b.count, b.latency);
    return sum.finish();
}

} // namespace

MessageBundles::MessageBundles(const LaneTrace& lanes)
{
    const std::vector<Message>& messages = lanes.messages;
    if (messages.empty())
        return;
    first_ = messages.front().send;
    const Time span = messages.back().send - first_ + 1;
    const LanePairs pairs(lanes);
    // The finest level: buckets of about four messages per pair of lanes, made coarser
    // until the level holds at most a quarter of the messages (finer than that, the
    // messages themselves are as cheap to draw).
    const double perBucket = 4.0 * static_cast<double>(pairs.size());
    Time width = std::max<Time>(
        1, static_cast<Time>(static_cast<double>(span) * perBucket / static_cast<double>(messages.size())));
    BundleSummer sum(pairs);
    for (const Message& m : messages)
        sum.add(static_cast<std::uint64_t>((m.send - first_) / width), pairs.of(m.from, m.to), 1,
                static_cast<double>(m.recv - m.send));
    std::vector<MessageBundle> level = sum.finish();
    while (level.size() * 4 > messages.size() && span / width > 64) {
        level = coarser(level, pairs);
        width *= 4;
    }
    levels_.push_back({width, level});
    // Coarser ones down to 64 buckets, and on while the coarsest holds many bundles (many
    // pairs of lanes) and spans more than one bucket.
    while (span / width > 64 || (level.size() > 1000 && span > width)) {
        level = coarser(level, pairs);
        width *= 4;
        levels_.push_back({width, level});
    }
    std::reverse(levels_.begin(), levels_.end());
}

std::span<const MessageBundle> MessageBundles::in(const Level& level, Time from, Time to) const
{
    const auto bucketOf = [&](Time t) {
        return t <= first_ ? std::uint64_t{0} : static_cast<std::uint64_t>((t - first_) / level.width);
    };
    if (to < first_)
        return {};
    const std::uint64_t b0 = bucketOf(from), b1 = bucketOf(to);
    const auto lo = std::lower_bound(level.bundles.begin(), level.bundles.end(), b0,
                                     [](const MessageBundle& b, std::uint64_t x) { return b.bucket < x; });
    const auto hi = std::upper_bound(lo, level.bundles.end(), b1,
                                     [](std::uint64_t x, const MessageBundle& b) { return x < b.bucket; });
    return {lo, hi};
}

const MessageBundles::Level* MessageBundles::levelFor(Time from, Time to, std::size_t budget) const
{
    const Level* chosen = levels_.empty() ? nullptr : &levels_.front();
    for (const Level& level : levels_)
        if (in(level, from, to).size() <= budget)
            chosen = &level;
        else
            break;
    return chosen;
}

} // namespace chitra
