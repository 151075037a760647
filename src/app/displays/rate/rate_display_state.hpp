// How a rate display is saved in a session (docs/sessions.md, "What the workbench
// writes"): the state whose entries it shows (options.chosen_state, by name) and the
// short-visit threshold. The file also defines the view's rate display's type in the
// display registry (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <vector>

namespace chitra::app {

class RateDisplay;

// Fills `state`'s options (not its id and kind).
void captureRateState(const RateDisplay& display, DisplayState& state);
// Applies `state` to `display`; what cannot be applied (a state that no longer exists, a
// threshold that is not a number) goes to `problems`, naming the view by `where`.
void restoreRateState(RateDisplay& display, const DisplayState& state, const QString& where,
                      std::vector<QString>& problems);

} // namespace chitra::app
