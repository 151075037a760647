// Spectra: signals, sampling, periodogram values, plan cache, frequency-band selection.
#include "chitra/spectra/spectrum.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <cmath>
#include <complex>
#include <numbers>
#include <random>
#include <thread>

using namespace chitra;

namespace {

// An SES over a fresh symbol table from names and occupancies, starting at `start`.
Ses make_ses(const std::vector<std::string>& names, const std::vector<Time>& occupancy, Time start = 0)
{
    auto table = std::make_shared<SymbolTable>();
    Ses ses;
    ses.bounds.push_back(start);
    ses.records.push_back(0);
    for (std::size_t i = 0; i < names.size(); ++i) {
        SymbolId id = table->find(names[i]);
        if (id == kNoSymbol)
            id = table->add({.name = names[i], .components = {names[i]}});
        ses.symbol.push_back(id);
        ses.bounds.push_back(ses.bounds.back() + occupancy[i]);
        ses.records.push_back(i + 1);
    }
    ses.symbols = table;
    return ses;
}

// `cycles` repetitions of a pattern of names with per-position occupancies.
Ses repeat_ses(const std::vector<std::string>& pattern, const std::vector<Time>& occupancy, int cycles)
{
    std::vector<std::string> names;
    std::vector<Time> occ;
    for (int c = 0; c < cycles; ++c) {
        names.insert(names.end(), pattern.begin(), pattern.end());
        occ.insert(occ.end(), occupancy.begin(), occupancy.end());
    }
    return make_ses(names, occ);
}

// |X_k|^2 / N of the mean-removed signal by the textbook O(N^2) DFT.
std::vector<double> naive_power(const std::vector<double>& x)
{
    const std::size_t n = x.size();
    double mean = 0;
    for (double v : x)
        mean += v;
    mean /= static_cast<double>(n);
    std::vector<double> p(n / 2 + 1);
    for (std::size_t k = 0; k < p.size(); ++k) {
        std::complex<double> acc = 0;
        for (std::size_t j = 0; j < n; ++j)
            acc += (x[j] - mean) *
                   std::polar(1.0, -2.0 * std::numbers::pi * static_cast<double>(k * j % n) / static_cast<double>(n));
        p[k] = std::norm(acc) / static_cast<double>(n);
    }
    return p;
}

std::vector<double> random_signal(std::size_t n, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> dist(3.0, 2.0);
    std::vector<double> x(n);
    for (auto& v : x)
        v = dist(rng);
    return x;
}

// The symbol occupying time t, by binary search (the reference for the merge pass).
SymbolId occupant(const Ses& ses, double t)
{
    std::size_t lo = 0, hi = ses.size();
    // last i with bounds[i] <= t; zero-occupancy elements are skipped by taking the last.
    while (hi - lo > 1) {
        std::size_t mid = (lo + hi) / 2;
        if (static_cast<double>(ses.bounds[mid]) <= t)
            lo = mid;
        else
            hi = mid;
    }
    return ses.symbol[lo];
}

} // namespace

// ---- sampling --------------------------------------------------------------------------

// A [0,3)  B [3,4)  C [4,4) (zero occupancy)  A [4,10)
Ses hand_ses() { return make_ses({"A", "B", "C", "A"}, {3, 1, 0, 6}); }

TEST(SpectrumSignal, TimeSamplingOfStepSignalByHand)
{
    const Ses ses = hand_ses();
    // Default y: the symbol id (A=0, B=1, C=2). Samples at 0,2,4,6,8.
    EXPECT_EQ(time_signal(ses, 0, 10, 2), (std::vector<double>{0, 0, 0, 0, 0}));
    // Samples at 0,1,...,9: B only at 3; C never (zero occupancy).
    EXPECT_EQ(time_signal(ses, 0, 10, 1), (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 0, 0, 0}));
    // Non-integer interval: 0, 1.5, 3, 4.5, 6, 7.5, 9 with y = {10, 20, 30}.
    const std::vector<double> y{10, 20, 30};
    EXPECT_EQ(time_signal(ses, 0, 10, 1.5, y), (std::vector<double>{10, 10, 20, 10, 10, 10, 10}));
    // A sub-range: 2, 3, 4.
    EXPECT_EQ(time_signal(ses, 2, 5, 1, y), (std::vector<double>{10, 20, 10}));
    // A range beyond the trace is clamped to [0, 10) first: 0, 3, 6, 9.
    EXPECT_EQ(time_signal(ses, -5, 100, 3, y), (std::vector<double>{10, 20, 10, 10}));
    // t1 is excluded: [0, 9) at 3 gives 0, 3, 6.
    EXPECT_EQ(time_signal(ses, 0, 9, 3, y), (std::vector<double>{10, 20, 10}));
    EXPECT_TRUE(time_signal(ses, 5, 5, 1).empty());
    EXPECT_TRUE(time_signal(ses, 20, 30, 1).empty());
    // y shorter than the table: missing ids fall back to the id itself.
    EXPECT_EQ(time_signal(ses, 0, 4, 1, std::vector<double>{7}), (std::vector<double>{7, 7, 7, 1}));
}

TEST(SpectrumSignal, IndicatorsAndSymbolSamples)
{
    const Ses ses = hand_ses();
    EXPECT_EQ(time_indicator(ses, 1, 0, 10, 1), (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(time_indicator(ses, 2, 0, 10, 1), std::vector<double>(10, 0.0));
    EXPECT_EQ(time_indicator(ses, 0, 0, 10, 2.5), (std::vector<double>{1, 1, 1, 1}));
    EXPECT_EQ(sample_symbols(ses, 0, 10, 1.5), (std::vector<SymbolId>{0, 0, 1, 0, 0, 0, 0}));
    EXPECT_EQ(event_signal(ses, 0, 4), (std::vector<double>{0, 1, 2, 0}));
    EXPECT_EQ(event_signal(ses, 1, 3, std::vector<double>{5, 6, 7}), (std::vector<double>{6, 7}));
    EXPECT_EQ(event_signal(ses, 2, 100), (std::vector<double>{2, 0}));
    EXPECT_TRUE(event_signal(ses, 7, 3).empty());
    EXPECT_EQ(event_indicator(ses, 0, 0, 4), (std::vector<double>{1, 0, 0, 1}));
}

TEST(SpectrumSignal, SampleCountsAndDefaultInterval)
{
    EXPECT_EQ(sample_count(0, 10, 3), 4u);
    EXPECT_EQ(sample_count(0, 9, 3), 3u);
    EXPECT_EQ(sample_count(0, 10, 1.5), 7u);
    EXPECT_EQ(sample_count(0, 9, 1.5), 6u);
    EXPECT_EQ(sample_count(5, 5, 1), 0u);
    EXPECT_EQ(sample_count(5, 2, 1), 0u);
    EXPECT_EQ(sample_count(-10, 10, 0.25), 80u);

    EXPECT_EQ(default_sample_interval(0), 1);
    EXPECT_EQ(default_sample_interval(1), 1);
    EXPECT_EQ(default_sample_interval(Time{1} << 20), 1);
    EXPECT_EQ(default_sample_interval((Time{1} << 20) + 1), 2);
    EXPECT_EQ(default_sample_interval(3 * (Time{1} << 20)), 3);
    // The default never gives more than 2^20 samples.
    for (Time span : {Time{999'999'937}, Time{1} << 20, (Time{1} << 21) - 1, Time{123'456'789'012}})
        EXPECT_LE(sample_count(0, span, static_cast<double>(default_sample_interval(span))), kDefaultMaxSamples);
}

TEST(SpectrumSignal, BadIntervalsAreRefused)
{
    const Ses ses = hand_ses();
    EXPECT_THROW(time_signal(ses, 0, 10, 0), InputError);
    EXPECT_THROW(time_signal(ses, 0, 10, -1), InputError);
    EXPECT_THROW(time_signal(ses, 0, 10, std::nan("")), InputError);
    EXPECT_THROW(sample_count(0, 10, INFINITY), InputError);
    // 10 time units at 1e-9 would be 10^10 samples: over the limit.
    EXPECT_THROW(time_signal(ses, 0, 10, 1e-9), InputError);
    EXPECT_THROW(symbols_peaking_in_band(ses, 0, 1, false, 0.0), InputError);
}

TEST(SpectrumSignal, MergePassMatchesBinarySearchOnRandomTraces)
{
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 20; ++trial) {
        std::uniform_int_distribution<int> sym(0, 5), occ(0, 7), len(1, 300);
        std::vector<std::string> names;
        std::vector<Time> occupancy;
        const int m = len(rng);
        for (int i = 0; i < m; ++i) {
            names.push_back(std::string(1, static_cast<char>('A' + sym(rng))));
            occupancy.push_back(occ(rng));
        }
        occupancy.back() += 1; // a non-empty span
        const Ses ses = make_ses(names, occupancy, 100);
        for (double dt : {1.0, 3.0, 0.7, 2.25}) {
            const Time t0 = 100 + trial, t1 = ses.bounds.back() - trial / 2;
            const auto got = sample_symbols(ses, t0, t1, dt);
            ASSERT_EQ(got.size(), sample_count(t0, std::min(t1, ses.bounds.back()), dt));
            for (std::size_t j = 0; j < got.size(); ++j)
                ASSERT_EQ(got[j], occupant(ses, static_cast<double>(t0) + static_cast<double>(j) * dt))
                    << "trial " << trial << " dt " << dt << " sample " << j;
        }
    }
}

// ---- periodogram values ------------------------------------------------------------------

TEST(Periodogram, PureSinusoidFallsInItsBin)
{
    const std::size_t n = 64;
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j)
        x[j] = 7.0 + 3.0 * std::cos(2.0 * std::numbers::pi * 5.0 * static_cast<double>(j) / 64.0);
    const Periodogram pg = periodogram(x, 0.5);
    ASSERT_EQ(pg.samples, n);
    ASSERT_EQ(pg.power.size(), 33u);
    ASSERT_EQ(pg.frequency.size(), 33u);
    EXPECT_DOUBLE_EQ(pg.frequency[1], 1.0 / 32.0);
    EXPECT_DOUBLE_EQ(pg.frequency[32], 1.0); // Nyquist: 1 / (2 * 0.5)
    // |X_5| = 3 * N / 2, so power = 9 N / 4 = 144.
    EXPECT_NEAR(pg.power[5], 144.0, 1e-9);
    for (std::size_t k = 0; k < pg.power.size(); ++k)
        if (k != 5) {
            EXPECT_NEAR(pg.power[k], 0.0, 1e-9) << k;
        }
    const auto peak = strongest_peak(pg);
    ASSERT_TRUE(peak);
    EXPECT_EQ(peak->bin, 5u);
    EXPECT_DOUBLE_EQ(peak->frequency, 5.0 / 32.0);
    EXPECT_DOUBLE_EQ(peak->period, 6.4);
}

TEST(Periodogram, ParsevalPowerSumEqualsNTimesVariance)
{
    for (std::size_t n : {2u, 3u, 100u, 101u, 4096u, 1000003u}) {
        const auto x = random_signal(n, static_cast<unsigned>(n));
        double mean = 0;
        for (double v : x)
            mean += v;
        mean /= static_cast<double>(n);
        double ss = 0;
        for (double v : x)
            ss += (v - mean) * (v - mean);
        const Periodogram pg = periodogram(x, 1.0);
        double total = 0;
        for (std::size_t k = 0; k < pg.power.size(); ++k) {
            const bool mirrored = k != 0 && !(n % 2 == 0 && k == n / 2);
            total += (mirrored ? 2.0 : 1.0) * pg.power[k];
        }
        EXPECT_NEAR(total, ss, 1e-9 * ss) << "N = " << n; // ss = N * population variance
        EXPECT_EQ(pg.power[0], 0.0);
    }
}

TEST(Periodogram, MatchesTextbookDftForAwkwardLengths)
{
    for (std::size_t n : {5u, 12u, 97u, 1001u}) {
        const auto x = random_signal(n, 7);
        const auto expected = naive_power(x);
        const Periodogram pg = periodogram(x, 2.0);
        ASSERT_EQ(pg.power.size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k) {
            EXPECT_NEAR(pg.power[k], expected[k], 1e-9 * (1.0 + expected[k])) << "N " << n << " k " << k;
            EXPECT_DOUBLE_EQ(pg.frequency[k], static_cast<double>(k) / (2.0 * static_cast<double>(n)));
        }
    }
}

TEST(Periodogram, EmptyOneSampleAndConstantSignals)
{
    const Periodogram empty = periodogram({}, 1.0);
    EXPECT_EQ(empty.samples, 0u);
    EXPECT_TRUE(empty.power.empty());
    EXPECT_TRUE(empty.frequency.empty());
    EXPECT_FALSE(strongest_peak(empty));

    const std::vector<double> one{5.0};
    const Periodogram single = periodogram(one, 1.0);
    EXPECT_EQ(single.samples, 1u);
    EXPECT_EQ(single.power, std::vector<double>{0.0});
    EXPECT_EQ(single.frequency, std::vector<double>{0.0});
    EXPECT_FALSE(strongest_peak(single));

    const std::vector<double> flat(10, 0.1);
    const Periodogram constant = periodogram(flat, 1.0);
    EXPECT_EQ(constant.power, std::vector<double>(6, 0.0));
    EXPECT_FALSE(strongest_peak(constant));

    const Ses none = make_ses({}, {});
    EXPECT_TRUE(time_signal(none, 0, 10, 1).empty());
    EXPECT_TRUE(event_signal(none, 0, 10).empty());
    EXPECT_TRUE(symbols_peaking_in_band(none, 0, 1, true, std::nullopt).empty());
    EXPECT_TRUE(symbols_peaking_in_band(none, 0, 1, false, std::nullopt).empty());
    const Ses lone = make_ses({"A"}, {5});
    EXPECT_EQ(time_signal(lone, 0, 5, 1).size(), 5u);
    EXPECT_TRUE(symbols_peaking_in_band(lone, 0, 1, true, std::nullopt).empty());
    EXPECT_TRUE(symbols_peaking_in_band(lone, 0, 1, false, std::nullopt).empty());
    EXPECT_FALSE(strongest_peak(periodogram(time_signal(lone, 0, 5, 1), 1.0)));
}

TEST(Periodogram, TiesGoToTheLowestFrequency)
{
    // An impulse train of period 8: every harmonic has the same power in exact arithmetic.
    std::vector<double> x(64, 0.0);
    for (std::size_t j = 0; j < x.size(); j += 8)
        x[j] = 1.0;
    const auto peak = strongest_peak(periodogram(x, 1.0));
    ASSERT_TRUE(peak);
    EXPECT_EQ(peak->bin, 8u);
    EXPECT_DOUBLE_EQ(peak->frequency, 0.125);
}

// ---- the strongest period (interfaces.md "What the views report") ----------------------

namespace {
// A square wave of `period` samples (half 1, half 0) over `n` samples.
std::vector<double> square_wave(std::size_t n, std::size_t period)
{
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j)
        x[j] = (j % period) < period / 2 ? 1.0 : 0.0;
    return x;
}
} // namespace

TEST(StrongestPeriod, ALongFirstPhaseIsNotThePeriodButTheLoopAfterItIs)
{
    // MPI_Init-like: the first 70% of the run in one state (y = 5), then a loop of 8.
    const std::size_t n = 8192, start = n * 7 / 10;
    std::vector<double> x = square_wave(n, 8);
    std::fill(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(start), 5.0);
    const Periodogram pg = periodogram(x, 1.0);
    const auto lowest = strongest_peak(pg); // the filter's rule: all power in the lowest bins
    ASSERT_TRUE(lowest);
    EXPECT_LT(lowest->bin, 17u);
    const auto period = strongest_period(pg);
    ASSERT_TRUE(period);
    EXPECT_EQ(period->bin, n / 8);
    EXPECT_DOUBLE_EQ(period->period, 8.0);
    EXPECT_GE(period->prominence, kPeriodProminence);
}

TEST(StrongestPeriod, AnExactlyPeriodicSignalNamesItsPeriod)
{
    for (std::size_t p : {4u, 16u, 50u}) {
        const auto period = strongest_period(periodogram(square_wave(4000, p), 0.5));
        ASSERT_TRUE(period) << p;
        EXPECT_DOUBLE_EQ(period->period, 0.5 * static_cast<double>(p)) << "in the sample interval's units";
        EXPECT_DOUBLE_EQ(period->power, periodogram(square_wave(4000, p), 0.5).power[period->bin]);
    }
    // An impulse train: every harmonic ties, the lowest wins.
    std::vector<double> x(1024, 0.0);
    for (std::size_t j = 0; j < x.size(); j += 16)
        x[j] = 1.0;
    const auto train = strongest_period(periodogram(x, 1.0));
    ASSERT_TRUE(train);
    EXPECT_EQ(train->bin, 64u);
}

TEST(StrongestPeriod, NoiseAndShortOrFlatSignalsHaveNone)
{
    for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
        std::mt19937 random(seed);
        std::normal_distribution<double> noise;
        std::vector<double> x(8192);
        for (double& v : x)
            v = noise(random);
        EXPECT_FALSE(strongest_period(periodogram(x, 1.0))) << "seed " << seed;
    }
    // 66 samples: bins 0..33, none with 16 neighbours either side above bin 16.
    EXPECT_FALSE(strongest_period(periodogram(square_wave(66, 4), 1.0)));
    EXPECT_TRUE(strongest_period(periodogram(square_wave(68, 4), 1.0))) << "bin 17 of 34";
    EXPECT_FALSE(strongest_period(periodogram(std::vector<double>(1000, 2.0), 1.0)));
    EXPECT_FALSE(strongest_period(periodogram({}, 1.0)));
}

// ---- plan cache ------------------------------------------------------------------------

TEST(FftPlanCache, SameLengthReusesThePlanAndGivesIdenticalResults)
{
    clear_fft_plan_cache();
    const auto x = random_signal(1000, 3);
    const Periodogram a = periodogram(x, 1.0);
    const Periodogram b = periodogram(x, 1.0);
    auto stats = fft_plan_cache_stats();
    EXPECT_EQ(stats.plans_made, 1u);
    EXPECT_EQ(stats.reuses, 1u);
    EXPECT_EQ(stats.cached, 1u);
    EXPECT_EQ(a.power, b.power); // bit for bit

    const auto y = random_signal(1001, 4);
    const Periodogram c = periodogram(y, 1.0);
    stats = fft_plan_cache_stats();
    EXPECT_EQ(stats.plans_made, 2u);
    EXPECT_EQ(stats.cached, 2u);
    const auto expected = naive_power(y);
    for (std::size_t k = 0; k < expected.size(); ++k)
        ASSERT_NEAR(c.power[k], expected[k], 1e-9 * (1.0 + expected[k]));
}

TEST(FftPlanCache, KeepsAtMost64PlansAndStillComputes)
{
    clear_fft_plan_cache();
    for (std::size_t n = 10; n < 110; ++n)
        periodogram(random_signal(n, 1), 1.0);
    EXPECT_EQ(fft_plan_cache_stats().cached, 64u);
    const auto x = random_signal(10, 1); // evicted long ago: planned again
    const auto expected = naive_power(x);
    const Periodogram pg = periodogram(x, 1.0);
    for (std::size_t k = 0; k < expected.size(); ++k)
        EXPECT_NEAR(pg.power[k], expected[k], 1e-9 * (1.0 + expected[k]));
    EXPECT_EQ(fft_plan_cache_stats().plans_made, 101u);
}

TEST(FftPlanCache, ConcurrentTransformsAgreeWithSequentialOnes)
{
    clear_fft_plan_cache();
    std::vector<std::vector<double>> inputs;
    std::vector<Periodogram> sequential;
    for (std::size_t i = 0; i < 8; ++i) {
        inputs.push_back(random_signal(500 + 37 * (i % 4), static_cast<unsigned>(i)));
        sequential.push_back(periodogram(inputs.back(), 1.0));
    }
    clear_fft_plan_cache();
    std::vector<Periodogram> parallel(inputs.size());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        threads.emplace_back([&, i] {
            for (int rep = 0; rep < 20; ++rep)
                parallel[i] = periodogram(inputs[i], 1.0);
        });
    for (auto& t : threads)
        t.join();
    for (std::size_t i = 0; i < inputs.size(); ++i)
        EXPECT_EQ(parallel[i].power, sequential[i].power) << i;
    EXPECT_EQ(fft_plan_cache_stats().plans_made, 4u);
}

TEST(FftPlanCache, WisdomRoundTripsThroughAFile)
{
    const std::string path = testing::TempDir() + "chitra-wisdom-test/fftw-wisdom";
    periodogram(random_signal(256, 1), 1.0);
    EXPECT_TRUE(export_fft_wisdom(path));
    EXPECT_TRUE(import_fft_wisdom(path));
    EXPECT_FALSE(import_fft_wisdom(path + ".missing"));
    EXPECT_FALSE(import_fft_wisdom(""));
    std::error_code ignored;
    std::filesystem::remove_all(std::filesystem::path(path).parent_path(), ignored);
}

TEST(Periodogram, DirectSignalPeriodogramsEqualTheTwoStepForm)
{
    std::vector<std::string> names;
    std::vector<Time> occupancy;
    std::mt19937_64 rng(5);
    std::uniform_int_distribution<int> sym(0, 4), occ(0, 6);
    for (int i = 0; i < 777; ++i) {
        names.push_back(std::string(1, static_cast<char>('A' + sym(rng))));
        occupancy.push_back(occ(rng));
    }
    const Ses ses = make_ses(names, occupancy, 50);
    const std::vector<double> y{4, 2, 9, 1, 3};
    const auto same = [](const Periodogram& a, const Periodogram& b) {
        EXPECT_EQ(a.samples, b.samples);
        EXPECT_EQ(a.sample_interval, b.sample_interval);
        EXPECT_EQ(a.frequency, b.frequency);
        EXPECT_EQ(a.power, b.power); // same samples, same plan: bit for bit
    };
    same(time_periodogram(ses, 60, 2000, 2.5, y), periodogram(time_signal(ses, 60, 2000, 2.5, y), 2.5));
    same(time_periodogram(ses, 0, 5000, 3), periodogram(time_signal(ses, 0, 5000, 3), 3));
    same(time_indicator_periodogram(ses, 2, 0, 5000, 1), periodogram(time_indicator(ses, 2, 0, 5000, 1), 1));
    same(event_periodogram(ses, 10, 700, y), periodogram(event_signal(ses, 10, 700, y), 1));
    same(event_indicator_periodogram(ses, 3, 0, 777), periodogram(event_indicator(ses, 3, 0, 777), 1));
    EXPECT_EQ(event_periodogram(ses, 900, 1000).samples, 0u);
}

// Bartlett's average: each bin is the mean over the whole segments of the segments' own
// periodograms (each segment's mean removed); the tail past the last segment is left out.
TEST(Periodogram, SegmentAveragingIsTheMeanOfTheSegmentsPeriodograms)
{
    std::vector<std::string> names;
    std::vector<Time> occupancy;
    std::mt19937_64 rng(8);
    std::uniform_int_distribution<int> sym(0, 4), occ(1, 6);
    for (int i = 0; i < 1001; ++i) {
        names.push_back(std::string(1, static_cast<char>('A' + (i % 3 == 0 ? 0 : sym(rng)))));
        occupancy.push_back(occ(rng));
    }
    const Ses ses = make_ses(names, occupancy, 0);
    const std::vector<double> y{4, 2, 9, 1, 3};
    // `avg` against the mean of the periodograms of `signal`'s whole segments.
    const auto expect_bartlett = [](const Periodogram& avg, const std::vector<double>& signal, std::size_t segment,
                                    double dt) {
        ASSERT_EQ(avg.samples, segment);
        ASSERT_EQ(avg.segments, signal.size() / segment);
        ASSERT_EQ(avg.power.size(), segment / 2 + 1);
        std::vector<double> mean(segment / 2 + 1, 0.0);
        for (std::size_t s = 0; s < avg.segments; ++s) {
            const Periodogram one = periodogram(std::span(signal).subspan(s * segment, segment), dt);
            EXPECT_EQ(one.frequency, avg.frequency);
            for (std::size_t k = 0; k < mean.size(); ++k)
                mean[k] += one.power[k] / static_cast<double>(avg.segments);
        }
        for (std::size_t k = 0; k < mean.size(); ++k)
            EXPECT_NEAR(avg.power[k], mean[k], 1e-9 * (1 + mean[k])) << "segment " << segment << " bin " << k;
    };
    for (const std::size_t segment : {std::size_t{64}, std::size_t{100}, std::size_t{333}}) {
        expect_bartlett(event_periodogram(ses, 0, ses.size(), y, segment), event_signal(ses, 0, ses.size(), y), segment,
                        1.0);
        expect_bartlett(event_indicator_periodogram(ses, 2, 7, 990, segment), event_indicator(ses, 2, 7, 990), segment,
                        1.0);
        // The time domain's segments are of samples, filled from the middle of the trace.
        expect_bartlett(time_periodogram(ses, 5, 3000, 2.5, y, segment), time_signal(ses, 5, 3000, 2.5, y), segment,
                        2.5);
        expect_bartlett(time_indicator_periodogram(ses, 0, 0, 3500, 3, segment), time_indicator(ses, 0, 0, 3500, 3),
                        segment, 3);
    }
    // Every third element is A: the average keeps the peak at period 3.
    const auto peak = strongest_peak(event_indicator_periodogram(ses, 0, 0, ses.size(), 96));
    ASSERT_TRUE(peak);
    EXPECT_EQ(peak->bin, 32u);
    // A segment as long as the signal, or longer, is the whole-signal periodogram.
    const Periodogram whole = event_periodogram(ses, 0, ses.size(), y);
    EXPECT_EQ(event_periodogram(ses, 0, ses.size(), y, ses.size()).power, whole.power);
    EXPECT_EQ(event_periodogram(ses, 0, ses.size(), y, 5000).power, whole.power);
    EXPECT_EQ(whole.segments, 1u);
}

// ---- periodic traces -------------------------------------------------------------------

TEST(PeriodicTrace, EventAndTimePeriodogramsPeakAtThePeriod)
{
    // A B C D with occupancies 1 2 3 4, 64 cycles: period 4 events, 10 time units.
    const Ses ses = repeat_ses({"A", "B", "C", "D"}, {1, 2, 3, 4}, 64);

    // Event signal 0 1 2 3 ...: per period X_1 = -2 + 2i, X_2 = -2, so over 64 periods
    // power(k = 64) = 64^2 * 8 / 256 = 128 and power(k = 128) = 64^2 * 4 / 256 = 64.
    const Periodogram ev = periodogram(event_signal(ses, 0, ses.size()), 1.0);
    ASSERT_EQ(ev.samples, 256u);
    auto peak = strongest_peak(ev);
    ASSERT_TRUE(peak);
    EXPECT_EQ(peak->bin, 64u);
    EXPECT_DOUBLE_EQ(peak->frequency, 0.25);
    EXPECT_DOUBLE_EQ(peak->period, 4.0);
    EXPECT_NEAR(peak->power, 128.0, 1e-9);
    EXPECT_NEAR(ev.power[128], 64.0, 1e-9);

    // Time signal at the default interval (span 640 -> 1): 0 1 1 2 2 2 3 3 3 3 ...
    const Time dt = default_sample_interval(ses.total());
    ASSERT_EQ(dt, 1);
    const Periodogram tm = periodogram(time_signal(ses, 0, ses.total(), 1), 1.0);
    ASSERT_EQ(tm.samples, 640u);
    peak = strongest_peak(tm);
    ASSERT_TRUE(peak);
    EXPECT_DOUBLE_EQ(peak->frequency, 0.1);
    EXPECT_DOUBLE_EQ(peak->period, 10.0);
    // Only harmonics of the period carry power.
    for (std::size_t k = 1; k < tm.power.size(); ++k)
        if (k % 64 != 0) {
            EXPECT_NEAR(tm.power[k], 0.0, 1e-9) << k;
        }

    // A coarser interval sees the same period.
    const Periodogram coarse = periodogram(time_signal(ses, 0, ses.total(), 2), 2.0);
    EXPECT_EQ(coarse.samples, 320u);
    EXPECT_DOUBLE_EQ(strongest_peak(coarse)->frequency, 0.1);

    // Per-symbol indicators recur with the same period.
    for (SymbolId s = 0; s < 4; ++s) {
        EXPECT_DOUBLE_EQ(strongest_peak(periodogram(event_indicator(ses, s, 0, ses.size()), 1.0))->frequency, 0.25);
        EXPECT_DOUBLE_EQ(strongest_peak(periodogram(time_indicator(ses, s, 0, ses.total(), 1), 1.0))->frequency, 0.1);
    }
}

TEST(PeriodicTrace, HertzConversion)
{
    EXPECT_DOUBLE_EQ(*to_hertz(0.1, TimeBase::us), 1e5);
    EXPECT_DOUBLE_EQ(*to_hertz(0.5, TimeBase::s), 0.5);
    EXPECT_DOUBLE_EQ(*to_hertz(2.0, TimeBase::ms), 2000.0);
    EXPECT_NEAR(*to_hertz(1e-9, TimeBase::ns), 1.0, 1e-15);
    EXPECT_FALSE(to_hertz(1.0, TimeBase::cycles));
}

// ---- frequency-band selection -----------------------------------------------------------

TEST(SymbolsPeakingInBand, EventDomainByHand)
{
    // X Y Z Y Z Y Z Y, 50 cycles. Per period of 8: X is an impulse train (all harmonics
    // equal: the lowest, 1/8, wins); Y = 0 1 0 1 ... has power only at 1/2; Z = 0 0 1 0 1
    // 0 1 0 has |Z_k|^2 = 1, 1, 1, 9 for k = 1..4, so its peak is also at 1/2.
    const Ses ses = repeat_ses({"X", "Y", "Z", "Y", "Z", "Y", "Z", "Y"}, {5, 1, 1, 1, 1, 1, 1, 1}, 50);
    const SymbolId x = 0, y = 1, z = 2;
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.1, 0.2, true, std::nullopt), (std::vector<SymbolId>{x}));
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.125, 0.125, true, std::nullopt), (std::vector<SymbolId>{x}));
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.4, 0.5, true, std::nullopt), (std::vector<SymbolId>{y, z}));
    EXPECT_TRUE(symbols_peaking_in_band(ses, 0.13, 0.49, true, std::nullopt).empty());
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.0, 1.0, true, std::nullopt), (std::vector<SymbolId>{x, y, z}));

    const auto peaks = indicator_peaks(ses, true, std::nullopt);
    ASSERT_EQ(peaks.size(), 3u);
    EXPECT_DOUBLE_EQ(peaks[x]->period, 8.0);
    EXPECT_DOUBLE_EQ(peaks[y]->frequency, 0.5);
    EXPECT_DOUBLE_EQ(peaks[z]->frequency, 0.5);
}

TEST(SymbolsPeakingInBand, TimeDomainByHand)
{
    // Period 12 time units: X for 5, then Y Z Y Z Y Z Y for 1 each. X's indicator is a
    // pulse of width 5: its fundamental 1/12 is strongest. Y (at 5, 7, 9, 11) and Z (at 6,
    // 8, 10) are strongest at 1/2 (|sum| 4 and 3 there; at most 2 elsewhere).
    const Ses ses = repeat_ses({"X", "Y", "Z", "Y", "Z", "Y", "Z", "Y"}, {5, 1, 1, 1, 1, 1, 1, 1}, 50);
    const SymbolId x = 0, y = 1, z = 2;
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.05, 0.1, false, std::nullopt), (std::vector<SymbolId>{x}));
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.4, 0.5, false, std::nullopt), (std::vector<SymbolId>{y, z}));
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.4, 0.5, false, 1.0), (std::vector<SymbolId>{y, z}));
    const auto peaks = indicator_peaks(ses, false, std::nullopt);
    EXPECT_NEAR(peaks[x]->frequency, 1.0 / 12.0, 1e-15);
    // Sampled every 3 time units, each period of 12 reads X X Z Y: X is 1 1 0 0 (peak at
    // 1/12), while Y and Z alias into impulse trains of period 12 (all harmonics tie, the
    // lowest, 1/12, wins). Nothing is left at 1/6 (the new Nyquist frequency).
    EXPECT_EQ(symbols_peaking_in_band(ses, 0.08, 0.09, false, 3.0), (std::vector<SymbolId>{x, y, z}));
    EXPECT_TRUE(symbols_peaking_in_band(ses, 0.1, 0.2, false, 3.0).empty());
}

TEST(SymbolsPeakingInBand, AgreesWithPerSymbolPeriodogramsOnRandomTraces)
{
    std::mt19937_64 rng(9);
    for (int trial = 0; trial < 5; ++trial) {
        std::uniform_int_distribution<int> sym(0, 6), occ(0, 9);
        std::vector<std::string> names;
        std::vector<Time> occupancy;
        for (int i = 0; i < 500; ++i) {
            names.push_back(std::string(1, static_cast<char>('A' + sym(rng))));
            occupancy.push_back(occ(rng));
        }
        const Ses ses = make_ses(names, occupancy);
        for (bool event : {true, false}) {
            const auto peaks = indicator_peaks(ses, event, std::nullopt);
            for (SymbolId s = 0; s < ses.symbols->size(); ++s) {
                const auto signal =
                    event ? event_indicator(ses, s, 0, ses.size()) : time_indicator(ses, s, 0, ses.total(), 1);
                const auto expected = strongest_peak(periodogram(signal, 1.0));
                ASSERT_EQ(peaks[s].has_value(), expected.has_value());
                if (!expected)
                    continue;
                EXPECT_EQ(peaks[s]->bin, expected->bin);
                EXPECT_DOUBLE_EQ(peaks[s]->frequency, expected->frequency);
                EXPECT_NEAR(peaks[s]->power, expected->power, 1e-9 * expected->power);
                const auto in_band =
                    symbols_peaking_in_band(ses, expected->frequency, expected->frequency, event, std::nullopt);
                EXPECT_TRUE(std::find(in_band.begin(), in_band.end(), s) != in_band.end());
            }
        }
    }
}

// ---- chitra-cli periodogram ------------------------------------------------------------

namespace {

struct CliRun {
    int status = -1;
    std::string out, err;
};

std::string slurp(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class PeriodogramCli : public testing::Test {
protected:
    void SetUp() override
    {
        // One folder per process: CTest runs the tests of this fixture in parallel.
        dir_ = std::filesystem::path(testing::TempDir()) / ("chitra-periodogram-cli-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        // A B C D with occupancies 1 2 3 4 ms, 100 cycles, closed by a last record.
        std::ofstream pes(dir_ / "p.pes");
        pes << "# chitra-pes 1\n# timebase: ms\n";
        Time t = 0;
        for (int c = 0; c < 100; ++c)
            for (int s = 0; s < 4; ++s) {
                pes << t << ' ' << static_cast<char>('A' + s) << '\n';
                t += s + 1;
            }
        pes << t << " A\n";
        std::ofstream(dir_ / "p.json") << R"({"pipeline": [{"op": "aggregate", "pattern": ["A", "B"], "as": "AB"}]})";
    }
    void TearDown() override
    {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored); // leave nothing in the shared temp folder
    }

    CliRun run(const std::string& args)
    {
        const std::string cmd = std::string("'") + CHITRA_CLI_PATH + "' periodogram " + args + " >'" +
                                (dir_ / "out").string() + "' 2>'" + (dir_ / "err").string() + "'";
        CliRun r;
        const int raw = std::system(cmd.c_str());
        r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
        r.out = slurp(dir_ / "out");
        r.err = slurp(dir_ / "err");
        return r;
    }

    std::string file(const char* name) const { return "'" + (dir_ / name).string() + "'"; }

    std::filesystem::path dir_;
};

} // namespace

TEST_F(PeriodogramCli, JsonPeaksAtThePeriodInBothDomains)
{
    auto r = run(file("p.pes") + " --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["timebase"], "ms");
    EXPECT_EQ(j["domain"], "time");
    EXPECT_EQ(j["interval"], 1);
    EXPECT_EQ(j["N"], 1000);
    EXPECT_EQ(j["frequency"].size(), 501u);
    EXPECT_EQ(j["power"].size(), 501u);
    EXPECT_DOUBLE_EQ(j["peak"]["frequency"].get<double>(), 0.1);
    EXPECT_DOUBLE_EQ(j["peak"]["period"].get<double>(), 10.0);

    r = run(file("p.pes") + " --domain event --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["N"], 400);
    EXPECT_DOUBLE_EQ(j["peak"]["period"].get<double>(), 4.0);
    // Event signal 0 1 2 3 over 100 periods: power = 100^2 * 8 / 400 = 200.
    EXPECT_NEAR(j["peak"]["power"].get<double>(), 200.0, 1e-9);

    // After aggregating A B, the event period is 3 elements; time is unchanged.
    r = run(file("p.pes") + " --pipeline " + file("p.json") + " --domain event --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["N"], 300);
    EXPECT_DOUBLE_EQ(j["peak"]["period"].get<double>(), 3.0);

    // Hz, a time range and one symbol's indicator: B for 2 ms every 10 ms -> 100 Hz.
    r = run(file("p.pes") + " --hz --symbol B --range 100:500 --interval 0.5 --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["N"], 800);
    EXPECT_EQ(j["interval"], 0.5);
    EXPECT_EQ(j["range"], nlohmann::json({100, 500}));
    EXPECT_EQ(j["frequency_unit"], "Hz");
    EXPECT_DOUBLE_EQ(j["peak"]["frequency"].get<double>(), 100.0);
}

TEST_F(PeriodogramCli, CsvHasOneRowPerBin)
{
    const auto r = run(file("p.pes") + " --range :100");
    ASSERT_EQ(r.status, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "frequency,power,period");
    std::vector<std::string> rows;
    while (std::getline(lines, line))
        rows.push_back(line);
    ASSERT_EQ(rows.size(), 51u); // N = 100
    EXPECT_EQ(rows[0], "0,0,");
    EXPECT_EQ(rows[10].substr(0, 4), "0.1,");
    EXPECT_EQ(rows[10].substr(rows[10].rfind(',')), ",10");
}

TEST_F(PeriodogramCli, UsageAndInputErrors)
{
    EXPECT_EQ(run(file("p.pes") + " --domain event --interval 3").status, 2);
    EXPECT_EQ(run(file("p.pes") + " --interval 0").status, 2);
    EXPECT_EQ(run(file("p.pes") + " --range 5:3").status, 2);
    EXPECT_EQ(run(file("p.pes") + " --range x").status, 2);
    EXPECT_EQ(run(file("p.pes") + " --domain freq").status, 2);
    EXPECT_EQ(run(file("p.pes") + " --format xml").status, 2);
    auto r = run(file("missing.pes"));
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("missing.pes"), std::string::npos);
    r = run(file("p.pes") + " --symbol ZZ --strict");
    EXPECT_EQ(r.status, 3);
    EXPECT_NE(r.err.find("ZZ"), std::string::npos);
    // Without --strict an absent symbol is a warning and a flat spectrum.
    r = run(file("p.pes") + " --symbol ZZ --format json");
    ASSERT_EQ(r.status, 0);
    EXPECT_NE(r.err.find("warning"), std::string::npos);
    EXPECT_TRUE(nlohmann::json::parse(r.out)["peak"].is_null());
    // A range past the end: an empty periodogram, not an error.
    r = run(file("p.pes") + " --range 5000: --format json");
    ASSERT_EQ(r.status, 0);
    EXPECT_EQ(nlohmann::json::parse(r.out)["N"], 0);
}
