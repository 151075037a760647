// One-sided power spectra of real signals by FFTW directly or by the prime-factor split
// with Rader's method for the largest prime (see power_spectrum_plan.hpp).
#include "spectra/power_spectrum_plan.hpp"

#include <fftw3.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <complex>
#include <map>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <string>

namespace chitra {
namespace {

using Complex = std::complex<double>;

// Below this length FFTW's own plan is used without timing the other: both are fast.
constexpr std::size_t kTimedLength = std::size_t{1} << 14;

// The columns' convolutions run on blocks of this many columns, so that each block's
// p rows stay in the core's cache from one pass to the next. Even, so that every block
// starts at the 32-byte alignment the plans were made for.
constexpr std::size_t kBlockColumns = 64;

// FFTW does prime steps up to this size with its unrolled codelets.
constexpr std::size_t kSmallestSlowPrime = 17;

// |X|^2 of complex value i of a transform's output (std::norm would go through std::abs
// for doubles, slower and rounded differently).
double norm_at(const double* values, std::size_t i)
{
    return values[2 * i] * values[2 * i] + values[2 * i + 1] * values[2 * i + 1];
}

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m)
{
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % m);
}

std::uint64_t pow_mod(std::uint64_t base, std::uint64_t e, std::uint64_t m)
{
    std::uint64_t r = 1 % m;
    base %= m;
    for (; e; e >>= 1) {
        if (e & 1)
            r = mul_mod(r, base, m);
        base = mul_mod(base, base, m);
    }
    return r;
}

// a^-1 mod m for coprime a, m (extended Euclid).
std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t m)
{
    std::int64_t t = 0, next_t = 1;
    std::int64_t r = static_cast<std::int64_t>(m), next_r = static_cast<std::int64_t>(a % m);
    while (next_r != 0) {
        const std::int64_t q = r / next_r;
        t = std::exchange(next_t, t - q * next_t);
        r = std::exchange(next_r, r - q * next_r);
    }
    return static_cast<std::uint64_t>(t < 0 ? t + static_cast<std::int64_t>(m) : t);
}

std::vector<std::uint64_t> prime_factors(std::uint64_t n)
{
    std::vector<std::uint64_t> factors;
    for (std::uint64_t f = 2; f * f <= n; ++f)
        if (n % f == 0) {
            factors.push_back(f);
            while (n % f == 0)
                n /= f;
        }
    if (n > 1)
        factors.push_back(n);
    return factors;
}

// The smallest generator of the multiplicative group modulo the prime p.
std::uint64_t primitive_root(std::uint64_t p)
{
    const auto factors = prime_factors(p - 1);
    for (std::uint64_t g = 2;; ++g)
        if (std::all_of(factors.begin(), factors.end(),
                        [&](std::uint64_t f) { return pow_mod(g, (p - 1) / f, p) != 1; }))
            return g;
}

} // namespace

// n = m p. Input row r holds Good-Thomas row i1 = g^r (r < p - 1) or i1 = 0 (r = p - 1),
// with g a generator modulo p: after the rows' real transforms, rows 0 .. p-2 are the
// sequence a[r] = Y[g^r] that Rader's convolution takes, and row p - 1 is Y[0].
struct PowerSpectrumPlan::PrimeFactor {
    struct PlanDeleter {
        void operator()(fftw_plan plan) const
        {
            FftPlannerLock lock;
            fftw_destroy_plan(plan);
        }
    };
    using PlanPtr = std::unique_ptr<std::remove_pointer_t<fftw_plan>, PlanDeleter>;

    std::size_t p = 0, m = 0;
    std::vector<std::uint32_t> row_of_input; // by i1
    std::vector<std::uint32_t> k1_of_row;    // output row r holds k1 = g^-r (0 for r = p-1)
    std::vector<Complex> kernel;             // DFT of b[j] = w_p^(g^-j), over p - 1
    std::uint64_t m_inverse_mod_p = 0, p_inverse_mod_m = 0;
    PlanPtr rows;
    // The columns' transforms, a block of kBlockColumns columns at a time, and the
    // narrower last block.
    PlanPtr forward, backward, last_forward, last_backward;
};

// The lowest bin whose norm is within the tie tolerance of the largest, found in one
// pass over values in any order: the values near the running maximum are kept (slots
// only; bins are worked out at the end), and those that a later maximum leaves behind are
// dropped now and then, so that a flat spectrum costs linear time too.
class PowerSpectrumPlan::PeakTracker {
public:
    void add(std::size_t slot, double norm)
    {
        if (norm > best_) {
            best_ = norm;
            threshold_ = norm * (1.0 - kPeakTieTolerance);
            if (near_.size() > 2 * kept_ + 64) {
                std::erase_if(near_, [this](const auto& v) { return v.second < threshold_; });
                kept_ = near_.size();
            }
        }
        if (norm >= threshold_)
            near_.emplace_back(slot, norm);
    }

    template <class BinOf> std::optional<Peak> peak(BinOf&& bin_of) const
    {
        if (!(best_ > 0.0))
            return std::nullopt;
        std::optional<Peak> found;
        for (const auto& [slot, norm] : near_) {
            if (norm < threshold_)
                continue;
            const std::size_t bin = bin_of(slot);
            if (!found || bin < found->bin)
                found = Peak{bin, norm};
        }
        return found;
    }

private:
    double best_ = 0.0;
    double threshold_ = INFINITY;
    std::vector<std::pair<std::size_t, double>> near_;
    std::size_t kept_ = 0;
};

bool PowerSpectrumPlan::prime_factor_applies(std::size_t n)
{
    if (n < 2 || n > static_cast<std::size_t>(INT_MAX))
        return false;
    const std::uint64_t p = prime_factors(n).back();
    const std::uint64_t m = n / p;
    return p >= kSmallestSlowPrime && m >= 2 && m % p != 0;
}

PowerSpectrumPlan::PowerSpectrumPlan(std::size_t n, SpectrumLayout layout) : n_(n), layout_(layout)
{
    if (n < 2 || n > static_cast<std::size_t>(INT_MAX))
        throw std::length_error("FFT length out of range: " + std::to_string(n));
    if (layout == SpectrumLayout::direct) {
        direct_plan_ = r2c_plan(n, FftThreads::one);
        cols_ = n / 2 + 1;
        input_slots_ = n;
        return;
    }
    if (!prime_factor_applies(n))
        throw std::invalid_argument("no prime-factor split for length " + std::to_string(n));
    pf_ = std::make_unique<PrimeFactor>();
    auto& pf = *pf_;
    pf.p = prime_factors(n).back();
    pf.m = n / pf.p;
    const std::size_t p = pf.p, m = pf.m, span = p - 1;
    rows_ = p;
    cols_ = m / 2 + 1;
    input_slots_ = p * 2 * cols_;

    const std::uint64_t g = primitive_root(p);
    pf.row_of_input.resize(p);
    pf.k1_of_row.resize(p);
    std::vector<Complex> b(span);
    const std::uint64_t g_inverse = inverse_mod(g, p);
    std::uint64_t power = 1, inverse_power = 1;
    for (std::size_t r = 0; r < span; ++r) {
        pf.row_of_input[power] = static_cast<std::uint32_t>(r);
        pf.k1_of_row[r] = static_cast<std::uint32_t>(inverse_power);
        b[r] = std::polar(1.0, -2.0 * std::numbers::pi * static_cast<double>(inverse_power) / static_cast<double>(p));
        power = mul_mod(power, g, p);
        inverse_power = mul_mod(inverse_power, g_inverse, p);
    }
    pf.row_of_input[0] = static_cast<std::uint32_t>(span);
    pf.k1_of_row[span] = 0;
    pf.m_inverse_mod_p = inverse_mod(m % p, p);
    pf.p_inverse_mod_m = inverse_mod(p % m, m);

    // Plans are made on a buffer of the alignment they will run on (fftw_malloc's).
    FftScratch buffer(FftScratch::Doubles{buffer_doubles()});
    auto* complex = reinterpret_cast<fftw_complex*>(buffer.data());
    const int mi = static_cast<int>(m), spani = static_cast<int>(span);
    const int pi = static_cast<int>(p), colsi = static_cast<int>(cols_);
    pf.kernel.resize(span);
    {
        FftPlannerLock lock;
        const unsigned flags = FFTW_ESTIMATE | FFTW_DESTROY_INPUT;
        pf.rows.reset(fftw_plan_many_dft_r2c(1, &mi, pi, buffer.data(), nullptr, 1, 2 * colsi, complex, nullptr, 1,
                                             colsi, flags));
        // `width` columns of the rows 0 .. p-2, starting at column `first`.
        auto columns = [&](std::size_t first, std::size_t width, int sign) {
            const int w = static_cast<int>(width);
            fftw_complex* at = complex + first;
            return fftw_plan_many_dft(1, &spani, w, at, nullptr, colsi, 1, at, nullptr, colsi, 1, sign, flags);
        };
        const std::size_t block = std::min(kBlockColumns, cols_);
        const std::size_t last = cols_ % block;
        pf.forward.reset(columns(0, block, FFTW_FORWARD));
        pf.backward.reset(columns(0, block, FFTW_BACKWARD));
        if (last != 0) {
            pf.last_forward.reset(columns(cols_ - last, last, FFTW_FORWARD));
            pf.last_backward.reset(columns(cols_ - last, last, FFTW_BACKWARD));
        }
        fftw_plan kernel_plan =
            fftw_plan_dft_1d(spani, reinterpret_cast<fftw_complex*>(b.data()),
                             reinterpret_cast<fftw_complex*>(pf.kernel.data()), FFTW_FORWARD, FFTW_ESTIMATE);
        if (kernel_plan) {
            fftw_execute(kernel_plan);
            fftw_destroy_plan(kernel_plan);
        }
        if (!kernel_plan || !pf.rows || !pf.forward || !pf.backward ||
            (last != 0 && (!pf.last_forward || !pf.last_backward)))
            throw std::runtime_error("FFTW could not plan a transform of length " + std::to_string(n));
    }
    // The backward transform is not normalised: the kernel carries the 1 / (p - 1).
    for (Complex& k : pf.kernel)
        k /= static_cast<double>(span);
}

PowerSpectrumPlan::~PowerSpectrumPlan() = default;

std::size_t PowerSpectrumPlan::buffer_doubles() const
{
    // The prime-factor layout keeps one more row: Y[0] of the rows, while the
    // convolution overwrites it.
    return layout_ == SpectrumLayout::direct ? 2 * cols_ : (rows_ + 1) * 2 * cols_;
}

std::size_t PowerSpectrumPlan::input_row(std::size_t i1) const { return pf_->row_of_input[i1]; }

void PowerSpectrumPlan::execute(double* buffer) const { run(buffer, nullptr); }

std::optional<PowerSpectrumPlan::Peak> PowerSpectrumPlan::execute_and_find_peak(double* buffer) const
{
    if (layout_ == SpectrumLayout::direct) {
        run(buffer, nullptr);
        return strongest(buffer);
    }
    PeakTracker tracker;
    run(buffer, &tracker);
    return tracker.peak([this](std::size_t i) { return bin_of(i); });
}

void PowerSpectrumPlan::run(double* buffer, PeakTracker* tracker) const
{
    if (layout_ == SpectrumLayout::direct) {
        fftw_execute_dft_r2c(static_cast<fftw_plan>(direct_plan_.get()), buffer,
                             reinterpret_cast<fftw_complex*>(buffer));
        return;
    }
    const auto& pf = *pf_;
    const std::size_t span = pf.p - 1, cols = cols_;
    auto* c = reinterpret_cast<Complex*>(buffer);
    fftw_execute_dft_r2c(pf.rows.get(), buffer, reinterpret_cast<fftw_complex*>(buffer));
    Complex* y0 = c + span * cols;   // the rows' Y[0], later X for k1 = 0
    Complex* kept = c + pf.p * cols; // a copy of Y[0] that the convolution leaves alone
    const std::size_t block = std::min(kBlockColumns, cols);
    for (std::size_t first = 0; first < cols; first += block) {
        const std::size_t width = std::min(block, cols - first);
        const bool whole = width == block;
        auto* at = reinterpret_cast<fftw_complex*>(c + first);
        std::copy_n(y0 + first, width, kept + first);
        fftw_execute_dft(whole ? pf.forward.get() : pf.last_forward.get(), at, at);
        // After the forward transform row 0 is the sum of a[r], so X for k1 = 0 is Y[0] + it.
        for (std::size_t k = first; k < first + width; ++k)
            y0[k] = kept[k] + c[k];
        // Written out: std::complex's operator* checks for infinities through __muldc3.
        for (std::size_t r = 0; r < span; ++r) {
            const double wr = pf.kernel[r].real(), wi = pf.kernel[r].imag();
            double* row = buffer + 2 * (r * cols + first);
            for (std::size_t k = 0; k < 2 * width; k += 2) {
                const double re = row[k], im = row[k + 1];
                row[k] = re * wr - im * wi;
                row[k + 1] = re * wi + im * wr;
            }
        }
        fftw_execute_dft(whole ? pf.backward.get() : pf.last_backward.get(), at, at);
        for (std::size_t r = 0; r < span; ++r) {
            Complex* row = c + r * cols + first;
            for (std::size_t k = 0; k < width; ++k)
                row[k] += kept[first + k];
        }
        // The block is still in the cache: look for the peak now rather than in a
        // pass of its own. Row p-1 is k1 = 0, and its first value is bin 0.
        if (tracker)
            for (std::size_t r = 0; r <= span; ++r)
                for (std::size_t k = first == 0 && r == span ? 1 : 0; k < width; ++k)
                    tracker->add(r * cols + first + k, norm_at(buffer, r * cols + first + k));
    }
}

std::size_t PowerSpectrumPlan::bin_of(std::size_t value) const
{
    if (layout_ == SpectrumLayout::direct)
        return value;
    const auto& pf = *pf_;
    const std::size_t row = value / cols_, col = value % cols_;
    // The Chinese remainder: k = k1 mod p, k = col mod m.
    const std::uint64_t a = mul_mod(std::uint64_t{pf.k1_of_row[row]} * pf.m, pf.m_inverse_mod_p, n_);
    const std::uint64_t b = mul_mod(std::uint64_t{col} * pf.p, pf.p_inverse_mod_m, n_);
    const std::uint64_t k = (a + b) % n_;
    return static_cast<std::size_t>(std::min<std::uint64_t>(k, n_ - k));
}

std::optional<PowerSpectrumPlan::Peak> PowerSpectrumPlan::strongest(const double* buffer) const
{
    PeakTracker tracker;
    // Bin 0 is the first value (direct) or the first of the last row (prime factor).
    const std::size_t zero = layout_ == SpectrumLayout::direct ? 0 : (rows_ - 1) * cols_;
    for (std::size_t i = 0; i < rows_ * cols_; ++i)
        if (i != zero)
            tracker.add(i, norm_at(buffer, i));
    return tracker.peak([this](std::size_t i) { return bin_of(i); });
}

std::vector<double> PowerSpectrumPlan::norms(const double* buffer) const
{
    std::vector<double> out(n_ / 2 + 1, 0.0);
    for (std::size_t i = 0; i < rows_ * cols_; ++i) {
        const std::size_t bin = bin_of(i);
        if (bin < out.size())
            out[bin] = norm_at(buffer, i);
    }
    return out;
}

namespace {

// Seconds of the faster of two executions, after one that faults the buffer in.
double time_execution(const PowerSpectrumPlan& plan)
{
    FftScratch buffer(FftScratch::Doubles{plan.buffer_doubles()});
    double best = INFINITY;
    for (int run = 0; run < 3; ++run) {
        std::fill_n(buffer.data(), plan.buffer_doubles(), 0.0);
        const auto start = std::chrono::steady_clock::now();
        plan.execute(buffer.data());
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        if (run > 0)
            best = std::min(best, took.count());
    }
    return best;
}

} // namespace

std::shared_ptr<const PowerSpectrumPlan> PowerSpectrumPlan::for_length(std::size_t n)
{
    static std::mutex mutex;
    static std::map<std::size_t, std::shared_ptr<const PowerSpectrumPlan>> chosen;
    std::lock_guard lock(mutex);
    if (auto it = chosen.find(n); it != chosen.end())
        return it->second;
    std::shared_ptr<const PowerSpectrumPlan> plan = std::make_shared<PowerSpectrumPlan>(n, SpectrumLayout::direct);
    if (n >= kTimedLength && prime_factor_applies(n)) {
        auto other = std::make_shared<PowerSpectrumPlan>(n, SpectrumLayout::prime_factor);
        if (time_execution(*other) < time_execution(*plan))
            plan = std::move(other);
    }
    // A few lengths are kept: a view's lengths change with its range.
    if (chosen.size() >= 8)
        chosen.erase(chosen.begin());
    chosen.emplace(n, plan);
    return plan;
}

} // namespace chitra
