// How the Traceview displays (Gantt and rate) save their short-visit threshold, the
// value of their MinVisitBox (min_visit_box.hpp), in a session's display options.
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <optional>
#include <vector>

namespace chitra::app {

// The threshold in seconds ("0" = off), in options.extra; written only when it differs
// from kDefaultMinVisitSeconds (older sessions have none: the default).
inline constexpr const char* kMinVisitKey = "min_visit_s";

void captureMinVisit(double seconds, DisplayOptions& options);
// The saved threshold: kDefaultMinVisitSeconds when none was saved (what an absent key
// means, whatever the preference below), nullopt when it is not a number of seconds >= 0
// (then said in `problems`, naming the display by `where` and its id).
std::optional<double> savedMinVisit(const DisplayState& state, const QString& where, std::vector<QString>& problems);

// The threshold a new Gantt or rate display starts with (a preference; by default
// kDefaultMinVisitSeconds).
double preferredMinVisitSeconds();
void setPreferredMinVisitSeconds(double seconds);

} // namespace chitra::app
