#include "text/number_format.hpp"

#include <algorithm>
#include <cmath>

namespace chitra::app {

QString formatCount(long long n)
{
    QString digits = QString::number(n < 0 ? -n : n);
    QString out;
    for (int i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += QChar(0x202F); // narrow no-break space: readable, unambiguous
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

static QString withUnit(double t, TimeBase base)
{
    const auto spt = seconds_per_tick(base);
    const double a = std::fabs(t);
    // Up to a million ticks the integer with separators reads best; beyond, SI seconds.
    if (!spt || a < 1e6) {
        if (std::floor(t) == t)
            return formatCount(static_cast<long long>(t)) + " " + QString::fromStdString(std::string(to_string(base)));
        return QString::number(t, 'g', 6) + " " + QString::fromStdString(std::string(to_string(base)));
    }
    const double s = t * *spt;
    const double as = std::fabs(s);
    if (as >= 1.0)
        return QString::number(s, 'f', as >= 100 ? 1 : 3) + " s";
    if (as >= 1e-3)
        return QString::number(s * 1e3, 'f', 3) + " ms";
    if (as >= 1e-6)
        return QString::number(s * 1e6, 'f', 3) + " us";
    return QString::number(s * 1e9, 'f', 1) + " ns";
}

QString formatTime(double t, TimeBase base) { return withUnit(t, base); }
// Durations (sojourns, spans, means) read best in SI ("999 µs"); positions keep the
// trace's unit with separators so they can be matched against the file.
QString formatDuration(double dt, TimeBase base) { return formatDurationSI(dt, base); }

QString formatDecimal(double value, int decimals)
{
    const double a = std::fabs(value);
    if (a == 0 || !std::isfinite(value) || a >= 0.5 * std::pow(10.0, -decimals))
        return QString::number(value, 'f', decimals);
    // Below what `decimals` can show: two significant digits, never an exponent
    // ("0.0012", not "0.0" or "1.2e-03"), so a rare state is told from an absent one.
    const int needed = std::min(15, 1 - static_cast<int>(std::floor(std::log10(a))));
    QString s = QString::number(value, 'f', needed);
    while (s.endsWith('0'))
        s.chop(1);
    return s;
}

QString formatShare(double fraction) { return formatDecimal(fraction * 100.0, 1) + "%"; }

QString formatBytes(long long bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    return u == 0 ? QString::number(bytes) + " B" : QString::number(v, 'f', 1) + " " + units[u];
}

namespace {
std::optional<int> g_fixedSecondsPrefix; // set from the GUI thread, before drawing
} // namespace

void setFixedSecondsPrefix(std::optional<int> power) { g_fixedSecondsPrefix = power; }
std::optional<int> fixedSecondsPrefix() { return g_fixedSecondsPrefix; }

QString formatSI(double value, const QString& unit, int digits)
{
    static const char16_t* const prefixes[] = {u"p", u"n", u"\u00B5", u"m", u"", u"k", u"M", u"G", u"T"};
    constexpr int kUnitIndex = 4; // no prefix
    if (value == 0 || !std::isfinite(value))
        return unit.isEmpty() ? QString::number(value) : QString::number(value) + " " + unit;
    digits = std::max(1, digits);
    const double a = std::fabs(value);
    const std::optional<int> fixed = unit == QLatin1String("s") ? fixedSecondsPrefix() : std::nullopt;
    int e3 = fixed ? *fixed : static_cast<int>(std::floor(std::log10(a) / 3.0));
    e3 = std::clamp(e3, -kUnitIndex, 8 - kUnitIndex);
    double m = a / std::pow(1000.0, e3);
    // Rounding to `digits` may carry into the next prefix: 999.6 µs -> 1 ms.
    auto decimalsFor = [digits](double x) {
        return std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(x))));
    };
    int dec = decimalsFor(m);
    double r = std::round(m * std::pow(10.0, dec)) / std::pow(10.0, dec);
    if (r >= 1000.0 && e3 < 8 - kUnitIndex && !fixed) {
        ++e3;
        m = a / std::pow(1000.0, e3);
        dec = decimalsFor(m);
    }
    // In a fixed unit large values are whole numbers, grouped as counts are ("1 830 000 µs").
    QString s = fixed && m >= 1e4 ? formatCount(std::llround(m)) : QString::number(m, 'f', dec);
    if (s.contains('.')) {
        while (s.endsWith('0'))
            s.chop(1);
        if (s.endsWith('.'))
            s.chop(1);
    }
    const QString suffix = QString::fromUtf16(prefixes[e3 + kUnitIndex]) + unit;
    return (value < 0 ? QStringLiteral("-") : QString()) + s + (suffix.isEmpty() ? QString() : " " + suffix);
}

QString formatDurationSI(double ticks, TimeBase base, int digits)
{
    if (const auto spt = seconds_per_tick(base))
        return formatSI(ticks * *spt, QStringLiteral("s"), digits);
    // Cycles: whole numbers read best up to a million.
    if (std::fabs(ticks) < 1e6) {
        if (std::fabs(ticks) >= 100 || std::floor(ticks) == ticks)
            return formatCount(std::llround(ticks)) + QStringLiteral(" cycles");
        return formatSI(ticks, QString(), digits) + QStringLiteral(" cycles");
    }
    return formatSI(ticks, QString(), digits) + QStringLiteral(" cycles");
}

QString formatVariance(double ticks2, TimeBase base, int digits)
{
    const QString sq = QStringLiteral("\u00B2");
    const auto spt = seconds_per_tick(base);
    if (!spt)
        return QString::number(ticks2, 'g', digits) + QStringLiteral(" cycles") + sq;
    const double v = ticks2 * *spt * *spt; // s²
    if (!(v > 0) || !std::isfinite(v))
        return QString::number(v) + QStringLiteral(" s") + sq;
    static const char16_t* const prefixes[] = {u"p", u"n", u"\u00B5", u"m", u""};
    const int e3 = std::clamp(static_cast<int>(std::floor(std::log10(std::sqrt(v)) / 3.0)), -4, 0);
    const double unit = std::pow(1000.0, e3);
    return QString::number(v / (unit * unit), 'g', digits) + " " + QString::fromUtf16(prefixes[e3 + 4]) +
           QStringLiteral("s") + sq;
}

QString formatFrequency(double cyclesPerTick, TimeBase base, int digits)
{
    if (const auto spt = seconds_per_tick(base))
        return formatSI(cyclesPerTick / *spt, QStringLiteral("Hz"), digits);
    return QString::number(cyclesPerTick, 'g', digits) + QStringLiteral(" per cycle");
}

} // namespace chitra::app
