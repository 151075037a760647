// Traceview core: field values as shown, density and average curves per pixel column,
// rate display values, view definitions and dumps (docs/traceview.md).
#include "chitra/io/import.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_trace.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/traceview/traceview.hpp"
#include "chitra/transforms/transforms.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

using namespace chitra;

namespace {

// Counter c and gauge g; cycles, so rates are per tick. A B A X A, end 100.
const char* kSmall = "# chitra-pes 1\n# timebase: cycles\n# fields: c:counter g:gauge\n# end: 100\n"
                     "0 A 0 5\n10 B 20 6\n30 A 30 7\n60 X 90 8\n70 A 100 9\n";

Trace small() { return read_pes_text(kSmall, "small.pes"); }

} // namespace

TEST(TraceviewValues, GaugesAtFirstRecordCountersAsRates)
{
    Trace t = small();
    Ses s = base_ses(t);
    ASSERT_EQ(s.size(), 5u);
    // (20-0)/10, (30-20)/20, (90-30)/30, (100-90)/10, last element: counter holds 100 -> 0
    EXPECT_EQ(element_field_values(t, s, 0), (std::vector<double>{2, 0.5, 2, 1, 0}));
    EXPECT_EQ(element_field_values(t, s, 1), (std::vector<double>{5, 6, 7, 8, 9}));
}

TEST(TraceviewValues, MergedElementUsesWholeInterval)
{
    Trace t = small();
    Ses s = exclude(base_ses(t), {"X"});
    ASSERT_EQ(s.size(), 3u); // A B A(30..100, records 2..5)
    // counter: (C(5) = C(4) = 100) - C(2) = 30 over 70 ticks; gauge: value at record 2
    EXPECT_EQ(element_field_values(t, s, 0), (std::vector<double>{2, 0.5, 1}));
    EXPECT_EQ(element_field_values(t, s, 1), (std::vector<double>{5, 6, 7}));
}

// As Score-P records PAPI counters: a counter sampled by its own lane at that lane's
// events only, while another lane's events cut the elements. Its increase is spread over
// the time between its samples, not charged to the short element after a sample.
TEST(TraceviewValues, ACountersRateSpreadsBetweenItsOwnSamples)
{
    LaneTraceBuilder b("papi.otf2", "otf2");
    const std::size_t rank0 = b.add_lane("rank 0"), rank1 = b.add_lane("rank 1");
    const LaneStateId init = b.state("MPI_Init"), work = b.state("work"), send = b.state("MPI_Send");
    const std::size_t cycles = b.add_field("PAPI_TOT_CYC", FieldKind::counter, rank0);
    b.set(rank0, 0, init); // rank 0: MPI_Init for 1000 ns, then work for 100 ns
    b.sample(cycles, 0, 0);
    b.set(rank0, 1000, work);
    b.sample(cycles, 1000, 2000); // 2000 cycles during MPI_Init
    b.reset(rank0, 1100);
    b.sample(cycles, 1100, 2500);        // 500 during work
    for (Time t = 0; t < 1100; t += 100) // rank 1 switches every 100 ns meanwhile
        b.set(rank1, t, (t / 100) % 2 ? send : work);
    b.reset(rank1, 1100);
    const auto lanes = std::make_shared<const LaneTrace>(b.finish());
    const Trace trace = trace_from_lanes(lanes, {"all"});
    ASSERT_EQ(trace.header.fields.size(), 1u);
    const Ses ses = base_ses(trace);
    ASSERT_EQ(ses.size(), 12u) << "one element per 100 ns, cut by rank 1, and the idle end";
    const std::vector<double> rates = element_field_values(trace, ses, 0);
    double integral = 0;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        // per ns: 2000/1000, then 500/100; 0 for the end, which lasts no time
        const double expected = ses.bounds[i] < 1000 ? 2.0 : ses.bounds[i] < 1100 ? 5.0 : 0.0;
        EXPECT_DOUBLE_EQ(rates[i], expected * 1e9) << "element " << i;
        integral += rates[i] / 1e9 * static_cast<double>(ses.bounds[i + 1] - ses.bounds[i]);
    }
    EXPECT_DOUBLE_EQ(integral, 2500.0) << "the rate integrates to the last sample minus the first";
    // The Gantt display's steps hold the same increments.
    const SeriesIndex series = field_series(trace, ses, 0);
    EXPECT_DOUBLE_EQ(series.time_mean(0, 1100) * 1100 / 1e9, 2500.0);
    // A PES holds values at records only: every record is a sample there, as before.
    std::ostringstream pes;
    write_pes(trace, pes);
    const Trace read = read_pes_text(pes.str(), "papi.pes");
    EXPECT_TRUE(read.field_samples.empty() || read.field_samples[0].empty());
}

TEST(TraceviewValues, RatesPerSecondForSecondUnits)
{
    Trace t = read_pes_text("# chitra-pes 1\n# timebase: us\n# fields: n:counter\n0 A 0\n4 B 2\n10 A 5\n", "us.pes");
    Ses s = base_ses(t);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_DOUBLE_EQ(element_field_values(t, s, 0)[0], 2.0 / 4 * 1e6);
    EXPECT_DOUBLE_EQ(element_field_values(t, s, 0)[1], 3.0 / 6 * 1e6);
    EXPECT_EQ(rate_unit(TimeBase::us), "/s");
    EXPECT_EQ(rate_unit(TimeBase::cycles), "/cycle");
}

namespace {

SeriesIndex random_series(std::mt19937_64& rng, std::size_t n)
{
    std::vector<double> x(n), y(n);
    std::uniform_int_distribution<int> step(0, 3); // ties included
    std::normal_distribution<double> v(10, 5);
    double cur = 0;
    for (std::size_t i = 0; i < n; ++i) {
        cur += step(rng);
        x[i] = cur;
        y[i] = v(rng);
    }
    return SeriesIndex(std::move(x), std::move(y));
}

} // namespace

TEST(TraceviewDensity, MinMaxMatchesBruteForce)
{
    std::mt19937_64 rng(7);
    SeriesIndex s = random_series(rng, 5000);
    std::uniform_int_distribution<std::size_t> pick(0, s.size());
    for (int k = 0; k < 2000; ++k) {
        std::size_t a = pick(rng), b = pick(rng);
        if (a > b)
            std::swap(a, b);
        if (a == b)
            continue;
        double lo = s.y()[a], hi = s.y()[a];
        for (std::size_t i = a; i < b; ++i) {
            lo = std::min(lo, s.y()[i]);
            hi = std::max(hi, s.y()[i]);
        }
        auto [l, h] = s.minmax(a, b);
        ASSERT_EQ(l, lo) << a << ' ' << b;
        ASSERT_EQ(h, hi) << a << ' ' << b;
    }
}

TEST(TraceviewDensity, ColumnsMatchBruteForceOnRandomTraces)
{
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 30; ++trial) {
        SeriesIndex s = random_series(rng, 100 + trial * 311);
        const double span = s.x().back();
        std::uniform_real_distribution<double> u(-0.1 * span, 1.1 * span);
        double x0 = u(rng), x1 = u(rng);
        if (x0 > x1)
            std::swap(x0, x1);
        const int columns = 1 + trial * 37 % 400;
        auto got = column_stats(s, x0, x1, columns);
        ASSERT_EQ(got.size(), static_cast<std::size_t>(columns));
        const double w = (x1 - x0) / columns;
        for (int c = 0; c < columns; ++c) {
            const double lo = x0 + c * w, hi = c + 1 == columns ? x1 : x0 + (c + 1) * w;
            std::uint64_t n = 0;
            double sum = 0, mn = INFINITY, mx = -INFINITY;
            for (std::size_t i = 0; i < s.size(); ++i)
                if (s.x()[i] >= lo && s.x()[i] < hi) {
                    ++n;
                    sum += s.y()[i];
                    mn = std::min(mn, s.y()[i]);
                    mx = std::max(mx, s.y()[i]);
                }
            ASSERT_EQ(got[c].count, n) << "trial " << trial << " column " << c;
            if (n) {
                EXPECT_NEAR(got[c].mean, sum / n, 1e-9 * (1 + std::abs(sum / n)));
                EXPECT_EQ(got[c].min, mn);
                EXPECT_EQ(got[c].max, mx);
            } else {
                EXPECT_TRUE(std::isnan(got[c].mean));
            }
        }
    }
}

TEST(TraceviewShortVisits, RuleInTicksOfTheTimeBase)
{
    EXPECT_DOUBLE_EQ(ShortVisitRule::for_base(TimeBase::ns, 1e-3).min_length, 1e6);
    EXPECT_DOUBLE_EQ(ShortVisitRule::for_base(TimeBase::us, 1e-3).min_length, 1e3);
    const ShortVisitRule ms = ShortVisitRule::for_base(TimeBase::ns, 1e-3);
    EXPECT_TRUE(ms.is_short(999999));
    EXPECT_FALSE(ms.is_short(1000000)); // exactly the minimum is long
    // No rule without seconds, or without a positive threshold.
    EXPECT_FALSE(ShortVisitRule::for_base(TimeBase::cycles, 1e-3).active());
    EXPECT_FALSE(ShortVisitRule::for_base(TimeBase::ns, 0).active());
    EXPECT_FALSE(ShortVisitRule::for_base(TimeBase::ns, -1).active());
    EXPECT_FALSE(ShortVisitRule::for_base(TimeBase::ns, NAN).active());
    EXPECT_FALSE(ShortVisitRule{}.is_short(0));
}

// Minima and maxima of the long and of the short visits, per range and per column,
// against a direct scan; switching the rule off makes every visit long again.
TEST(TraceviewShortVisits, SplitMinMaxMatchesBruteForce)
{
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 12; ++trial) {
        SeriesIndex s = random_series(rng, 200 + trial * 517);
        const ShortVisitRule rule{1.0 + trial % 3}; // lengths are 0..3: a mix of both kinds
        s.set_short_visits(rule);
        std::size_t shorts = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            ASSERT_EQ(s.is_short(i), s.length(i) < rule.min_length) << i;
            shorts += s.is_short(i);
        }
        ASSERT_GT(shorts, 0u);
        ASSERT_LT(shorts, s.size());
        auto scan = [&](std::size_t a, std::size_t b, int kind) { // 0 long, 1 short, 2 all
            double lo = INFINITY, hi = -INFINITY;
            for (std::size_t i = a; i < b; ++i)
                if (kind == 2 || static_cast<int>(s.is_short(i)) == kind) {
                    lo = std::min(lo, s.y()[i]);
                    hi = std::max(hi, s.y()[i]);
                }
            return std::pair{lo, hi};
        };
        std::uniform_int_distribution<std::size_t> pick(0, s.size());
        for (int k = 0; k < 300; ++k) {
            std::size_t a = pick(rng), b = pick(rng);
            if (a > b)
                std::swap(a, b);
            if (a == b)
                continue;
            ASSERT_EQ(s.minmax(a, b, SeriesIndex::Visits::long_only), scan(a, b, 0)) << a << ' ' << b;
            ASSERT_EQ(s.minmax(a, b, SeriesIndex::Visits::short_only), scan(a, b, 1)) << a << ' ' << b;
            ASSERT_EQ(s.minmax(a, b), scan(a, b, 2)) << a << ' ' << b;
        }
        const double span = s.x().back();
        const int columns = 7 + trial * 13;
        const auto cols = column_stats(s, 0, span, columns);
        const double w = span / columns;
        for (int c = 0; c < columns; ++c) {
            const auto& cs = cols[static_cast<std::size_t>(c)];
            const std::size_t a = s.lower(c * w), b = c + 1 == columns ? s.lower(span) : s.lower((c + 1) * w);
            const auto l = scan(a, b, 0), sh = scan(a, b, 1);
            EXPECT_EQ(std::isnan(cs.long_min), !(l.first <= l.second)) << c;
            EXPECT_EQ(std::isnan(cs.short_min), !(sh.first <= sh.second)) << c;
            if (l.first <= l.second) {
                EXPECT_EQ(cs.long_min, l.first);
                EXPECT_EQ(cs.long_max, l.second);
            }
            if (sh.first <= sh.second) {
                EXPECT_EQ(cs.short_min, sh.first);
                EXPECT_EQ(cs.short_max, sh.second);
            }
        }
        s.set_short_visits({});
        for (std::size_t i = 0; i < s.size(); ++i)
            ASSERT_FALSE(s.is_short(i));
        ASSERT_EQ(s.minmax(0, s.size(), SeriesIndex::Visits::long_only), scan(0, s.size(), 2));
        const auto none = s.minmax(0, s.size(), SeriesIndex::Visits::short_only);
        ASSERT_TRUE(none.first > none.second); // no short visit: (+inf, -inf)
    }
}

TEST(TraceviewAverage, MatchesDirectSlidingMean)
{
    std::mt19937_64 rng(3);
    for (int trial = 0; trial < 20; ++trial) {
        SeriesIndex s = random_series(rng, 50 + trial * 97);
        const double x0 = s.x().front() - 5, x1 = s.x().back() + 5;
        const int columns = 20 + trial * 13;
        const double fraction = 0.01 + 0.02 * trial;
        auto got = average_curve(s, x0, x1, columns, fraction);
        const double w = (x1 - x0) / columns, half = fraction * (x1 - x0) / 2;
        double last = NAN;
        for (int c = 0; c < columns; ++c) {
            const double p = x0 + (c + 0.5) * w;
            double sum = 0;
            int n = 0;
            for (std::size_t i = 0; i < s.size(); ++i)
                if (s.x()[i] >= p - half && s.x()[i] < p + half) {
                    sum += s.y()[i];
                    ++n;
                }
            if (n)
                last = sum / n;
            if (std::isnan(last))
                EXPECT_TRUE(std::isnan(got[c])) << c;
            else
                EXPECT_NEAR(got[c], last, 1e-9 * (1 + std::abs(last))) << "trial " << trial << " column " << c;
        }
    }
}

TEST(TraceviewAverage, EmptyWindowRepeatsPreviousColumn)
{
    SeriesIndex s({0, 1, 50}, {4, 6, 10});
    // 10 columns over [0, 100), window 10: column 0 (p = 5) sees 0 and 1; columns 1..3
    // see nothing and repeat 5; column 4 (p = 45, window [40, 50)) still sees nothing;
    // column 5 (p = 55) sees 50.
    auto got = average_curve(s, 0, 100, 10, 0.1);
    EXPECT_DOUBLE_EQ(got[0], 5);
    EXPECT_DOUBLE_EQ(got[1], 5);
    EXPECT_DOUBLE_EQ(got[3], 5);
    EXPECT_DOUBLE_EQ(got[4], 5);
    EXPECT_DOUBLE_EQ(got[5], 10);
    EXPECT_DOUBLE_EQ(got[9], 10);
}

TEST(TraceviewTimeMean, HandWorkedCounterAndGauge)
{
    Trace t = small();
    Ses s = base_ses(t);
    std::vector<double> x;
    for (std::size_t i = 0; i < s.size(); ++i)
        x.push_back(static_cast<double>(s.bounds[i]));
    const double end = static_cast<double>(s.bounds.back());
    SeriesIndex c = field_series(t, s, 0), g(x, element_field_values(t, s, 1), end);
    // Counter 0, 20, 30, 90, 100 at 0, 10, 30, 60, 70, held to 100: C(100) - C(0) = 100.
    EXPECT_DOUBLE_EQ(c.time_mean(0, 100), 1.0);
    // C(5) = 10, C(35) = 30 + 2 * 5 = 40: 30 over 30 ticks.
    EXPECT_DOUBLE_EQ(c.time_mean(5, 35), 1.0);
    EXPECT_DOUBLE_EQ(c.time_mean(12, 18), 0.5); // inside one visit: its rate
    // Before the start only [0, 10) is covered: the rate 2 of the first visit.
    EXPECT_DOUBLE_EQ(c.time_mean(-10, 10), 2.0);
    EXPECT_TRUE(std::isnan(c.time_mean(100, 120)));
    // Gauge 5, 6, 7, 8, 9 held for 10, 20, 30, 10, 30 ticks.
    EXPECT_DOUBLE_EQ(g.time_mean(0, 100), (50 + 120 + 210 + 80 + 270) / 100.0);
    const auto cols = column_time_means(g, 0, 100, 4); // [0,25) [25,50) [50,75) [75,100)
    EXPECT_DOUBLE_EQ(cols[0], (50 + 6 * 15) / 25.0);
    EXPECT_DOUBLE_EQ(cols[1], (6 * 5 + 7 * 20) / 25.0);
    EXPECT_DOUBLE_EQ(cols[2], (7 * 10 + 8 * 10 + 9 * 5) / 25.0);
    EXPECT_DOUBLE_EQ(cols[3], 9.0);
}

TEST(TraceviewTimeMean, TinyVisitDoesNotDominate)
{
    // 1000 increments over 1 ms, 1000 in a visit of 1 ns, 1000 over the next ms.
    Trace t = read_pes_text("# chitra-pes 1\n# timebase: ns\n# fields: n:counter\n# end: 2000002\n"
                            "0 A 0\n1000000 B 1000\n1000001 A 2000\n2000001 B 3000\n",
                            "tiny.pes");
    Ses s = base_ses(t);
    const auto v = element_field_values(t, s, 0);
    ASSERT_EQ(v.size(), 4u);
    EXPECT_DOUBLE_EQ(v[1], 1e12); // the visit's own rate stays what it is
    std::vector<double> x;
    for (std::size_t i = 0; i < s.size(); ++i)
        x.push_back(static_cast<double>(s.bounds[i]));
    SeriesIndex idx = field_series(t, s, 0);
    // Over the first 2000001 ns: 3000 increments, about 1.5e6 per second; the plain
    // mean of the three visits' rates would say 3.3e11.
    EXPECT_NEAR(idx.time_mean(0, 2000001), 3000 / 2000001e-9, 1e-6);
    const auto avg = time_average_curve(idx, 0, 2000002, 10, 1.0);
    for (double a : avg)
        EXPECT_LT(a, 3e6);
    EXPECT_GT(average_curve(idx, 0, 2000002, 10, 1.0)[5], 1e11);
}

namespace {

// A random PES with a counter and a gauge; equal times give zero-length visits.
std::string random_pes(std::mt19937_64& rng, std::size_t records)
{
    std::uniform_int_distribution<int> step(0, 50), inc(0, 1000), gauge(-20, 20), state(0, 4);
    std::ostringstream out;
    out << "# chitra-pes 1\n# timebase: ns\n# fields: c:counter g:gauge\n";
    long long t = 0, c = 0;
    std::vector<std::string> lines;
    for (std::size_t r = 0; r < records; ++r) {
        lines.push_back(std::to_string(t) + " S" + std::to_string(state(rng)) + ' ' + std::to_string(c) + ' ' +
                        std::to_string(gauge(rng)) + '\n');
        t += step(rng) < 5 ? 0 : step(rng);
        c += inc(rng);
    }
    out << "# end: " << t + 1 + step(rng) << '\n';
    for (const auto& l : lines)
        out << l;
    return out.str();
}

} // namespace

// The time-weighted curves against a direct computation from the records: a counter's
// (C(b) - C(a)) / (b - a), with C rising linearly over each visit, and a gauge's values
// weighted by their overlap with the window.
TEST(TraceviewTimeMean, MatchesBruteForceOnRandomTraces)
{
    std::mt19937_64 rng(2026);
    for (int trial = 0; trial < 12; ++trial) {
        Trace t = read_pes_text(random_pes(rng, 50 + trial * 157), "random.pes");
        Ses s = base_ses(t);
        const std::size_t n = s.size();
        const auto& C = t.fields[0];
        const auto& G = t.fields[1];
        auto counterAt = [&](double time) { // C(t) from the records
            const double e0 = static_cast<double>(s.bounds[0]), eN = static_cast<double>(s.bounds[n]);
            time = std::clamp(time, e0, eN);
            auto rec = [&](RecordIndex r) { return C[std::min<RecordIndex>(r, C.size() - 1)]; };
            // Left-continuous: at an entry time, the value before the visits entered then
            // (so a zero-length visit's increment counts in windows [a, b) holding its time).
            for (std::size_t i = 0; i < n; ++i) {
                const double a = static_cast<double>(s.bounds[i]), b = static_cast<double>(s.bounds[i + 1]);
                if (a >= time)
                    return rec(s.records[i]);
                if (time < b)
                    return rec(s.records[i]) + (rec(s.records[i + 1]) - rec(s.records[i])) * (time - a) / (b - a);
            }
            return rec(s.records[n]);
        };
        auto gaugeMean = [&](double a, double b) {
            double area = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const double lo = std::max(a, static_cast<double>(s.bounds[i]));
                const double hi = std::min(b, static_cast<double>(s.bounds[i + 1]));
                if (hi > lo)
                    area += G[s.records[i]] * (hi - lo);
            }
            return area / (b - a);
        };
        std::vector<double> x(n);
        for (std::size_t i = 0; i < n; ++i)
            x[i] = static_cast<double>(s.bounds[i]);
        const double end = static_cast<double>(s.bounds[n]);
        SeriesIndex ci = field_series(t, s, 0), gi = field_series(t, s, 1);
        ASSERT_EQ(gi.end(), end);
        std::uniform_real_distribution<double> u(-0.1 * end, 1.1 * end);
        double x0 = u(rng), x1 = u(rng);
        if (x0 > x1)
            std::swap(x0, x1);
        const int columns = 5 + trial * 29;
        const double fraction = 0.005 + 0.03 * trial;
        const auto cavg = time_average_curve(ci, x0, x1, columns, fraction);
        const auto gavg = time_average_curve(gi, x0, x1, columns, fraction);
        const auto gcol = column_time_means(gi, x0, x1, columns);
        const auto ccol = column_time_means(ci, x0, x1, columns);
        const double w = (x1 - x0) / columns, half = fraction * (x1 - x0) / 2;
        auto check = [&](double got, double lo, double hi, bool counter, const char* what, int c) {
            const double a = std::max(lo, x.front()), b = std::min(hi, end);
            if (!(b > a)) {
                EXPECT_TRUE(std::isnan(got)) << what << " trial " << trial << " column " << c;
                return;
            }
            const double want = counter ? (counterAt(b) - counterAt(a)) / (b - a) * 1e9 : gaugeMean(a, b);
            EXPECT_NEAR(got, want, 1e-7 * (1 + std::abs(want))) << what << " trial " << trial << " column " << c;
        };
        for (int c = 0; c < columns; ++c) {
            const double p = x0 + (c + 0.5) * w;
            check(cavg[c], p - half, p + half, true, "counter average", c);
            check(gavg[c], p - half, p + half, false, "gauge average", c);
            const double lo = x0 + c * w, hi = c + 1 == columns ? x1 : x0 + (c + 1) * w;
            check(ccol[c], lo, hi, true, "counter column", c);
            check(gcol[c], lo, hi, false, "gauge column", c);
        }
    }
}

TEST(TraceviewRate, ValuesOfEachVisit)
{
    Trace t = small();
    Ses s = base_ses(t);
    RateTable r = rate_values(t, s, s.symbols->find("A"));
    EXPECT_EQ(r.elements, (std::vector<std::size_t>{0, 2, 4}));
    ASSERT_EQ(r.fields.size(), 2u);
    EXPECT_EQ(r.fields[0], (std::vector<double>{2, 2, 0}));
    EXPECT_EQ(r.fields[1], (std::vector<double>{5, 7, 9}));
    EXPECT_EQ(r.sum, (std::vector<double>{7, 9, 9}));
    RateTable b = rate_values(t, s, s.symbols->find("B"));
    EXPECT_EQ(b.elements, (std::vector<std::size_t>{1}));
    EXPECT_EQ(b.sum, (std::vector<double>{6.5}));
}

TEST(TraceviewViewDefinition, ProducesClipAndExcludeSteps)
{
    Trace t = small();
    Ses s = base_ses(t);
    ViewDefinition d;
    EXPECT_TRUE(view_pipeline(d, s).steps.empty());
    d.t0 = 10;
    d.exclude = {"X"};
    Pipeline p = view_pipeline(d, s);
    ASSERT_EQ(p.steps.size(), 2u);
    EXPECT_EQ(std::get<step::ClipTime>(p.steps[0]), (step::ClipTime{10, 71})); // open end: past the last entry
    EXPECT_EQ(std::get<step::Exclude>(p.steps[1]).states, (std::vector<std::string>{"X"}));
    // A range that keeps every element gives no clip.
    ViewDefinition all;
    all.t0 = 0;
    all.t1 = 1000;
    EXPECT_TRUE(view_pipeline(all, s).steps.empty());
    ViewDefinition bad;
    bad.t0 = 50;
    bad.t1 = 20;
    EXPECT_THROW(view_pipeline(bad, s), InputError);
    // The pipeline applies: [10, 71) minus X is B A(30..100).
    Ses v = run_pipeline(s, p).ses;
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v.name(0), "B");
    EXPECT_EQ(v.name(1), "A");
    EXPECT_EQ(v.occupancy(1), 70);
}

TEST(TraceviewViewDefinition, SearchForNamedState)
{
    Ses s = base_ses(small()); // A@0 B@10 A@30 X@60 A@70
    EXPECT_EQ(find_state_entry(s, "A", 10, true), Time{30});
    EXPECT_EQ(find_state_entry(s, "A", 30, true), Time{70});
    EXPECT_EQ(find_state_entry(s, "A", 70, true), std::nullopt);
    EXPECT_EQ(find_state_entry(s, "A", 30, false), Time{0});
    EXPECT_EQ(find_state_entry(s, "?", 60, false), Time{30});
    EXPECT_EQ(find_state_entry(s, "X", 0, false), std::nullopt);
}

TEST(TraceviewViewDefinition, IncludeExcludeButtons)
{
    const std::vector<std::string> names{"A1", "B", "A2", "ABC"};
    auto ex = apply_pattern(names, {}, "A*", PatternEffect::Exclude);
    EXPECT_EQ(ex, (std::vector<std::string>{"A1", "A2", "ABC"}));
    ex = apply_pattern(names, ex, "A?", PatternEffect::Include);
    EXPECT_EQ(ex, (std::vector<std::string>{"ABC"}));
    ex = apply_pattern(names, ex, "B", PatternEffect::Exclude);
    EXPECT_EQ(ex, (std::vector<std::string>{"B", "ABC"}));
}

TEST(TraceviewDump, ViewRecordByRecord)
{
    Trace t = small();
    Ses s = exclude(base_ses(t), {"X"});
    std::ostringstream out;
    write_view_dump(out, t, s);
    const std::string text = out.str();
    EXPECT_NE(text.find("index\ttime\toccupancy\tstate\trecords\tc/cycle\tg\n"
                        "0\t0\t10\tA\t0-1\t2\t5\n"
                        "1\t10\t20\tB\t1-2\t0.5\t6\n"
                        "2\t30\t70\tA\t2-5\t1\t7\n"),
              std::string::npos)
        << text;
}

TEST(TraceviewDump, DerivationCountsMergesAndRemovals)
{
    Trace t = small();
    Pipeline p;
    p.steps.push_back(step::ClipCount{1, 0});
    p.steps.push_back(step::Exclude{{"X"}});
    std::ostringstream out;
    write_derivation(out, t, p);
    const std::string text = out.str();
    EXPECT_NE(text.find("\"op\":\"exclude\""), std::string::npos) << text;
    // clip: A | B A X A -> 4 elements, one dropped
    EXPECT_NE(text.find("step 1 (clip)\n  elements: 5 -> 4\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  dropped: 1 elements"), std::string::npos) << text;
    // exclude: B A X A -> B A(A X A): three elements merged into one, X removed
    EXPECT_NE(text.find("step 2 (exclude)\n  elements: 4 -> 2\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  merged: 3 elements into 1 elements\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  states removed: 1 (X)\n"), std::string::npos) << text;
    EXPECT_NE(text.find("result: 2 elements"), std::string::npos) << text;
}

TEST(TraceviewDump, CliWritesBothFiles)
{
    const std::string dir = ::testing::TempDir();
    {
        std::ofstream f(dir + "tv_small.pes");
        f << kSmall;
        std::ofstream p(dir + "tv_p.json");
        p << "{\"pipeline\": [{\"op\": \"exclude\", \"states\": [\"X\"]}]}";
    }
    const std::string cmd = std::string(CHITRA_CLI_PATH) + " dump " + dir + "tv_small.pes --pipeline " + dir +
                            "tv_p.json -o " + dir + "tv_out.txt --derivation " + dir + "tv_how.txt";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    std::ifstream out(dir + "tv_out.txt"), how(dir + "tv_how.txt");
    std::stringstream a, b;
    a << out.rdbuf();
    b << how.rdbuf();
    EXPECT_NE(a.str().find("2\t30\t70\tA\t2-5\t1\t7\n"), std::string::npos) << a.str();
    EXPECT_NE(b.str().find("merged: 3 elements into 1 elements"), std::string::npos) << b.str();
}
