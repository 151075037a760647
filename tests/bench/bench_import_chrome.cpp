// Chrome Trace Event JSON import alone (no PES is formed or written): the importer's
// throughput on a file made by scripts/bench/make-chrome-trace.py. Results and how to read
// them: docs/performance.md, "Importing Chrome Trace JSON" (scripts/bench/bench-import-chrome.sh
// runs this after chitra-cli convert).
//
// Environment: CHITRA_BENCH_CHROME_FILE, the trace to read (required).
#include "chitra/io/import.hpp"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>

using namespace chitra;

namespace {

const char* trace_file()
{
    const char* f = std::getenv("CHITRA_BENCH_CHROME_FILE");
    return f && *f ? f : nullptr;
}

void BM_ImportChrome(benchmark::State& state)
{
    const char* file = trace_file();
    if (!file) {
        state.SkipWithError("set CHITRA_BENCH_CHROME_FILE to a Chrome trace");
        return;
    }
    ImportOptions options;
    options.from = SourceFormat::chrome;
    std::size_t records = 0;
    for (auto _ : state) {
        LaneTrace lanes = import_lanes(file, options);
        records = lanes.size();
        benchmark::DoNotOptimize(lanes);
    }
    const auto bytes = static_cast<std::int64_t>(std::filesystem::file_size(file));
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(records));
    state.counters["records"] = static_cast<double>(records);
}
BENCHMARK(BM_ImportChrome)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
