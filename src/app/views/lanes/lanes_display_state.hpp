// How a view's lanes view is saved in a session (docs/sessions.md, "What the workbench
// writes"): its visible time range, the lane order, the hidden lanes, the name filter as
// typed and the lanes unfolded into nesting depths. Lanes are named by their index in the
// trace's lanes (names may repeat). The file also defines the lanes view's type in the
// display registry (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <vector>

namespace chitra::app {

class ViewDocument;
class ViewPresentation;

// options.extra keys: "order" = the lane indices top to bottom ("2,0,1"; absent: the
// trace's order); "hidden" and "unfolded" = lane indices ("0,3"; absent: none);
// "filter" = the filter box's text (absent: empty); "over_time" = "1" when the regions
// over time show under the rows; "messages" = "1" when the messages are drawn.
inline constexpr const char* kLaneOrderKey = "order";
inline constexpr const char* kHiddenLanesKey = "hidden";
inline constexpr const char* kLaneFilterKey = "filter";
inline constexpr const char* kUnfoldedLanesKey = "unfolded";
inline constexpr const char* kOverTimeKey = "over_time";
inline constexpr const char* kMessagesKey = "messages";

// Fills `state`'s range and options (not its id and kind) from the view's state.
void captureLanesState(const ViewPresentation& view, DisplayState& state);
// Applies `state` to the view's state (which its lanes view follows); what cannot be
// applied (a lane the trace has not, an order that is not one of its lanes) goes to
// `problems`, naming the display by `where` and its id.
void restoreLanesState(ViewDocument& view, const DisplayState& state, const QString& where,
                       std::vector<QString>& problems);

} // namespace chitra::app
