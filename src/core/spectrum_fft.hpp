// Internal to the core: FFTW-aligned buffers and cached real-to-complex plans, shared by
// periodogram() and the per-symbol indicator spectra.
#pragma once

#include <cstddef>
#include <memory>

namespace chitra {

// fftw_malloc / fftw_free (thread safe in FFTW 3.3: plain aligned allocation).
void* fftw_allocate(std::size_t bytes);
void fftw_release(void* p);

// A buffer of n T's with FFTW's SIMD alignment, the alignment every cached plan was
// made for.
template <class T>
class FftwBuffer {
public:
    explicit FftwBuffer(std::size_t n) : p_(static_cast<T*>(fftw_allocate(n * sizeof(T)))) {}
    ~FftwBuffer() { fftw_release(p_); }
    FftwBuffer(const FftwBuffer&) = delete;
    FftwBuffer& operator=(const FftwBuffer&) = delete;
    T* data() { return p_; }
    const T* data() const { return p_; }

private:
    T* p_;
};

// The cached out-of-place r2c plan for length n (an fftw_plan behind a type-erased
// handle that keeps it alive while in use). Plans are made with FFTW_DESTROY_INPUT:
// callers pass scratch input.
std::shared_ptr<void> r2c_plan(std::size_t n);
// fftw_execute_dft_r2c(plan, in, (fftw_complex*)out): in has n doubles, out n/2+1
// complex values, both from FftwBuffer.
void execute_r2c(const std::shared_ptr<void>& plan, double* in, void* out);

} // namespace chitra
