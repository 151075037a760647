// The lane summaries and state totals a view draws from, checked against plain scans of
// the same SES, on SES large enough that their passes run in two halves on two threads.
#include "document/state_summary.hpp"
#include "document/view_document.hpp"
#include "plotting/ses_geometry.hpp"

#include <QtTest>

#include <random>

using namespace chitra;
using namespace chitra::app;

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
} // namespace

class StateSummaryTest : public QObject {
    Q_OBJECT
private slots:
    void totalsMatchAPlainScan()
    {
        for (const std::size_t n : {std::size_t{1000}, std::size_t{3} << 20}) {
            for (const bool bothCores : {false, true}) {
                const Ses ses = randomSes(n, 40, n);
                std::vector<Time> sample;
                const SymbolTotals t = symbolTotals(ses, bothCores, &sample);
                QCOMPARE(sample.size(), n / StateSummary::kSampleStep + 1);
                for (std::size_t k = 0; k < sample.size(); ++k)
                    QCOMPARE(sample[k], ses.bounds[k * StateSummary::kSampleStep]);
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
                QCOMPARE(t.time, time);
                QCOMPARE(t.count, count);
                QCOMPARE(t.firstSeen, first);
                QVERIFY(t.firstSeen[38] > n / 2);
                QCOMPARE(t.firstSeen[39], SymbolTotals::kNever);
            }
        }
    }

    void laneQueriesMatchAPlainScan()
    {
        const std::size_t n = (std::size_t{3} << 20) + 5; // not a whole number of blocks
        const auto sesPtr = std::make_shared<const Ses>(randomSes(n, 40, 7));
        const Ses& ses = *sesPtr;
        const LaneLayout layout = computeLanes(sesPtr, YOrder::Name, {}, true); // on both cores
        const StateSummary& summary = *layout.summary;
        QCOMPARE(summary.size(), n);
        std::mt19937_64 rng(3);
        for (int k = 0; k < 200; ++k) {
            std::size_t a = rng() % n, b = rng() % n;
            if (a > b)
                std::swap(a, b);
            if (k % 4 == 0)
                b = std::min(n, a + rng() % 100); // short ranges too
            LaneSummary expected;
            for (std::size_t i = a; i < b; ++i) {
                const auto lane = static_cast<std::uint32_t>(layout.laneOf[ses.symbol[i]]);
                QCOMPARE(summary.lane(i), lane);
                expected.add(lane);
            }
            const LaneSummary got = summary.query(a, b);
            QCOMPARE(got.mask, expected.mask);
            QCOMPARE(got.ymin, expected.ymin);
            QCOMPARE(got.ymax, expected.ymax);
        }
    }

    // The pixel columns' element ranges, found from the summary's sample of the
    // boundaries, are those of a whole binary search, on both axes and at any zoom.
    void columnElementsMatchElementsInX()
    {
        const auto sesPtr = std::make_shared<const Ses>(randomSes(200000, 12, 11)); // zero-length elements too
        const Ses& ses = *sesPtr;
        const LaneLayout layout = computeLanes(sesPtr, YOrder::FirstAppearance, {});
        const std::vector<Time>& sample = layout.summary->boundSample();
        QCOMPARE(sample.size(), ses.size() / StateSummary::kSampleStep + 1);
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
                        if (got != want)
                            QFAIL(qPrintable(QString("axis %1, column %2 of %3: [%4, %5) instead of [%6, %7)")
                                                 .arg(int(axis))
                                                 .arg(c)
                                                 .arg(columns)
                                                 .arg(got.first)
                                                 .arg(got.second)
                                                 .arg(want.first)
                                                 .arg(want.second)));
                    }
                }
            }
        }
    }
};

QTEST_MAIN(StateSummaryTest)
#include "state_summary_test.moc"
