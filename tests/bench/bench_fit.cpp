// Fit throughput on a 10-million-element SES with ~100 symbols (target: >= 50 M
// elements/s on one core). items_per_second is per CPU second of the benchmark thread,
// which stays meaningful on a loaded machine. Results: docs/performance.md ("Fitting").
#include "chitra/chain/chain.hpp"
#include "chitra/export/model_export.hpp"

#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <random>

namespace {

using namespace chitra;

// Each symbol moves to one of 4 successors (a sparse chain, as in real traces);
// occupancies uniform in [0, max_occupancy].
Ses make_ses(std::size_t n, int symbols, chitra::Time max_occupancy, std::uint64_t seed)
{
    auto table = std::make_shared<SymbolTable>();
    for (int i = 0; i < symbols; ++i)
        table->add(Symbol{"S" + std::to_string(i), SymbolKind::program, {"S" + std::to_string(i)}, {}, {}});
    std::mt19937_64 rng(seed);
    std::vector<std::array<SymbolId, 4>> next(static_cast<std::size_t>(symbols));
    for (auto& row : next)
        for (auto& s : row)
            s = static_cast<SymbolId>(rng() % static_cast<std::uint64_t>(symbols));
    Ses ses;
    ses.symbols = table;
    ses.symbol.resize(n);
    ses.bounds.resize(n + 1);
    ses.records = RecordIndices::identity(n + 1);
    SymbolId s = 0;
    std::vector<SymbolId>& symbol = ses.symbol.edit();
    std::vector<Time>& bounds = ses.bounds.edit();
    bounds[0] = 0;
    for (std::size_t i = 0; i < n; ++i) {
        symbol[i] = s;
        bounds[i + 1] = bounds[i] + static_cast<chitra::Time>(rng() % static_cast<std::uint64_t>(max_occupancy + 1));
        s = next[s][rng() % 4];
    }
    return ses;
}

const Ses& wide_ses()
{
    static const Ses ses = make_ses(10'000'000, 100, 100000, 1);
    return ses;
}

const Ses& narrow_ses()
{
    static const Ses ses = make_ses(10'000'000, 100, 100, 2);
    return ses;
}

// Wide occupancy range: Freedman-Diaconis bins, three passes.
void BM_FitWideOccupancy(benchmark::State& state)
{
    const Ses& ses = wide_ses();
    for (auto _ : state) {
        auto model = fit_chain(ses, TimeBase::ns);
        benchmark::DoNotOptimize(model);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(ses.size()));
}
BENCHMARK(BM_FitWideOccupancy)->Unit(benchmark::kMillisecond);

// Small occupancy range: integer bins.
void BM_FitNarrowOccupancy(benchmark::State& state)
{
    const Ses& ses = narrow_ses();
    for (auto _ : state) {
        auto model = fit_chain(ses, TimeBase::ns);
        benchmark::DoNotOptimize(model);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(ses.size()));
}
BENCHMARK(BM_FitNarrowOccupancy)->Unit(benchmark::kMillisecond);

// The JSON export of the fitted model (size depends on states and bins, not on the SES).
void BM_ModelToJson(benchmark::State& state)
{
    const auto model = fit_chain(wide_ses(), TimeBase::ns);
    for (auto _ : state) {
        auto text = model_to_json(model);
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(BM_ModelToJson)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
