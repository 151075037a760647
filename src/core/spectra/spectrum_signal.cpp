// The views' signals (semantics.md section 6): event signal, time-sampled step signal,
// indicator signals, and the units of their frequencies.
#include "chitra/spectra/spectrum.hpp"

#include "spectra/spectrum_fft.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace chitra {
namespace {

// Sample times are t0 + j*dt. A whole-number dt uses exact integer arithmetic; any
// other dt uses double(t0) + double(j) * dt, the same expression everywhere so that
// counting and sampling agree on which samples fall before t1.
struct Grid {
    Time t0 = 0;
    double dt = 1;
    Time idt = 0; // > 0 when dt is a whole number
    std::size_t n = 0;
};

constexpr double kMaxExactInterval = 4.0e18; // whole-number dt fits in Time

bool whole(double dt) { return dt <= kMaxExactInterval && std::floor(dt) == dt; }

void check_interval(double dt)
{
    if (!(dt > 0) || !std::isfinite(dt)) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", dt);
        throw InputError(std::string("sampling interval must be a positive number of time units, got ") + text);
    }
}

std::size_t count_samples(Time t0, Time t1, double dt)
{
    if (t1 <= t0)
        return 0;
    const auto span = static_cast<std::uint64_t>(t1) - static_cast<std::uint64_t>(t0);
    if (whole(dt)) {
        const auto idt = static_cast<std::uint64_t>(dt);
        return static_cast<std::size_t>(span / idt + (span % idt != 0 ? 1 : 0));
    }
    const double estimate = std::ceil(static_cast<double>(span) / dt);
    if (!(estimate < 0x1p52))
        return std::numeric_limits<std::size_t>::max(); // far beyond any sample limit
    auto n = static_cast<std::size_t>(estimate);
    const double end = static_cast<double>(t1);
    const auto at = [&](std::size_t j) { return static_cast<double>(t0) + static_cast<double>(j) * dt; };
    while (n > 0 && at(n - 1) >= end)
        --n;
    while (at(n) < end)
        ++n;
    return n;
}

// Clamps [t0, t1) to the SES span and lays the sample grid over it.
Grid make_grid(const Ses& ses, Time t0, Time t1, double dt)
{
    check_interval(dt);
    Grid g;
    g.dt = dt;
    if (ses.empty())
        return g;
    g.t0 = std::max(t0, ses.bounds.front());
    const Time hi = std::min(t1, ses.bounds.back());
    g.n = count_samples(g.t0, hi, dt);
    if (g.n > kMaxSamples) {
        char interval[32];
        std::snprintf(interval, sizeof interval, "%g", dt);
        const std::string count =
            g.n == std::numeric_limits<std::size_t>::max() ? std::string("far too many") : std::to_string(g.n);
        throw InputError(std::string("sampling interval ") + interval + " gives " + count +
                         " samples over the range, more than the limit of " + std::to_string(kMaxSamples) +
                         "; choose a larger interval");
    }
    if (whole(dt))
        g.idt = static_cast<Time>(dt);
    return g;
}

// One linear merge of the sample times with the element boundaries: out(j, symbol)
// for samples j in [first, first + count) (default: every sample). O(samples +
// elements), one binary search for the start.
template <class Out>
void sample_merge(const Ses& ses, const Grid& g, Out&& out, std::size_t first = 0,
                  std::size_t count = std::numeric_limits<std::size_t>::max())
{
    const std::size_t last = first + std::min(count, g.n - std::min(first, g.n));
    if (first >= last)
        return;
    const Time* b = ses.bounds.data();
    const SymbolId* sym = ses.symbol.data();
    const double base = static_cast<double>(g.t0);
    // The element occupying the first sample's time, compared as the loop below compares:
    // bounds[i] <= t < bounds[i+1] (t < bounds.back()).
    const auto begin = ses.bounds.begin();
    std::size_t i =
        static_cast<std::size_t>(
            (g.idt > 0 ? std::upper_bound(begin, ses.bounds.end(), g.t0 + static_cast<Time>(first) * g.idt)
                       : std::upper_bound(begin, ses.bounds.end(), base + static_cast<double>(first) * g.dt,
                                          [](double t, Time bound) { return t < static_cast<double>(bound); })) -
            begin) -
        1;
    if (g.idt > 0) {
        Time t = g.t0 + static_cast<Time>(first) * g.idt;
        for (std::size_t j = first; j < last; ++j, t += g.idt) {
            while (b[i + 1] <= t)
                ++i;
            out(j, sym[i]);
        }
    } else {
        for (std::size_t j = first; j < last; ++j) {
            const double t = base + static_cast<double>(j) * g.dt;
            while (static_cast<double>(b[i + 1]) <= t)
                ++i;
            out(j, sym[i]);
        }
    }
}

// y of a symbol: y[id] when given, else the id itself.
struct YOf {
    std::span<const double> y;
    double operator()(SymbolId s) const { return s < y.size() ? y[s] : static_cast<double>(s); }
};

} // namespace

Time default_sample_interval(Time span)
{
    if (span <= 0)
        return 1;
    const auto s = static_cast<std::uint64_t>(span);
    const std::uint64_t m = kDefaultMaxSamples;
    return static_cast<Time>(std::max<std::uint64_t>(1, s / m + (s % m != 0 ? 1 : 0)));
}

std::size_t sample_count(Time t0, Time t1, double dt)
{
    check_interval(dt);
    return count_samples(t0, t1, dt);
}

std::vector<double> event_signal(const Ses& ses, std::size_t i0, std::size_t i1, std::span<const double> y)
{
    i1 = std::min(i1, ses.size());
    i0 = std::min(i0, i1);
    std::vector<double> out(i1 - i0);
    const YOf y_of{y};
    for (std::size_t i = i0; i < i1; ++i)
        out[i - i0] = y_of(ses.symbol[i]);
    return out;
}

std::vector<double> event_indicator(const Ses& ses, SymbolId symbol, std::size_t i0, std::size_t i1)
{
    i1 = std::min(i1, ses.size());
    i0 = std::min(i0, i1);
    std::vector<double> out(i1 - i0);
    for (std::size_t i = i0; i < i1; ++i)
        out[i - i0] = ses.symbol[i] == symbol ? 1.0 : 0.0;
    return out;
}

std::vector<double> time_signal(const Ses& ses, Time t0, Time t1, double dt, std::span<const double> y)
{
    const Grid g = make_grid(ses, t0, t1, dt);
    std::vector<double> out(g.n);
    double* o = out.data();
    if (y.empty()) {
        sample_merge(ses, g, [o](std::size_t j, SymbolId s) { o[j] = static_cast<double>(s); });
    } else {
        const YOf y_of{y};
        sample_merge(ses, g, [o, y_of](std::size_t j, SymbolId s) { o[j] = y_of(s); });
    }
    return out;
}

std::vector<double> time_indicator(const Ses& ses, SymbolId symbol, Time t0, Time t1, double dt)
{
    const Grid g = make_grid(ses, t0, t1, dt);
    std::vector<double> out(g.n);
    double* o = out.data();
    sample_merge(ses, g, [o, symbol](std::size_t j, SymbolId s) { o[j] = s == symbol ? 1.0 : 0.0; });
    return out;
}

std::vector<SymbolId> sample_symbols(const Ses& ses, Time t0, Time t1, double dt)
{
    const Grid g = make_grid(ses, t0, t1, dt);
    std::vector<SymbolId> out(g.n);
    SymbolId* o = out.data();
    sample_merge(ses, g, [o](std::size_t j, SymbolId s) { o[j] = s; });
    return out;
}

Periodogram time_periodogram(const Ses& ses, Time t0, Time t1, double dt, std::span<const double> y,
                             std::size_t segment)
{
    const Grid g = make_grid(ses, t0, t1, dt);
    const YOf y_of{y};
    return periodogram_of(
        g.n, dt,
        [&](std::size_t first, std::size_t count, double* o) {
            sample_merge(
                ses, g, [o, y_of, first](std::size_t j, SymbolId s) { o[j - first] = y_of(s); }, first, count);
        },
        segment);
}

Periodogram time_indicator_periodogram(const Ses& ses, SymbolId symbol, Time t0, Time t1, double dt,
                                       std::size_t segment)
{
    const Grid g = make_grid(ses, t0, t1, dt);
    return periodogram_of(
        g.n, dt,
        [&](std::size_t first, std::size_t count, double* o) {
            sample_merge(
                ses, g, [o, symbol, first](std::size_t j, SymbolId s) { o[j - first] = s == symbol ? 1.0 : 0.0; },
                first, count);
        },
        segment);
}

Periodogram event_periodogram(const Ses& ses, std::size_t i0, std::size_t i1, std::span<const double> y,
                              std::size_t segment)
{
    i1 = std::min(i1, ses.size());
    i0 = std::min(i0, i1);
    const YOf y_of{y};
    return periodogram_of(
        i1 - i0, 1.0,
        [&](std::size_t first, std::size_t count, double* o) {
            for (std::size_t j = 0; j < count; ++j)
                o[j] = y_of(ses.symbol[i0 + first + j]);
        },
        segment);
}

Periodogram event_indicator_periodogram(const Ses& ses, SymbolId symbol, std::size_t i0, std::size_t i1,
                                        std::size_t segment)
{
    i1 = std::min(i1, ses.size());
    i0 = std::min(i0, i1);
    return periodogram_of(
        i1 - i0, 1.0,
        [&](std::size_t first, std::size_t count, double* o) {
            for (std::size_t j = 0; j < count; ++j)
                o[j] = ses.symbol[i0 + first + j] == symbol ? 1.0 : 0.0;
        },
        segment);
}

std::optional<double> to_hertz(double cycles_per_unit, TimeBase base)
{
    const auto spt = seconds_per_tick(base);
    if (!spt)
        return std::nullopt;
    return cycles_per_unit / *spt;
}

} // namespace chitra
