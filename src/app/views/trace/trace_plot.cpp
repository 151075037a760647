#include "views/trace/trace_plot.hpp"

#include "text/joined_name.hpp"

#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "plotting/plot_theme.hpp"
#include "plotting/queued_resize_plot.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "text/number_format.hpp"
#include "views/trace/overview_strip.hpp"
#include "views/trace/state_plottable.hpp"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QMenu>
#include <QRubberBand>
#include <QScrollBar>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace chitra::app {

// QCustomPlot with the rubber band and the hover read-out added; drag-pan and wheel
// zoom stay QCustomPlot's own.
class PlotCanvas : public QueuedResizePlot {
public:
    explicit PlotCanvas(TracePlot* owner) : QueuedResizePlot(owner), owner_(owner)
    {
        setMouseTracking(true);
        setFocusPolicy(Qt::StrongFocus);
    }

protected:
    void mousePressEvent(QMouseEvent* e) override
    {
        if (e->button() == Qt::LeftButton && ((e->modifiers() & Qt::ShiftModifier) || owner_->bandMode())) {
            origin_ = e->pos();
            if (!band_)
                band_ = new QRubberBand(QRubberBand::Rectangle, this);
            band_->setGeometry(QRect(origin_, QSize()));
            band_->show();
            banding_ = true;
            return;
        }
        QCustomPlot::mousePressEvent(e);
    }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        if (banding_) {
            band_->setGeometry(QRect(origin_, e->pos()).normalized());
            return;
        }
        owner_->hover(e->pos());
        QCustomPlot::mouseMoveEvent(e);
    }
    void mouseReleaseEvent(QMouseEvent* e) override
    {
        if (banding_) {
            banding_ = false;
            band_->hide();
            const QRect r = QRect(origin_, e->pos()).normalized();
            if (r.width() >= 3)
                owner_->bandFinished(r, e->globalPosition().toPoint());
            return;
        }
        const bool dragged = (e->pos() - mMousePressPos).manhattanLength() > 2;
        QCustomPlot::mouseReleaseEvent(e);
        if (dragged)
            emit owner_->interactionFinished();
        else if (e->button() == Qt::LeftButton)
            owner_->pickAt(e->pos());
    }
    void wheelEvent(QWheelEvent* e) override
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        // One zoom-history entry per wheel gesture, not per notch.
        if (now - owner_->lastWheelMs_ > 600)
            owner_->rememberRange();
        owner_->lastWheelMs_ = now;
        QCustomPlot::wheelEvent(e);
        owner_->settle_->start();
    }
    void resizeEvent(QResizeEvent* e) override
    {
        owner_->refreshTicks(); // how many state names fit depends on the height
        QueuedResizePlot::resizeEvent(e);
    }
    void keyPressEvent(QKeyEvent* e) override
    {
        if (e->key() == Qt::Key_Escape && banding_) {
            banding_ = false;
            band_->hide();
            return;
        }
        QCustomPlot::keyPressEvent(e);
    }

private:
    TracePlot* owner_;
    QRubberBand* band_ = nullptr;
    QPoint origin_;
    bool banding_ = false;
};

namespace {
constexpr int kScrollSteps = 100000;
constexpr int kSliderSteps = 1000;
} // namespace

TracePlot::TracePlot(ViewDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), axis_(doc->presentation().traceAxis())
{
    plot_ = new PlotCanvas(this);
    followPalette(plot_);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    plot_->axisRect()->setRangeZoomFactor(0.8);
    plot_->yAxis->grid()->setVisible(false);
    plot_->xAxis->grid()->setPen(QPen(QColor(0, 0, 0, 25), 1, Qt::DotLine));
    plot_->setMinimumHeight(120);
    states_ = new StatePlottable(plot_->xAxis, plot_->yAxis, doc_, axis_);
    pickLine_ = new QCPItemStraightLine(plot_);
    pickLine_->setPen(QPen(QColor(20, 20, 20), 2));
    pickLine_->setSelectable(false);
    pickLine_->setVisible(false);

    overview_ = new OverviewStrip(doc_, axis_, this);
    scroll_ = new QScrollBar(Qt::Horizontal, this);
    scroll_->setRange(0, 0);
    zoomSlider_ = new QSlider(Qt::Horizontal, this);
    zoomSlider_->setRange(0, kSliderSteps);
    zoomSlider_->setMaximumWidth(140);
    zoomSlider_->setToolTip(tr("Zoom"));

    auto* bottom = new QHBoxLayout;
    bottom->addWidget(scroll_, 1);
    bottom->addWidget(zoomSlider_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(overview_);
    layout->addWidget(plot_, 1);
    layout->addLayout(bottom);

    settle_ = new QTimer(this);
    settle_->setSingleShot(true);
    settle_->setInterval(300);
    connect(settle_, &QTimer::timeout, this, &TracePlot::interactionFinished);

    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] { onRangeChanged(); });
    connect(scroll_, &QScrollBar::valueChanged, this, [this](int v) {
        if (syncing_)
            return;
        const auto [f0, f1] = fullXRange(doc_->ses(), axis_);
        const auto [x0, x1] = visibleRange();
        const double start = f0 + (f1 - f0) * v / kScrollSteps;
        setVisibleRange(start, start + (x1 - x0), false);
    });
    connect(scroll_, &QScrollBar::sliderReleased, this, &TracePlot::interactionFinished);
    connect(zoomSlider_, &QSlider::valueChanged, this, [this](int v) {
        if (syncing_)
            return;
        const auto [f0, f1] = fullXRange(doc_->ses(), axis_);
        const double full = std::max(1.0, f1 - f0);
        const double minWidth = std::min(full, axis_ == XAxis::Event ? 20.0 : full / 1e6);
        const double width = full * std::pow(minWidth / full, static_cast<double>(v) / kSliderSteps);
        const auto [x0, x1] = visibleRange();
        const double c = 0.5 * (x0 + x1);
        setVisibleRange(c - width / 2, c + width / 2, false);
    });
    connect(zoomSlider_, &QSlider::sliderReleased, this, &TracePlot::interactionFinished);
    connect(overview_, &OverviewStrip::windowCentreMoved, this, [this](double c) {
        const auto [x0, x1] = visibleRange();
        setVisibleRange(c - (x1 - x0) / 2, c + (x1 - x0) / 2, false);
        settle_->start();
    });

    auto refresh = [this] {
        rebuildAxes();
        plot_->replot();
        overview_->update();
    };
    ViewPresentation& state = doc_->presentation();
    states_->setConnectors(state.connectors());
    connect(&state, &ViewPresentation::connectorsChanged, this, [this] {
        states_->setConnectors(doc_->presentation().connectors());
        plot_->replot();
    });
    connect(&state, &ViewPresentation::traceAxisChanged, this, &TracePlot::followAxis);
    connect(&state, &ViewPresentation::windowChanged, this, [this](const QString& display) {
        if (display == kTraceDisplay)
            followWindow();
    });
    connect(doc_, &ViewDocument::sesChanged, this, [this] {
        doc_->presentation().setZoomHistory(kTraceDisplay, {});
        updatePickLine();
        fitAll();
        rebuildAxes();
        overview_->update();
    });
    connect(doc_, &ViewDocument::lanesChanged, this, [this, refresh] {
        updatePickLine();
        refresh();
    });
    connect(&doc_->presentation(), &ViewPresentation::pickedStateChanged, this, [this] {
        updatePickLine();
        queueReplot(plot_);
    });
    connect(&doc_->presentation(), &ViewPresentation::patternsChanged, this, [this] { plot_->replot(); });
    // Bookmarks of the view: a dashed vertical marker with its name in every display.
    connect(ViewBookmarks::of(doc_), &ViewBookmarks::changed, this, [this] {
        updateBookmarkMarkers();
        queueReplot(plot_);
    });
    connect(doc_, &ViewDocument::sesChanged, this, &TracePlot::updateBookmarkMarkers);
    connect(&doc_->presentation(), &ViewPresentation::selectionChanged, this, [this] { plot_->replot(); });

    rebuildAxes();
    updateBookmarkMarkers();
    // A view shown again (a restored session's) keeps its window and history.
    if (state.window(kTraceDisplay).empty()) {
        fitAll();
        state.setZoomHistory(kTraceDisplay, {});
    } else {
        followWindow();
    }
}

void TracePlot::updateBookmarkMarkers()
{
    for (QCPAbstractItem* item : bookmarkItems_)
        plot_->removeItem(item);
    bookmarkItems_.clear();
    const ViewBookmarks* marks = ViewBookmarks::find(doc_);
    if (!marks)
        return;
    const Ses& ses = doc_->ses();
    for (const Bookmark& b : marks->bookmarks()) {
        double x = static_cast<double>(b.time);
        if (axis_ == XAxis::Event) {
            const std::size_t i = elementAt(ses, XAxis::Time, x);
            if (i >= ses.size())
                continue;
            x = static_cast<double>(i);
        }
        auto* line = new QCPItemStraightLine(plot_);
        line->setPen(QPen(QColor(200, 30, 30), 1.5, Qt::DashLine));
        line->setSelectable(false);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        auto* label = new QCPItemText(plot_);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0.0);
        label->setText(QString::fromStdString(b.name));
        label->setColor(QColor(200, 30, 30));
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setSelectable(false);
        bookmarkItems_.push_back(line);
        bookmarkItems_.push_back(label);
    }
}

std::vector<double> TracePlot::bookmarkMarkerXs() const
{
    std::vector<double> xs;
    for (QCPAbstractItem* item : bookmarkItems_)
        if (auto* line = qobject_cast<QCPItemStraightLine*>(item))
            xs.push_back(line->point1->coords().x());
    return xs;
}

QWidget* TracePlot::canvas() const { return plot_; }

void TracePlot::followAxis()
{
    const XAxis axis = doc_->presentation().traceAxis();
    if (axis == axis_)
        return;
    // Keep the same elements in view when switching between time and event.
    const Ses& ses = doc_->ses();
    const auto [x0, x1] = visibleRange();
    const auto [a, b] = elementsInX(ses, axis_, x0, x1);
    axis_ = axis;
    states_->setXAxisKind(axis);
    overview_->setAxis(axis);
    doc_->presentation().setZoomHistory(kTraceDisplay, {});
    rebuildAxes();
    updateBookmarkMarkers();
    if (a < b)
        setVisibleRange(elementX(ses, axis_, a), elementX(ses, axis_, b), false);
    else
        fitAll();
}

void TracePlot::rebuildAxes()
{
    const Ses& ses = doc_->ses();
    // The tick labels carry the unit ("1.5 s"), so the label is just the quantity.
    const TimeBase base = doc_->trace().header.timebase;
    plot_->xAxis->setLabel(axis_ == XAxis::Event ? tr("event") : tr("time"));
    plot_->xAxis->setTicker(axis_ == XAxis::Event ? makeCountTicker(plot_->xAxis) : makeTimeTicker(base, plot_->xAxis));
    plot_->yAxis->setRange(-0.5, std::max(1, doc_->laneCount()) - 0.5);
    refreshTicks();
    (void)ses;
}

void TracePlot::refreshTicks()
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int lanes = doc_->laneCount();
    // The axis rect is laid out at replot; the widget height less the x axis is close.
    // One label per `step` lanes, so that labels never overlap: with a million states (the
    // joined states of lanes that change independently) that is a few dozen labels.
    const double spacing = std::max(20, plot_->height() - 50) / std::max(1.0, static_cast<double>(lanes));
    const double per_label = std::ceil(fontMetrics().height() / spacing);
    const int step = static_cast<int>(std::clamp(per_label, 1.0, static_cast<double>(std::max(1, lanes))));
    // Names of states joined from many lanes can be longer than the plot is wide: each
    // lane's part is shortened to its share of a quarter of the width (the full name is
    // in the hover text).
    const QFontMetrics labels(plot_->yAxis->tickLabelFont());
    const int widest = std::max(80, plot_->width() / 4);
    const QString separator = QString::fromStdString(doc_->ses().symbols->separator());
    for (int l = 0; l < lanes; l += step) {
        const SymbolId s = doc_->laneSymbol(l);
        const QString name = QString::fromStdString((*doc_->ses().symbols)[s].name);
        ticker->addTick(l, showNames_ ? elideJoinedName(name, separator, labels, widest) : QString::number(l));
    }
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setSubTicks(false);
}

std::pair<double, double> TracePlot::visibleRange() const
{
    const QCPRange r = plot_->xAxis->range();
    return {r.lower, r.upper};
}

void TracePlot::followWindow()
{
    const XWindow w = doc_->presentation().window(kTraceDisplay);
    const QCPRange r = plot_->xAxis->range();
    if (w.empty() || (w.x0 == r.lower && w.x1 == r.upper))
        return;
    plot_->xAxis->setRange(w.x0, w.x1); // onRangeChanged keeps it inside the trace
    queueReplot(plot_);
}

void TracePlot::rememberRange() { doc_->presentation().rememberWindow(kTraceDisplay); }

int TracePlot::zoomDepth() const { return static_cast<int>(doc_->presentation().zoomHistory(kTraceDisplay).size()); }

void TracePlot::setVisibleRange(double x0, double x1, bool remember)
{
    if (remember)
        rememberRange();
    plot_->xAxis->setRange(x0, x1);
    queueReplot(plot_);
}

void TracePlot::fitAll()
{
    const auto [f0, f1] = fullXRange(doc_->ses(), axis_);
    if (zoomDepth() > 0 || visibleRange() != std::make_pair(f0, f1 > f0 ? f1 : f0 + 1))
        rememberRange();
    plot_->xAxis->setRange(f0, f1 > f0 ? f1 : f0 + 1);
    queueReplot(plot_);
    emit interactionFinished();
}

void TracePlot::undoZoom()
{
    const std::optional<XWindow> r = doc_->presentation().takeLastWindow(kTraceDisplay);
    if (!r)
        return;
    plot_->xAxis->setRange(r->x0, r->x1);
    queueReplot(plot_);
    emit interactionFinished();
}

void TracePlot::onRangeChanged()
{
    // Keep the window inside the trace: never pan into nothing or zoom out past it.
    const auto [f0, f1raw] = fullXRange(doc_->ses(), axis_);
    const double f1 = f1raw > f0 ? f1raw : f0 + 1;
    QCPRange r = plot_->xAxis->range();
    const double minWidth = axis_ == XAxis::Event ? 2.0 : 1.0;
    double w = std::clamp(r.size(), std::min(minWidth, f1 - f0), f1 - f0);
    double lo = std::clamp(r.lower, f0, f1 - w);
    if (lo != r.lower || w != r.size()) {
        QSignalBlocker block(plot_->xAxis);
        plot_->xAxis->setRange(lo, lo + w);
    }
    syncScrollAndSlider();
    overview_->setWindow(lo, lo + w);
    doc_->presentation().setWindow(kTraceDisplay, {lo, lo + w});
    emit visibleRangeChanged(lo, lo + w);
}

void TracePlot::syncScrollAndSlider()
{
    const auto [f0, f1] = fullXRange(doc_->ses(), axis_);
    const auto [x0, x1] = visibleRange();
    const double full = std::max(1e-300, f1 - f0);
    syncing_ = true;
    const int page = std::max(1, static_cast<int>((x1 - x0) / full * kScrollSteps));
    scroll_->setRange(0, std::max(0, kScrollSteps - page));
    scroll_->setPageStep(page);
    scroll_->setSingleStep(std::max(1, page / 10));
    scroll_->setValue(static_cast<int>((x0 - f0) / full * kScrollSteps));
    const double fullW = std::max(1.0, f1 - f0);
    const double minWidth = std::min(fullW, axis_ == XAxis::Event ? 20.0 : fullW / 1e6);
    if (fullW > minWidth) {
        const double v = std::log(std::max(1e-300, x1 - x0) / fullW) / std::log(minWidth / fullW);
        zoomSlider_->setValue(static_cast<int>(std::clamp(v, 0.0, 1.0) * kSliderSteps));
    }
    syncing_ = false;
}

void TracePlot::setShowNames(bool on)
{
    if (on == showNames_) // the window sets it on every change of view: no replot then
        return;
    showNames_ = on;
    refreshTicks();
    plot_->replot();
}

QPoint TracePlot::pixelOf(double x, double lane) const
{
    return QPoint(static_cast<int>(std::lround(plot_->xAxis->coordToPixel(x))),
                  static_cast<int>(std::lround(plot_->yAxis->coordToPixel(lane))));
}

double TracePlot::replotNow()
{
    QElapsedTimer t;
    t.start();
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

void TracePlot::pickAt(const QPoint& pos)
{
    const double y = plot_->yAxis->pixelToCoord(pos.y());
    const int lane = static_cast<int>(std::lround(y));
    if (lane < 0 || lane >= doc_->laneCount() || std::fabs(y - lane) > 0.5)
        return;
    doc_->setPickedState(doc_->laneSymbol(lane));
}

void TracePlot::updatePickLine()
{
    const SymbolId s = doc_->pickedState();
    const int lane = s == kNoSymbol ? -1 : doc_->laneOf(s);
    pickLine_->setVisible(lane >= 0);
    if (lane >= 0) {
        pickLine_->point1->setCoords(0, lane);
        pickLine_->point2->setCoords(1, lane);
    }
}

bool TracePlot::pickLineVisible() const { return pickLine_->visible(); }

double TracePlot::pickLineLane() const { return pickLine_->visible() ? pickLine_->point1->coords().y() : -1; }

void TracePlot::hover(const QPoint& pos)
{
    const Ses& ses = doc_->ses();
    if (ses.empty() || !plot_->axisRect()->rect().contains(pos))
        return;
    const double x = plot_->xAxis->pixelToCoord(pos.x());
    lastHoverX_ = x;
    const std::size_t i = elementAt(ses, axis_, x);
    if (i >= ses.size())
        return;
    const TimeBase base = doc_->trace().header.timebase;
    const double t = axis_ == XAxis::Time ? x : static_cast<double>(ses.entry(i));
    const Symbol& sym = (*ses.symbols)[ses.symbol[i]];
    QString state = QString::fromStdString(sym.name);
    if (sym.components.size() > 1) {
        QStringList parts;
        for (std::size_t c = 0; c < sym.components.size(); ++c)
            parts << QString("%1: %2").arg(c).arg(QString::fromStdString(sym.components[c]));
        state += " (" + parts.join(", ") + ")";
    } else if (sym.kind != SymbolKind::program) {
        state += QString(" (%1)").arg(QString::fromStdString(std::string(to_string(sym.kind))));
    }
    emit hoverText(tr("t = %1   event %2   state %3   view %4")
                       .arg(formatTime(t, base), formatCount(static_cast<long long>(i)), state, doc_->name()));
}

void TracePlot::bandFinished(const QRect& rect, const QPoint& globalPos)
{
    const double x0 = plot_->xAxis->pixelToCoord(rect.left());
    const double x1 = plot_->xAxis->pixelToCoord(rect.right());
    BandAction action = BandAction::None;
    if (chooser_) {
        action = chooser_(globalPos);
    } else {
        QMenu menu(this);
        QAction* zoom = menu.addAction(tr("Zoom"));
        QAction* clip = menu.addAction(tr("Clip to this range"));
        QAction* brush = menu.addAction(tr("Brush pattern"));
        QAction* select = menu.addAction(tr("Select records"));
        QAction* chosen = menu.exec(globalPos);
        action = chosen == zoom     ? BandAction::Zoom
                 : chosen == clip   ? BandAction::Clip
                 : chosen == brush  ? BandAction::Brush
                 : chosen == select ? BandAction::Select
                                    : BandAction::None;
    }
    applyBand(action, x0, x1);
}

void TracePlot::applyBand(BandAction action, double x0, double x1)
{
    const Ses& ses = doc_->ses();
    switch (action) {
    case BandAction::None:
        return;
    case BandAction::Zoom:
        setVisibleRange(x0, x1);
        emit interactionFinished();
        return;
    case BandAction::Clip: {
        // A band clips by its horizontal extent only (semantics.md section 3).
        Step step;
        if (axis_ == XAxis::Time) {
            step = step::ClipTime{static_cast<Time>(std::ceil(x0)), static_cast<Time>(std::ceil(x1))};
        } else {
            const auto [a, b] = elementsCentredIn(ses, axis_, x0, x1);
            step = step::ClipEvent{a, b};
        }
        if (auto error = doc_->pushStep(step))
            emit message(tr("Clip refused: %1").arg(*error));
        return;
    }
    case BandAction::Brush: {
        const auto [a, b] = elementsCentredIn(ses, axis_, x0, x1);
        if (b - a < 1) {
            emit message(tr("The band holds no whole element"));
            return;
        }
        if (b - a > 256) {
            emit message(tr("The band holds %1 elements; a pattern may have at most 256").arg(b - a));
            return;
        }
        std::vector<std::string> names;
        for (std::size_t i = a; i < b; ++i)
            names.push_back(ses.name(i));
        doc_->presentation().setSelection({ses.records[a], ses.records[b]});
        doc_->addPattern(std::move(names));
        return;
    }
    case BandAction::Select: {
        const auto [a, b] = elementsCentredIn(ses, axis_, x0, x1);
        doc_->presentation().setSelection(a < b ? RecordRange{ses.records[a], ses.records[b]} : RecordRange{});
        return;
    }
    }
}

} // namespace chitra::app
