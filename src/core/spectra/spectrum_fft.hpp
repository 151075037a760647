// Internal to the core: pooled FFTW buffers and cached in-place real-to-complex plans,
// shared by periodogram() and the per-symbol indicator spectra.
#pragma once

#include "chitra/spectra/spectrum.hpp"

#include <cstddef>
#include <functional>
#include <memory>

namespace chitra {

// An in-place r2c buffer for n points: 2 * (n/2 + 1) doubles with FFTW's SIMD alignment
// (fftw_malloc), the alignment every cached plan was made for. The first n doubles are
// the input, the whole buffer is read as n/2 + 1 complex values afterwards. Buffers come
// from a small pool, because a fresh 32 MiB allocation costs more in page faults than the
// transform itself.
class FftScratch {
public:
    explicit FftScratch(std::size_t n);
    // A buffer of exactly `count` doubles, for layouts other than one r2c transform.
    struct Doubles {
        std::size_t count;
    };
    explicit FftScratch(Doubles size);
    ~FftScratch();
    FftScratch(const FftScratch&) = delete;
    FftScratch& operator=(const FftScratch&) = delete;
    double* data() { return p_; }
    // Squared magnitude of X_k after execute().
    double norm(std::size_t k) const { return p_[2 * k] * p_[2 * k] + p_[2 * k + 1] * p_[2 * k + 1]; }

private:
    double* p_;
    std::size_t capacity_; // doubles
};

// Whether one transform of a long signal runs on every core (one transform at a time), or
// on the calling thread only (callers that run several transforms at once).
enum class FftThreads { all, one };

// The cached in-place r2c plan for length n (an fftw_plan behind a type-erased handle
// that keeps it alive while in use). Plans are made with FFTW_DESTROY_INPUT.
std::shared_ptr<void> r2c_plan(std::size_t n, FftThreads threads = FftThreads::all);
// fftw_execute_dft_r2c on an FftScratch of the plan's length.
void execute_r2c(const std::shared_ptr<void>& plan, FftScratch& buffer);

// Holds FFTW's planner (plan creation and destruction are not thread safe) and sets it
// to plan for one thread; plans made under it run on the calling thread only.
class FftPlannerLock {
public:
    FftPlannerLock();
    ~FftPlannerLock();
    FftPlannerLock(const FftPlannerLock&) = delete;
    FftPlannerLock& operator=(const FftPlannerLock&) = delete;
};

// Writes samples [first, first + count) of a signal to out[0 .. count).
using SignalFill = std::function<void(std::size_t first, std::size_t count, double* out)>;

// The periodogram of the n samples that `fill` writes into the buffer it is given (the
// transform's own input), so that signals need no intermediate vector; with `segment`
// (0 < segment < n), Bartlett's average over segments of that many samples, each
// filled into a buffer of one segment.
Periodogram periodogram_of(std::size_t n, double sample_interval, const SignalFill& fill, std::size_t segment = 0);

} // namespace chitra
