// Where SES elements lie on a display's x axis: the element index in the event view,
// the time in the time view. Element i covers [x(i), x(i+1)).
#pragma once

#include "chitra/trace/ses.hpp"

#include <utility>

namespace chitra::app {

enum class XAxis { Time, Event };

double elementX(const Ses& ses, XAxis axis, std::size_t i);
// The full x extent of the SES.
std::pair<double, double> fullXRange(const Ses& ses, XAxis axis);
// Elements [a, b) that intersect [x0, x1).
std::pair<std::size_t, std::size_t> elementsInX(const Ses& ses, XAxis axis, double x0, double x1);
// Elements whose middle lies inside [x0, x1]: what a rubber band "contains".
std::pair<std::size_t, std::size_t> elementsCentredIn(const Ses& ses, XAxis axis, double x0, double x1);
// The element containing x, or size() when none.
std::size_t elementAt(const Ses& ses, XAxis axis, double x);
// The time at x (x itself in the time view; in the event view, linear inside each
// element), and back: together they map one axis onto the other, monotonically, so a
// range passed back and forth stays the same. Clamped to the SES's extent.
double timeAtX(const Ses& ses, XAxis axis, double x);
double xAtTime(const Ses& ses, XAxis axis, double t);
// Elements [a, b) that stand for some of the raw records [r0, r1).
std::pair<std::size_t, std::size_t> elementsOfRecords(const Ses& ses, RecordIndex r0, RecordIndex r1);

} // namespace chitra::app
