// A QCustomPlot that replots on the next turn of the event loop after a resize. QCustomPlot
// replots at once in its resizeEvent; when a view is shown its plots are all resized in
// one go, and each replot then held the GUI thread in that same turn. Queued, the replots
// run one per turn, and resizes in a row (a dragged window edge) draw once.
#pragma once

#include <qcustomplot.h>

namespace chitra::app {

class QueuedResizePlot : public QCustomPlot {
public:
    using QCustomPlot::QCustomPlot;

protected:
    void resizeEvent(QResizeEvent*) override
    {
        setViewport(rect());
        replot(rpQueuedReplot);
    }
};

} // namespace chitra::app
