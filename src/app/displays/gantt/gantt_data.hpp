// What the Gantt display draws, computed from the view's current SES: the series of the
// state chart and of every field chart, sharing one x (entry times).
#pragma once

#include "chitra/traceview/traceview.hpp"

#include <QString>

#include <utility>
#include <vector>

namespace chitra::app {

// The displayed series of the current SES: x = entry times, shared by every chart.
struct GanttData {
    SeriesIndex states;              // y = lane
    std::vector<SeriesIndex> fields; // y = field value as shown; counters know their short visits
    std::vector<char> counter;       // per field
    std::vector<QString> names;      // chart names (0: states)
    std::vector<QString> units;
    double end = 0; // exit time of the last element
    std::pair<double, double> full{0, 1};
};

} // namespace chitra::app
