// Lane events handed to a builder on another thread (LaneEventPipe) build the same lanes,
// fields, warnings and errors as the same events applied at once.
#include "lanes/lane_event_pipe.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace chitra;
using detail::LaneEventPipe;

namespace {

// Random events of 5 lanes: pushes and pops (some on empty stacks, which warn), runs of
// equal times, other events that only move the end, fields added as they are first
// sampled, a warning now and then. `back_in_time_at` makes one lane's time go back there.
void feed(LaneEventPipe& pipe, std::uint64_t seed, std::size_t events, std::size_t back_in_time_at = SIZE_MAX)
{
    std::mt19937_64 rng(seed);
    constexpr std::size_t kLanes = 5;
    std::vector<Time> now(kLanes, 1000);
    std::vector<std::size_t> field(kLanes, SIZE_MAX);
    for (std::size_t i = 0; i < events; ++i) {
        const std::size_t lane = rng() % kLanes;
        if (rng() % 3 != 0)
            now[lane] += static_cast<Time>(rng() % 50);
        if (i == back_in_time_at)
            now[lane] -= 100;
        switch (rng() % 10) {
        case 0:
        case 1:
        case 2:
        case 3:
            pipe.push(lane, now[lane], static_cast<LaneStateId>(1 + rng() % 6));
            break;
        case 4:
        case 5:
        case 6:
            pipe.pop(lane, now[lane]);
            break;
        case 7:
            pipe.saw_event(now[lane] + 5);
            break;
        case 8:
            if (field[lane] == SIZE_MAX)
                field[lane] = pipe.add_field("f" + std::to_string(lane), FieldKind::gauge, lane);
            pipe.sample(field[lane], now[lane], static_cast<double>(rng() % 1000) / 8);
            break;
        default:
            if (rng() % 50 == 0)
                pipe.warn("odd event " + std::to_string(rng() % 3));
        }
    }
}

LaneTraceBuilder builder()
{
    LaneTraceBuilder b("t", "test");
    for (int s = 1; s <= 6; ++s)
        b.state("s" + std::to_string(s));
    for (int l = 0; l < 5; ++l)
        b.add_lane("lane " + std::to_string(l));
    return b;
}

LaneTrace build(bool threaded, std::uint64_t seed, std::size_t events)
{
    LaneTraceBuilder b = builder();
    LaneEventPipe pipe(b, threaded, events);
    feed(pipe, seed, events);
    pipe.close();
    return b.finish();
}

TEST(LaneEventPipe, ThreadedBuildsWhatDirectBuilds)
{
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        // Many chunks, so that the reading side also waits for the applying side.
        const std::size_t events = 100'000 + seed * 7'919;
        const LaneTrace a = build(false, seed, events), b = build(true, seed, events);
        ASSERT_GT(a.size(), 1000u);
        EXPECT_EQ(b.times, a.times);
        ASSERT_EQ(b.lanes.size(), a.lanes.size());
        for (std::size_t l = 0; l < a.lanes.size(); ++l) {
            EXPECT_EQ(b.lanes[l].events, a.lanes[l].events);
            ASSERT_EQ(b.lanes[l].changes.size(), a.lanes[l].changes.size());
            for (std::size_t c = 0; c < a.lanes[l].changes.size(); ++c) {
                EXPECT_EQ(b.lanes[l].changes[c].record, a.lanes[l].changes[c].record);
                EXPECT_EQ(b.lanes[l].changes[c].state, a.lanes[l].changes[c].state);
                EXPECT_EQ(b.lanes[l].changes[c].depth, a.lanes[l].changes[c].depth);
            }
        }
        ASSERT_EQ(b.fields.size(), a.fields.size());
        for (std::size_t f = 0; f < a.fields.size(); ++f) {
            EXPECT_EQ(b.fields[f].name, a.fields[f].name);
            EXPECT_EQ(b.fields[f].lane, a.fields[f].lane);
            EXPECT_EQ(b.fields[f].samples, a.fields[f].samples);
        }
        EXPECT_EQ(b.warnings, a.warnings);
        EXPECT_FALSE(a.warnings.empty());
        EXPECT_EQ(b.last_event, a.last_event);
    }
}

TEST(LaneEventPipe, AnErrorOfTheBuilderComesBackFromClose)
{
    const auto error = [](bool threaded) {
        LaneTraceBuilder b = builder();
        LaneEventPipe pipe(b, threaded);
        try {
            feed(pipe, 9, 80'000, 50'000);
            pipe.close();
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    const std::string direct = error(false);
    EXPECT_NE(direct.find("go back in time"), std::string::npos) << direct;
    EXPECT_EQ(error(true), direct);
}

// A lane's changes as (time, state, depth): record numbers depend on the other lanes.
std::vector<std::tuple<Time, LaneStateId, std::uint32_t>> timedChanges(const LaneTrace& t, std::size_t lane)
{
    std::vector<std::tuple<Time, LaneStateId, std::uint32_t>> out;
    for (const LaneChange& c : t.lanes[lane].changes)
        out.emplace_back(c.record < t.times.size() ? t.times[c.record] : Time{-1}, c.state, c.depth);
    return out;
}

TEST(LaneEventPipe, APipeLeftOpenStopsWithoutApplyingTheRest)
{
    // About 54,000 pipe events: six full chunks and a last one that is never full, so
    // never handed over; without close() it must be dropped.
    constexpr std::size_t kEvents = 60'000;
    LaneTraceBuilder b = builder();
    {
        LaneEventPipe pipe(b, true);
        feed(pipe, 4, kEvents);
        // no close(): the reading side failed; the destructor stops the applying thread
    }
    // The applying thread has stopped: the builder is this thread's again. It holds the
    // events of whole chunks, in order, and not the rest.
    const LaneTrace got = b.finish();
    const LaneTrace all = build(false, 4, kEvents);
    ASSERT_EQ(got.lanes.size(), all.lanes.size());
    std::uint64_t applied = 0, fed = 0;
    for (std::size_t l = 0; l < all.lanes.size(); ++l) {
        applied += got.lanes[l].events;
        fed += all.lanes[l].events;
        EXPECT_LE(got.lanes[l].events, all.lanes[l].events);
        const auto g = timedChanges(got, l), a = timedChanges(all, l);
        ASSERT_LE(g.size(), a.size());
        // A prefix of the lane's changes; its last may still be replaced by a later event
        // at the same time.
        for (std::size_t c = 0; c + 1 < g.size(); ++c)
            EXPECT_EQ(g[c], a[c]) << "lane " << l << " change " << c;
    }
    EXPECT_LT(applied, fed);
}

} // namespace
