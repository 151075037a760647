// How the workbench writes numbers: times in the trace's unit (thousands separators,
// SI prefixes when large), shares as percentages with one decimal.
#pragma once

#include "chitra/types.hpp"

#include <QString>

namespace chitra::app {

QString formatCount(long long n);            // 1 834 120
QString formatTime(double t, TimeBase base); // "1 834 120 us" or "1.83 s" when large
QString formatDuration(double dt, TimeBase base);
QString formatShare(double fraction);        // "61.3%"
QString formatBytes(long long bytes);

} // namespace chitra::app
