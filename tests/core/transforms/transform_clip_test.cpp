#include "chitra/transforms/transforms.hpp"
#include "transform_test_util.hpp"

#include <gtest/gtest.h>

using namespace chitra;
using namespace chitra::testing;

namespace {
// Entries 10, 11, 13, 16, 20; end 25.
Ses five() { return make_ses("A:1 B:2 C:3 D:4 E:5", 10); }
} // namespace

TEST(TransformClip, CountDropsHeadAndTail)
{
    Ses in = five();
    Ses out = clip_count(in, 1, 2);
    EXPECT_EQ(names(out), (Names{"B", "C"}));
    EXPECT_EQ(out.bounds, (Times{11, 13, 16}));
    EXPECT_EQ(out.records, (Records{1, 2, 3}));
    EXPECT_EQ(in.size(), 5u); // input untouched
}

TEST(TransformClip, CountBeyondTraceIsAnError)
{
    EXPECT_THROW(clip_count(five(), 3, 3), InputError);
    Ses empty = clip_count(five(), 2, 3);
    EXPECT_TRUE(empty.empty());
    EXPECT_EQ(empty.bounds, (Times{13})); // positioned where the kept slice starts
    EXPECT_EQ(empty.records, (Records{2}));
}

TEST(TransformClip, TimeWindowCountsEntries)
{
    // head = entries < 11 (one), tail = entries >= 20 (one)
    Ses out = clip_time(five(), 11, 20);
    EXPECT_EQ(names(out), (Names{"B", "C", "D"}));
    EXPECT_EQ(out.bounds, (Times{11, 13, 16, 20}));
    // A window inside one element keeps nothing.
    EXPECT_TRUE(clip_time(five(), 12, 12).empty());
    // Entry exactly t0 is kept; entry exactly t1 is not.
    EXPECT_EQ(names(clip_time(five(), 13, 16)), (Names{"C"}));
    EXPECT_THROW(clip_time(five(), 16, 13), InputError);
}

TEST(TransformClip, EventWindow)
{
    Ses out = clip_event(five(), 1, 4);
    EXPECT_EQ(names(out), (Names{"B", "C", "D"}));
    EXPECT_EQ(out.records, (Records{1, 2, 3, 4}));
    EXPECT_THROW(clip_event(five(), 2, 6), InputError);
    EXPECT_THROW(clip_event(five(), 3, 2), InputError);
    EXPECT_EQ(clip_event(five(), 0, 5).size(), 5u);
}
