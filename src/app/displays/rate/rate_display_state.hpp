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
class ViewDocument;
class ViewPresentation;

// The rate display's name in the display registry and in its view's ViewPresentation.
inline const QString kRateDisplay = QStringLiteral("rate");

// The display's options as sessions save them: what it writes into its view's ViewPresentation.
DisplayOptions rateOptions(const RateDisplay& display);
// Applies saved options to `display` (a state it has not, or a bad threshold, leaves its own).
void applyRateOptions(RateDisplay& display, const DisplayOptions& options);

// Fills `state`'s options (not its id and kind) from the view's ViewPresentation.
void captureRateState(const ViewPresentation& view, DisplayState& state);
// Applies `state` to the view's ViewPresentation, which its rate display follows; what cannot be
// applied (a state that no longer exists, a threshold that is not a number) goes to
// `problems`, naming the view by `where`.
void restoreRateState(ViewDocument& view, const DisplayState& state, const QString& where,
                      std::vector<QString>& problems);

} // namespace chitra::app
