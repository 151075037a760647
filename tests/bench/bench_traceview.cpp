// The data part of a Gantt display redraw at full zoom-out (docs/performance.md
// "Traceview displays"): for 10,000,000 elements and 4 fields, the per-column min/max
// strokes of every field chart, one value-density bar and one average curve per field,
// and a point-density bar of the state chart, for 1,200 pixel columns.
#include "chitra/traceview.hpp"

#include <benchmark/benchmark.h>

#include <random>

using namespace chitra;

namespace {

constexpr std::size_t kElements = 10'000'000;
constexpr int kFields = 4;
constexpr int kColumns = 1200;

struct Data {
    SeriesIndex states;
    std::vector<SeriesIndex> fields;
};

const Data& data()
{
    static const Data d = [] {
        std::mt19937_64 rng(1);
        std::exponential_distribution<double> gap(1.0 / 400);
        std::vector<double> x(kElements), lanes(kElements);
        double t = 0;
        for (std::size_t i = 0; i < kElements; ++i) {
            x[i] = t;
            t += std::floor(gap(rng)) + 1;
            lanes[i] = static_cast<double>(i % 4 == 3 ? rng() % 8 : i % 4);
        }
        Data out;
        out.states = SeriesIndex(x, std::move(lanes));
        std::normal_distribution<double> v(1e6, 2e5);
        for (int f = 0; f < kFields; ++f) {
            std::vector<double> y(kElements);
            for (auto& e : y)
                e = v(rng);
            out.fields.emplace_back(x, std::move(y));
        }
        return out;
    }();
    return d;
}

void BM_GanttFrameData(benchmark::State& state)
{
    const Data& d = data();
    const double x0 = d.states.x().front(), x1 = d.states.x().back() + 1;
    for (auto _ : state) {
        auto s = column_stats(d.states, x0, x1, kColumns); // point density of the state chart
        benchmark::DoNotOptimize(s.data());
        for (const auto& f : d.fields) {
            auto c = column_stats(f, x0, x1, kColumns); // strokes + value density
            auto a = average_curve(f, x0, x1, kColumns, 0.05);
            benchmark::DoNotOptimize(c.data());
            benchmark::DoNotOptimize(a.data());
        }
    }
    state.counters["elements"] = static_cast<double>(kElements);
}
BENCHMARK(BM_GanttFrameData)->Unit(benchmark::kMillisecond);

// The same at a deep zoom (0.1% of the trace visible).
void BM_GanttFrameDataZoomed(benchmark::State& state)
{
    const Data& d = data();
    const double span = d.states.x().back() - d.states.x().front();
    const double x0 = d.states.x().front() + 0.5 * span, x1 = x0 + 0.001 * span;
    for (auto _ : state)
        for (const auto& f : d.fields) {
            auto c = column_stats(f, x0, x1, kColumns);
            auto a = average_curve(f, x0, x1, kColumns, 0.05);
            benchmark::DoNotOptimize(c.data());
            benchmark::DoNotOptimize(a.data());
        }
}
BENCHMARK(BM_GanttFrameDataZoomed)->Unit(benchmark::kMillisecond);

// One-off cost when a view changes: prefix sums and the min/max tree of one field.
void BM_SeriesIndexBuild(benchmark::State& state)
{
    const Data& d = data();
    for (auto _ : state) {
        SeriesIndex s(d.fields[0].x(), d.fields[0].y());
        benchmark::DoNotOptimize(s.size());
    }
}
BENCHMARK(BM_SeriesIndexBuild)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
