// A time profile (chitra/profile/profile.hpp, time_profile) drawn as stacked bars: each bin a
// stack of the exclusive time of the regions that take most time in the range, bottom
// first, the rest as "other", in lanes (the time in the bin over the bin's width, so that a
// stack as high as the number of lanes means every lane spent the whole bin in them).
#pragma once

#include "chitra/profile/profile.hpp"

#include <QColor>
#include <QStringList>

#include <functional>
#include <string>

class QCustomPlot;

namespace chitra::app {

// Replaces the plot's plottables with the stacks of `profile`, keys in ns from the origin
// over `nsPerKey`; `colour` gives a region's colour.
void stackTimeProfile(QCustomPlot* plot, const TimeProfile& profile, std::size_t namedRegions, double nsPerKey,
                      const std::function<QColor(const std::string&)>& colour);
// The stacks' names, bottom first.
QStringList stackNames(QCustomPlot* plot);

} // namespace chitra::app
