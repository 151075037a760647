#include "displays/gantt/gantt_display.hpp"
#include "displays/gantt/gantt_display_state.hpp"

#include "chitra/traceview/traceview.hpp"
#include "displays/gantt/density_plottable.hpp"
#include "displays/gantt/field_plottable.hpp"
#include "displays/gantt/gantt_canvas.hpp"
#include "displays/gantt/gantt_data.hpp"
#include "displays/min_visit_box.hpp"
#include "text/number_format.hpp"
#include "chitra/summaries/ses_geometry.hpp"
#include "document/display_options_link.hpp"
#include "document/view_document.hpp"

#include <QActionGroup>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace chitra::app {

GanttDisplay::GanttDisplay(ViewDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    optionsLink_ = new DisplayOptionsLink(
        doc_->presentation(), kGanttDisplay, [this] { return ganttOptions(*this); },
        [this](const DisplayOptions& options) { applyGanttOptions(*this, options); }, this);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->setSpacing(6); // else inherited from the outer layout (0): the buttons touched
    auto button = [&](const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setPopupMode(QToolButton::InstantPopup);
        bar->addWidget(b);
        return b;
    };
    chartsButton_ = button(tr("Charts"), tr("Add or remove charts"));
    densityButton_ =
        button(tr("Density bars"),
               tr("Point density (records per pixel column) or value density (mean value per pixel column)"));
    averageButton_ = button(tr("Average curves"), tr("Sliding-window average over the chart"));
    bar->addSpacing(6);
    bar->addWidget(new QLabel(tr("Colour map"), this));
    mapBox_ = new QComboBox(this);
    mapBox_->addItems({tr("viridis"), tr("hot (Traceview)"), tr("grey")});
    mapBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(mapBox_);
    bar->addSpacing(12);
    windowLabel_ = new QLabel(this);
    windowLabel_->setMinimumWidth(fontMetrics().horizontalAdvance(tr("Average window 50%")) + 4); // no jitter
    bar->addWidget(windowLabel_);
    windowSlider_ = new QSlider(Qt::Horizontal, this);
    windowSlider_->setRange(1, 50); // percent of the visible width
    windowSlider_->setValue(5);
    windowSlider_->setMaximumWidth(160);
    windowSlider_->setToolTip(tr("Average window, in percent of the visible width"));
    bar->addWidget(windowSlider_);
    bar->addSpacing(12);
    minVisitBox_ = MinVisitBox::addTo(bar, this, minVisitSeconds_, doc_->trace().header.timebase);
    bar->addSpacing(12);
    auto* undo = button(tr("Undo zoom"), tr("Back one zoom step (Backspace)"));
    undo->setPopupMode(QToolButton::DelayedPopup);
    auto* full = button(tr("Full view"), tr("Undo every zoom (Home)"));
    full->setPopupMode(QToolButton::DelayedPopup);
    bar->addStretch(1);

    plot_ = new GanttCanvas(this);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->addLayer("cursor", plot_->layer("main"), QCustomPlot::limAbove);
    plot_->layer("cursor")->setMode(QCPLayer::lmBuffered);
    status_ = new QLabel(this);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
    layout->addWidget(status_);

    connect(mapBox_, &QComboBox::currentIndexChanged, this, [this](int i) { setColourMap(static_cast<ColourMap>(i)); });
    connect(windowSlider_, &QSlider::valueChanged, this, [this](int v) { setAverageWindowPercent(v); });
    connect(minVisitBox_, &MinVisitBox::secondsChanged, this, &GanttDisplay::setMinVisitSeconds);
    connect(undo, &QToolButton::clicked, this, &GanttDisplay::undoZoom);
    connect(full, &QToolButton::clicked, this, &GanttDisplay::fullZoom);
    connect(plot_, &QCustomPlot::beforeReplot, this, &GanttDisplay::updateDensityLegends);
    connect(doc_, &ViewDocument::sesChanged, this, [this] {
        rebuildData();
        rebuildLayout();
        fullZoom();
        publishOptions(); // the charts are the new SES's
    });
    connect(doc_, &ViewDocument::lanesChanged, this, [this] {
        rebuildData(); // lane values of the state chart
        rebuildLayout();
        publishOptions();
    });
    connect(&doc_->presentation(), &ViewPresentation::selectionChanged, this,
            [this] { plot_->replot(QCustomPlot::rpQueuedReplot); });
    connect(&doc_->presentation(), &ViewPresentation::windowChanged, this, [this](const QString& display) {
        const XWindow w = doc_->presentation().window(kGanttDisplay);
        if (display == kGanttDisplay && !w.empty() && std::make_pair(w.x0, w.x1) != range_)
            applyRange(w.x0, w.x1); // set from outside: a session's restore
    });

    rebuildData();
    rebuildLayout();
    fullZoom(); // a display opened anew shows everything
    setAverageWindowPercent(windowPercent_);
    publishOptions(); // a display opened anew starts from its defaults
}

void GanttDisplay::publishOptions() { optionsLink_->publish(); }

GanttDisplay::~GanttDisplay() = default;

QCustomPlot* GanttDisplay::plot() const { return plot_; }
QWidget* GanttDisplay::canvas() const { return plot_; }

void GanttDisplay::rebuildData()
{
    const Ses& ses = doc_->ses();
    const Trace& trace = doc_->trace();
    auto d = std::make_unique<GanttData>();
    std::vector<double> x(ses.size());
    for (std::size_t i = 0; i < ses.size(); ++i)
        x[i] = static_cast<double>(ses.bounds[i]);
    std::vector<double> lanes(ses.size());
    for (std::size_t i = 0; i < ses.size(); ++i)
        lanes[i] = doc_->laneOf(ses.symbol[i]);
    const double end = ses.empty() ? 0 : static_cast<double>(ses.bounds.back());
    d->states = SeriesIndex(x, std::move(lanes), end);
    d->names.push_back(tr("states"));
    d->units.push_back(QString());
    const QString unit = QString::fromStdString(rate_unit(trace.header.timebase));
    const ShortVisitRule rule = ShortVisitRule::for_base(trace.header.timebase, minVisitSeconds_);
    for (std::size_t f = 0; f < trace.fields.size(); ++f) {
        d->fields.push_back(field_series(trace, ses, f));
        const auto& info = trace.header.fields[f];
        d->counter.push_back(info.kind == FieldKind::counter);
        if (d->counter.back()) // a gauge is what the program recorded, at any visit length
            d->fields.back().set_short_visits(rule);
        d->names.push_back(QString::fromStdString(info.name));
        d->units.push_back(info.kind == FieldKind::counter ? unit : QString());
    }
    d->end = end;
    d->full = ses.empty() ? std::pair<double, double>{0, 1} : fullXRange(ses, XAxis::Time);
    if (!(d->full.second > d->full.first))
        d->full.second = d->full.first + 1;
    const auto charts = d->names.size();
    data_ = std::move(d);
    if (shown_.size() != charts) {
        shown_.assign(charts, 1);
        density_.assign(charts, Density::Off);
        average_.assign(charts, 0);
    }
    rebuildMenus();
}

int GanttDisplay::chartTotal() const { return static_cast<int>(data_->names.size()); }
QString GanttDisplay::chartName(int chart) const { return data_->names.at(static_cast<std::size_t>(chart)); }
bool GanttDisplay::chartShown(int chart) const { return shown_.at(static_cast<std::size_t>(chart)); }
int GanttDisplay::shownChartCount() const { return static_cast<int>(std::count(shown_.begin(), shown_.end(), 1)); }
GanttDisplay::Density GanttDisplay::density(int chart) const { return density_.at(static_cast<std::size_t>(chart)); }
bool GanttDisplay::average(int chart) const { return average_.at(static_cast<std::size_t>(chart)); }

int GanttDisplay::densityBarCount() const { return static_cast<int>(plot_->densities.size()); }

void GanttDisplay::setChartShown(int chart, bool on)
{
    auto& s = shown_.at(static_cast<std::size_t>(chart));
    if (s == on || (!on && shownChartCount() == 1))
        return; // the last chart stays
    s = on;
    rebuildLayout();
    rebuildMenus();
    publishOptions();
}

void GanttDisplay::setDensity(int chart, Density density)
{
    density_.at(static_cast<std::size_t>(chart)) = density;
    rebuildLayout();
    rebuildMenus();
    publishOptions();
}

void GanttDisplay::setColourMap(ColourMap map)
{
    colourMap_ = map;
    if (mapBox_->currentIndex() != static_cast<int>(map))
        mapBox_->setCurrentIndex(static_cast<int>(map));
    for (auto* d : plot_->densities)
        d->gradient = gradientFor(map);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    publishOptions();
}

void GanttDisplay::setAverage(int chart, bool on)
{
    if (chart == 0)
        return; // the state chart has no average curve
    average_.at(static_cast<std::size_t>(chart)) = on;
    for (auto* f : plot_->fields)
        f->average = false;
    rebuildLayout();
    rebuildMenus();
    publishOptions();
}

void GanttDisplay::setAverageTimeWeighted(bool on)
{
    timeWeighted_ = on;
    for (auto* f : plot_->fields)
        f->timeWeighted = on;
    for (auto* d : plot_->densities)
        d->timeWeighted = on;
    rebuildMenus();
    applyRange(range_.first, range_.second); // the y ranges follow the average curves
    publishOptions();
}

void GanttDisplay::setMinVisitSeconds(double seconds)
{
    minVisitSeconds_ = std::isfinite(seconds) && seconds > 0 ? seconds : 0.0;
    minVisitBox_->setSeconds(minVisitSeconds_);
    const ShortVisitRule rule = ShortVisitRule::for_base(doc_->trace().header.timebase, minVisitSeconds_);
    for (std::size_t f = 0; f < data_->fields.size(); ++f)
        if (data_->counter[f])
            data_->fields[f].set_short_visits(rule);
    applyRange(range_.first, range_.second);
    publishOptions();
}

void GanttDisplay::setAverageWindowPercent(double percent)
{
    windowPercent_ = std::clamp(percent, 0.1, 100.0);
    windowLabel_->setText(tr("Average window %1%").arg(windowPercent_, 0, 'g', 3));
    if (windowSlider_->value() != static_cast<int>(std::lround(windowPercent_))) {
        QSignalBlocker block(windowSlider_);
        windowSlider_->setValue(static_cast<int>(std::lround(windowPercent_)));
    }
    for (auto* f : plot_->fields)
        f->windowFraction = windowPercent_ / 100.0;
    applyRange(range_.first, range_.second); // the y ranges follow the average curves
    publishOptions();
}

void GanttDisplay::rebuildMenus()
{
    auto fresh = [](QToolButton* b) {
        delete b->menu();
        auto* m = new QMenu(b);
        b->setMenu(m);
        return m;
    };
    QMenu* charts = fresh(chartsButton_);
    QMenu* density = fresh(densityButton_);
    QMenu* average = fresh(averageButton_);
    for (int c = 0; c < chartTotal(); ++c) {
        QAction* a = charts->addAction(chartName(c));
        a->setCheckable(true);
        a->setChecked(chartShown(c));
        connect(a, &QAction::toggled, this, [this, c](bool on) { setChartShown(c, on); });

        QMenu* sub = density->addMenu(chartName(c));
        const std::pair<Density, QString> kinds[] = {
            {Density::Off, tr("off")}, {Density::Point, tr("point density")}, {Density::Value, tr("value density")}};
        auto* group = new QActionGroup(sub);
        for (const auto& [kind, text] : kinds) {
            QAction* k = sub->addAction(text);
            k->setCheckable(true);
            k->setChecked(density_[static_cast<std::size_t>(c)] == kind);
            group->addAction(k);
            connect(k, &QAction::triggered, this, [this, c, kind = kind] { setDensity(c, kind); });
        }
        if (c > 0) {
            QAction* v = average->addAction(chartName(c));
            v->setCheckable(true);
            v->setChecked(average_[static_cast<std::size_t>(c)]);
            connect(v, &QAction::toggled, this, [this, c](bool on) { setAverage(c, on); });
        }
    }
    average->addSeparator();
    auto* kinds = new QActionGroup(average);
    const std::pair<bool, QString> means[] = {{true, tr("Time-weighted (counter increase / window length)")},
                                              {false, tr("Plain mean of the visits' values (Traceview)")}};
    for (const auto& [weighted, text] : means) {
        QAction* k = average->addAction(text);
        k->setCheckable(true);
        k->setChecked(timeWeighted_ == weighted);
        k->setToolTip(tr("Also used by the value density bars"));
        kinds->addAction(k);
        connect(k, &QAction::triggered, this, [this, weighted = weighted] { setAverageTimeWeighted(weighted); });
    }
    averageButton_->setEnabled(chartTotal() > 1);
}

std::pair<double, double> GanttDisplay::visibleRange() const { return range_; }

void GanttDisplay::zoomTo(double x0, double x1)
{
    if (x0 > x1)
        std::swap(x0, x1);
    doc_->presentation().rememberWindow(kGanttDisplay);
    applyRange(x0, x1);
}

void GanttDisplay::undoZoom()
{
    if (const std::optional<XWindow> r = doc_->presentation().takeLastWindow(kGanttDisplay))
        applyRange(r->x0, r->x1);
}

void GanttDisplay::fullZoom()
{
    doc_->presentation().setZoomHistory(kGanttDisplay, {});
    applyRange(data_->full.first, data_->full.second);
}

int GanttDisplay::zoomDepth() const { return static_cast<int>(doc_->presentation().zoomHistory(kGanttDisplay).size()); }

double GanttDisplay::pixelToX(int px) const
{
    if (plot_->charts.empty())
        return 0;
    return plot_->charts.front()->axis(QCPAxis::atBottom)->pixelToCoord(px);
}

void GanttDisplay::bandZoom(int px0, int px1) { zoomTo(pixelToX(std::min(px0, px1)), pixelToX(std::max(px0, px1))); }

void GanttDisplay::wheelZoom(int px, double factor)
{
    const double c = pixelToX(px);
    doc_->presentation().rememberWindow(kGanttDisplay);
    const double x0 = c - (c - range_.first) * factor, x1 = c + (range_.second - c) * factor;
    applyRange(std::max(x0, data_->full.first - (data_->full.second - data_->full.first)),
               std::min(x1, data_->full.second + (data_->full.second - data_->full.first)));
}

void GanttDisplay::setCursorX(double x)
{
    cursorX_ = x;
    for (auto* l : plot_->cursors) {
        l->start->setCoords(x, 0);
        l->end->setCoords(x, 1);
        l->setVisible(true);
    }
    plot_->layer("cursor")->replot();
}

void GanttDisplay::hoverAt(int px)
{
    const double x = pixelToX(px);
    setCursorX(x);
    emit cursorMoved(x);
    const Ses& ses = doc_->ses();
    const TimeBase base = doc_->trace().header.timebase;
    QString text = tr("t = %1").arg(formatTime(x, base));
    const std::size_t i = elementAt(ses, XAxis::Time, x);
    if (i < ses.size()) {
        text += tr("   element %1   state %2")
                    .arg(formatCount(static_cast<long long>(i)), QString::fromStdString(ses.name(i)));
        text += tr(" (%1)").arg(formatDurationSI(static_cast<double>(ses.bounds[i + 1] - ses.bounds[i]), base));
        const bool shortVisit = std::any_of(data_->fields.begin(), data_->fields.end(),
                                            [&](const SeriesIndex& f) { return f.is_short(i); });
        if (shortVisit)
            text += tr(", a short visit: counter rates mostly jitter");
        for (std::size_t f = 0; f < data_->fields.size(); ++f)
            text += QStringLiteral("   %1 %2")
                        .arg(data_->names[f + 1], formatSI(data_->fields[f].y()[i], data_->units[f + 1], 3));
    }
    status_->setText(text);
    emit hoverText(text);
}

void GanttDisplay::markElement(std::size_t element)
{
    marked_ = element;
    const Ses& ses = doc_->ses();
    const bool on = element < ses.size();
    for (auto* m : plot_->marks) {
        if (on) {
            m->topLeft->setCoords(static_cast<double>(ses.bounds[element]), 0);
            m->bottomRight->setCoords(static_cast<double>(ses.bounds[element + 1]), 1);
        }
        m->setVisible(on);
    }
    if (on)
        setCursorX(static_cast<double>(ses.bounds[element]));
    else
        plot_->layer("cursor")->replot();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

double GanttDisplay::replotNow()
{
    QElapsedTimer t;
    t.start();
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

} // namespace chitra::app
