#include "displays/rate/rate_display.hpp"
#include "displays/rate/rate_display_state.hpp"

#include "chitra/traceview/traceview.hpp"
#include "displays/gantt/chart_scales.hpp"
#include "displays/min_visit_box.hpp"
#include "document/display_options_link.hpp"
#include "document/view_document.hpp"
#include "plotting/palette.hpp"
#include "plotting/plot_theme.hpp"
#include "text/number_format.hpp"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace chitra::app {

// Wheel zooms the ordinal axis of every chart around the cursor, Home shows all,
// moving the mouse hovers the nearest entry.
class RateCanvas : public QCustomPlot {
public:
    explicit RateCanvas(RateDisplay* owner) : QCustomPlot(owner), owner_(owner) { setMouseTracking(true); }
    std::vector<QCPAxisRect*> charts;
    std::vector<QCPGraph*> graphs;      // visits of at least the minimum length, joined
    std::vector<QCPGraph*> shortGraphs; // shorter visits: hollow grey points
    std::vector<QCPItemTracer*> tracers;

protected:
    void mouseMoveEvent(QMouseEvent* e) override
    {
        QCustomPlot::mouseMoveEvent(e);
        owner_->hoverAt(e->pos());
    }
    void leaveEvent(QEvent* e) override
    {
        QCustomPlot::leaveEvent(e);
        owner_->hoverEntry(-1);
    }
    void wheelEvent(QWheelEvent* e) override
    {
        if (charts.empty() || owner_->elements_.empty())
            return;
        QCPAxis* x = charts.front()->axis(QCPAxis::atBottom);
        const double c = x->pixelToCoord(e->position().x());
        const double f = e->angleDelta().y() > 0 ? 0.8 : 1.25;
        owner_->applyRange(c - (c - x->range().lower) * f, c + (x->range().upper - c) * f);
    }
    void keyPressEvent(QKeyEvent* e) override
    {
        if (e->key() == Qt::Key_Home)
            owner_->applyRange(0.5, owner_->elements_.size() + 0.5);
        else
            QCustomPlot::keyPressEvent(e);
    }

private:
    RateDisplay* owner_;
};

RateDisplay::RateDisplay(ViewDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    optionsLink_ = new DisplayOptionsLink(
        doc_->presentation(), kRateDisplay, [this] { return rateOptions(*this); },
        [this](const DisplayOptions& options) { applyRateOptions(*this, options); }, this);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->setSpacing(8); // else inherited from the outer layout (0): the widgets touched
    bar->addWidget(new QLabel(tr("State"), this));
    stateBox_ = new QComboBox(this);
    stateBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(stateBox_);
    bar->addSpacing(12);
    minVisitBox_ = MinVisitBox::addTo(bar, this, minVisitSeconds_, doc_->trace().header.timebase);
    bar->addSpacing(12);
    info_ = new QLabel(this);
    bar->addWidget(info_, 1);
    plot_ = new RateCanvas(this);
    followPalette(plot_);
    plot_->setNoAntialiasingOnDrag(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
    connect(stateBox_, &QComboBox::activated, this,
            [this](int i) { setState(static_cast<SymbolId>(stateBox_->itemData(i).toUInt())); });
    connect(minVisitBox_, &MinVisitBox::secondsChanged, this, &RateDisplay::setMinVisitSeconds);
    connect(doc_, &ViewDocument::sesChanged, this, [this] {
        fillStates();
        rebuild();
    });
    fillStates();
    rebuild(); // publishes the options of a display opened anew
}

void RateDisplay::publishOptions() { optionsLink_->publish(); }

QCustomPlot* RateDisplay::plot() const { return plot_; }
QWidget* RateDisplay::canvas() const { return plot_; }
int RateDisplay::chartCount() const { return static_cast<int>(values_.size()); }

void RateDisplay::setMinVisitSeconds(double s)
{
    minVisitSeconds_ = std::isfinite(s) && s > 0 ? s : 0.0;
    minVisitBox_->setSeconds(minVisitSeconds_);
    rebuild();
}

std::pair<double, double> RateDisplay::yRange(int chart) const
{
    const QCPRange r = plot_->charts.at(static_cast<std::size_t>(chart))->axis(QCPAxis::atLeft)->range();
    return {r.lower, r.upper};
}

double RateDisplay::value(int chart, int k) const
{
    return values_.at(static_cast<std::size_t>(chart)).at(static_cast<std::size_t>(k));
}

void RateDisplay::fillStates()
{
    const Ses& ses = doc_->ses();
    std::vector<std::size_t> count(ses.symbols->size(), 0);
    std::vector<char> hasLong(ses.symbols->size(), 0); // a visit that is not short
    const ShortVisitRule rule = ShortVisitRule::for_base(doc_->trace().header.timebase, minVisitSeconds_);
    for (std::size_t e = 0; e < ses.size(); ++e) {
        ++count[ses.symbol[e]];
        if (!rule.is_short(static_cast<double>(ses.bounds[e + 1] - ses.bounds[e])))
            hasLong[ses.symbol[e]] = 1;
    }
    // Most entered first: the states whose visits are worth comparing.
    std::vector<SymbolId> order;
    for (SymbolId s = 0; s < count.size(); ++s)
        if (count[s])
            order.push_back(s);
    std::stable_sort(order.begin(), order.end(), [&](SymbolId a, SymbolId b) { return count[a] > count[b]; });
    QSignalBlocker block(stateBox_);
    stateBox_->clear();
    for (SymbolId s : order)
        stateBox_->addItem(tr("%1  (%2 entries)").arg(QString::fromStdString((*ses.symbols)[s].name)).arg(count[s]), s);
    // By default the most entered state with a visit whose rates mean something (else
    // the display opens on hollow grey points only).
    if (state_ == kNoSymbol || state_ >= count.size() || !count[state_]) {
        const auto it = std::find_if(order.begin(), order.end(), [&](SymbolId s) { return hasLong[s] != 0; });
        state_ = order.empty() ? kNoSymbol : it != order.end() ? *it : order.front();
    }
    stateBox_->setCurrentIndex(stateBox_->findData(state_));
}

void RateDisplay::setState(SymbolId state)
{
    state_ = state;
    QSignalBlocker block(stateBox_);
    stateBox_->setCurrentIndex(stateBox_->findData(state));
    rebuild();
}

bool RateDisplay::setStateName(const QString& name)
{
    const SymbolId s = doc_->ses().symbols->find(name.toStdString());
    if (s == kNoSymbol || stateBox_->findData(s) < 0)
        return false;
    setState(s);
    return true;
}

void RateDisplay::rebuild()
{
    const Trace& trace = doc_->trace();
    const Ses& ses = doc_->ses();
    hovered_ = -1;
    elements_.clear();
    values_.clear();
    if (state_ != kNoSymbol) {
        RateTable t = rate_values(trace, ses, state_);
        elements_ = std::move(t.elements);
        values_ = std::move(t.fields);
        values_.push_back(std::move(t.sum));
    }
    plot_->clearPlottables();
    plot_->clearItems();
    plot_->plotLayout()->clear();
    plot_->charts.clear();
    plot_->graphs.clear();
    plot_->shortGraphs.clear();
    plot_->tracers.clear();
    auto* margins = new QCPMarginGroup(plot_);
    const QString unit = QString::fromStdString(rate_unit(trace.header.timebase));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    const int n = static_cast<int>(elements_.size());
    // The short-visit rule of traceview.hpp, the one the Gantt display applies.
    const ShortVisitRule rule = ShortVisitRule::for_base(trace.header.timebase, minVisitSeconds_);
    short_.assign(elements_.size(), 0);
    int shortCount = 0;
    for (std::size_t k = 0; k < elements_.size(); ++k) {
        const std::size_t e = elements_[k];
        short_[k] = rule.is_short(static_cast<double>(ses.bounds[e + 1] - ses.bounds[e]));
        shortCount += short_[k];
    }
    // It concerns counters' rates: a gauge is what the program recorded, however short the
    // visit. The sum holds a rate when any field is a counter.
    marksShort_.assign(values_.size(), 0);
    bool anyCounter = false;
    for (std::size_t f = 0; f < trace.header.fields.size() && f < values_.size(); ++f)
        anyCounter |= (marksShort_[f] = trace.header.fields[f].kind == FieldKind::counter) != 0;
    if (!values_.empty())
        marksShort_.back() = anyCounter;
    // Short enough for the tool bar of a narrow window; the tooltip says the rest.
    info_->setText(trace.fields.empty()
                       ? tr("this trace has no data fields")
                       : tr("%1 entries, counters as rates (%2) over each visit").arg(formatCount(n)).arg(unit) +
                             (shortCount ? tr("; %1 short: hollow, grey").arg(formatCount(shortCount)) : QString()));
    info_->setToolTip(tr("x = ordinal of the entry into the state. Visits shorter than the minimum "
                         "(Short visits <) are drawn as hollow grey points, not joined and not in the "
                         "y range, in the charts of counters: a rate over them is mostly measurement jitter."));
    for (std::size_t c = 0; c < values_.size(); ++c) {
        auto* rect = new QCPAxisRect(plot_);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        plot_->plotLayout()->addElement(static_cast<int>(c), 0, rect);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        const bool last = c + 1 == values_.size();
        x->setTickLabels(last);
        if (last)
            x->setLabel(
                tr("entry into %1")
                    .arg(state_ == kNoSymbol ? QString() : QString::fromStdString((*ses.symbols)[state_].name)));
        QString label;
        if (last)
            label = tr("sum of fields");
        else {
            const auto& info = trace.header.fields[c];
            label = QString::fromStdString(info.name) + (info.kind == FieldKind::counter ? unit : QString());
        }
        y->setLabel(label);
        y->setTicker(makeSiTicker());
        y->setLabelFont(small);
        y->setTickLabelFont(small);
        x->setTickLabelFont(small);
        QCPGraph* g = plot_->addGraph(x, y);
        const QColor colour = last ? QColor(40, 40, 40) : seriesColour(c + 3);
        g->setPen(QPen(colour, 1.2));
        if (n <= 400)
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 4));
        // Every visit counts the same here: the top 1% of visits may exceed the range.
        // They are drawn at its edge (the values shown on hover stay exact), so they
        // stay visible and do not spill over the neighbouring charts in SVG exports.
        // Short visits are left out of the range (their rates are mostly jitter).
        const bool marks = marksShort_[c] != 0;
        std::vector<double> longValues;
        longValues.reserve(values_[c].size());
        for (std::size_t k = 0; k < values_[c].size(); ++k)
            if (!marks || !short_[k])
                longValues.push_back(values_[c][k]);
        if (longValues.empty())
            longValues = values_[c];
        auto [lo, hi] = robustRange(longValues, 0, longValues.size(), nullptr, 0, 0.99);
        y->setRange(lo, hi);
        QVector<double> xs, ys, sx, sy;
        for (int k = 0; k < n; ++k) {
            const double v = std::clamp(values_[c][static_cast<std::size_t>(k)], lo, hi);
            const bool shortHere = marks && short_[static_cast<std::size_t>(k)];
            (shortHere ? sx : xs).push_back(k + 1);
            (shortHere ? sy : ys).push_back(v);
        }
        g->setData(xs, ys, true);
        QCPGraph* sg = plot_->addGraph(x, y);
        sg->setLineStyle(QCPGraph::lsNone);
        sg->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, shortVisitColour().darker(125), n <= 400 ? 5 : 3));
        sg->setData(sx, sy, true);
        plot_->shortGraphs.push_back(sg);
        auto* tracer = new QCPItemTracer(plot_);
        tracer->setClipAxisRect(rect);
        tracer->setGraph(xs.isEmpty() ? sg : g); // one with data (hoverEntry picks per visit)
        tracer->setStyle(QCPItemTracer::tsCircle);
        tracer->setSize(10);
        tracer->setPen(QPen(QColor(255, 120, 0), 2));
        tracer->setVisible(false);
        plot_->charts.push_back(rect);
        plot_->graphs.push_back(g);
        plot_->tracers.push_back(tracer);
    }
    applyRange(0.5, std::max(1, n) + 0.5);
    publishOptions();
}

void RateDisplay::applyRange(double x0, double x1)
{
    for (auto* r : plot_->charts)
        r->axis(QCPAxis::atBottom)->setRange(x0, x1);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void RateDisplay::hoverAt(const QPoint& pos)
{
    if (plot_->charts.empty() || elements_.empty())
        return;
    const double x = plot_->charts.front()->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    const int k = static_cast<int>(std::lround(x)) - 1;
    hoverEntry(std::clamp(k, 0, pointCount() - 1));
}

void RateDisplay::hoverEntry(int k)
{
    if (k >= pointCount())
        k = -1;
    if (k == hovered_)
        return;
    hovered_ = k;
    for (std::size_t c = 0; c < plot_->tracers.size(); ++c) {
        auto* t = plot_->tracers[c];
        if (k >= 0)
            t->setGraph(marksShort_[c] && short_[static_cast<std::size_t>(k)] ? plot_->shortGraphs[c]
                                                                              : plot_->graphs[c]);
        t->setGraphKey(k + 1);
        t->setVisible(k >= 0);
    }
    if (k >= 0) {
        // The visit's length beside its rates: a rate over a visit of a few ns says little.
        const Ses& ses = doc_->ses();
        const std::size_t e = elements_[static_cast<std::size_t>(k)];
        QString text = tr("entry %1 (element %2, %3)")
                           .arg(k + 1)
                           .arg(e)
                           .arg(formatDurationSI(static_cast<double>(ses.bounds[e + 1] - ses.bounds[e]),
                                                 doc_->trace().header.timebase));
        if (short_[static_cast<std::size_t>(k)])
            text += tr(" — shorter than the minimum visit: rates mostly jitter");
        for (std::size_t c = 0; c < values_.size(); ++c)
            text += QStringLiteral("  %1 %2").arg(plot_->charts[c]->axis(QCPAxis::atLeft)->label(),
                                                  formatSI(values_[c][static_cast<std::size_t>(k)], QString(), 4));
        plot_->setToolTip(text);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
    emit visitHovered(k >= 0 ? elements_[static_cast<std::size_t>(k)] : static_cast<std::size_t>(-1));
}

QPoint RateDisplay::pixelOf(int chart, int k) const
{
    auto* r = plot_->charts.at(static_cast<std::size_t>(chart));
    return QPoint(static_cast<int>(std::lround(r->axis(QCPAxis::atBottom)->coordToPixel(k + 1))),
                  static_cast<int>(std::lround(
                      r->axis(QCPAxis::atLeft)
                          ->coordToPixel(std::clamp(value(chart, k), r->axis(QCPAxis::atLeft)->range().lower,
                                                    r->axis(QCPAxis::atLeft)->range().upper)))));
}

} // namespace chitra::app
