// How the workbench writes numbers: times in the trace's unit (thousands separators,
// SI prefixes when large), shares as percentages with one decimal.
#pragma once

#include "chitra/trace/types.hpp"

#include <QString>

#include <optional>

namespace chitra::app {

QString formatCount(long long n);                 // 1 834 120
QString formatTime(double t, TimeBase base);      // "1 834 120 us" or "1.83 s" when large
QString formatDuration(double dt, TimeBase base); // formatDurationSI: "999 µs", "1.83 s"
QString formatShare(double fraction);             // "61.3%"; below 0.05%: "0.0012%"
// `value` with `decimals` decimals, except that a non-zero value which would show as
// zero gets two significant digits: formatDecimal(0.000032, 4) == "0.000032".
QString formatDecimal(double value, int decimals);
QString formatBytes(long long bytes);

// Durations and times in seconds: written with the prefix that suits each value (the
// default, nullopt) or always in one unit, given as the power of 1000 of its prefix
// (0 s, -1 ms, -2 µs, -3 ns; a preference, Edit ▸ Preferences). Axes follow it too.
void setFixedSecondsPrefix(std::optional<int> power);
std::optional<int> fixedSecondsPrefix();

// `value` in `unit` with an SI prefix (p … T) so that 1 <= mantissa < 1000, rounded to
// `digits` significant digits, trailing zeros dropped: "999 µs", "1.83 s", "0 s".
QString formatSI(double value, const QString& unit, int digits = 3);
// A duration of `ticks` in `base`: SI seconds when the base is a unit of seconds
// ("1.83 s"); otherwise grouped cycles, with k/M/G beyond a million ("1.83 G cycles").
QString formatDurationSI(double ticks, TimeBase base, int digits = 3);
// A variance of durations (ticks²) in the square of the unit its square root would be
// shown in: 1300/3 µs² -> "433.3 µs²" (SI: the prefix is squared with the unit).
QString formatVariance(double ticks2, TimeBase base, int digits = 4);
// A frequency given in cycles per tick: Hz with SI prefixes when the base is a unit of
// seconds ("500.4 Hz"), otherwise "0.0125 per cycle".
QString formatFrequency(double cyclesPerTick, TimeBase base, int digits = 4);

} // namespace chitra::app
