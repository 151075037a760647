// A QCustomPlot whose queued replots wait for a turn of their own instead of a posted call.
// QCustomPlot replots at once in its resizeEvent; when a view is shown its plots are all
// resized in one go, and each replot then held the GUI thread inside the resize itself.
// QCustomPlot's own queued replot (rpQueuedReplot) is a posted call, delivered in the
// same batch of posted events as the layout and paints that a new view brings, so the
// GUI thread went from one to the next without a turn for input. Here a replot asked for
// by a resize or by queueReplot() goes to the turn queue: the resizes and requests in a
// row draw once, and the plots of a view replot on turns of their own (docs/performance.md,
// "GUI responsiveness").
#pragma once

#include "jobs/turn_queue.hpp"

#include <qcustomplot.h>

#include <QCoreApplication>

namespace chitra::app {

class QueuedResizePlot : public QCustomPlot {
public:
    explicit QueuedResizePlot(QWidget* parent = nullptr) : QCustomPlot(parent)
    {
        // A replot made meanwhile for any other reason leaves nothing to do.
        connect(this, &QCustomPlot::afterReplot, this, [this] {
            replotLater_.cancel();
            laidOut_ = true;
        });
        // QCustomPlot's constructor queues its first replot as a posted call: that one
        // takes its turn too.
        QCoreApplication::removePostedEvents(this, QEvent::MetaCall);
        mReplotQueued = false;
        queueReplot();
    }

    // A replot on a later turn; requests in a row draw once.
    void queueReplot() { replotLater_.request(); }

protected:
    void resizeEvent(QResizeEvent*) override
    {
        setViewport(rect());
        queueReplot();
    }

private:
    // A plot's first replot takes two turns: laying it out and making its paint buffers
    // (fresh memory) on one, drawing on the next.
    void replotOnThisTurn()
    {
        if (!laidOut_) {
            laidOut_ = true;
            updateLayout();
            setupPaintBuffers();
            replotLater_.request();
            return;
        }
        replot();
    }

    bool laidOut_ = false;
    LaterTurnCall replotLater_{this, [this] { replotOnThisTurn(); }};
};

// queueReplot() for a plot made as a QueuedResizePlot, else QCustomPlot's queued replot.
inline void queueReplot(QCustomPlot* plot)
{
    if (auto* queued = dynamic_cast<QueuedResizePlot*>(plot))
        queued->queueReplot();
    else
        plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace chitra::app
