// Occupancy histograms: one binning rule, documented in docs/model-formats.md.
#include "chain/chain_histogram.hpp"

#include <algorithm>
#include <cmath>

namespace chitra::detail {

namespace {

Time floor_div(Time a, Time b)
{
    Time q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

} // namespace

double quantile(std::vector<Time>& values, double q)
{
    const double pos = q * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const double frac = pos - static_cast<double>(lo);
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lo), values.end());
    const double a = static_cast<double>(values[lo]);
    if (frac == 0.0 || lo + 1 >= values.size())
        return a;
    // The next order statistic is the smallest element above position lo.
    const double b =
        static_cast<double>(*std::min_element(values.begin() + static_cast<std::ptrdiff_t>(lo) + 1, values.end()));
    return a + frac * (b - a);
}

Binning choose_binning(std::uint64_t count, Time min, Time max, double stddev, std::vector<Time>& quartile_sample)
{
    std::optional<double> iqr;
    if (max - min >= OccupancyHistogram::kIntegerBinRange && !quartile_sample.empty()) {
        const double q1 = quantile(quartile_sample, 0.25);
        const double q3 = quantile(quartile_sample, 0.75);
        iqr = q3 - q1;
    }
    return choose_binning_iqr(count, min, max, stddev, iqr);
}

Binning choose_binning_iqr(std::uint64_t count, Time min, Time max, double stddev, std::optional<double> iqr)
{
    Binning b;
    const Time range = max - min;
    if (range < OccupancyHistogram::kIntegerBinRange) {
        // Small range: one bin per value, so the pmf is exact.
        b.rule = "integer";
        b.width = 1;
    } else {
        const double cbrt_n = std::cbrt(static_cast<double>(count));
        double h = 0.0;
        if (iqr)
            h = 2.0 * *iqr / cbrt_n;
        b.rule = "freedman-diaconis";
        if (!(h > 0.0)) {
            // More than half the visits share one value: fall back on the spread.
            h = 3.49 * stddev / cbrt_n;
            b.rule = "scott";
        }
        b.width = std::max<Time>(1, static_cast<Time>(std::ceil(h)));
    }
    // At most kMaxBins bins on the grid of multiples of the width.
    const auto max_bins = static_cast<Time>(OccupancyHistogram::kMaxBins);
    for (;;) {
        b.origin = floor_div(min, b.width) * b.width;
        const Time bins = (max - b.origin) / b.width + 1;
        if (bins <= max_bins) {
            b.bins = static_cast<std::size_t>(bins);
            break;
        }
        b.width = std::max(b.width + 1, (range + max_bins - 2) / (max_bins - 1));
    }
    return b;
}

} // namespace chitra::detail

namespace chitra {

OccupancyHistogram make_histogram(const std::vector<Time>& occupancies)
{
    OccupancyHistogram h;
    if (occupancies.empty()) {
        h.binning = "integer";
        return h;
    }
    const auto [mn, mx] = std::minmax_element(occupancies.begin(), occupancies.end());
    const auto n = static_cast<double>(occupancies.size());
    Time sum = 0; // exact, as in fit_chain, so that both give the same binning
    for (Time o : occupancies)
        sum += o;
    const double mean = static_cast<double>(sum) / n;
    double ss = 0.0;
    for (Time o : occupancies)
        ss += (static_cast<double>(o) - mean) * (static_cast<double>(o) - mean);
    const double sd = occupancies.size() > 1 ? std::sqrt(ss / (n - 1.0)) : 0.0;
    std::vector<Time> sample = occupancies;
    const auto b = detail::choose_binning(occupancies.size(), *mn, *mx, sd, sample);
    h.binning = b.rule;
    h.origin = b.origin;
    h.width = b.width;
    h.counts.assign(b.bins, 0);
    for (Time o : occupancies)
        ++h.counts[detail::bin_of(b, o)];
    h.pmf.resize(b.bins);
    for (std::size_t k = 0; k < b.bins; ++k)
        h.pmf[k] = static_cast<double>(h.counts[k]) / n;
    return h;
}

} // namespace chitra
