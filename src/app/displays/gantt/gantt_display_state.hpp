// How a Gantt display is saved in a session (docs/sessions.md, "What the workbench
// writes"): its visible range (all charts share it) and zoom history, the colour map, the
// averaging window, chart 0's density bar, per chart whether it is shown, its density bar
// and average curve, the kind of mean and the short-visit threshold. The file also
// defines the view's Gantt display's type in the display registry
// (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <vector>

namespace chitra::app {

class GanttDisplay;
class ViewPresentation;

// Per chart N, options.extra["chart.N"] = "shown|hidden,DENSITY,average|" (DENSITY is "",
// "point" or "value").
inline constexpr const char* kChartKeyPrefix = "chart.";
// options.extra["time_weighted"] = "0" for Traceview's plain mean (absent: time-weighted).
inline constexpr const char* kTimeWeightedKey = "time_weighted";

// The display's options as sessions save them: what it writes into its view's ViewPresentation.
DisplayOptions ganttOptions(const GanttDisplay& display);
// Applies saved options to `display` (a bad short-visit threshold leaves its own).
void applyGanttOptions(GanttDisplay& display, const DisplayOptions& options);

// Fills `state`'s range, zoom history and options (not its id and kind) from the view's
// ViewPresentation.
void captureGanttState(const ViewPresentation& view, DisplayState& state);
// Applies `state` to the view's ViewPresentation, which its Gantt display follows; what cannot
// be applied goes to `problems`, naming the display by `where` (the view) and its id.
void restoreGanttState(ViewPresentation& view, const DisplayState& state, const QString& where,
                       std::vector<QString>& problems);

} // namespace chitra::app
