#include "ensemble/spectra_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace chitra::app {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// The least spread of the others' log power counted (decades): members that agree
// exactly in a band must not make any difference there infinite.
constexpr double kSpreadFloor = 0.05;

// log10 of each band's power; NaN where there is none (or it is zero: no level to compare).
std::vector<std::vector<double>> logPowers(const std::vector<std::vector<double>>& bandPower, std::size_t bands)
{
    std::vector<std::vector<double>> logs;
    for (const auto& power : bandPower) {
        std::vector<double> l(bands, kNaN);
        for (std::size_t b = 0; b < bands && b < power.size(); ++b)
            if (power[b] > 0.0 && std::isfinite(power[b]))
                l[b] = std::log10(power[b]);
        logs.push_back(std::move(l));
    }
    return logs;
}

} // namespace

SpectraSummary summariseSpectra(const std::vector<std::vector<double>>& bandPower, double factor)
{
    std::size_t bands = 0;
    for (const auto& power : bandPower)
        bands = std::max(bands, power.size());
    const auto logs = logPowers(bandPower, bands);
    const std::size_t n = logs.size();

    SpectraSummary s;
    s.mean.assign(bands, kNaN);
    s.low.assign(bands, kNaN);
    s.high.assign(bands, kNaN);
    std::vector<double> sum(bands, 0.0), sumSquares(bands, 0.0);
    std::vector<int> count(bands, 0);
    for (const auto& l : logs)
        for (std::size_t b = 0; b < bands; ++b)
            if (!std::isnan(l[b])) {
                sum[b] += l[b];
                sumSquares[b] += l[b] * l[b];
                ++count[b];
            }
    for (std::size_t b = 0; b < bands; ++b) {
        if (count[b] < 2)
            continue;
        const double mean = sum[b] / count[b];
        const double variance = std::max(0.0, (sumSquares[b] - count[b] * mean * mean) / (count[b] - 1));
        const double half = 1.96 * std::sqrt(variance / count[b]);
        s.mean[b] = mean;
        s.low[b] = mean - half;
        s.high[b] = mean + half;
    }

    // The distance compares shapes: each member's own level (its mean log power over the
    // bands) is removed first, since the level follows the run's length and costs more
    // than its program; each band's difference is then counted in standard deviations of
    // the others there, leaving the member out so that it cannot pull the reference.
    std::vector<std::vector<double>> shapes = logs;
    for (auto& shape : shapes) {
        double level = 0.0;
        int used = 0;
        for (double v : shape)
            if (!std::isnan(v)) {
                level += v;
                ++used;
            }
        for (double& v : shape)
            v -= used > 0 ? level / used : 0.0;
    }
    s.distance.assign(n, kNaN);
    for (std::size_t m = 0; m < n; ++m) {
        double squares = 0.0;
        int used = 0;
        for (std::size_t b = 0; b < bands; ++b) {
            const double own = shapes[m][b];
            if (std::isnan(own))
                continue;
            double sum = 0.0, sumSquares = 0.0;
            int others = 0;
            for (std::size_t o = 0; o < n; ++o)
                if (o != m && !std::isnan(shapes[o][b])) {
                    sum += shapes[o][b];
                    sumSquares += shapes[o][b] * shapes[o][b];
                    ++others;
                }
            if (others < 2)
                continue;
            const double mean = sum / others;
            const double sd = std::sqrt(std::max(0.0, (sumSquares - others * mean * mean) / (others - 1)));
            const double d = (own - mean) / std::max(sd, kSpreadFloor);
            squares += d * d;
            ++used;
        }
        if (used > 0)
            s.distance[m] = std::sqrt(squares / used);
    }
    std::vector<double> known;
    for (double d : s.distance)
        if (!std::isnan(d))
            known.push_back(d);
    s.distinct.assign(n, false);
    if (known.size() >= 3) {
        std::sort(known.begin(), known.end());
        const std::size_t h = known.size() / 2;
        s.median = known.size() % 2 ? known[h] : 0.5 * (known[h - 1] + known[h]);
        for (std::size_t m = 0; m < n; ++m)
            s.distinct[m] = !std::isnan(s.distance[m]) && s.distance[m] > factor * s.median;
    }
    return s;
}

} // namespace chitra::app
