// Periodogram with FFTW: a process-wide plan cache keyed by transform length, and
// wisdom import/export. FFTW's planner (plan creation and destruction, wisdom) is not
// thread safe and is serialised by one mutex; executing a plan on new arrays
// (fftw_execute_dft_r2c) is, so transforms run concurrently.
#include "spectra/spectrum_fft.hpp"

#include "chitra/util/atomic_file.hpp"
#include "chitra/spectra/spectrum.hpp"

#include <fftw3.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace chitra {
namespace {

// Every FFTW call is made under this mutex, so its first use is where FFTW's threads
// are set up (before any other FFTW call, as FFTW requires).
std::mutex& planner_mutex()
{
    static std::mutex mutex;
    static const bool threads = fftw_init_threads() != 0;
    (void)threads;
    return mutex;
}

// Transforms at least this long run on every core: below it, waking the threads costs
// more than they save.
constexpr std::size_t kThreadedLength = std::size_t{1} << 20;

int planner_threads(std::size_t n, FftThreads threads)
{
    return threads == FftThreads::all && n >= kThreadedLength
               ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
               : 1;
}

// Owns one plan; destroyed under the planner mutex (possibly by the last thread that
// executed it after it was evicted from the cache).
struct PlanHolder {
    fftw_plan plan = nullptr;
    ~PlanHolder()
    {
        std::lock_guard lock(planner_mutex());
        fftw_destroy_plan(plan);
    }
};

struct PlanCache {
    static constexpr std::size_t capacity = 64;
    struct Entry {
        std::size_t n;
        FftThreads threads;
        std::uint64_t last_use;
        std::shared_ptr<PlanHolder> plan;
    };
    // Lock order: cache mutex, then planner mutex (never the other way round).
    std::mutex mutex;
    std::vector<Entry> entries;
    std::uint64_t clock = 0;
    FftPlanning mode = FftPlanning::estimate;
    FftPlanCacheStats stats;
};

PlanCache& cache()
{
    // The planner mutex must outlive the cache, whose plans lock it when destroyed at exit.
    planner_mutex();
    static PlanCache instance;
    return instance;
}

std::shared_ptr<PlanHolder> make_plan(std::size_t n, FftPlanning mode, FftThreads threads)
{
    // Planning needs a buffer with the alignment the plan will later run on: fftw_malloc
    // gives FFTW's SIMD alignment, as FftScratch does for every execution.
    FftScratch buffer(n);
    auto* out = reinterpret_cast<fftw_complex*>(buffer.data());
    const unsigned flags = (mode == FftPlanning::measure ? FFTW_MEASURE : FFTW_ESTIMATE) | FFTW_DESTROY_INPUT;
    auto holder = std::make_shared<PlanHolder>();
    {
        std::lock_guard lock(planner_mutex());
        fftw_plan_with_nthreads(planner_threads(n, threads));
        holder->plan = fftw_plan_dft_r2c_1d(static_cast<int>(n), buffer.data(), out, flags);
    }
    if (!holder->plan)
        throw std::runtime_error("FFTW could not plan a transform of length " + std::to_string(n));
    return holder;
}

// Free buffers kept for reuse: at most two, of at most 2^22 + 2 doubles (32 MiB) each,
// so that repeated transforms of interactive sizes do not fault in fresh pages.
class ScratchPool {
public:
    static constexpr std::size_t max_kept = 2;
    static constexpr std::size_t max_doubles = (std::size_t{1} << 22) + 2;

    std::pair<double*, std::size_t> take(std::size_t doubles)
    {
        {
            std::lock_guard lock(mutex_);
            // The smallest free buffer that is large enough.
            auto best = free_.end();
            for (auto it = free_.begin(); it != free_.end(); ++it)
                if (it->second >= doubles && (best == free_.end() || it->second < best->second))
                    best = it;
            if (best != free_.end()) {
                auto found = *best;
                free_.erase(best);
                return found;
            }
        }
        auto* p = static_cast<double*>(fftw_malloc(doubles * sizeof(double)));
        if (!p)
            throw std::bad_alloc();
        return {p, doubles};
    }

    void give_back(double* p, std::size_t doubles)
    {
        if (doubles <= max_doubles) {
            std::lock_guard lock(mutex_);
            if (free_.size() < max_kept) {
                free_.emplace_back(p, doubles);
                return;
            }
            // Keep the larger buffers: replace the smallest if this one is larger.
            auto smallest = std::min_element(free_.begin(), free_.end(),
                                             [](const auto& a, const auto& b) { return a.second < b.second; });
            if (smallest->second < doubles) {
                std::swap(p, smallest->first);
                std::swap(doubles, smallest->second);
            }
        }
        fftw_free(p);
    }

    ~ScratchPool()
    {
        for (auto& [p, n] : free_)
            fftw_free(p);
    }

private:
    std::mutex mutex_;
    std::vector<std::pair<double*, std::size_t>> free_;
};

ScratchPool& pool()
{
    static ScratchPool instance;
    return instance;
}

} // namespace

FftScratch::FftScratch(std::size_t n) { std::tie(p_, capacity_) = pool().take(2 * (n / 2 + 1)); }

FftScratch::FftScratch(Doubles size) { std::tie(p_, capacity_) = pool().take(size.count); }

FftPlannerLock::FftPlannerLock()
{
    planner_mutex().lock();
    fftw_plan_with_nthreads(1);
}

FftPlannerLock::~FftPlannerLock() { planner_mutex().unlock(); }

FftScratch::~FftScratch() { pool().give_back(p_, capacity_); }

std::shared_ptr<void> r2c_plan(std::size_t n, FftThreads threads)
{
    if (n == 0 || n > static_cast<std::size_t>(INT_MAX))
        throw std::length_error("FFT length out of range: " + std::to_string(n));
    auto& c = cache();
    std::shared_ptr<PlanHolder> evicted; // destroyed after the cache lock is released
    std::lock_guard lock(c.mutex);
    ++c.clock;
    for (auto& e : c.entries)
        if (e.n == n && e.threads == threads) {
            e.last_use = c.clock;
            ++c.stats.reuses;
            return {e.plan, e.plan->plan};
        }
    auto plan = make_plan(n, c.mode, threads);
    ++c.stats.plans_made;
    if (c.entries.size() >= PlanCache::capacity) {
        auto oldest = std::min_element(c.entries.begin(), c.entries.end(),
                                       [](const auto& a, const auto& b) { return a.last_use < b.last_use; });
        evicted = std::move(oldest->plan);
        c.entries.erase(oldest);
    }
    c.entries.push_back({n, threads, c.clock, plan});
    return {plan, plan->plan};
}

void execute_r2c(const std::shared_ptr<void>& plan, FftScratch& buffer)
{
    fftw_execute_dft_r2c(static_cast<fftw_plan>(plan.get()), buffer.data(),
                         reinterpret_cast<fftw_complex*>(buffer.data()));
}

namespace {

// Transforms the n samples in `buffer` (overwritten) and adds |X_k|^2 / n of their
// mean-removed values to power[k], k = 0 .. n/2. A constant signal adds nothing: it
// has exactly zero power (the transform would leave rounding noise that could pass for
// a peak).
void add_power(std::size_t n, FftScratch& buffer, const std::shared_ptr<void>& plan, std::vector<double>& power)
{
    double* x = buffer.data();
    double sum = 0.0;
    bool constant = true;
    for (std::size_t j = 0; j < n; ++j) {
        sum += x[j];
        constant &= x[j] == x[0];
    }
    if (constant)
        return;
    const double mean = sum / static_cast<double>(n);
    for (std::size_t j = 0; j < n; ++j)
        x[j] -= mean;
    execute_r2c(plan, buffer);
    const double inv_n = 1.0 / static_cast<double>(n);
    for (std::size_t k = 0; k < power.size(); ++k)
        power[k] += buffer.norm(k) * inv_n;
}

} // namespace

Periodogram periodogram_of(std::size_t n, double sample_interval, const SignalFill& fill, std::size_t segment)
{
    Periodogram pg;
    pg.sample_interval = sample_interval;
    const std::size_t length = segment == 0 || segment >= n ? n : segment;
    pg.samples = length;
    pg.segments = length == 0 ? 0 : n / length;
    if (n == 0)
        return pg;

    const std::size_t bins = length / 2 + 1;
    pg.frequency.resize(bins);
    pg.power.assign(bins, 0.0);
    // k / (N dt) with one rounding, so that e.g. period 4 gives exactly 0.25.
    const double span = static_cast<double>(length) * sample_interval;
    for (std::size_t k = 0; k < bins; ++k)
        pg.frequency[k] = static_cast<double>(k) / span;

    if (length == n) {
        FftScratch whole(n);
        fill(0, n, whole.data());
        add_power(n, whole, r2c_plan(n), pg.power);
    } else {
        // Bartlett's average: the periodograms of consecutive segments, each with its own
        // mean removed; samples past the last whole segment are left out.
        FftScratch part(length);
        const auto plan = r2c_plan(length);
        for (std::size_t s = 0; s < pg.segments; ++s) {
            fill(s * length, length, part.data());
            add_power(length, part, plan, pg.power);
        }
        const double inv_segments = 1.0 / static_cast<double>(pg.segments);
        for (double& p : pg.power)
            p *= inv_segments;
    }
    // The mean was removed: bin 0 is zero up to rounding, make it exact.
    pg.power[0] = 0.0;
    return pg;
}

Periodogram periodogram(std::span<const double> signal, double sample_interval)
{
    return periodogram_of(signal.size(), sample_interval, [signal](std::size_t first, std::size_t count, double* x) {
        std::copy_n(signal.begin() + static_cast<std::ptrdiff_t>(first), count, x);
    });
}

void set_fft_planning(FftPlanning mode)
{
    auto& c = cache();
    std::vector<PlanCache::Entry> old;
    {
        std::lock_guard lock(c.mutex);
        if (c.mode == mode)
            return;
        c.mode = mode;
        old.swap(c.entries);
    }
}

FftPlanCacheStats fft_plan_cache_stats()
{
    auto& c = cache();
    std::lock_guard lock(c.mutex);
    auto stats = c.stats;
    stats.cached = c.entries.size();
    return stats;
}

void clear_fft_plan_cache()
{
    auto& c = cache();
    std::vector<PlanCache::Entry> old; // plans destroyed outside the cache lock
    std::lock_guard lock(c.mutex);
    old.swap(c.entries);
    c.stats = {};
}

bool import_fft_wisdom(const std::string& path)
{
    if (path.empty())
        return false;
    std::lock_guard lock(planner_mutex());
    return fftw_import_wisdom_from_filename(path.c_str()) != 0;
}

bool export_fft_wisdom(const std::string& path)
{
    if (path.empty())
        return false;
    char* text = nullptr;
    {
        std::lock_guard lock(planner_mutex());
        text = fftw_export_wisdom_to_string();
    }
    if (!text)
        return false;
    std::string content(text);
    std::free(text); // fftw_export_wisdom_to_string allocates with malloc
    try {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
        write_file_atomically(path, content);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

} // namespace chitra
