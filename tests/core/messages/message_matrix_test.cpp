// The communication matrix: for random messages, chosen lanes and ranges, the index's
// block sums give what counting the messages one by one gives, and its counts and bytes
// are those of `chitra-cli messages` (message_report).
#include "chitra/messages/message_matrix.hpp"
#include "chitra/messages/messages.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace chitra {
namespace {

std::shared_ptr<const LaneTrace> lanes_with_messages(std::mt19937& rng, std::size_t lanes, std::size_t messages)
{
    auto out = std::make_shared<LaneTrace>();
    out->source = "random";
    for (std::size_t l = 0; l < lanes; ++l)
        out->lanes.push_back({"rank " + std::to_string(l), {}, 0, {}, {}});
    std::uniform_int_distribution<std::uint32_t> lane(0, static_cast<std::uint32_t>(lanes - 1));
    std::uniform_int_distribution<Time> when(0, 10'000), latency(-5, 3'000);
    std::uniform_int_distribution<int> power(0, 20);
    for (std::size_t i = 0; i < messages; ++i) {
        const Time send = when(rng);
        out->messages.push_back({send, send + latency(rng), std::uint64_t{1} << power(rng) >> 1, lane(rng), lane(rng),
                                 static_cast<std::int64_t>(i % 3)});
    }
    std::sort(out->messages.begin(), out->messages.end(), sent_before);
    return out;
}

// The matrix counted message by message.
MessageMatrix counted(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, Time from, Time to)
{
    MessageMatrix out;
    const std::size_t n = chosen.size();
    out.lanes = n;
    out.count.assign(n * n, 0);
    out.bytes.assign(n * n, 0);
    out.latency_ns.assign(n * n, 0);
    const auto index = [&](std::uint32_t lane) {
        return static_cast<std::size_t>(std::find(chosen.begin(), chosen.end(), lane) - chosen.begin());
    };
    for (const Message& m : lanes.messages) {
        const std::size_t a = index(m.from), b = index(m.to);
        if (m.send < from || m.send >= to || a == n || b == n)
            continue;
        ++out.count[out.cell(a, b)];
        out.bytes[out.cell(a, b)] += m.bytes;
        out.latency_ns[out.cell(a, b)] += static_cast<double>(m.recv - m.send);
        ++out.size_bins[size_bin(m.bytes)];
        ++out.latency_bins[latency_bin(m.recv - m.send)];
        ++out.messages;
        out.total_bytes += m.bytes;
    }
    return out;
}

TEST(MessageIndex, AnyRangeAndLanesGiveWhatCountingOneByOneGives)
{
    std::mt19937 rng(11);
    for (int trial = 0; trial < 40; ++trial) {
        const std::size_t laneCount = 1 + rng() % 6;
        const auto lanes = lanes_with_messages(rng, laneCount, rng() % 400);
        const MessageIndex index(lanes, 1 + rng() % 50);
        for (int query = 0; query < 10; ++query) {
            std::vector<std::size_t> chosen(laneCount);
            for (std::size_t l = 0; l < laneCount; ++l)
                chosen[l] = l;
            std::shuffle(chosen.begin(), chosen.end(), rng);
            chosen.resize(1 + rng() % laneCount); // some lanes, in any order
            Time from = static_cast<Time>(rng() % 11'000) - 500, to = static_cast<Time>(rng() % 11'000);
            if (query == 0)
                from = 0, to = 10'001;
            const MessageMatrix got = index.matrix(chosen, from, to), want = counted(*lanes, chosen, from, to);
            ASSERT_EQ(got.count, want.count) << "trial " << trial << " query " << query;
            EXPECT_EQ(got.bytes, want.bytes);
            EXPECT_EQ(got.size_bins, want.size_bins);
            EXPECT_EQ(got.latency_bins, want.latency_bins);
            EXPECT_EQ(got.messages, want.messages);
            EXPECT_EQ(got.total_bytes, want.total_bytes);
            for (std::size_t c = 0; c < got.latency_ns.size(); ++c)
                EXPECT_NEAR(got.latency_ns[c], want.latency_ns[c], 1e-6);
        }
    }
}

TEST(MessageIndex, CountsAndBytesAreThoseOfTheMessagesCommand)
{
    std::mt19937 rng(12);
    const auto lanes = lanes_with_messages(rng, 5, 3000);
    ProfileSource source;
    source.lanes = lanes;
    source.chosen = {0, 2, 3};
    source.end = 20'000;
    const MessageReport report = message_report(source, {1000, Time{7000}});
    const MessageMatrix matrix = MessageIndex(lanes).matrix(source.chosen, 1000, 7000);
    ASSERT_GT(report.messages, 0u);
    EXPECT_EQ(matrix.messages, report.messages);
    EXPECT_EQ(matrix.total_bytes, report.bytes);
    for (std::size_t a = 0; a < 3; ++a)
        for (std::size_t b = 0; b < 3; ++b) {
            EXPECT_EQ(matrix.count[matrix.cell(a, b)], report.count[a][b]);
            EXPECT_EQ(matrix.bytes[matrix.cell(a, b)], report.bytes_matrix[a][b]);
        }
}

TEST(MessageIndex, BinsArePowersOfTwo)
{
    EXPECT_EQ(size_bin(0), 0u);
    EXPECT_EQ(size_bin(1), 1u);
    EXPECT_EQ(size_bin(2), 2u);
    EXPECT_EQ(size_bin(3), 2u);
    EXPECT_EQ(size_bin(4), 3u);
    EXPECT_EQ(size_bin(~std::uint64_t{0}), 64u);
    EXPECT_EQ(latency_bin(-7), 0u);
    EXPECT_EQ(latency_bin(1024), 11u);
}

} // namespace
} // namespace chitra
