#include "displays/gantt/chart_scales.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace chitra::app {

namespace {

class SiTicker final : public QCPAxisTicker {
protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale&, QChar, int) override
    {
        static const char* const prefixes[] = {"p", "n", "\u00B5", "m", "", "k", "M", "G", "T", "P", "E"};
        double top = 0;
        for (double t : ticks)
            top = std::max(top, std::abs(t));
        int e3 = top >= 1000 || (top > 0 && top < 0.01) ? static_cast<int>(std::floor(std::log10(top) / 3)) : 0;
        e3 = std::clamp(e3, -4, 6);
        const double unit = std::pow(1000.0, e3);
        QVector<QString> out;
        for (double t : ticks) {
            const double v = std::abs(t) < 1e-9 * std::max(top, 1e-300) ? 0.0 : t / unit;
            QString s = QString::number(v, 'g', 4);
            if (v != 0 && e3 != 0)
                s += QStringLiteral(" ") + QString::fromUtf8(prefixes[e3 + 4]);
            out << s;
        }
        return out;
    }
};

} // namespace

QSharedPointer<QCPAxisTicker> makeSiTicker() { return QSharedPointer<SiTicker>::create(); }

// A y range for values [a, b) of `y` that rare spikes (counter rates over very short
// intervals) do not squash: the (1 - q)th to qth quantile of an evenly strided sample of
// at most 100,000 values, widened to the true minimum when that is a baseline near 0,
// then padded by 6%. With entry times `x` (and the last exit `end`) the quantiles are
// weighted by occupancy: the range holds the values the series keeps for all but 0.5%
// of the time, so a burst over 50 ns does not set the scale of a 4-second chart. Short
// visits (a counter's rate over them is mostly jitter, traceview.hpp) are left out even
// when together they fill more than that. Spikes above the range run off the chart's top.
std::pair<double, double> robustRange(const std::vector<double>& y, std::size_t a, std::size_t b,
                                      const std::vector<double>* x, double end, double q, ShortVisitRule shortVisits)
{
    if (b <= a)
        return {0, 1};
    const std::size_t n = b - a, stride = std::max<std::size_t>(1, n / 100000);
    std::vector<std::pair<double, double>> v; // value, weight
    v.reserve(n / stride + 1);
    double min = std::numeric_limits<double>::infinity(), max = -min, total = 0;
    const bool skipShort = x && shortVisits.active();
    for (int pass = 0; pass < 2 && v.empty(); ++pass) // the second only when all were short
        for (std::size_t i = a; i < b; i += stride) {
            if (!std::isfinite(y[i]))
                continue;
            double w = 1;
            if (x) {
                w = std::max(0.0, (i + 1 < x->size() ? (*x)[i + 1] : end) - (*x)[i]);
                if (skipShort && pass == 0 && shortVisits.is_short(w))
                    continue;
            }
            v.emplace_back(y[i], w);
            total += w;
            min = std::min(min, y[i]);
            max = std::max(max, y[i]);
        }
    if (v.empty())
        return {0, 1};
    double lo = min, hi = max;
    // Weighted by occupancy a few values suffice (a visit counts by its length); unweighted
    // quantiles need enough visits to mean anything.
    if (v.size() >= (x ? 8u : 50u) && total > 0) {
        std::sort(v.begin(), v.end());
        auto at = [&](double f) {
            double acc = 0;
            for (const auto& [value, w] : v)
                if ((acc += w) >= f * total)
                    return value;
            return v.back().first;
        };
        lo = at(1 - q);
        hi = at(q);
        if (!(hi > lo)) { // (almost) constant: keep the outliers in view
            lo = min;
            hi = max;
        }
        if (min >= 0 && lo < 0.25 * hi)
            lo = min;
    }
    const double pad = hi > lo ? 0.06 * (hi - lo) : std::max(1.0, std::abs(lo) * 0.1);
    return {lo - pad, hi + pad};
}

} // namespace chitra::app
