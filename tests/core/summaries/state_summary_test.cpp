// The lane summaries and state totals a view draws from, checked against plain scans of
// the same SES, on SES large enough that their passes run in two halves on two threads.
#include "chitra/summaries/state_summary.hpp"
#include "chitra/summaries/ses_geometry.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace chitra;

namespace {
Ses randomSes(std::size_t n, std::size_t symbols, std::uint64_t seed)
{
    auto table = std::make_shared<SymbolTable>();
    for (std::size_t s = 0; s < symbols; ++s)
        table->add({.name = "S" + std::to_string(s), .components = {"S" + std::to_string(s)}});
    std::mt19937_64 rng(seed);
    std::vector<SymbolId> symbol(n);
    std::vector<Time> bounds(n + 1, 0);
    // The last symbol never occurs; the one before only in the second half.
    for (std::size_t i = 0; i < n; ++i) {
        symbol[i] = static_cast<SymbolId>(rng() % (symbols - 2));
        if (i > n / 2 && rng() % 1000 == 0)
            symbol[i] = static_cast<SymbolId>(symbols - 2);
        bounds[i + 1] = bounds[i] + static_cast<Time>(rng() % 50);
    }
    Ses ses;
    ses.symbols = table;
    ses.symbol = std::move(symbol);
    ses.bounds = std::move(bounds);
    ses.records = RecordIndices::identity(n + 1);
    return ses;
}

// Symbol s in lane (s * 7) % symbols: lanes in another order than the symbols.
std::vector<int> scrambledLanes(std::size_t symbols)
{
    std::vector<int> laneOf(symbols);
    for (std::size_t s = 0; s < symbols; ++s)
        laneOf[s] = static_cast<int>((s * 7) % symbols);
    return laneOf;
}
} // namespace

TEST(StateSummary, TotalsMatchAPlainScan)
{
    for (const std::size_t n : {std::size_t{1000}, std::size_t{3} << 20}) {
        for (const bool bothCores : {false, true}) {
            const Ses ses = randomSes(n, 40, n);
            std::vector<Time> sample;
            const SymbolTotals t = symbolTotals(ses, bothCores, &sample);
            ASSERT_EQ(sample.size(), n / StateSummary::kSampleStep + 1);
            for (std::size_t k = 0; k < sample.size(); ++k)
                ASSERT_EQ(sample[k], ses.bounds[k * StateSummary::kSampleStep]);
            std::vector<double> time(40, 0.0);
            std::vector<std::uint64_t> count(40, 0);
            std::vector<std::uint32_t> first(40, SymbolTotals::kNever);
            for (std::size_t i = 0; i < n; ++i) {
                const SymbolId s = ses.symbol[i];
                time[s] += static_cast<double>(ses.occupancy(i));
                ++count[s];
                if (first[s] == SymbolTotals::kNever)
                    first[s] = static_cast<std::uint32_t>(i);
            }
            ASSERT_EQ(t.time, time);
            ASSERT_EQ(t.count, count);
            ASSERT_EQ(t.firstSeen, first);
            ASSERT_GT(t.firstSeen[38], n / 2);
            ASSERT_EQ(t.firstSeen[39], SymbolTotals::kNever);
        }
    }
}

TEST(StateSummary, LaneQueriesMatchAPlainScan)
{
    const std::size_t n = (std::size_t{3} << 20) + 5; // not a whole number of blocks
    const auto sesPtr = std::make_shared<const Ses>(randomSes(n, 40, 7));
    const Ses& ses = *sesPtr;
    const std::vector<int> laneOf = scrambledLanes(40);
    StateSummary summary;
    summary.build(sesPtr, laneOf, true); // on both cores
    ASSERT_EQ(summary.size(), n);
    std::mt19937_64 rng(3);
    for (int k = 0; k < 200; ++k) {
        std::size_t a = rng() % n, b = rng() % n;
        if (a > b)
            std::swap(a, b);
        if (k % 4 == 0)
            b = std::min(n, a + rng() % 100); // short ranges too
        LaneSummary expected;
        for (std::size_t i = a; i < b; ++i) {
            const auto lane = static_cast<std::uint32_t>(laneOf[ses.symbol[i]]);
            ASSERT_EQ(summary.lane(i), lane);
            expected.add(lane);
        }
        const LaneSummary got = summary.query(a, b);
        ASSERT_EQ(got.mask, expected.mask);
        ASSERT_EQ(got.ymin, expected.ymin);
        ASSERT_EQ(got.ymax, expected.ymax);
    }
}

// The pixel columns' element ranges, found from the summary's sample of the
// boundaries, are those of a whole binary search, on both axes and at any zoom.
TEST(StateSummary, ColumnElementsMatchElementsInX)
{
    const auto sesPtr = std::make_shared<const Ses>(randomSes(200000, 12, 11)); // zero-length elements too
    const Ses& ses = *sesPtr;
    StateSummary summary;
    summary.build(sesPtr, scrambledLanes(12));
    const std::vector<Time>& sample = summary.boundSample();
    ASSERT_EQ(sample.size(), ses.size() / StateSummary::kSampleStep + 1);
    for (const XAxis axis : {XAxis::Time, XAxis::Event}) {
        const auto [lo, hi] = fullXRange(ses, axis);
        for (const double from : {lo - 5.0, lo + (hi - lo) * 0.3}) {
            for (const int columns : {7, 1000, 700000}) {
                const double width = (hi - from) / columns * 1.01;
                ColumnElements search(ses, axis, sample, StateSummary::kSampleStep);
                for (int c = 0; c < columns; ++c) {
                    const double x0 = from + width * c, x1 = x0 + width;
                    const auto got = search.next(x0, x1);
                    const auto want = elementsInX(ses, axis, x0, x1);
                    ASSERT_EQ(got, want) << "axis " << int(axis) << ", column " << c << " of " << columns;
                }
            }
        }
    }
}
