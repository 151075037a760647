// Spectral peaks and the frequency-domain filter's selection (semantics.md sections 3, 6).
#include "chitra/spectra/spectrum.hpp"

#include "chitra/util/cancel.hpp"
#include "spectra/power_spectrum_plan.hpp"
#include "spectra/spectrum_fft.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <future>
#include <limits>
#include <thread>

namespace chitra {
namespace {

// Lowest k >= 1 whose power is within the tie tolerance of the maximum; 0 when there
// is no such bin or the maximum is not positive.
template <class PowerAt> std::size_t peak_bin(std::size_t bins, PowerAt&& power_at)
{
    double best = 0.0;
    for (std::size_t k = 1; k < bins; ++k)
        best = std::max(best, power_at(k));
    if (!(best > 0.0))
        return 0;
    const double threshold = best * (1.0 - kPeakTieTolerance);
    for (std::size_t k = 1; k < bins; ++k)
        if (power_at(k) >= threshold)
            return k;
    return 0;
}

std::size_t table_size(const Ses& ses)
{
    std::size_t size = ses.symbols ? ses.symbols->size() : 0;
    for (SymbolId s : ses.symbol)
        size = std::max<std::size_t>(size, std::size_t{s} + 1);
    return size;
}

} // namespace

std::optional<SpectralPeak> strongest_peak(const Periodogram& pg)
{
    const std::size_t k = peak_bin(pg.power.size(), [&](std::size_t i) { return pg.power[i]; });
    if (k == 0)
        return std::nullopt;
    SpectralPeak peak;
    peak.bin = k;
    peak.frequency = pg.frequency[k];
    peak.period = 1.0 / pg.frequency[k];
    peak.power = pg.power[k];
    return peak;
}

std::optional<SpectralPeriod> strongest_period(const Periodogram& pg)
{
    const std::vector<double>& power = pg.power;
    const std::size_t w = kPeriodNeighbourhood;
    const std::size_t half = std::min(pg.samples / 2, power.empty() ? 0 : power.size() - 1);
    if (half < 2 * w + 1)
        return std::nullopt; // no bin has a whole neighbourhood away from the lowest ones
    const double floor = 1e-12 * *std::max_element(power.begin(), power.end());
    std::optional<SpectralPeriod> best;
    std::array<double, 2 * kPeriodNeighbourhood + 1> window;
    for (std::size_t k = w + 1; k + w <= half; ++k) {
        // A local maximum (the first bin of a plateau) that could beat the best so far.
        if (!(power[k] > power[k - 1] && power[k] >= power[k + 1]) || (best && power[k] <= best->power))
            continue;
        std::copy(power.begin() + static_cast<std::ptrdiff_t>(k - w),
                  power.begin() + static_cast<std::ptrdiff_t>(k + w + 1), window.begin());
        std::nth_element(window.begin(), window.begin() + w, window.end());
        const double median = std::max(window[w], floor);
        if (!(median > 0) || power[k] < kPeriodProminence * median)
            continue;
        best = SpectralPeriod{k, pg.frequency[k], 1.0 / pg.frequency[k], power[k], power[k] / median};
    }
    return best;
}

std::vector<std::optional<SpectralPeak>> indicator_peaks(const Ses& ses, bool event_domain,
                                                         std::optional<double> interval)
{
    std::vector<std::optional<SpectralPeak>> peaks(table_size(ses));

    // The symbol at each sample: the elements themselves, or the time-sampled sequence.
    std::vector<SymbolId> sampled;
    double dt = 1.0;
    std::span<const SymbolId> samples;
    if (!event_domain && interval)
        sample_count(0, 0, *interval); // refuses a bad interval even when nothing is sampled
    if (ses.size() < 2)
        return peaks; // fewer than two elements: no non-zero frequency to speak of
    if (event_domain) {
        samples = ses.symbol;
    } else {
        dt = interval ? *interval : static_cast<double>(default_sample_interval(ses.total()));
        sampled = sample_symbols(ses, ses.bounds.front(), ses.bounds.back(), dt);
        samples = sampled;
    }
    const std::size_t n = samples.size();
    if (n < 2)
        return peaks;

    std::vector<std::size_t> count(peaks.size(), 0);
    for (SymbolId s : samples)
        ++count[s];

    // The symbols' transforms run side by side, one to a core: each on one thread.
    const auto plan = PowerSpectrumPlan::for_length(n);
    const std::vector<SymbolId> laid_out = plan->lay_out(samples, std::numeric_limits<SymbolId>::max());
    const double inv_n = 1.0 / static_cast<double>(n);
    const double span = static_cast<double>(n) * dt;
    // One transform per symbol, the symbols shared out among the cores through a
    // counter; each worker has its own buffer and runs the shared plan (FFTW allows
    // concurrent execution), and checks the caller's cancel flag between symbols.
    std::atomic<std::size_t> next{0};
    const CancelFlag* cancel = current_cancel_flag();
    auto work = [&] {
        CancelScope scope(cancel);
        FftScratch buffer(FftScratch::Doubles{plan->buffer_doubles()});
        for (std::size_t s = next++; s < peaks.size(); s = next++) {
            throw_if_cancelled(); // a cancelled replay stops here promptly
            // A constant indicator (absent or everywhere) has no non-zero frequency.
            if (count[s] == 0 || count[s] == n)
                continue;
            // Bins k >= 1 do not depend on the mean, so it is not removed here.
            double* x = buffer.data();
            for (std::size_t j = 0; j < laid_out.size(); ++j)
                x[j] = laid_out[j] == s ? 1.0 : 0.0;
            const auto strongest = plan->execute_and_find_peak(x);
            if (!strongest)
                continue;
            SpectralPeak peak;
            peak.bin = strongest->bin;
            peak.frequency = static_cast<double>(strongest->bin) / span;
            peak.period = 1.0 / peak.frequency;
            peak.power = strongest->norm * inv_n;
            peaks[s] = peak;
        }
    };
    const std::size_t present = static_cast<std::size_t>(
        std::count_if(count.begin(), count.end(), [n](std::size_t c) { return c > 0 && c < n; }));
    const std::size_t workers = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), present);
    std::vector<std::future<void>> others;
    for (std::size_t w = 1; w < workers; ++w)
        others.push_back(std::async(std::launch::async, work));
    std::exception_ptr failure;
    try {
        work();
    } catch (...) {
        failure = std::current_exception();
        next = peaks.size(); // the others stop at their next symbol
    }
    for (auto& f : others) {
        try {
            f.get();
        } catch (...) {
            if (!failure)
                failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    return peaks;
}

std::vector<SymbolId> symbols_peaking_in_band(const Ses& ses, double f0, double f1, bool event_domain,
                                              std::optional<double> interval)
{
    std::vector<SymbolId> selected;
    const auto peaks = indicator_peaks(ses, event_domain, interval);
    for (std::size_t s = 0; s < peaks.size(); ++s)
        if (peaks[s] && peaks[s]->frequency >= f0 && peaks[s]->frequency <= f1)
            selected.push_back(static_cast<SymbolId>(s));
    return selected;
}

} // namespace chitra
