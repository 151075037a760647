// Occupancy histogram binning (docs/model-formats.md), hand-worked.
#include "chitra/chain/chain.hpp"

#include <gtest/gtest.h>

#include <numeric>

namespace chitra {
namespace {

TEST(ChainHistogram, SmallRangeGetsIntegerBins)
{
    const auto h = make_histogram({5, 7, 7, 9});
    EXPECT_EQ(h.binning, "integer");
    EXPECT_EQ(h.origin, 5);
    EXPECT_EQ(h.width, 1);
    EXPECT_EQ(h.counts, (std::vector<std::uint64_t>{1, 0, 2, 0, 1}));
    EXPECT_EQ(h.pmf, (std::vector<double>{0.25, 0.0, 0.5, 0.0, 0.25}));
}

TEST(ChainHistogram, RangeOf127IsStillInteger)
{
    const auto h = make_histogram({0, 127});
    EXPECT_EQ(h.binning, "integer");
    EXPECT_EQ(h.counts.size(), 128u);
}

TEST(ChainHistogram, FreedmanDiaconis)
{
    // 0..999 once each: Q1 = 249.75, Q3 = 749.25, 2 IQR / cbrt(1000) = 99.9 -> width 100.
    std::vector<Time> v(1000);
    std::iota(v.begin(), v.end(), 0);
    const auto h = make_histogram(v);
    EXPECT_EQ(h.binning, "freedman-diaconis");
    EXPECT_EQ(h.width, 100);
    EXPECT_EQ(h.origin, 0);
    EXPECT_EQ(h.counts, std::vector<std::uint64_t>(10, 100));
    EXPECT_DOUBLE_EQ(h.pmf[3], 0.1);
}

TEST(ChainHistogram, OriginIsAMultipleOfTheWidth)
{
    // 250..1249: same IQR and width 100 as above, origin floor(250 / 100) * 100 = 200.
    std::vector<Time> v(1000);
    std::iota(v.begin(), v.end(), 250);
    const auto h = make_histogram(v);
    EXPECT_EQ(h.width, 100);
    EXPECT_EQ(h.origin, 200);
    ASSERT_EQ(h.counts.size(), 11u); // [200, 1300)
    EXPECT_EQ(h.counts.front(), 50u);
    EXPECT_EQ(h.counts[1], 100u);
    EXPECT_EQ(h.counts.back(), 50u);
}

TEST(ChainHistogram, ScottWhenIqrIsZero)
{
    // 900 zeros, 100 x 1000: IQR 0; sd = sqrt(90e6 / 999) = 300.15;
    // 3.49 sd / 10 = 104.75 -> width 105, bins [0, 1050): 10.
    std::vector<Time> v(900, 0);
    v.insert(v.end(), 100, 1000);
    const auto h = make_histogram(v);
    EXPECT_EQ(h.binning, "scott");
    EXPECT_EQ(h.width, 105);
    ASSERT_EQ(h.counts.size(), 10u);
    EXPECT_EQ(h.counts.front(), 900u);
    EXPECT_EQ(h.counts.back(), 100u); // 1000 is in [945, 1050)
}

TEST(ChainHistogram, OutlierCapsTheNumberOfBins)
{
    std::vector<Time> v(2000);
    std::iota(v.begin(), v.end(), 1);
    v.push_back(1000000000);
    const auto h = make_histogram(v);
    EXPECT_LE(h.counts.size(), OccupancyHistogram::kMaxBins);
    EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), std::uint64_t{0}), v.size());
    EXPECT_EQ(h.counts.back(), 1u);
    EXPECT_GT(h.origin + static_cast<Time>(h.counts.size()) * h.width, Time{1000000000});
}

TEST(ChainHistogram, EmptyInput)
{
    const auto h = make_histogram({});
    EXPECT_TRUE(h.counts.empty());
    EXPECT_TRUE(h.pmf.empty());
}

} // namespace
} // namespace chitra
