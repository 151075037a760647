#include "views/lanes/lanes_link.hpp"

#include "document/view_document.hpp"
#include "chitra/summaries/ses_geometry.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/trace/trace_plot.hpp"

namespace chitra::app {

LanesLink::LanesLink(LanesView* lanes, TracePlot* trace, QObject* parent)
    : QObject(parent), lanes_(lanes), trace_(trace)
{
    connect(trace_, &TracePlot::visibleRangeChanged, this, &LanesLink::traceMoved);
    connect(lanes_, &LanesView::visibleRangeChanged, this, &LanesLink::lanesMoved);
    const auto [x0, x1] = trace_->visibleRange();
    traceMoved(x0, x1);
}

void LanesLink::traceMoved(double x0, double x1)
{
    if (passing_)
        return;
    passing_ = true;
    const Ses& ses = trace_->document()->ses();
    lanes_->setVisibleRange(timeAtX(ses, trace_->axis(), x0), timeAtX(ses, trace_->axis(), x1));
    passing_ = false;
}

void LanesLink::lanesMoved(double t0, double t1)
{
    if (passing_)
        return;
    passing_ = true;
    const Ses& ses = trace_->document()->ses();
    const XAxis axis = trace_->axis();
    trace_->setVisibleRange(xAtTime(ses, axis, t0), xAtTime(ses, axis, t1), false);
    const auto [x0, x1] = trace_->visibleRange(); // kept inside the view's trace
    lanes_->setVisibleRange(timeAtX(ses, axis, x0), timeAtX(ses, axis, x1));
    passing_ = false;
}

} // namespace chitra::app
