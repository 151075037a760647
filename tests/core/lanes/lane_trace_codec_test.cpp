// The binary form a LaneTrace crosses a pipe in (lanes/lane_trace_codec.hpp): every field
// comes back as it was, and a cut stream is an error, not a trace.
#include "lanes/lane_trace_codec.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>

using namespace chitra;

namespace {

LaneTrace sample_trace()
{
    LaneTrace t;
    t.source = "/traces/run 1";
    t.format = "ctf";
    t.times = {-5, 0, 7, 1'000'000'000'000};
    t.lanes.push_back({"12/12", {{0, 1, 1}, {2, 0, 0}}, 3});
    t.lanes.push_back({"12/13 sched", {{1, 2, 1}, {3, 3, 2}}, 9});
    t.lanes.push_back({"", {}, 0});
    t.state_names = {"-", "main", "running", "x|y\n"};
    t.fields.push_back({"cpu", FieldKind::gauge, 1, "", {{0, 0.5}, {7, -2.25}}});
    t.fields.push_back({"bytes", FieldKind::counter, std::nullopt, "pid 4", {{3, 1e300}}});
    t.last_event = 1'000'000'000'123;
    t.extra = {{"hostname", "box"}, {"", "empty key"}};
    t.warnings = {"2 x a pop on an empty stack"};
    t.state_colours = {{"main", 0x0072B2}, {"x|y\n", 0xFFFFFF}};
    t.messages = {{0, 7, 64, 0, 1, 5}, {7, 1'000'000'000'000, 0, 1, 0, -1}};
    t.unmatched_sends = 3;
    t.unmatched_receives = 1;
    return t;
}

std::string encode(const LaneTrace& t)
{
    std::string bytes;
    detail::write_lane_trace(t, [&](const void* p, std::size_t n) { bytes.append(static_cast<const char*>(p), n); });
    return bytes;
}

LaneTrace decode(const std::string& bytes)
{
    std::size_t at = 0;
    return detail::read_lane_trace([&](void* p, std::size_t n) {
        if (bytes.size() - at < n)
            throw std::runtime_error("end of bytes");
        std::memcpy(p, bytes.data() + at, n);
        at += n;
    });
}

void expect_equal(const LaneTrace& a, const LaneTrace& b)
{
    EXPECT_EQ(a.source, b.source);
    EXPECT_EQ(a.format, b.format);
    EXPECT_EQ(a.times, b.times);
    ASSERT_EQ(a.lanes.size(), b.lanes.size());
    for (std::size_t i = 0; i < a.lanes.size(); ++i) {
        EXPECT_EQ(a.lanes[i].name, b.lanes[i].name);
        EXPECT_EQ(a.lanes[i].events, b.lanes[i].events);
        ASSERT_EQ(a.lanes[i].changes.size(), b.lanes[i].changes.size());
        for (std::size_t c = 0; c < a.lanes[i].changes.size(); ++c) {
            EXPECT_EQ(a.lanes[i].changes[c].record, b.lanes[i].changes[c].record);
            EXPECT_EQ(a.lanes[i].changes[c].state, b.lanes[i].changes[c].state);
            EXPECT_EQ(a.lanes[i].changes[c].depth, b.lanes[i].changes[c].depth);
        }
    }
    EXPECT_EQ(a.state_names, b.state_names);
    ASSERT_EQ(a.fields.size(), b.fields.size());
    for (std::size_t i = 0; i < a.fields.size(); ++i) {
        EXPECT_EQ(a.fields[i].name, b.fields[i].name);
        EXPECT_EQ(a.fields[i].kind, b.fields[i].kind);
        EXPECT_EQ(a.fields[i].lane, b.fields[i].lane);
        EXPECT_EQ(a.fields[i].owner, b.fields[i].owner);
        EXPECT_EQ(a.fields[i].samples, b.fields[i].samples);
    }
    EXPECT_EQ(a.last_event, b.last_event);
    EXPECT_EQ(a.extra, b.extra);
    EXPECT_EQ(a.warnings, b.warnings);
    EXPECT_EQ(a.state_colours, b.state_colours);
    EXPECT_EQ(a.messages, b.messages);
    EXPECT_EQ(a.unmatched_sends, b.unmatched_sends);
    EXPECT_EQ(a.unmatched_receives, b.unmatched_receives);
}

} // namespace

TEST(LaneTraceCodec, EveryFieldComesBack)
{
    const LaneTrace t = sample_trace();
    expect_equal(decode(encode(t)), t);
}

TEST(LaneTraceCodec, AnEmptyTraceComesBackEmpty)
{
    LaneTrace t;
    t.state_names.clear();
    const LaneTrace back = decode(encode(t));
    expect_equal(back, t);
    EXPECT_FALSE(back.last_event.has_value());
}

TEST(LaneTraceCodec, AStreamWrittenBeforeMessagesReadsWithNone)
{
    const LaneTrace t = sample_trace();
    const std::string bytes = encode(t);
    // What a .ctrace of version 2 holds: everything up to the messages, its size known.
    const std::size_t before = bytes.size() - (8 + t.messages.size() * sizeof(Message) + 16);
    std::size_t at = 0;
    const LaneTrace back = detail::read_lane_trace(
        [&](void* p, std::size_t n) {
            std::memcpy(p, bytes.data() + at, n);
            at += n;
        },
        before);
    EXPECT_TRUE(back.messages.empty());
    EXPECT_EQ(back.unmatched_sends, 0u);
    EXPECT_EQ(back.times, t.times);
}

TEST(LaneTraceCodec, ACutStreamIsAnError)
{
    const std::string bytes = encode(sample_trace());
    for (std::size_t cut : {std::size_t{0}, std::size_t{5}, bytes.size() / 2, bytes.size() - 1})
        EXPECT_THROW(decode(bytes.substr(0, cut)), std::runtime_error) << cut;
}

TEST(LaneTraceCodec, AnImpossibleCountIsAnInputErrorBeforeAnyAllocation)
{
    std::string bytes = encode(sample_trace());
    const std::uint64_t huge = ~std::uint64_t{0} / 2;
    std::memcpy(bytes.data(), &huge, sizeof huge); // the source's length
    EXPECT_THROW(decode(bytes), InputError);
}
