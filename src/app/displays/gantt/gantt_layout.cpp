// GanttDisplay's stacked charts (gantt_display.hpp): building them from the chart
// options (state chart, field charts, density bars with their colour scales, cursor line
// and visit mark of each), naming the states in view, and fitting every chart's ranges
// to the visible time.
#include "displays/gantt/gantt_display.hpp"

#include "displays/gantt/chart_scales.hpp"
#include "displays/gantt/density_plottable.hpp"
#include "displays/gantt/field_plottable.hpp"
#include "displays/gantt/gantt_canvas.hpp"
#include "displays/gantt/gantt_data.hpp"
#include "document/view_document.hpp"
#include "plotting/palette.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "views/trace/state_plottable.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace chitra::app {

void GanttDisplay::rebuildLayout()
{
    plot_->clearPlottables();
    plot_->clearItems();
    plot_->plotLayout()->clear();
    delete plot_->margins;
    plot_->margins = new QCPMarginGroup(plot_);
    plot_->fields.clear();
    plot_->densities.clear();
    plot_->charts.clear();
    plot_->cursors.clear();
    plot_->marks.clear();

    QCPLayoutGrid* grid = plot_->plotLayout();
    grid->setRowSpacing(0);
    const bool anyDensity = std::any_of(density_.begin(), density_.end(), [&](Density d) { return d != Density::Off; });
    int row = 0;
    const QFont small = [&] {
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.85);
        return f;
    }();
    int last = -1;
    for (int c = 0; c < chartTotal(); ++c)
        if (shown_[static_cast<std::size_t>(c)])
            last = c;
    for (int c = 0; c < chartTotal(); ++c) {
        if (!shown_[static_cast<std::size_t>(c)])
            continue;
        const SeriesIndex& series = c == 0 ? data_->states : data_->fields[static_cast<std::size_t>(c - 1)];
        QCPColorScale* scale = nullptr;
        if (density_[static_cast<std::size_t>(c)] != Density::Off) {
            auto* bar = new QCPAxisRect(plot_);
            bar->setAutoMargins(QCP::msLeft | QCP::msRight);
            bar->setMargins(QMargins(0, 4, 0, 0));
            bar->setMinimumSize(QSize(0, 16));
            bar->setMaximumSize(QSize(QWIDGETSIZE_MAX, 16));
            bar->axis(QCPAxis::atBottom)->setVisible(false);
            QCPAxis* y = bar->axis(QCPAxis::atLeft);
            y->setTicks(false);
            y->setTickLabels(false);
            y->setBasePen(Qt::NoPen);
            y->setLabel(QString());
            bar->setMarginGroup(QCP::msLeft | QCP::msRight, plot_->margins);
            grid->addElement(row, 0, bar);
            grid->setRowStretchFactor(row, 0.01);
            ++row;
            scale = new QCPColorScale(plot_);
            scale->setType(QCPAxis::atRight);
            scale->setBarWidth(10);
            scale->axis()->setTickLabelFont(small);
            scale->axis()->setLabelFont(small);
            scale->axis()->setTicker(makeSiTicker());
            scale->axis()->ticker()->setTickCount(3);
            scale->setLabel(density_[static_cast<std::size_t>(c)] == Density::Point ? tr("records/px") : tr("mean/px"));
            scale->setMinimumSize(QSize(78, 0));
            scale->setMaximumSize(QSize(78, QWIDGETSIZE_MAX));
            auto* d = new DensityPlottable(bar->axis(QCPAxis::atBottom), y, &series,
                                           density_[static_cast<std::size_t>(c)] == Density::Point, scale);
            d->gradient = gradientFor(colourMap_);
            d->timeWeighted = timeWeighted_;
            plot_->densities.push_back(d);
        }
        auto* rect = new QCPAxisRect(plot_);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, plot_->margins);
        rect->setMinimumSize(QSize(0, c == 0 ? 70 : 40));
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        x->setTickLabels(c == last);
        x->grid()->setPen(QPen(QColor(0, 0, 0, 25), 1, Qt::DotLine));
        y->setTickLabelFont(small);
        y->setLabelFont(small);
        x->setTickLabelFont(small);
        x->setTicker(makeTimeTicker(doc_->trace().header.timebase, x));
        if (c == last)
            x->setLabel(tr("time"));
        grid->addElement(row, 0, rect);
        grid->setRowStretchFactor(row, c == 0 ? 2.0 : 1.0);
        if (scale)
            grid->addElement(row, 1, scale);
        if (c == 0) {
            auto* states = new StatePlottable(x, y, doc_, XAxis::Time);
            states->setConnectors(true);
            y->setRange(-0.5, std::max(1, doc_->laneCount()) - 0.5);
            y->grid()->setVisible(false);
        } else {
            auto* f = new FieldPlottable(x, y, data_.get(), c - 1, seriesColour(c + 2));
            f->average = average_[static_cast<std::size_t>(c)];
            f->windowFraction = windowPercent_ / 100.0;
            f->timeWeighted = timeWeighted_;
            plot_->fields.push_back(f);
            y->setTicker(makeSiTicker());
            y->setLabel(data_->names[static_cast<std::size_t>(c)] + data_->units[static_cast<std::size_t>(c)]);
            const auto [lo, hi] =
                robustRange(series.y(), 0, series.size(), &series.x(), data_->end, 0.995, series.short_visits());
            y->setRange(lo, hi);
        }
        plot_->charts.push_back(rect);
        // Cursor line and visit mark, on the buffered overlay layer.
        auto* mark = new QCPItemRect(plot_);
        mark->setLayer("cursor");
        mark->setClipAxisRect(rect);
        mark->setPen(Qt::NoPen);
        mark->setBrush(QColor(255, 140, 0, 70));
        for (auto* p : {mark->topLeft, mark->bottomRight}) {
            p->setAxes(x, y);
            p->setAxisRect(rect);
            p->setTypeX(QCPItemPosition::ptPlotCoords);
            p->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        mark->setVisible(false);
        plot_->marks.push_back(mark);
        auto* cursor = new QCPItemLine(plot_);
        cursor->setLayer("cursor");
        cursor->setClipAxisRect(rect);
        cursor->setPen(QPen(QColor(200, 30, 30), 1));
        for (auto* p : {cursor->start, cursor->end}) {
            p->setAxes(x, y);
            p->setAxisRect(rect);
            p->setTypeX(QCPItemPosition::ptPlotCoords);
            p->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        cursor->start->setCoords(cursorX_, 0);
        cursor->end->setCoords(cursorX_, 1);
        cursor->setVisible(false);
        plot_->cursors.push_back(cursor);
        ++row;
    }
    grid->setColumnStretchFactor(0, 1.0);
    if (anyDensity)
        grid->setColumnStretchFactor(1, 0.01);
    refreshStateTicks();
    applyRange(range_.first, range_.second);
    if (marked_ != static_cast<std::size_t>(-1))
        markElement(marked_);
}

// The state chart shows the lanes from the lowest to the highest one entered or held in
// the visible range (all of them at full view), so that a zoom into a phase spreads its
// few states over the chart. Only some lanes can be named without overlap: name the
// states that fill most of the visible time, none closer than a label's height.
void GanttDisplay::refreshStateTicks()
{
    if (!shown_[0] || plot_->charts.empty())
        return;
    QCPAxisRect* rect = plot_->charts.front();
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int lanes = doc_->laneCount();
    const SeriesIndex& s = data_->states;
    std::size_t a = s.lower(range_.first);
    a = a ? a - 1 : 0; // the visit held at the left edge
    const std::size_t b = std::min(s.size(), s.lower(range_.second));
    double low = 0, high = std::max(1, lanes) - 1;
    if (b > a)
        std::tie(low, high) = s.minmax(a, b);
    y->setRange(low - 0.5, high + 0.5);
    const double height = rect->height() > 20 ? rect->height() : std::max(60.0, plot_->height() * 0.3);
    const double gap = std::max(1.0, (high - low + 1) * fontMetrics().height() * 0.9 / height); // in lanes
    // Time of each lane in the visible range, from at most ~100,000 visits (labels only).
    std::vector<double> time(static_cast<std::size_t>(std::max(lanes, 0)), 0.0);
    const std::size_t stride = std::max<std::size_t>(1, (b > a ? b - a : 0) / 100000);
    for (std::size_t i = a; i < b; i += stride) {
        const double lo = std::max(range_.first, s.x()[i]), hi = std::min(range_.second, s.x()[i] + s.length(i));
        const auto lane = static_cast<std::size_t>(s.y()[i]);
        if (hi > lo && lane < time.size())
            time[lane] += hi - lo;
    }
    std::vector<int> order;
    for (int l = 0; l < lanes; ++l)
        if (time[static_cast<std::size_t>(l)] > 0)
            order.push_back(l);
    std::stable_sort(order.begin(), order.end(), [&](int p, int q) {
        return time[static_cast<std::size_t>(p)] > time[static_cast<std::size_t>(q)];
    });
    if (order.empty() && b > a)
        order.push_back(static_cast<int>(low)); // only visits of no length in view
    std::vector<int> named;
    for (int l : order)
        if (std::all_of(named.begin(), named.end(), [&](int m) { return std::abs(m - l) >= gap; }))
            named.push_back(l);
    for (int l : named)
        ticker->addTick(l, QString::fromStdString((*doc_->ses().symbols)[doc_->laneSymbol(l)].name));
    y->setTicker(ticker);
}

void GanttDisplay::updateDensityLegends()
{
    for (auto* d : plot_->densities)
        d->prepare();
}

std::pair<double, double> GanttDisplay::yRange(int chart) const
{
    if (chart == 0) {
        if (!shown_[0] || plot_->charts.empty())
            return {0, 0};
        const QCPRange r = plot_->charts.front()->axis(QCPAxis::atLeft)->range();
        return {r.lower, r.upper};
    }
    for (std::size_t k = 0, c = 1; c < shown_.size(); ++c)
        if (shown_[c]) {
            if (static_cast<int>(c) == chart) {
                const QCPRange r = plot_->fields.at(k)->valueAxis()->range();
                return {r.lower, r.upper};
            }
            ++k;
        }
    return {0, 0};
}

std::vector<std::pair<double, double>> GanttDisplay::chartRanges() const
{
    std::vector<std::pair<double, double>> out;
    for (auto* r : plot_->charts)
        out.emplace_back(r->axis(QCPAxis::atBottom)->range().lower, r->axis(QCPAxis::atBottom)->range().upper);
    return out;
}

void GanttDisplay::applyRange(double x0, double x1)
{
    if (!(x1 > x0))
        x1 = x0 + 1;
    range_ = {x0, x1};
    doc_->presentation().setWindow(kGanttDisplay, {x0, x1});
    for (auto* r : plot_->charts)
        r->axis(QCPAxis::atBottom)->setRange(x0, x1);
    refreshStateTicks(); // names the states in view
    for (auto* d : plot_->densities)
        d->keyAxis()->setRange(x0, x1);
    // Field charts follow the values in view (spikes outside stay out of the scale).
    for (std::size_t k = 0; k < plot_->fields.size(); ++k) {
        auto* f = plot_->fields[k];
        int field = -1;
        for (std::size_t c = 1, seen = 0; c < shown_.size(); ++c)
            if (shown_[c] && seen++ == k)
                field = static_cast<int>(c) - 1;
        const SeriesIndex& s = data_->fields[static_cast<std::size_t>(field)];
        std::size_t a = s.lower(x0);
        a = a ? a - 1 : 0;
        const std::size_t b = std::min(s.size(), s.lower(x1));
        if (b > a) {
            auto [lo, hi] = robustRange(s.y(), a, b, &s.x(), data_->end, 0.995, s.short_visits());
            if (f->average) {
                // Traceview's plain mean lets rare spikes lift the curve above the values
                // that fill the time (the time-weighted one stays within them): keep it in view.
                const int cols = std::max(100, f->keyAxis()->axisRect()->width());
                const auto avg = f->timeWeighted ? time_average_curve(s, x0, x1, cols, f->windowFraction)
                                                 : average_curve(s, x0, x1, cols, f->windowFraction);
                double amin = std::numeric_limits<double>::infinity(), amax = -amin;
                for (double v : avg)
                    if (std::isfinite(v)) {
                        amin = std::min(amin, v);
                        amax = std::max(amax, v);
                    }
                if (amax >= amin) {
                    const double pad = 0.06 * std::max(hi - lo, amax - amin);
                    lo = std::min(lo, amin - pad);
                    hi = std::max(hi, amax + pad);
                }
            }
            f->valueAxis()->setRange(lo, hi);
        }
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace chitra::app
