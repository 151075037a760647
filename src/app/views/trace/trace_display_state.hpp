// How a view's trace display (the time or event view) is saved in a session
// (docs/sessions.md, "What the workbench writes"): the x axis as the display's kind
// (`time` or `event`), the visible x range and zoom history, the connectors, the picked
// state (options.chosen_state, by name) and the view's y order mode. The file also
// defines the trace display's type in the display registry
// (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <vector>

namespace chitra::app {

class ViewDocument;

// options.extra["y_order"]: "first", "name", "time" or "custom" (with "custom" the view's
// y order list is the order). A session without it whose view has a y order list (one
// written by chitra-cli) has a custom order.
inline constexpr const char* kYOrderKey = "y_order";

// Fills `state` from the view's ViewPresentation: kind (the trace axis), window (when the view
// was ever shown), zoom history, connectors, picked state and y order mode.
void captureTraceState(const ViewDocument& view, DisplayState& state);
// Sets the y order of `view` from `state` (null: the view had no trace display) and the
// view's saved y order list `yOrder`.
void restoreYOrder(ViewDocument& view, const DisplayState* state, const std::vector<std::string>& yOrder);
// Applies `state` to the view's ViewPresentation (which its trace display follows); a picked
// state that no longer exists goes to `problems`, naming the view by `where`.
void restoreTraceState(ViewDocument& view, const DisplayState& state, const QString& where,
                       std::vector<QString>& problems);

} // namespace chitra::app
