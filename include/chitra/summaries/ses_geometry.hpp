// Where SES elements lie on a display's x axis: the element index in the event view,
// the time in the time view. Element i covers [x(i), x(i+1)).
#pragma once

#include "chitra/trace/ses.hpp"

#include <utility>
#include <vector>

namespace chitra {

enum class XAxis { Time, Event };

double elementX(const Ses& ses, XAxis axis, std::size_t i);
// The full x extent of the SES.
std::pair<double, double> fullXRange(const Ses& ses, XAxis axis);
// Elements [a, b) that intersect [x0, x1).
std::pair<std::size_t, std::size_t> elementsInX(const Ses& ses, XAxis axis, double x0, double x1);

// elementsInX for successive pixel columns, which only move right: each search gallops
// from the previous column's answer. On the time axis it starts at the last sampled
// boundary before x (sample[k] == bounds[k * step]): a search then reads the boundaries
// of about one step, a few pages of a mapped trace, whatever the trace's size.
class ColumnElements {
public:
    ColumnElements(const Ses& ses, XAxis axis, const std::vector<Time>& sample, std::size_t step)
        : ses_(ses), axis_(axis), sample_(sample), step_(step)
    {
    }
    // Elements [a, b) that intersect [x0, x1), for x0 not before the previous call's x1.
    std::pair<std::size_t, std::size_t> next(double x0, double x1);

private:
    std::size_t sampledStart(std::size_t lo, double x);
    template <class Pred> std::size_t firstTrue(std::size_t lo, Pred pred) const;

    const Ses& ses_;
    XAxis axis_;
    const std::vector<Time>& sample_;
    std::size_t step_;
    std::size_t sampleAt_ = 0, a_ = 0, b_ = 0;
};
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

} // namespace chitra
