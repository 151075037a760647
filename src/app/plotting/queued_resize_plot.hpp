// A QCustomPlot that replots on a later turn of the event loop after a resize. QCustomPlot
// replots at once in its resizeEvent; when a view is shown its plots are all resized in
// one go, and each replot then held the GUI thread inside the resize itself. Queued, a
// plot replots once after resizes in a row (a dragged window edge), and the replots run
// after the layout; they still run back to back in the batch of posted events that
// follows (docs/performance.md, "GUI responsiveness").
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
