// How a lane comparison display is saved in a session (docs/sessions.md, "What the
// workbench writes"): its group distance. The file also defines the display's type in
// the display registry (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <vector>

namespace chitra::app {

class LaneComparisonWindow;

// The display's name in the display registry, and the kind it is saved as.
inline const QString kLaneComparisonDisplay = QStringLiteral("lanecompare");
inline const DisplayKind kLaneComparisonKind{"lanecompare"};

DisplayOptions laneComparisonOptions(const LaneComparisonWindow& window);
// Applies saved options; what cannot be applied goes to `problems`, naming the view by `where`.
void applyLaneComparisonOptions(LaneComparisonWindow& window, const DisplayOptions& options, const QString& where,
                                std::vector<QString>& problems);

} // namespace chitra::app
