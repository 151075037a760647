// How a view's frequency view is saved in a session (docs/sessions.md, "What the
// workbench writes"): the power axis (options.log_axis), the sampling interval, auto
// update, the shaded band, the logarithmic frequency axis, "zoom to peak" and the
// frequency range the user zoomed to. The file also defines the frequency view's type in
// the display registry (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

namespace chitra::app {

class FrequencyPlot;
class ViewPresentation;

// options.extra keys: "auto_update" = "0" when auto update is off; "band" = "F0:F1" (the
// shaded band); "log_frequency" = "1" for a logarithmic frequency axis; "zoom_to_peak" =
// "1" for "zoom to peak"; "segments" = "0" (the whole signal) or a segment length, absent
// for the automatic choice.
inline constexpr const char* kAutoUpdateKey = "auto_update";
inline constexpr const char* kBandKey = "band";
inline constexpr const char* kLogFrequencyKey = "log_frequency";
inline constexpr const char* kPeakZoomKey = "zoom_to_peak";
inline constexpr const char* kSegmentsKey = "segments";

// The frequency view's name in the display registry and in its view's ViewPresentation (its
// window: the frequency range the user zoomed to; empty while it is automatic).
inline const QString kFrequencyDisplay = QStringLiteral("frequency");

// The view's options as sessions save them: what it writes into its view's ViewPresentation.
DisplayOptions frequencyOptions(const FrequencyPlot& plot);
// Applies saved options to `plot`.
void applyFrequencyOptions(FrequencyPlot& plot, const DisplayOptions& options);

// Fills `state`'s options and, when the user zoomed or panned, its x range (not its id
// and kind) from the view's ViewPresentation.
void captureFrequencyState(const ViewPresentation& view, DisplayState& state);
// Applies `state` to the view's ViewPresentation, which its frequency view follows (a saved
// range once the first periodogram is computed).
void restoreFrequencyState(ViewPresentation& view, const DisplayState& state);

} // namespace chitra::app
