// Keeps the lanes view's time range and the trace view's x range the same, both ways:
// a zoom or pan in either moves the other (in the event view through the elements' entry
// times). A change made on behalf of the other side is not passed back, and the range
// the trace view settles on (it stays inside the view's trace) is given back to the
// lanes view, so the two agree and nothing loops.
#pragma once

#include <QObject>

namespace chitra::app {

class LanesView;
class TracePlot;

class LanesLink : public QObject {
    Q_OBJECT
public:
    // The lanes view takes the trace view's range at once.
    LanesLink(LanesView* lanes, TracePlot* trace, QObject* parent = nullptr);

private:
    void traceMoved(double x0, double x1);
    void lanesMoved(double t0, double t1);

    LanesView* lanes_;
    TracePlot* trace_;
    bool passing_ = false; // a change is being passed to the other side
};

} // namespace chitra::app
