// Transforms and pattern search on a 10M-element SES with 100 symbols (docs/performance.md).
// Items per second = input SES elements per second.
#include "chitra/transforms/pattern.hpp"
#include "chitra/transforms/transforms.hpp"

#include <benchmark/benchmark.h>

#include <memory>
#include <random>

using namespace chitra;

namespace {
constexpr int kSymbols = 100;

// Zipf-like symbol frequencies (weight 1/(k+1)) so that filters select the rare ones;
// occupancies 1..1000.
const Ses& trace(std::size_t n)
{
    static std::map<std::size_t, std::unique_ptr<Ses>> cache;
    auto& slot = cache[n];
    if (slot)
        return *slot;
    auto table = std::make_shared<SymbolTable>();
    for (int k = 0; k < kSymbols; ++k)
        table->add({.name = "S" + std::to_string(k), .components = {"S" + std::to_string(k)}});
    std::vector<double> weights;
    for (int k = 0; k < kSymbols; ++k)
        weights.push_back(1.0 / (k + 1));
    std::mt19937_64 rng(42);
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    std::uniform_int_distribution<Time> occ(1, 1000);
    slot = std::make_unique<Ses>();
    Ses& ses = *slot;
    ses.symbols = table;
    ses.symbol.resize(n);
    ses.bounds.resize(n + 1);
    ses.records = RecordIndices::identity(n + 1);
    Time t = 0;
    std::vector<SymbolId>& symbol = ses.symbol.edit();
    std::vector<Time>& bounds = ses.bounds.edit();
    for (std::size_t i = 0; i < n; ++i) {
        symbol[i] = static_cast<SymbolId>(pick(rng));
        bounds[i] = t;
        t += occ(rng);
    }
    bounds[n] = t;
    return ses;
}

constexpr std::size_t kTen = 10'000'000;

template <class F> void run(benchmark::State& state, F transform)
{
    const Ses& in = trace(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        Ses out = transform(in);
        benchmark::DoNotOptimize(out.symbol.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
} // namespace

static void BM_ClipCount(benchmark::State& s)
{
    run(s, [](const Ses& in) { return clip_count(in, 1000, 1000); });
}
static void BM_ClipTime(benchmark::State& s)
{
    run(s, [](const Ses& in) { return clip_time(in, in.bounds.back() / 10, in.bounds.back() / 10 * 9); });
}
static void BM_Aggregate(benchmark::State& s)
{
    run(s, [](const Ses& in) { return aggregate(in, {"S0", "S1"}, "Z"); });
}
static void BM_Project(benchmark::State& s)
{
    run(s, [](const Ses& in) {
        return project(in, {"S0", "S2", "S4", "S6", "S8", "S10", "S12", "S14", "S16", "S18"}, "EVEN");
    });
}
static void BM_ProjectComponents(benchmark::State& s)
{
    step::ProjectComponents p;
    for (int k = 0; k < kSymbols; ++k)
        p.map["*"]["S" + std::to_string(k)] = "G" + std::to_string(k % 10);
    run(s, [&](const Ses& in) { return project_components(in, p); });
}
static void BM_Rules(benchmark::State& s)
{
    const std::string rules = "LOW = S1?\nMID = S2*, S3*\nTOP = S0, S1\n";
    run(s, [&](const Ses& in) { return apply_rules(in, "b.rules", rules); });
}
static void BM_FilterTime(benchmark::State& s)
{
    run(s, [](const Ses& in) { return filter_time(in, 0.005); });
}
static void BM_FilterEvent(benchmark::State& s)
{
    run(s, [](const Ses& in) { return filter_event_fraction(in, 0.005); });
}
static void BM_FilterFrequency(benchmark::State& s)
{
    run(s, [](const Ses& in) { return filter_frequency(in, 0.01, 0.02, true, std::nullopt); });
}
static void BM_Parallel(benchmark::State& s)
{
    run(s, [](const Ses& in) { return parallel(in, "S0", "S1", "P"); });
}
static void BM_Exclude(benchmark::State& s)
{
    run(s, [](const Ses& in) { return exclude(in, {"S5*", "S7"}); });
}
static void BM_PatternSearch(benchmark::State& s)
{
    const Ses& in = trace(static_cast<std::size_t>(s.range(0)));
    const std::vector<SymbolId> pattern{0, 1, 0, 2};
    for (auto _ : s) {
        PatternMatches m = find_pattern(in, pattern);
        benchmark::DoNotOptimize(m.starts.data());
    }
    s.SetItemsProcessed(static_cast<std::int64_t>(s.iterations()) * s.range(0));
}

BENCHMARK(BM_ClipCount)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClipTime)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Aggregate)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Project)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ProjectComponents)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Rules)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FilterTime)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FilterEvent)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FilterFrequency)->Arg(kTen)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Parallel)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Exclude)->Arg(kTen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PatternSearch)->Arg(1'000'000)->Arg(kTen)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
