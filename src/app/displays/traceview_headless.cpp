#include "displays/traceview_headless.hpp"

#include "displays/gantt/gantt_display.hpp"
#include "displays/headless_settle.hpp"
#include "displays/rate/rate_display.hpp"
#include "document/view_document.hpp"
#include "plotting/display_export.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

namespace chitra::app {

int runTraceviewHeadless(ViewDocument* view, const QString& kind, const QString& screenshot, QSize size,
                         int benchmarkReplots, const TraceviewHeadlessOptions& options)
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
        if (!options.ganttRange.isEmpty()) {
            const QStringList r = options.ganttRange.split(':');
            bool ok0 = false, ok1 = false;
            const double t0 = r.size() == 2 ? r[0].toDouble(&ok0) : 0, t1 = r.size() == 2 ? r[1].toDouble(&ok1) : 0;
            if (!ok0 || !ok1 || !(t1 > t0)) {
                std::cerr << "chitra: --gantt-range must be T0:T1 with T0 < T1\n";
                return 2;
            }
            gantt->zoomTo(t0, t1);
        }
    } else {
        auto* rate = new RateDisplay(view);
        widget.reset(rate);
        if (!options.rateState.isEmpty() && !rate->setStateName(options.rateState)) {
            std::cerr << "chitra: --rate-state: no state " << options.rateState.toStdString() << " in the view\n";
            return 2;
        }
    }
    widget->resize(size);
    widget->show();
    settleFor(150);
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
