#include "number_format.hpp"

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
QString formatDuration(double dt, TimeBase base) { return withUnit(dt, base); }

QString formatShare(double fraction) { return QString::number(fraction * 100.0, 'f', 1) + "%"; }

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

} // namespace chitra::app
