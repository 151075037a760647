// Spectra: sampling the step signal and the periodogram at 2^22 samples (target: both
// together < 0.5 s), and the frequency filter's per-symbol selection. Results in
// docs/performance.md ("Spectra").
#include "chitra/spectra/spectrum.hpp"

#include <benchmark/benchmark.h>

#include <map>
#include <random>

using namespace chitra;

namespace {

constexpr std::size_t kSamples = std::size_t{1} << 22;

// `m` elements over `symbols` symbols, occupancies uniform in 1..7, fixed seed.
const Ses& trace(std::size_t m, std::size_t symbols)
{
    static std::map<std::pair<std::size_t, std::size_t>, Ses> made;
    auto& ses = made[{m, symbols}];
    if (!ses.symbol.empty())
        return ses;
    auto table = std::make_shared<SymbolTable>();
    for (std::size_t s = 0; s < symbols; ++s) {
        std::string name = std::to_string(s);
        name.insert(name.begin(), 'S');
        table->add({.name = std::move(name)});
    }
    ses.symbols = table;
    std::mt19937_64 rng(1);
    std::uniform_int_distribution<SymbolId> sym(0, static_cast<SymbolId>(symbols - 1));
    std::uniform_int_distribution<Time> occ(1, 7);
    ses.symbol.resize(m);
    ses.bounds.resize(m + 1);
    ses.records = RecordIndices::identity(m + 1);
    std::vector<SymbolId>& symbol = ses.symbol.edit();
    std::vector<Time>& bounds = ses.bounds.edit();
    bounds[0] = 0;
    for (std::size_t i = 0; i < m; ++i) {
        symbol[i] = sym(rng);
        bounds[i + 1] = bounds[i] + occ(rng);
    }
    return ses;
}

// Sampling a 10M-element SES (~100 symbols) at 2^22 samples, then the periodogram.
void BM_TimeSignalAndPeriodogram_2p22(benchmark::State& state)
{
    const Ses& ses = trace(10'000'000, 100);
    const double dt = static_cast<double>(ses.total() / static_cast<Time>(kSamples));
    const Time t1 = static_cast<Time>(dt) * static_cast<Time>(kSamples);
    for (auto _ : state) {
        auto pg = time_periodogram(ses, 0, t1, dt);
        benchmark::DoNotOptimize(pg.power.data());
    }
    state.counters["N"] = static_cast<double>(kSamples);
    state.counters["elements"] = static_cast<double>(ses.size());
}
BENCHMARK(BM_TimeSignalAndPeriodogram_2p22)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same through the two-step API: time_signal() into a vector, then periodogram().
void BM_TimeSignalVectorThenPeriodogram_2p22(benchmark::State& state)
{
    const Ses& ses = trace(10'000'000, 100);
    const double dt = static_cast<double>(ses.total() / static_cast<Time>(kSamples));
    const Time t1 = static_cast<Time>(dt) * static_cast<Time>(kSamples);
    for (auto _ : state) {
        auto signal = time_signal(ses, 0, t1, dt);
        auto pg = periodogram(signal, dt);
        benchmark::DoNotOptimize(pg.power.data());
    }
}
BENCHMARK(BM_TimeSignalVectorThenPeriodogram_2p22)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_TimeSignalOnly_2p22(benchmark::State& state)
{
    const Ses& ses = trace(10'000'000, 100);
    const double dt = static_cast<double>(ses.total() / static_cast<Time>(kSamples));
    const Time t1 = static_cast<Time>(dt) * static_cast<Time>(kSamples);
    for (auto _ : state) {
        auto signal = time_signal(ses, 0, t1, dt);
        benchmark::DoNotOptimize(signal.data());
    }
}
BENCHMARK(BM_TimeSignalOnly_2p22)->Unit(benchmark::kMillisecond)->UseRealTime();

// The periodogram alone, at N = 2^22 and at awkward lengths (FFTW_ESTIMATE plans).
void BM_Periodogram(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<double> signal(n);
    std::mt19937_64 rng(2);
    std::uniform_int_distribution<int> v(0, 99);
    for (auto& x : signal)
        x = v(rng);
    for (auto _ : state) {
        auto pg = periodogram(signal, 1.0);
        benchmark::DoNotOptimize(pg.power.data());
    }
}
BENCHMARK(BM_Periodogram)
    ->Arg(1 << 20)
    ->Arg(1 << 22)
    ->Arg((1 << 22) - 2) // 2 * 7^2 * 127 * 337
    ->Arg(4194301)       // prime
    ->Arg(1048573)       // prime
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The first call at a new length: planning included.
void BM_PeriodogramColdPlan_2p22(benchmark::State& state)
{
    std::vector<double> signal(kSamples, 0.0);
    signal[1] = 1.0;
    for (auto _ : state) {
        state.PauseTiming();
        clear_fft_plan_cache();
        state.ResumeTiming();
        auto pg = periodogram(signal, 1.0);
        benchmark::DoNotOptimize(pg.power.data());
    }
}
BENCHMARK(BM_PeriodogramColdPlan_2p22)->Unit(benchmark::kMillisecond)->UseRealTime();

// Event domain: one sample per element, 2^22 elements.
void BM_EventSignalAndPeriodogram_2p22(benchmark::State& state)
{
    const Ses& ses = trace(kSamples, 100);
    for (auto _ : state) {
        auto pg = event_periodogram(ses, 0, ses.size());
        benchmark::DoNotOptimize(pg.power.data());
    }
}
BENCHMARK(BM_EventSignalAndPeriodogram_2p22)->Unit(benchmark::kMillisecond)->UseRealTime();

// The frequency filter's selection: 10M elements, `symbols` symbols, default interval
// (2^20 samples): one FFT per symbol.
void BM_SymbolsPeakingInBand(benchmark::State& state)
{
    const Ses& ses = trace(10'000'000, static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        auto selected = symbols_peaking_in_band(ses, 0.0, 0.01, false, std::nullopt);
        benchmark::DoNotOptimize(selected.data());
    }
    state.counters["symbols"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_SymbolsPeakingInBand)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
