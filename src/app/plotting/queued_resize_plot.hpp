// A QCustomPlot whose queued replots wait for a short timer instead of a posted call.
// QCustomPlot replots at once in its resizeEvent; when a view is shown its plots are all
// resized in one go, and each replot then held the GUI thread inside the resize itself.
// QCustomPlot's own queued replot (rpQueuedReplot) is a posted call, delivered in the
// same batch of posted events as the layout and paints that a new view brings, so the
// GUI thread went from one to the next without a turn for input. Here a replot asked for
// by a resize or by queueReplot() waits for a timer of a couple of milliseconds: the
// resizes and requests in a row draw once, and the event loop gets a turn before the
// replot (docs/performance.md, "GUI responsiveness").
#pragma once

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QTimer>

namespace chitra::app {

class QueuedResizePlot : public QCustomPlot {
public:
    explicit QueuedResizePlot(QWidget* parent = nullptr) : QCustomPlot(parent)
    {
        pendingReplot_.setSingleShot(true);
        pendingReplot_.setInterval(kReplotDelayMs);
        connect(&pendingReplot_, &QTimer::timeout, this, [this] { replot(); });
        // A replot made meanwhile for any other reason leaves nothing to do.
        connect(this, &QCustomPlot::afterReplot, &pendingReplot_, &QTimer::stop);
        // QCustomPlot's constructor queues its first replot as a posted call: that one
        // waits for the timer too.
        QCoreApplication::removePostedEvents(this, QEvent::MetaCall);
        mReplotQueued = false;
        queueReplot();
    }

    // A replot after the current batch of events and a short wait; requests in a row
    // draw once.
    void queueReplot()
    {
        if (!pendingReplot_.isActive())
            pendingReplot_.start();
    }

protected:
    void resizeEvent(QResizeEvent*) override
    {
        setViewport(rect());
        queueReplot();
    }

private:
    static constexpr int kReplotDelayMs = 2;
    QTimer pendingReplot_;
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
