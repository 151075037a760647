#include "traceview_headless.hpp"

#include "display_export.hpp"
#include "gantt_display.hpp"
#include "rate_display.hpp"
#include "view_document.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <iostream>
#include <memory>

namespace chitra::app {

namespace {
void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
}
} // namespace

int runTraceviewHeadless(ViewDocument* view, const QString& kind, const QString& screenshot, QSize size,
                         int benchmarkReplots)
{
    std::unique_ptr<QWidget> widget;
    GanttDisplay* gantt = nullptr;
    if (kind == "gantt") {
        gantt = new GanttDisplay(view);
        widget.reset(gantt);
        // Show what the displays are for: density bars on the state chart and the
        // first field, an average curve on every field.
        if (qEnvironmentVariableIsSet("CHITRA_GANTT_PLAIN") == false) {
            gantt->setDensity(0, GanttDisplay::Density::Point);
            if (gantt->chartTotal() > 1)
                gantt->setDensity(1, GanttDisplay::Density::Value);
            for (int c = 1; c < gantt->chartTotal(); ++c)
                gantt->setAverage(c, true);
        }
    } else {
        widget = std::make_unique<RateDisplay>(view);
    }
    widget->resize(size);
    widget->show();
    settle(150);
    if (benchmarkReplots > 0 && gantt) {
        std::vector<double> times;
        for (int i = 0; i < benchmarkReplots; ++i)
            times.push_back(gantt->replotNow());
        std::sort(times.begin(), times.end());
        std::cout << "elements " << view->ses().size() << " charts " << gantt->shownChartCount() << " density_bars "
                  << gantt->densityBarCount() << " median_replot_ms " << times[times.size() / 2] << " min_replot_ms "
                  << times.front() << '\n';
    }
    if (screenshot.isEmpty())
        return 0;
    QString error;
    if (!exportWidget(widget.get(), screenshot, size, &error)) {
        std::cerr << error.toStdString() << '\n';
        return 3;
    }
    return 0;
}

} // namespace chitra::app
