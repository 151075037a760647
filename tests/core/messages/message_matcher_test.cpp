// Messages in the trace core: ends matched in order per key whatever the reading order,
// across the halves of a read in two, unmatched ends counted; lanes chosen keep the
// messages between them; the late-sender waits of the report.
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/messages/message_matcher.hpp"
#include "chitra/messages/messages.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace chitra {
namespace {

TEST(MessageMatcher, TheKthSendOfAKeyMeetsItsKthReceiveInAnyReadingOrder)
{
    std::mt19937 rng(4);
    for (int trial = 0; trial < 50; ++trial) {
        // Two keys, five messages each; all ends shuffled, each side of a key kept in order.
        struct End {
            bool send;
            int key, k;
        };
        std::vector<End> ends;
        for (int key = 0; key < 2; ++key)
            for (int k = 0; k < 5; ++k)
                ends.push_back({true, key, k}), ends.push_back({false, key, k});
        std::shuffle(ends.begin(), ends.end(), rng);
        for (int key = 0; key < 2; ++key)
            for (bool send : {true, false}) {
                int next = 0;
                for (End& e : ends)
                    if (e.key == key && e.send == send)
                        e.k = next++;
            }
        MessageMatcher m;
        for (const End& e : ends) {
            const MessageKey key{static_cast<std::uint64_t>(e.key), 0, 1, 0};
            if (e.send)
                m.send(key, 0, 100 * e.k + e.key, static_cast<std::uint64_t>(e.k), e.key);
            else
                m.receive(key, 1, 100 * e.k + e.key + 50);
        }
        LaneTrace out;
        m.finish(out);
        ASSERT_EQ(out.messages.size(), 10u);
        for (const Message& msg : out.messages) {
            EXPECT_EQ(msg.recv - msg.send, 50); // its own receive, not another's
            EXPECT_EQ(msg.bytes, static_cast<std::uint64_t>(msg.send / 100));
        }
        EXPECT_TRUE(std::is_sorted(out.messages.begin(), out.messages.end(), sent_before));
        EXPECT_EQ(out.unmatched_sends + out.unmatched_receives, 0u);
        EXPECT_TRUE(out.warnings.empty());
    }
}

TEST(MessageMatcher, EndsOfTwoHalvesMatchAndTheLeftOverAreCountedOnce)
{
    const MessageKey a{1, 0, 1, 0}, b{2, 1, 0, 0};
    MessageMatcher first, second;
    first.send(a, 0, 10, 8, 0);
    first.send(a, 0, 20, 8, 0);
    first.receive(b, 0, 35);
    second.receive(a, 1, 15);
    second.send(b, 1, 30, 4, 0);
    second.receive({3, 0, 1, 0}, 1, 99); // a receive with no send
    first.take(std::move(second));
    LaneTrace out;
    out.source = "t";
    first.finish(out);
    ASSERT_EQ(out.messages.size(), 2u);
    EXPECT_EQ(out.messages[0], (Message{10, 15, 8, 0, 1, 0}));
    EXPECT_EQ(out.messages[1], (Message{30, 35, 4, 1, 0, 0}));
    EXPECT_EQ(out.unmatched_sends, 1u); // the send at 20
    EXPECT_EQ(out.unmatched_receives, 1u);
    EXPECT_EQ(out.warnings, (std::vector<std::string>{"t: 1 x message sent with no matching receive (left out)",
                                                      "t: 1 x message received with no matching send (left out)"}));
}

// Three lanes; lane 0 sends to 1 and 2, lane 2 to 1.
LaneTrace three_lanes()
{
    LaneTraceBuilder b("t", "test");
    for (const char* name : {"a", "b", "c"})
        b.add_lane(name);
    const LaneStateId main = b.state("main"), recv = b.state("MPI_Recv"), wait = b.state("MPI_Wait");
    for (std::size_t l = 0; l < 3; ++l)
        b.push(l, 0, main);
    b.push(1, 100, recv); // lane b waits from 100
    b.messages().receive({0, 0, 1, 0}, 1, 250);
    b.messages().send({0, 0, 1, 0}, 0, 200, 16, 3); // sent late: b waited 200 - 100
    b.pop(1, 260); // (left at 250, the wait would not count: the top after every event then)
    b.push(2, 300, wait);
    b.messages().send({0, 0, 2, 0}, 0, 280, 8, 0); // sent before c waits: no wait
    b.messages().receive({0, 0, 2, 0}, 2, 310);
    b.pop(2, 320);
    b.messages().send({0, 2, 1, 0}, 2, 400, 4, 0);
    b.push(1, 390, recv);
    b.push(1, 395, main); // MPI_Recv is not on top at the receive: no wait
    b.messages().receive({0, 2, 1, 0}, 1, 450);
    b.pop(1, 460);
    b.pop(1, 470);
    b.saw_event(500);
    return b.finish();
}

ProfileSource source_of(std::shared_ptr<const LaneTrace> lanes)
{
    ProfileSource s;
    for (std::size_t l = 0; l < lanes->lanes.size(); ++l)
        s.chosen.push_back(l);
    s.origin = first_change(*lanes, s.chosen).value_or(0);
    s.end = *lanes->last_event;
    s.lanes = std::move(lanes);
    return s;
}

TEST(MessageReport, CountsBytesLatenciesAndLateSenderWaits)
{
    const auto lanes = std::make_shared<const LaneTrace>(three_lanes());
    ASSERT_EQ(lanes->messages.size(), 3u);
    const MessageReport r = message_report(source_of(lanes), {}, true);
    EXPECT_EQ(r.messages, 3u);
    EXPECT_EQ(r.bytes, 28u);
    EXPECT_EQ(r.count, (std::vector<std::vector<std::uint64_t>>{{0, 1, 1}, {0, 0, 0}, {0, 1, 0}}));
    EXPECT_EQ(r.bytes_matrix[0][1], 16u);
    EXPECT_EQ(*r.latency_min, 30);    // 280 -> 310
    EXPECT_EQ(*r.latency_median, 50); // 200 -> 250, the lower middle of 30, 50, 50
    EXPECT_EQ(*r.latency_max, 50);
    EXPECT_EQ(r.late_sender_ns, 100);
    ASSERT_EQ(r.late_sender.size(), 3u);
    EXPECT_EQ(r.late_sender[1].ns, 100);
    EXPECT_EQ(r.late_sender[2].ns, 0);
    EXPECT_EQ(late_sender_waits(source_of(lanes)), r.late_sender); // the waits alone, as the report has them
    ASSERT_EQ(r.list.size(), 3u);
    EXPECT_EQ(r.list[0], (MessageRow{1, 2, 200, 250, 16, 3}));
    // A range of send times.
    EXPECT_EQ(message_report(source_of(lanes), {250, 300}).messages, 1u);
    EXPECT_THROW(message_report(source_of(lanes), {300, 300}), InputError);
}

TEST(MessageReport, LanesChosenKeepTheMessagesBetweenThem)
{
    const LaneTrace all = three_lanes();
    const LaneTrace two = select_lanes(all, {2, 1});
    ASSERT_EQ(two.messages.size(), 1u); // c -> b, now lanes 0 and 1
    EXPECT_EQ(two.messages[0].from, 0u);
    EXPECT_EQ(two.messages[0].to, 1u);
    EXPECT_EQ(two.messages[0].send, 400);
}

} // namespace
} // namespace chitra
