// The lane summaries and state totals a view draws from, checked against plain scans of
// the same SES, on SES large enough that their passes run in two halves on two threads.
#include "document/state_summary.hpp"
#include "document/view_document.hpp"

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
            const Ses ses = randomSes(n, 40, n);
            const SymbolTotals t = symbolTotals(ses);
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

    void laneQueriesMatchAPlainScan()
    {
        const std::size_t n = (std::size_t{3} << 20) + 5; // not a whole number of blocks
        const auto sesPtr = std::make_shared<const Ses>(randomSes(n, 40, 7));
        const Ses& ses = *sesPtr;
        const LaneLayout layout = computeLanes(sesPtr, YOrder::Name, {});
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
};

QTEST_MAIN(StateSummaryTest)
#include "state_summary_test.moc"
