// How a profile display is saved in a session (docs/sessions.md, "What the workbench
// writes"): one row per lane or summed, the filter, the sorted column and its order, and
// the range when it is not the whole run. The file also defines the display's type in the
// display registry (displays/display_registry.hpp).
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <vector>

namespace chitra::app {

class ProfileTable;

// The profile display's name in the display registry, and the kind it is saved as.
inline const QString kProfileDisplay = QStringLiteral("profile");
inline const DisplayKind kProfileKind{"profile"};

// The table's options as a session saves them.
DisplayOptions profileOptions(const ProfileTable& table);
// Applies saved options to `table`; what cannot be applied (an unknown column, a range
// that is not T0:T1) goes to `problems`, naming the view by `where`.
void applyProfileOptions(ProfileTable& table, const DisplayOptions& options, const QString& where,
                         std::vector<QString>& problems);

} // namespace chitra::app
