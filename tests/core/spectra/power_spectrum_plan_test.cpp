// The two ways of transforming a real signal (FFTW's own plan, and the prime-factor split
// with Rader's method) give the same one-sided power spectrum and the same strongest bin.
#include "spectra/power_spectrum_plan.hpp"

#include "chitra/spectra/spectrum.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <numbers>
#include <numeric>
#include <random>

using namespace chitra;

namespace {

// |X_k|^2 for k = 0 .. n/2 of the given layout, the signal placed through lay_out.
std::vector<double> norms_by(SpectrumLayout layout, const std::vector<double>& signal,
                             std::optional<PowerSpectrumPlan::Peak>* peak = nullptr)
{
    const PowerSpectrumPlan plan(signal.size(), layout);
    const auto laid_out = plan.lay_out(std::span<const double>(signal), 0.0);
    FftScratch buffer(FftScratch::Doubles{plan.buffer_doubles()});
    std::copy(laid_out.begin(), laid_out.end(), buffer.data());
    plan.execute(buffer.data());
    if (peak)
        *peak = plan.strongest(buffer.data());
    return plan.norms(buffer.data());
}

// The prime-factor layout's peak found while it transforms.
std::optional<PowerSpectrumPlan::Peak> peak_during_transform(const std::vector<double>& signal)
{
    const PowerSpectrumPlan plan(signal.size(), SpectrumLayout::prime_factor);
    const auto laid_out = plan.lay_out(std::span<const double>(signal), 0.0);
    FftScratch buffer(FftScratch::Doubles{plan.buffer_doubles()});
    std::copy(laid_out.begin(), laid_out.end(), buffer.data());
    return plan.execute_and_find_peak(buffer.data());
}

// The textbook DFT, for lengths small enough.
std::vector<double> naive_norms(const std::vector<double>& x)
{
    const std::size_t n = x.size();
    std::vector<double> out(n / 2 + 1);
    for (std::size_t k = 0; k < out.size(); ++k) {
        std::complex<double> sum;
        for (std::size_t j = 0; j < n; ++j)
            sum += x[j] *
                   std::polar(1.0, -2.0 * std::numbers::pi * static_cast<double>(j * k % n) / static_cast<double>(n));
        out[k] = std::norm(sum);
    }
    return out;
}

} // namespace

TEST(PowerSpectrumPlan, PrimeFactorSplitAppliesOnlyToALargePrimeFactorOfPowerOne)
{
    EXPECT_TRUE(PowerSpectrumPlan::prime_factor_applies(1'025'703)); // 3^7 x 7 x 67
    EXPECT_TRUE(PowerSpectrumPlan::prime_factor_applies(34));        // 2 x 17
    EXPECT_TRUE(PowerSpectrumPlan::prime_factor_applies(17 * 16));
    EXPECT_FALSE(PowerSpectrumPlan::prime_factor_applies(1 << 20)); // no prime above 13
    EXPECT_FALSE(PowerSpectrumPlan::prime_factor_applies(13 * 11 * 64));
    EXPECT_FALSE(PowerSpectrumPlan::prime_factor_applies(67));          // prime: nothing to split
    EXPECT_FALSE(PowerSpectrumPlan::prime_factor_applies(17 * 17 * 2)); // p divides m
    EXPECT_FALSE(PowerSpectrumPlan::prime_factor_applies(1));
    EXPECT_THROW(PowerSpectrumPlan(1 << 10, SpectrumLayout::prime_factor), std::invalid_argument);
}

TEST(PowerSpectrumPlan, LayOutPlacesEverySampleOnce)
{
    for (std::size_t n : {34u, 153u, 1005u, 9700u}) {
        for (auto layout : {SpectrumLayout::direct, SpectrumLayout::prime_factor}) {
            const PowerSpectrumPlan plan(n, layout);
            std::vector<std::size_t> index(n);
            std::iota(index.begin(), index.end(), std::size_t{0});
            const std::size_t pad = n;
            auto laid_out = plan.lay_out(std::span<const std::size_t>(index), pad);
            EXPECT_EQ(laid_out.size(), plan.input_slots());
            EXPECT_LE(plan.input_slots(), plan.buffer_doubles());
            std::erase(laid_out, pad);
            std::sort(laid_out.begin(), laid_out.end());
            EXPECT_EQ(laid_out, index) << "n = " << n;
        }
    }
}

TEST(PowerSpectrumPlan, BothLayoutsGiveTheTextbookSpectrum)
{
    std::mt19937_64 rng(3);
    std::normal_distribution<double> value;
    // Largest primes 17, 19, 23, 67, 97, 1009 with smooth and awkward cofactors, odd and even.
    for (std::size_t n : {34u, 153u, 19u * 8u, 23u * 6u, 1005u, 67u * 12u, 97u * 10u, 1009u * 2u}) {
        std::vector<double> x(n);
        for (double& v : x)
            v = value(rng);
        const auto expected = naive_norms(x);
        const double scale = *std::max_element(expected.begin(), expected.end());
        for (auto layout : {SpectrumLayout::direct, SpectrumLayout::prime_factor}) {
            const auto got = norms_by(layout, x);
            ASSERT_EQ(got.size(), expected.size());
            for (std::size_t k = 0; k < got.size(); ++k)
                ASSERT_NEAR(got[k], expected[k], 1e-9 * scale) << "n = " << n << ", k = " << k;
        }
    }
}

TEST(PowerSpectrumPlan, LayoutsAgreeOnTheStrongestBinOfRandomIndicators)
{
    std::mt19937_64 rng(11);
    // The frequency filter's default length here is 1,025,703 = 3^7 x 7 x 67; smaller ones
    // of the same kind keep the test quick. 17 x 600 has 301 columns: one whole block of
    // columns and a narrower last one.
    for (std::size_t n : {3u * 7u * 67u * 9u, 2u * 5u * 1009u, 17u * 64u, 17u * 600u, 1'025'703u}) {
        for (int trial = 0; trial < 3; ++trial) {
            // An indicator with runs: a symbol entered now and then.
            std::bernoulli_distribution enter(0.05 + 0.1 * trial), leave(0.3);
            std::vector<double> x(n);
            bool in = false;
            for (double& v : x) {
                in = in ? !leave(rng) : enter(rng);
                v = in ? 1.0 : 0.0;
            }
            std::optional<PowerSpectrumPlan::Peak> direct, split;
            const auto a = norms_by(SpectrumLayout::direct, x, &direct);
            const auto b = norms_by(SpectrumLayout::prime_factor, x, &split);
            ASSERT_TRUE(direct && split);
            EXPECT_EQ(direct->bin, split->bin) << "n = " << n;
            EXPECT_NEAR(direct->norm, split->norm, 1e-12 * direct->norm);
            // Looking for the peak during the transform finds the same one.
            const auto fused = peak_during_transform(x);
            ASSERT_TRUE(fused);
            EXPECT_EQ(fused->bin, split->bin);
            EXPECT_EQ(fused->norm, split->norm);
            EXPECT_EQ(std::max_element(a.begin() + 1, a.end()) - a.begin(), static_cast<std::ptrdiff_t>(direct->bin));
            ASSERT_EQ(a.size(), b.size());
            for (std::size_t k = 1; k < a.size(); ++k)
                ASSERT_NEAR(a[k], b[k], 1e-9 * direct->norm) << "n = " << n << ", k = " << k;
        }
    }
}

TEST(PowerSpectrumPlan, EqualHarmonicsGoToTheLowestBinInBothLayouts)
{
    // One sample in every 5 of 3 x 5 x 67 samples: the harmonics k = 201, 402 are equal in
    // exact arithmetic; in rounding either may be larger, and the lowest must win.
    const std::size_t n = 3 * 5 * 67;
    std::vector<double> x(n, 0.0);
    for (std::size_t j = 0; j < n; j += 5)
        x[j] = 1.0;
    for (auto layout : {SpectrumLayout::direct, SpectrumLayout::prime_factor}) {
        std::optional<PowerSpectrumPlan::Peak> peak;
        norms_by(layout, x, &peak);
        ASSERT_TRUE(peak);
        EXPECT_EQ(peak->bin, n / 5);
    }
    // One impulse: a flat spectrum, every bin tied, bin 1 wins (and the ties are kept in
    // linear time).
    std::vector<double> impulse(n, 0.0);
    impulse[7] = 1.0;
    for (auto layout : {SpectrumLayout::direct, SpectrumLayout::prime_factor}) {
        std::optional<PowerSpectrumPlan::Peak> peak;
        norms_by(layout, impulse, &peak);
        ASSERT_TRUE(peak);
        EXPECT_EQ(peak->bin, 1u);
    }
    ASSERT_TRUE(peak_during_transform(impulse));
    EXPECT_EQ(peak_during_transform(impulse)->bin, 1u);
    EXPECT_EQ(peak_during_transform(x)->bin, n / 5);
    // An all-zero signal has no peak at all.
    std::optional<PowerSpectrumPlan::Peak> none;
    norms_by(SpectrumLayout::prime_factor, std::vector<double>(n, 0.0), &none);
    EXPECT_FALSE(none);
}

TEST(PowerSpectrumPlan, IndicatorPeaksAtALengthWithALargePrimeMatchTheirPeriodograms)
{
    // 20,100 = 2^2 x 3 x 5^2 x 67 elements in the event domain: long enough for the
    // layouts to be timed against each other; whichever is chosen, the peaks are those of
    // each symbol's own periodogram.
    std::mt19937_64 rng(5);
    std::uniform_int_distribution<SymbolId> sym(1, 4);
    auto table = std::make_shared<SymbolTable>();
    for (char c : std::string("ABCDE"))
        table->add({.name = std::string(1, c), .components = {std::string(1, c)}});
    Ses ses;
    ses.symbols = table;
    const std::size_t m = 20'100;
    ses.bounds.push_back(0);
    ses.records.push_back(0);
    for (std::size_t i = 0; i < m; ++i) {
        // Symbol 0 at every 6th element only: its harmonics tie, and the lowest must win.
        ses.symbol.push_back(i % 6 == 0 ? 0 : sym(rng));
        ses.bounds.push_back(ses.bounds.back() + 1);
        ses.records.push_back(i + 1);
    }
    ASSERT_TRUE(PowerSpectrumPlan::prime_factor_applies(m));
    const auto peaks = indicator_peaks(ses, true, std::nullopt);
    for (SymbolId s = 0; s < 5; ++s) {
        const auto expected = strongest_peak(periodogram(event_indicator(ses, s, 0, m), 1.0));
        ASSERT_TRUE(peaks[s] && expected);
        EXPECT_EQ(peaks[s]->bin, expected->bin) << "symbol " << s;
        EXPECT_NEAR(peaks[s]->power, expected->power, 1e-9 * expected->power);
    }
    EXPECT_EQ(peaks[0]->bin, m / 6);
}
