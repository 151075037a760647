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
// The saved threshold, or nullopt when none was saved or it is not a number of seconds
// >= 0 (then said in `problems`, naming the display by `where` and its id).
std::optional<double> savedMinVisit(const DisplayState& state, const QString& where, std::vector<QString>& problems);

} // namespace chitra::app
