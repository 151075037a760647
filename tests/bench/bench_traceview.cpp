// The data part of a Gantt display redraw (docs/performance.md "Traceview displays"): for
// 10,000,000 elements and 4 fields (2 counters with the short-visit rule, 2 gauges), what
// GanttDisplay computes on every replot at 1,200 pixel columns: the point-density bar of
// the state chart, the value-density bar of the first field (time-weighted column means),
// and per field chart the min-max strokes (column_stats, long and short visits apart for
// counters) and the time-weighted average curve. Single parts are measured alone so that
// their ratios can be compared within one run.
#include "chitra/traceview/traceview.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

using namespace chitra;

namespace {

constexpr std::size_t kElements = 10'000'000;
constexpr int kFields = 4;
constexpr int kColumns = 1200;
constexpr double kMeanGap = 400; // ticks
// Visits shorter than the mean gap are short: with exponential gaps about 63% of them,
// so both min/max trees of a counter do real work.
constexpr double kMinVisit = kMeanGap;

struct Data {
    SeriesIndex states;
    std::vector<SeriesIndex> fields; // 0, 1: counters (areas, short-visit rule); 2, 3: gauges
};

const Data& data()
{
    static const Data d = [] {
        std::mt19937_64 rng(1);
        std::exponential_distribution<double> gap(1.0 / kMeanGap);
        std::vector<double> x(kElements), lanes(kElements);
        double t = 0;
        for (std::size_t i = 0; i < kElements; ++i) {
            x[i] = t;
            t += std::floor(gap(rng)) + 1;
            lanes[i] = static_cast<double>(i % 4 == 3 ? rng() % 8 : i % 4);
        }
        const double end = t;
        Data out;
        out.states = SeriesIndex(x, std::move(lanes), end);
        std::normal_distribution<double> v(1e6, 2e5);
        for (int f = 0; f < kFields; ++f) {
            std::vector<double> y(kElements);
            for (auto& e : y)
                e = std::abs(v(rng));
            if (f < 2) { // a counter: y is the rate, the step's area its increase
                std::vector<double> area(kElements);
                for (std::size_t i = 0; i < kElements; ++i)
                    area[i] = y[i] * ((i + 1 < kElements ? x[i + 1] : end) - x[i]);
                out.fields.emplace_back(x, std::move(y), end, area);
                out.fields.back().set_short_visits({kMinVisit});
            } else {
                out.fields.emplace_back(x, std::move(y), end);
            }
        }
        return out;
    }();
    return d;
}

// Everything GanttDisplay computes per replot with the headless screenshot's settings.
void frame(const Data& d, double x0, double x1)
{
    auto density = column_stats(d.states, x0, x1, kColumns);       // point density, state chart
    auto value = column_time_means(d.fields[0], x0, x1, kColumns); // value density, field 0
    benchmark::DoNotOptimize(density.data());
    benchmark::DoNotOptimize(value.data());
    for (const auto& f : d.fields) {
        auto strokes = column_stats(f, x0, x1, kColumns);
        auto average = time_average_curve(f, x0, x1, kColumns, 0.05);
        benchmark::DoNotOptimize(strokes.data());
        benchmark::DoNotOptimize(average.data());
    }
}

std::pair<double, double> fullRange(const Data& d) { return {d.states.x().front(), d.states.end()}; }

void BM_GanttFrameData(benchmark::State& state)
{
    const Data& d = data();
    const auto [x0, x1] = fullRange(d);
    for (auto _ : state)
        frame(d, x0, x1);
    state.counters["elements"] = static_cast<double>(kElements);
}
BENCHMARK(BM_GanttFrameData)->Unit(benchmark::kMillisecond);

// The same at a deep zoom (0.1% of the trace visible).
void BM_GanttFrameDataZoomed(benchmark::State& state)
{
    const Data& d = data();
    const auto [a, b] = fullRange(d);
    const double x0 = a + 0.5 * (b - a), x1 = x0 + 0.001 * (b - a);
    for (auto _ : state)
        frame(d, x0, x1);
}
BENCHMARK(BM_GanttFrameDataZoomed)->Unit(benchmark::kMillisecond);

// Single parts at full zoom-out, one field each.
void BM_ColumnStatsGauge(benchmark::State& state) // strokes, one min/max tree
{
    const Data& d = data();
    const auto [x0, x1] = fullRange(d);
    for (auto _ : state)
        benchmark::DoNotOptimize(column_stats(d.fields[2], x0, x1, kColumns).data());
}
BENCHMARK(BM_ColumnStatsGauge)->Unit(benchmark::kMillisecond);

void BM_ColumnStatsCounterShortVisits(benchmark::State& state) // strokes, long and short trees
{
    const Data& d = data();
    const auto [x0, x1] = fullRange(d);
    for (auto _ : state)
        benchmark::DoNotOptimize(column_stats(d.fields[0], x0, x1, kColumns).data());
}
BENCHMARK(BM_ColumnStatsCounterShortVisits)->Unit(benchmark::kMillisecond);

void BM_TimeAverageCurve(benchmark::State& state) // the average curve drawn by default
{
    const Data& d = data();
    const auto [x0, x1] = fullRange(d);
    for (auto _ : state)
        benchmark::DoNotOptimize(time_average_curve(d.fields[0], x0, x1, kColumns, 0.05).data());
}
BENCHMARK(BM_TimeAverageCurve)->Unit(benchmark::kMillisecond);

void BM_PlainAverageCurve(benchmark::State& state) // Traceview's plain mean, for comparison
{
    const Data& d = data();
    const auto [x0, x1] = fullRange(d);
    for (auto _ : state)
        benchmark::DoNotOptimize(average_curve(d.fields[0], x0, x1, kColumns, 0.05).data());
}
BENCHMARK(BM_PlainAverageCurve)->Unit(benchmark::kMillisecond);

void BM_ColumnTimeMeans(benchmark::State& state) // a value-density bar
{
    const Data& d = data();
    const auto [x0, x1] = fullRange(d);
    for (auto _ : state)
        benchmark::DoNotOptimize(column_time_means(d.fields[0], x0, x1, kColumns).data());
}
BENCHMARK(BM_ColumnTimeMeans)->Unit(benchmark::kMillisecond);

// One-off cost when a view changes: prefix sums and the min/max tree of one field, and
// when the short-visit threshold changes: the two trees of a counter.
void BM_SeriesIndexBuild(benchmark::State& state)
{
    const Data& d = data();
    for (auto _ : state) {
        SeriesIndex s(d.fields[0].x(), d.fields[0].y());
        benchmark::DoNotOptimize(s.size());
    }
}
BENCHMARK(BM_SeriesIndexBuild)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_SetShortVisits(benchmark::State& state)
{
    SeriesIndex s(data().fields[0].x(), data().fields[0].y(), data().fields[0].end());
    for (auto _ : state) {
        s.set_short_visits({kMinVisit});
        benchmark::DoNotOptimize(s.size());
    }
}
BENCHMARK(BM_SetShortVisits)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
