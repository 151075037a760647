// Trace loading: PES text parse rate, binary load time, resident bytes per record.
// Results and how to read them: docs/performance.md, "Trace loading".
//
// Environment: CHITRA_BENCH_PES_RECORDS (default 10,000,000) and
// CHITRA_BENCH_BINARY_RECORDS (default 100,000,000; the file is 12 bytes per record).
// Files go to $TMPDIR (default /tmp) and are removed at exit.
#include "chitra/io/io.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <malloc.h>
#include <random>
#include <string>
#include <unistd.h>

using namespace chitra;

namespace {

std::size_t env_count(const char* name, std::size_t fallback)
{
    const char* v = std::getenv(name);
    return v && *v ? static_cast<std::size_t>(std::strtoull(v, nullptr, 10)) : fallback;
}

struct Files {
    std::filesystem::path dir;
    std::string pes;
    std::size_t pes_records = 0;
    std::string binary;
    std::size_t binary_records = 0;

    Files()
    {
        std::string tmpl = (std::filesystem::temp_directory_path() / "chitra-bench-io-XXXXXX").string();
        dir = ::mkdtemp(tmpl.data());
    }
    ~Files() { std::filesystem::remove_all(dir); }
};

Files& files()
{
    static Files f;
    return f;
}

// A dining-philosophers-like 2-component trace: 6 local states per component, time
// steps of 0..2000 ticks, ~16 bytes per line.
const std::string& pes_file()
{
    Files& f = files();
    if (f.pes.empty()) {
        f.pes_records = env_count("CHITRA_BENCH_PES_RECORDS", 10'000'000);
        f.pes = (f.dir / "two-component.pes").string();
        static const char* states[] = {"T", "A1", "A2", "E", "R1", "R2"};
        std::mt19937_64 rng(42);
        std::FILE* out = std::fopen(f.pes.c_str(), "wb");
        std::fputs("# chitra-pes 1\n# timebase: ns\n# components: 2\n", out);
        std::string buffer;
        Time t = 1'000'000'000;
        for (std::size_t i = 0; i < f.pes_records; ++i) {
            t += static_cast<Time>(rng() % 2001);
            buffer += std::to_string(t);
            buffer += ' ';
            buffer += states[rng() % 6];
            buffer += ' ';
            buffer += states[rng() % 6];
            buffer += '\n';
            if (buffer.size() > (1 << 20)) {
                std::fwrite(buffer.data(), 1, buffer.size(), out);
                buffer.clear();
            }
        }
        std::fwrite(buffer.data(), 1, buffer.size(), out);
        std::fclose(out);
    }
    return f.pes;
}

const std::string& binary_file()
{
    Files& f = files();
    if (f.binary.empty()) {
        f.binary_records = env_count("CHITRA_BENCH_BINARY_RECORDS", 100'000'000);
        f.binary = (f.dir / "large.ctrace").string();
        Trace t;
        auto table = std::make_shared<SymbolTable>();
        for (int i = 0; i < 36; ++i)
            table->add({.name = "S" + std::to_string(i), .components = {"S" + std::to_string(i)}});
        t.symbols = table;
        std::vector<Time> times(f.binary_records);
        std::vector<SymbolId> states(f.binary_records);
        std::mt19937_64 rng(7);
        Time now = 0;
        for (std::size_t i = 0; i < f.binary_records; ++i) {
            now += static_cast<Time>(rng() % 2001);
            times[i] = now;
            states[i] = static_cast<SymbolId>(rng() % 36);
        }
        t.times = Column<Time>(std::move(times));
        t.states = Column<SymbolId>(std::move(states));
        write_binary_file(t, f.binary);
    }
    return f.binary;
}

// Resident set size in bytes (/proc/self/statm, second field, in pages).
double resident_bytes()
{
    ::malloc_trim(0); // give freed heap back so that only live memory is counted
    std::ifstream statm("/proc/self/statm");
    double size = 0, resident = 0;
    statm >> size >> resident;
    return resident * static_cast<double>(::sysconf(_SC_PAGESIZE));
}

// Resident memory a loaded text trace adds (columns, symbol table; the mapping of the
// text file is released when the reader returns).
void BM_ResidentPerRecordPes(benchmark::State& state)
{
    const std::string& path = pes_file();
    double per_record = 0;
    for (auto _ : state) {
        double before = resident_bytes();
        Trace t = read_pes_file(path);
        double after = resident_bytes();
        per_record = (after - before) / static_cast<double>(t.size());
        benchmark::DoNotOptimize(t.times.data());
    }
    state.counters["bytes_per_record"] = per_record;
}
BENCHMARK(BM_ResidentPerRecordPes)->Unit(benchmark::kMillisecond)->Iterations(1);

// The same for a binary trace: the columns are file pages mapped in by validation.
void BM_ResidentPerRecordBinary(benchmark::State& state)
{
    const std::string& path = binary_file();
    double per_record = 0;
    for (auto _ : state) {
        double before = resident_bytes();
        Trace t = read_binary_file(path);
        double after = resident_bytes();
        per_record = (after - before) / static_cast<double>(t.size());
        benchmark::DoNotOptimize(t.times.data());
    }
    state.counters["bytes_per_record"] = per_record;
}
BENCHMARK(BM_ResidentPerRecordBinary)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_ParsePesText(benchmark::State& state)
{
    const std::string& path = pes_file();
    const auto bytes = std::filesystem::file_size(path);
    std::size_t records = 0;
    for (auto _ : state) {
        Trace t = read_pes_file(path);
        records = t.size();
        benchmark::DoNotOptimize(t.times.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes * state.iterations()));
    state.counters["records"] = static_cast<double>(records);
    state.counters["records_per_s"] =
        benchmark::Counter(static_cast<double>(records * state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParsePesText)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5)->UseRealTime();

void BM_LoadBinary(benchmark::State& state)
{
    const std::string& path = binary_file();
    std::size_t records = 0;
    for (auto _ : state) {
        Trace t = read_binary_file(path); // maps and validates every record
        records = t.size();
        benchmark::DoNotOptimize(t.times.data());
    }
    state.counters["records"] = static_cast<double>(records);
    state.counters["records_per_s"] =
        benchmark::Counter(static_cast<double>(records * state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LoadBinary)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(5)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
