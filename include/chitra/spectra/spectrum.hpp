// Periodograms of the views' signals (semantics.md section 6), computed with FFTW.
// Units, sampling and defaults are described in docs/spectra.md.
#pragma once

#include "chitra/trace/ses.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace chitra {

// One-sided periodogram: power[k] = |X_k|^2 / N of the mean-removed signal, at
// frequency[k] = k / (N * sample_interval), k = 0 .. N/2. Power is not folded (the
// bins 0 < k < N/2 are not doubled), so sum_k w_k * power[k] = N * variance with
// w_k = 2 for the bins that have a mirror image and 1 for k = 0 and k = N/2 (N even).
struct Periodogram {
    std::vector<double> frequency;
    std::vector<double> power;
    double sample_interval = 1.0;
    std::size_t samples = 0;  // N, the length of the transformed signal (of each segment)
    std::size_t segments = 1; // periodograms averaged (Bartlett's method); 1 for the whole signal
};

// The mean is removed before the transform. An empty signal gives an empty
// periodogram; a one-sample signal gives the single bin k = 0 with power 0.
// Thread safe: FFTW plans come from a shared cache (see below).
Periodogram periodogram(std::span<const double> signal, double sample_interval);

// The strongest non-zero frequency: argmax of power over k >= 1; powers within a
// relative 1e-9 of the maximum count as ties and the lowest k wins (harmonics of an
// impulse train are equal up to rounding). nullopt when there is no bin k >= 1 or
// every such bin has zero power (a constant signal).
struct SpectralPeak {
    std::size_t bin = 0;
    double frequency = 0.0;
    double period = 0.0; // 1 / frequency, in samples' units (events or time units)
    double power = 0.0;
};
std::optional<SpectralPeak> strongest_peak(const Periodogram& pg);

// The strongest period, as the views report it (interfaces.md "What the views report"):
// the candidates are the bins k with 17 <= k <= N/2 - 16 that are local maxima and whose
// power is at least 20 times the median power of bins k-16 .. k+16 (that median floored
// at 1e-12 of the largest power); the one of highest power wins (ties: the lower k).
// nullopt when there is no candidate. Unlike strongest_peak (the frequency filter's
// rule), the lowest bins are never named: they restate the span or a long phase.
struct SpectralPeriod {
    std::size_t bin = 0;
    double frequency = 0.0;
    double period = 0.0;
    double power = 0.0;
    double prominence = 0.0; // power / the median of its neighbourhood
};
inline constexpr std::size_t kPeriodNeighbourhood = 16; // bins either side
inline constexpr double kPeriodProminence = 20.0;
std::optional<SpectralPeriod> strongest_period(const Periodogram& pg);

// ---- Signals -------------------------------------------------------------------------
// `y` gives the y coordinate of each symbol, indexed by SymbolId (the views' row order).
// An empty span means "the symbol id itself" (order of first appearance, composites
// later); ids at or beyond y.size() also fall back to the id itself.

// Event signal: one sample per element of [i0, i1) (clamped to the SES), value = y.
std::vector<double> event_signal(const Ses& ses, std::size_t i0, std::size_t i1, std::span<const double> y = {});
// 1 for elements of `symbol`, else 0, over elements [i0, i1) (clamped).
std::vector<double> event_indicator(const Ses& ses, SymbolId symbol, std::size_t i0, std::size_t i1);

// Time sampling. The time range [t0, t1) is first clamped to the SES's span
// [bounds.front(), bounds.back()); samples are taken at t0 + j*dt for every j >= 0 with
// t0 + j*dt < t1, and sample j takes the value of the element occupying that time
// (bounds[i] <= t < bounds[i+1]; zero-occupancy elements are never sampled).
inline constexpr std::size_t kDefaultMaxSamples = std::size_t{1} << 20;
// Refused above this many samples (an interval too fine for the range): 2^27.
inline constexpr std::size_t kMaxSamples = std::size_t{1} << 27;

// The default interval: the smallest whole number of time units that gives at most
// 2^20 samples over a span, i.e. ceil(span / 2^20), and at least 1.
Time default_sample_interval(Time span);
// The number of samples over [t0, t1) at interval dt (t1 <= t0: 0). dt must be > 0.
std::size_t sample_count(Time t0, Time t1, double dt);

// The step signal (value = y of the occupied symbol), sampled in one linear merge pass.
// Throws InputError when dt is not a positive finite number or the sample count
// exceeds kMaxSamples.
std::vector<double> time_signal(const Ses& ses, Time t0, Time t1, double dt, std::span<const double> y = {});
// 1 while the trace is in `symbol`, else 0, sampled as time_signal.
std::vector<double> time_indicator(const Ses& ses, SymbolId symbol, Time t0, Time t1, double dt);
// The occupied symbol at each sample time (the building block of the two above).
std::vector<SymbolId> sample_symbols(const Ses& ses, Time t0, Time t1, double dt);

// The periodograms of the signals above, sampled straight into the transform's own
// buffer: the same numbers as periodogram(time_signal(...), dt) without the intermediate
// vector. Event domain: sample interval 1.
//
// `segment` (0: the whole signal) averages instead the periodograms of consecutive
// segments of that many samples, each with its own mean removed (Bartlett's method;
// samples past the last whole segment are left out): N = segment, a coarser frequency
// grid with far less variance, and for long signals far less output and time. A
// segment at least as long as the signal is the whole signal.
Periodogram time_periodogram(const Ses& ses, Time t0, Time t1, double dt, std::span<const double> y = {},
                             std::size_t segment = 0);
Periodogram time_indicator_periodogram(const Ses& ses, SymbolId symbol, Time t0, Time t1, double dt,
                                       std::size_t segment = 0);
Periodogram event_periodogram(const Ses& ses, std::size_t i0, std::size_t i1, std::span<const double> y = {},
                              std::size_t segment = 0);
Periodogram event_indicator_periodogram(const Ses& ses, SymbolId symbol, std::size_t i0, std::size_t i1,
                                        std::size_t segment = 0);

// ---- Units ---------------------------------------------------------------------------
// Event domain: frequencies are in cycles per event. Time domain: in cycles per time
// unit of the trace (per tick of its time base). Converts the latter to Hz; nullopt for
// the `cycles` base.
std::optional<double> to_hertz(double cycles_per_unit, TimeBase base);

// ---- The frequency-domain filter's selection -----------------------------------------
// The symbols whose indicator signal has its strongest non-zero frequency inside
// [f0, f1] (the frequency-domain filter's selection, semantics.md section 3), in
// increasing id order. Time domain: sampled at `interval` over the whole SES
// (default: default_sample_interval(ses.total())), frequencies in cycles per time unit;
// event domain: one sample per element, frequencies in cycles per event.
// A symbol whose indicator is constant over the samples (never sampled, or everywhere)
// has no peak and is never selected. Costs one real FFT of N samples per symbol present,
// which is fine up to a few hundred symbols (see docs/spectra.md).
// Throws InputError for a bad interval (see time_signal).
std::vector<SymbolId> symbols_peaking_in_band(const Ses& ses, double f0, double f1, bool event_domain,
                                              std::optional<double> interval);

// Each symbol's strongest non-zero indicator frequency, indexed by SymbolId (nullopt for
// symbols absent from the samples or with a constant indicator). Same sampling as
// symbols_peaking_in_band, which is a selection over this.
std::vector<std::optional<SpectralPeak>> indicator_peaks(const Ses& ses, bool event_domain,
                                                         std::optional<double> interval);

// ---- FFTW plan cache -----------------------------------------------------------------
// Plans are made once per transform length N and reused by every thread (FFTW's planner
// is not thread safe, so planning is serialised; execution is concurrent). The cache
// keeps the 64 most recently used lengths.
enum class FftPlanning { estimate, measure };
// FFTW_ESTIMATE by default: FFTW_MEASURE times candidate algorithms and can take
// seconds per new length, too slow when every zoom gives a new N. Changing the mode
// empties the cache.
void set_fft_planning(FftPlanning mode);

struct FftPlanCacheStats {
    std::uint64_t plans_made = 0; // planner calls since start (or the last clear)
    std::uint64_t reuses = 0;     // transforms that found their plan in the cache
    std::size_t cached = 0;       // plans held now
};
FftPlanCacheStats fft_plan_cache_stats();
void clear_fft_plan_cache();

// FFTW wisdom (optional): lets measured plans survive between runs. Both return false
// on failure and never throw.
bool import_fft_wisdom(const std::string& path);
bool export_fft_wisdom(const std::string& path);

} // namespace chitra
