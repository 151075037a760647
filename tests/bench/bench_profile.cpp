// Profiles across lanes (docs/performance.md "Profiles"): a profile of the whole run, and of
// an area (some lanes over part of the run, what a rubber band over the lanes view asks),
// the regions over time of a range (what the lanes view draws under its rows), and the
// calls of one call path (a flame graph frame clicked), on 10^7 Enter/Leave events over 8
// busy lanes (nested 1-4 deep, 12 regions, seeded).
//   build/tests/bench/bench_profile [--benchmark_repetitions=3]
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/profile/profile.hpp"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using namespace chitra;

const ProfileSource& source()
{
    static const ProfileSource s = [] {
        constexpr std::size_t kLanes = 8, kEvents = 10'000'000;
        LaneTraceBuilder b("bench", "bench");
        std::vector<LaneStateId> regions;
        for (int r = 0; r < 12; ++r)
            regions.push_back(b.state("region " + std::to_string(r)));
        std::vector<std::size_t> depth(kLanes, 0);
        std::vector<Time> now(kLanes, 0);
        std::mt19937_64 rng(1);
        for (std::size_t l = 0; l < kLanes; ++l)
            b.add_lane("lane " + std::to_string(l));
        for (std::size_t e = 0; e < kEvents; ++e) {
            const std::size_t l = e % kLanes;
            now[l] += 20 + static_cast<Time>(rng() % 1980);
            if (depth[l] == 4 || (depth[l] > 0 && rng() % 2 == 0)) {
                b.pop(l, now[l]);
                --depth[l];
            } else {
                b.push(l, now[l], regions[rng() % regions.size()]);
                ++depth[l];
            }
        }
        ProfileSource out;
        auto lanes = std::make_shared<const LaneTrace>(b.finish());
        for (std::size_t l = 0; l < kLanes; ++l)
            out.chosen.push_back(l);
        out.origin = first_change(*lanes, out.chosen).value_or(0);
        out.end = *lanes->last_event;
        out.lanes = std::move(lanes);
        return out;
    }();
    return s;
}

void BM_ProfileWholeRun(benchmark::State& state)
{
    const ProfileSource& s = source();
    const bool tree = state.range(0) != 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(profile(s, {}, tree));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 10'000'000);
}
BENCHMARK(BM_ProfileWholeRun)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Two of the eight lanes over a tenth of the run, the range moving at each iteration.
void BM_ProfileArea(benchmark::State& state)
{
    ProfileSource s = source();
    s.chosen = {2, 5};
    const Time end = s.end - s.origin;
    std::mt19937_64 rng(2);
    for (auto _ : state) {
        const Time from = static_cast<Time>(rng() % static_cast<std::uint64_t>(end - end / 10));
        benchmark::DoNotOptimize(profile(s, {from, from + end / 10}, true));
    }
}
BENCHMARK(BM_ProfileArea)->Unit(benchmark::kMillisecond);

// Every lane over a tenth of the run in 300 bins (a lanes view 1200 pixels wide), the range
// moving at each iteration.
void BM_RegionsOverTime(benchmark::State& state)
{
    const ProfileSource& s = source();
    const Time end = s.end - s.origin;
    std::mt19937_64 rng(3);
    for (auto _ : state) {
        const Time from = static_cast<Time>(rng() % static_cast<std::uint64_t>(end - end / 10));
        benchmark::DoNotOptimize(time_profile(s, {from, from + end / 10}, 300));
    }
}
BENCHMARK(BM_RegionsOverTime)->Unit(benchmark::kMillisecond);

// The calls of a path two frames deep over the whole run, every lane.
void BM_PathCalls(benchmark::State& state)
{
    const ProfileSource& s = source();
    std::size_t calls = 0;
    for (auto _ : state) {
        calls = path_calls(s, {"region 3", "region 7"}).size();
        benchmark::DoNotOptimize(calls);
    }
    state.counters["calls"] = static_cast<double>(calls);
}
BENCHMARK(BM_PathCalls)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
