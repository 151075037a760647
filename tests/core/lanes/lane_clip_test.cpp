// A window cut from a trace's lanes (convert --range): its stacks, counters, gauges and
// messages against the whole trace read over the same window, on an example and on
// random traces.
#include "chitra/lanes/lane_clip.hpp"
#include "chitra/lanes/lane_track.hpp"
#include "chitra/profile/profile.hpp"
#include "lanes/nested_lane.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace chitra;

namespace {

LaneTrace nested()
{
    LaneTraceBuilder b("t", "otf2");
    test::add_nested_lane(b);
    b.add_lane("idle");
    const auto counter = b.add_field("cycles", FieldKind::counter, 0);
    for (Time t : {0, 20, 60, 120})
        b.sample(counter, t, static_cast<double>(t * 10));
    const auto gauge = b.add_field("queue", FieldKind::gauge, 0);
    b.sample(gauge, 5, 3);
    b.sample(gauge, 33, 7);
    b.saw_event(120);
    LaneTrace lt = b.finish();
    lt.messages = {{12, 40, 8, 0, 1, 1}, {25, 30, 16, 1, 0, 2}, {50, 55, 4, 0, 1, 3}};
    return lt;
}

// A counter's value at t on the line between the samples around it (flat outside them).
double counter_at(const std::vector<std::pair<Time, double>>& s, Time t)
{
    if (s.empty())
        return 0;
    if (t <= s.front().first)
        return s.front().second;
    if (t >= s.back().first)
        return s.back().second;
    const auto after = std::upper_bound(s.begin(), s.end(), t, [](Time x, const auto& v) { return x < v.first; });
    const auto& [t1, v1] = *after;
    const auto& [t0, v0] = *(after - 1);
    return v0 + (v1 - v0) * static_cast<double>(t - t0) / static_cast<double>(t1 - t0);
}

ProfileSource absolute_source(const LaneTrace& lt)
{
    ProfileSource s;
    s.lanes = std::make_shared<const LaneTrace>(lt);
    for (std::size_t l = 0; l < lt.lanes.size(); ++l)
        s.chosen.push_back(l);
    s.origin = 0;
    s.end = lt.last_event.value_or(0);
    return s;
}

} // namespace

TEST(LaneClip, ALaneEntersTheRegionsOpenAtTheStartThenChangesAsBefore)
{
    const LaneTrace clip = clip_lanes(nested(), 15, 45);
    const LaneTrack top = top_track(clip, 0);
    EXPECT_EQ(top.times, (std::vector<Time>{15, 20, 30, 35, 40}));
    EXPECT_EQ(top.depths, (std::vector<std::uint32_t>{2, 1, 2, 3, 2}));
    std::vector<std::string> states;
    for (LaneStateId s : top.states)
        states.push_back(clip.state_names[s]);
    EXPECT_EQ(states, (std::vector<std::string>{"MPI_Send", "main", "compute", "MPI_Send", "compute"}));
    EXPECT_EQ(clip.last_event, 45);
    ASSERT_EQ(clip.lanes.size(), 2u);
    EXPECT_EQ(clip.lanes[1].name, "idle");
    EXPECT_TRUE(clip.lanes[1].changes.empty());
    // The messages sent in [15, 45), whenever they arrive.
    EXPECT_EQ(clip.messages, (std::vector<Message>{{25, 30, 16, 1, 0, 2}}));
    // The counter: samples at 15 and 45 on its lines (150 and 450), 20 kept; the gauge: 3
    // from 15, then 7.
    ASSERT_EQ(clip.fields.size(), 2u);
    EXPECT_EQ(clip.fields[0].samples, (std::vector<std::pair<Time, double>>{{15, 150}, {20, 200}, {45, 450}}));
    EXPECT_EQ(clip.fields[1].samples, (std::vector<std::pair<Time, double>>{{15, 3}, {33, 7}}));
}

TEST(LaneClip, AWindowPastTheEndEndsWithTheTraceAndAnEmptyWindowIsRefused)
{
    const LaneTrace clip = clip_lanes(nested(), 90, 500);
    EXPECT_EQ(clip.last_event, 120);
    EXPECT_EQ(top_track(clip, 0).times, (std::vector<Time>{90, 100}));
    EXPECT_THROW(clip_lanes(nested(), 40, 40), InputError);
}

TEST(LaneClip, RandomTracesKeepTheirRegionTimesCountersAndMessagesInTheWindow)
{
    std::mt19937 rng(20261129);
    for (int trial = 0; trial < 200; ++trial) {
        LaneTraceBuilder b("random", "test");
        const std::size_t lanes = 1 + rng() % 3;
        for (std::size_t l = 0; l < lanes; ++l)
            b.add_lane("L" + std::to_string(l));
        const auto counter = b.add_field("c", FieldKind::counter, 0);
        std::vector<int> depth(lanes, 0);
        Time t = 0;
        double value = 0;
        Time sampled = -1;
        for (int i = 0; i < 60; ++i) {
            t += static_cast<Time>(rng() % 4);
            const std::size_t l = rng() % lanes;
            if (depth[l] > 0 && rng() % 2 == 0) {
                b.pop(l, t);
                --depth[l];
            } else {
                b.push(l, t, b.state("r" + std::to_string(rng() % 4)));
                ++depth[l];
            }
            if (rng() % 5 == 0 && t > sampled) { // one sample an instant: the oracle reads values between instants
                b.sample(counter, t, value += static_cast<double>(rng() % 100));
                sampled = t;
            }
        }
        b.saw_event(t + 3);
        LaneTrace whole = b.finish();
        for (int m = 0; m < 20; ++m) {
            const auto send = static_cast<Time>(rng() % static_cast<std::uint64_t>(t + 1));
            whole.messages.push_back({send, send + static_cast<Time>(rng() % 9), 1,
                                      static_cast<std::uint32_t>(rng() % lanes),
                                      static_cast<std::uint32_t>(rng() % lanes), m});
        }
        std::sort(whole.messages.begin(), whole.messages.end(), sent_before);

        const auto t0 = static_cast<Time>(rng() % static_cast<std::uint64_t>(t + 2));
        const Time t1 = t0 + 1 + static_cast<Time>(rng() % 40);
        const LaneTrace clip = clip_lanes(whole, t0, t1);
        SCOPED_TRACE("trial " + std::to_string(trial) + ", window [" + std::to_string(t0) + ", " + std::to_string(t1) +
                     ")");

        // Inclusive and exclusive time of every region on every lane, and each lane's busy time.
        const Profile of_whole = profile(absolute_source(whole), ProfileRange{t0, t1});
        const Profile of_clip = profile(absolute_source(clip), ProfileRange{t0, t1});
        ASSERT_EQ(of_clip.regions.size(), of_whole.regions.size());
        for (std::size_t r = 0; r < of_whole.regions.size(); ++r) {
            EXPECT_EQ(of_clip.regions[r].region, of_whole.regions[r].region);
            EXPECT_EQ(of_clip.regions[r].inclusive_ns, of_whole.regions[r].inclusive_ns);
            EXPECT_EQ(of_clip.regions[r].exclusive_ns, of_whole.regions[r].exclusive_ns);
            EXPECT_GE(of_clip.regions[r].calls, of_whole.regions[r].calls); // open at t0: a call from there
        }
        for (std::size_t l = 0; l < lanes; ++l)
            EXPECT_EQ(of_clip.lanes[l].busy_ns, of_whole.lanes[l].busy_ns);

        // The counter's increase over the window.
        const auto& in_clip = clip.fields[0].samples;
        const double increase = in_clip.empty() ? 0.0 : in_clip.back().second - in_clip.front().second;
        const auto& s = whole.fields[0].samples;
        const Time end = std::min(t1, *whole.last_event);
        EXPECT_NEAR(increase, counter_at(s, end) - counter_at(s, t0), 1e-9 * (1 + value));

        std::vector<Message> sent;
        for (const Message& m : whole.messages)
            if (m.send >= t0 && m.send < t1)
                sent.push_back(m);
        EXPECT_EQ(clip.messages, sent);
    }
}
