// How a profile display is saved in a session (docs/sessions.md, "What the workbench
// writes"): one row per lane or summed, the filter, the sorted column and its order, the
// range when it is not the whole run, the lanes when they are not all, and the call tree's
// unfolded paths. The file also defines the display's type in the
// display registry (displays/display_registry.hpp).
#pragma once

#include "chitra/profile/profile.hpp"
#include "chitra/session/session.hpp"

#include <QString>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace chitra::app {

class ProfileTable;
class ProfileTree;
class ViewDocument;

// The profile display's name in the display registry, and the kind it is saved as.
inline const QString kProfileDisplay = QStringLiteral("profile");
inline const DisplayKind kProfileKind{"profile"};

// The table's (and the tree's) options as a session saves them.
DisplayOptions profileOptions(const ProfileTable& table, const ProfileTree* tree = nullptr);
// Applies saved options to `table` (and `tree`); what cannot be applied (an unknown
// column, a range that is not T0:T1) goes to `problems`, naming the view by `where`.
void applyProfileOptions(ProfileTable& table, const DisplayOptions& options, const QString& where,
                         std::vector<QString>& problems, ProfileTree* tree = nullptr);

// Ranges and lanes as the profile and messages displays save them: "T0:T1" (ns from the
// origin, T0 < T1) and "1,4,2" (1-based lane numbers).
std::optional<ProfileRange> parseRange(const std::string& text);
std::string rangeText(Time from, Time to);
std::string laneListText(const std::vector<std::size_t>& lanes);
std::optional<std::vector<std::size_t>> parseLaneList(const std::string& text);
// Sets the options "lanes" and "range" of `display` of `view` to an area: some lanes over
// [t0, t1] (the views' time units).
void askArea(ViewDocument& view, const QString& display, const std::vector<std::size_t>& lanes, double t0, double t1);

// Asks the view's profile display for the profile of some lanes (indices into the trace's
// lanes) over [t0, t1] (the views' time units): its options say so, and an open profile
// window follows them, a new one starts from them.
void askProfileArea(ViewDocument& view, const std::vector<std::size_t>& lanes, double t0, double t1);

} // namespace chitra::app
