// Internal to the core: the one-sided power spectra of many real signals of one length,
// as the frequency-domain filter needs them (one per symbol), by the faster of two ways.
#pragma once

#include "spectra/spectrum_fft.hpp"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace chitra {

// Powers within this relative distance of the maximum count as ties (lowest k wins):
// the harmonics of an impulse train are equal in exact arithmetic, not in rounding, and
// the two layouts below round differently.
inline constexpr double kPeakTieTolerance = 1e-9;

// How a signal of length n is transformed:
// - `direct`: FFTW's own real-to-complex plan of length n.
// - `prime_factor`: n = m p with p the largest prime factor of n (p >= 17, p not dividing
//   m). FFTW does p-point steps of that size the slow way (O(p^2) each: for n =
//   1,025,703 = 15,309 x 67 that is most of the time), so the transform is split by the
//   prime-factor (Good-Thomas) map into p real transforms of length m, then m/2 + 1
//   complex transforms of length p, each done by Rader's method as a cyclic convolution
//   of length p - 1, all of them batched into two FFTW plans. Same bins, in another
//   order.
enum class SpectrumLayout { direct, prime_factor };

class PowerSpectrumPlan {
public:
    // The plan for length n (n >= 2), cached per length: the layout measured faster on
    // this machine when both apply (timed once per length and process).
    static std::shared_ptr<const PowerSpectrumPlan> for_length(std::size_t n);
    // A plan with the given layout; `prime_factor` needs prime_factor_applies(n).
    PowerSpectrumPlan(std::size_t n, SpectrumLayout layout);
    ~PowerSpectrumPlan();
    PowerSpectrumPlan(const PowerSpectrumPlan&) = delete;
    PowerSpectrumPlan& operator=(const PowerSpectrumPlan&) = delete;

    static bool prime_factor_applies(std::size_t n);

    std::size_t length() const { return n_; }
    SpectrumLayout layout() const { return layout_; }
    // Doubles in the buffer a transform runs in (FftScratch{Doubles{...}}).
    std::size_t buffer_doubles() const;

    // Where each sample goes: the buffer's input slots, `pad` in the slots that are not
    // samples. A signal is placed by writing f(laid_out[i]) to slot i.
    template <class T> std::vector<T> lay_out(std::span<const T> samples, T pad) const
    {
        std::vector<T> out(input_slots_, pad);
        for_each_input_slot([&](std::size_t slot, std::size_t sample) { out[slot] = samples[sample]; });
        return out;
    }
    std::size_t input_slots() const { return input_slots_; }

    // Transforms the laid-out signal in `buffer` in place.
    void execute(double* buffer) const;

    struct Peak {
        std::size_t bin = 0; // k in 1 .. n/2
        double norm = 0.0;   // |X_k|^2
    };
    // execute() and strongest() in one, the prime-factor layout looking for the peak
    // while each block of its output is still in the cache.
    std::optional<Peak> execute_and_find_peak(double* buffer) const;

    // After execute(): the lowest bin k >= 1 whose |X_k|^2 is within the tie tolerance
    // of the largest; nullopt when every non-zero bin is zero.
    std::optional<Peak> strongest(const double* buffer) const;
    // After execute(): |X_k|^2 for every k in 0 .. n/2 (tests compare the layouts).
    std::vector<double> norms(const double* buffer) const;

private:
    struct PrimeFactor;
    class PeakTracker;
    // execute(), feeding the prime-factor layout's output to `tracker` if given.
    void run(double* buffer, PeakTracker* tracker) const;
    template <class F> void for_each_input_slot(F&& f) const;
    // The input row of the samples of Good-Thomas row i1 (prime_factor only).
    std::size_t input_row(std::size_t i1) const;
    // The one-sided bin held by complex value `value` of the output (row value / cols_,
    // column value % cols_).
    std::size_t bin_of(std::size_t value) const;

    std::size_t n_;
    SpectrumLayout layout_;
    std::size_t input_slots_;
    std::size_t rows_ = 1; // output: rows_ x cols_ complex values
    std::size_t cols_ = 0;
    std::shared_ptr<void> direct_plan_;
    std::unique_ptr<PrimeFactor> pf_;
};

template <class F> void PowerSpectrumPlan::for_each_input_slot(F&& f) const
{
    if (layout_ == SpectrumLayout::direct) {
        for (std::size_t j = 0; j < n_; ++j)
            f(j, j);
        return;
    }
    // Row r of the input holds the samples (m i1 + p i2) mod n, i2 = 0 .. m-1, of the
    // i1 that Rader's order puts at r; rows are 2 (m/2 + 1) doubles apart.
    const std::size_t p = rows_;
    const std::size_t m = n_ / p;
    const std::size_t row_doubles = 2 * cols_;
    for (std::size_t i1 = 0; i1 < p; ++i1) {
        const std::size_t base = input_row(i1) * row_doubles;
        std::size_t sample = (m * i1) % n_;
        for (std::size_t i2 = 0; i2 < m; ++i2) {
            f(base + i2, sample);
            sample += p;
            if (sample >= n_)
                sample -= n_;
        }
    }
}

} // namespace chitra
