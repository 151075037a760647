// The bundles the lanes view draws of many messages: every level holds every message once,
// in the bucket and pair of its send, coarser levels 4x wider down to 64 buckets; a range
// gets the bundles of the buckets it meets; a frame's budget picks the finest level it fits.
#include "chitra/messages/message_bundles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

namespace chitra {
namespace {

LaneTrace random_messages(std::mt19937& rng, std::size_t count, Time span, std::uint32_t lanes = 5)
{
    LaneTrace out;
    for (std::uint32_t l = 0; l < lanes; ++l)
        out.lanes.push_back({"l" + std::to_string(l), {}, 0, {}, {}});
    for (std::size_t i = 0; i < count; ++i) {
        const Time send = 1000 + static_cast<Time>(rng() % static_cast<std::uint64_t>(span));
        out.messages.push_back({send, send + static_cast<Time>(rng() % 500), 8,
                                static_cast<std::uint32_t>(rng() % lanes), static_cast<std::uint32_t>(rng() % lanes),
                                0});
    }
    std::sort(out.messages.begin(), out.messages.end(), sent_before);
    return out;
}

TEST(MessageBundles, EveryLevelHoldsEveryMessageInItsBucketAndPair)
{
    std::mt19937 rng(3);
    for (int trial = 0; trial < 20; ++trial) {
        const LaneTrace lanes = random_messages(rng, 1 + rng() % 5000, 1 + static_cast<Time>(rng() % 10'000'000));
        const MessageBundles bundles(lanes);
        ASSERT_FALSE(bundles.levels().empty());
        const Time span = lanes.messages.back().send - lanes.messages.front().send + 1;
        // The coarsest: at most 64 buckets, fewer when that is more than 1,000 bundles.
        const MessageBundles::Level& coarsest = bundles.levels().front();
        EXPECT_LE(span / coarsest.width, 64);
        if (coarsest.bundles.size() > 1000) {
            EXPECT_GE(coarsest.width, span);
        }
        for (std::size_t k = 1; k < bundles.levels().size(); ++k)
            EXPECT_EQ(bundles.levels()[k - 1].width, 4 * bundles.levels()[k].width);
        for (const MessageBundles::Level& level : bundles.levels()) {
            std::map<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>, std::pair<std::uint32_t, double>> want;
            for (const Message& m : lanes.messages) {
                auto& w =
                    want[{static_cast<std::uint64_t>((m.send - bundles.firstSend()) / level.width), m.from, m.to}];
                ++w.first;
                w.second += static_cast<double>(m.recv - m.send);
            }
            ASSERT_EQ(level.bundles.size(), want.size());
            auto it = want.begin();
            for (const MessageBundle& b : level.bundles) { // in the order of the map: bucket, then pair
                EXPECT_EQ(std::tuple(b.bucket, b.from, b.to), it->first);
                EXPECT_EQ(b.count, it->second.first);
                EXPECT_DOUBLE_EQ(b.latency, it->second.second);
                ++it;
            }
        }
        // The finest level holds at most a quarter of the messages, unless it has no more
        // than 64 buckets.
        if (span / bundles.levels().back().width > 64) {
            EXPECT_LE(bundles.levels().back().bundles.size() * 4, lanes.messages.size());
        }
    }
}

TEST(MessageBundles, ARangeGetsTheBucketsItMeetsAndTheBudgetPicksTheLevel)
{
    std::mt19937 rng(4);
    const LaneTrace lanes = random_messages(rng, 20'000, 5'000'000, 2);
    const MessageBundles bundles(lanes);
    ASSERT_GE(bundles.levels().size(), 3u);
    for (int query = 0; query < 50; ++query) {
        const Time a = static_cast<Time>(rng() % 6'000'000), b = a + static_cast<Time>(rng() % 1'000'000);
        for (const MessageBundles::Level& level : bundles.levels()) {
            const auto got = bundles.in(level, a, b);
            std::size_t want = 0;
            for (const MessageBundle& x : level.bundles) {
                const Time start = bundles.firstSend() + static_cast<Time>(x.bucket) * level.width;
                if (start + level.width > a && start <= b)
                    ++want;
            }
            EXPECT_EQ(got.size(), want);
        }
        const std::size_t budget = 1 + rng() % 3000;
        const MessageBundles::Level* level = bundles.levelFor(a, b, budget);
        ASSERT_NE(level, nullptr);
        const auto index = static_cast<std::size_t>(level - bundles.levels().data());
        if (index > 0 || bundles.in(*level, a, b).size() <= budget) {
            EXPECT_LE(bundles.in(*level, a, b).size(), budget);
            if (index + 1 < bundles.levels().size()) {
                EXPECT_GT(bundles.in(bundles.levels()[index + 1], a, b).size(), budget);
            }
        }
    }
    EXPECT_EQ(MessageBundles(LaneTrace{}).levelFor(0, 10, 5), nullptr);
}

} // namespace
} // namespace chitra
