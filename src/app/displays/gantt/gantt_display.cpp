#include "displays/gantt/gantt_display.hpp"

#include "chitra/traceview/traceview.hpp"
#include "displays/min_visit_box.hpp"
#include "text/number_format.hpp"
#include "plotting/palette.hpp"
#include "plotting/ses_geometry.hpp"
#include "views/trace/state_plottable.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "document/view_document.hpp"

#include <QActionGroup>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QRubberBand>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace chitra::app {

// The displayed series of the current SES: x = entry times, shared by every chart.
struct GanttData {
    SeriesIndex states;              // y = lane
    std::vector<SeriesIndex> fields; // y = field value as shown; counters know their short visits
    std::vector<char> counter;       // per field
    std::vector<QString> names;      // chart names (0: states)
    std::vector<QString> units;
    double end = 0;                  // exit time of the last element
    std::pair<double, double> full{0, 1};
};

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const QColor kShortColour = shortVisitColour();

class SiTicker final : public QCPAxisTicker {
protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale&, QChar, int) override
    {
        static const char* const prefixes[] = {"p", "n", "\u00B5", "m", "", "k", "M", "G", "T", "P", "E"};
        double top = 0;
        for (double t : ticks)
            top = std::max(top, std::abs(t));
        int e3 = top >= 1000 || (top > 0 && top < 0.01) ? static_cast<int>(std::floor(std::log10(top) / 3)) : 0;
        e3 = std::clamp(e3, -4, 6);
        const double unit = std::pow(1000.0, e3);
        QVector<QString> out;
        for (double t : ticks) {
            const double v = std::abs(t) < 1e-9 * std::max(top, 1e-300) ? 0.0 : t / unit;
            QString s = QString::number(v, 'g', 4);
            if (v != 0 && e3 != 0)
                s += QStringLiteral(" ") + QString::fromUtf8(prefixes[e3 + 4]);
            out << s;
        }
        return out;
    }
};

} // namespace

QSharedPointer<QCPAxisTicker> makeSiTicker() { return QSharedPointer<SiTicker>::create(); }

// A y range for values [a, b) of `y` that rare spikes (counter rates over very short
// intervals) do not squash: the (1 - q)th to qth quantile of an evenly strided sample of
// at most 100,000 values, widened to the true minimum when that is a baseline near 0,
// then padded by 6%. With entry times `x` (and the last exit `end`) the quantiles are
// weighted by occupancy: the range holds the values the series keeps for all but 0.5%
// of the time, so a burst over 50 ns does not set the scale of a 4-second chart. Short
// visits (a counter's rate over them is mostly jitter, traceview.hpp) are left out even
// when together they fill more than that. Spikes above the range run off the chart's top.
std::pair<double, double> robustRange(const std::vector<double>& y, std::size_t a, std::size_t b,
                                      const std::vector<double>* x, double end, double q,
                                      ShortVisitRule shortVisits)
{
    if (b <= a)
        return {0, 1};
    const std::size_t n = b - a, stride = std::max<std::size_t>(1, n / 100000);
    std::vector<std::pair<double, double>> v; // value, weight
    v.reserve(n / stride + 1);
    double min = std::numeric_limits<double>::infinity(), max = -min, total = 0;
    const bool skipShort = x && shortVisits.active();
    for (int pass = 0; pass < 2 && v.empty(); ++pass) // the second only when all were short
        for (std::size_t i = a; i < b; i += stride) {
            if (!std::isfinite(y[i]))
                continue;
            double w = 1;
            if (x) {
                w = std::max(0.0, (i + 1 < x->size() ? (*x)[i + 1] : end) - (*x)[i]);
                if (skipShort && pass == 0 && shortVisits.is_short(w))
                    continue;
            }
            v.emplace_back(y[i], w);
            total += w;
            min = std::min(min, y[i]);
            max = std::max(max, y[i]);
        }
    if (v.empty())
        return {0, 1};
    double lo = min, hi = max;
    // Weighted by occupancy a few values suffice (a visit counts by its length); unweighted
    // quantiles need enough visits to mean anything.
    if (v.size() >= (x ? 8u : 50u) && total > 0) {
        std::sort(v.begin(), v.end());
        auto at = [&](double f) {
            double acc = 0;
            for (const auto& [value, w] : v)
                if ((acc += w) >= f * total)
                    return value;
            return v.back().first;
        };
        lo = at(1 - q);
        hi = at(q);
        if (!(hi > lo)) { // (almost) constant: keep the outliers in view
            lo = min;
            hi = max;
        }
        if (min >= 0 && lo < 0.25 * hi)
            lo = min;
    }
    const double pad = hi > lo ? 0.06 * (hi - lo) : std::max(1.0, std::abs(lo) * 0.1);
    return {lo - pad, hi + pad};
}

namespace {

QCPColorGradient gradientFor(GanttDisplay::ColourMap map)
{
    QCPColorGradient g;
    g.clearColorStops();
    switch (map) {
    case GanttDisplay::ColourMap::Viridis:
        g.setColorStopAt(0.0, QColor(0x44, 0x01, 0x54));
        g.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
        g.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
        g.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
        g.setColorStopAt(1.0, QColor(0xfd, 0xe7, 0x25));
        break;
    case GanttDisplay::ColourMap::Hot: // Traceview's black, red, orange, yellow, white
        g.setColorStopAt(0.0, Qt::black);
        g.setColorStopAt(0.3, QColor(200, 0, 0));
        g.setColorStopAt(0.55, QColor(255, 140, 0));
        g.setColorStopAt(0.8, QColor(255, 230, 0));
        g.setColorStopAt(1.0, Qt::white);
        break;
    case GanttDisplay::ColourMap::Grey:
        g.setColorStopAt(0.0, QColor(235, 235, 235));
        g.setColorStopAt(1.0, QColor(20, 20, 20));
        break;
    }
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    return g;
}

// Common plumbing of the two plottables below.
class SeriesPlottable : public QCPAbstractPlottable {
public:
    using QCPAbstractPlottable::QCPAbstractPlottable;
    double selectTest(const QPointF&, bool, QVariant* = nullptr) const override { return -1; }
    QCPRange getKeyRange(bool& found, QCP::SignDomain = QCP::sdBoth) const override
    {
        found = false;
        return {};
    }
    QCPRange getValueRange(bool& found, QCP::SignDomain = QCP::sdBoth, const QCPRange& = QCPRange()) const override
    {
        found = false;
        return {};
    }

protected:
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}
    int columns() const { return std::max(1, mKeyAxis->axisRect()->width()); }
};

// A field chart: the step line of the values (exact when few points are visible, one
// min-max stroke per pixel column otherwise) and the optional average curve.
class FieldPlottable : public SeriesPlottable {
public:
    FieldPlottable(QCPAxis* key, QCPAxis* value, const GanttData* data, int field, QColor colour)
        : SeriesPlottable(key, value), data_(data), field_(field), colour_(colour)
    {
    }
    bool average = false;
    bool timeWeighted = true;
    double windowFraction = 0.05;

protected:
    void draw(QCPPainter* painter) override
    {
        const SeriesIndex& s = data_->fields[static_cast<std::size_t>(field_)];
        if (!s.size())
            return;
        const QCPRange r = mKeyAxis->range();
        const int cols = columns();
        const QRect rect = mKeyAxis->axisRect()->rect();
        std::size_t a = s.lower(r.lower);
        a = a ? a - 1 : 0;
        const std::size_t b = std::min(s.size(), s.lower(r.upper) + 1);
        auto px = [&](double x) { return std::clamp(mKeyAxis->coordToPixel(x), rect.left() - 10.0, rect.right() + 10.0); };
        // Clamped to the chart: spikes that run off the robust y range end at its edge
        // even where the painter does not clip (Qt 6.4's SVG generator ignores clips).
        auto py = [&](double y) {
            return std::clamp(mValueAxis->coordToPixel(y), rect.top() - 1.0, rect.bottom() + 1.0);
        };
        // Short visits (a counter's rate over them is mostly jitter) in grey, under the
        // long ones: visible, but not mistaken for what the program ran at.
        if (b > a && b - a <= static_cast<std::size_t>(2 * cols)) {
            // The step line: a step and the connector into it are grey when short.
            QVector<QLineF> longLines, shortLines;
            for (std::size_t i = a; i < b; ++i) {
                const double xe = i + 1 < s.size() ? s.x()[i + 1] : data_->end;
                const double x = px(s.x()[i]), y = py(s.y()[i]);
                const bool shortHere = s.is_short(i);
                if (i > a)
                    (shortHere || s.is_short(i - 1) ? shortLines : longLines)
                        << QLineF(x, py(s.y()[i - 1]), x, y);
                (shortHere ? shortLines : longLines) << QLineF(x, y, px(xe), y);
            }
            painter->setPen(QPen(kShortColour, 1.2));
            painter->drawLines(shortLines);
            painter->setPen(QPen(colour_, 1.2));
            painter->drawLines(longLines);
        } else if (b > a) {
            const auto stats = column_stats(s, r.lower, r.upper, cols);
            QVector<QLineF> longStrokes, shortStrokes;
            longStrokes.reserve(cols);
            auto stroke = [&](QVector<QLineF>& out, double x, double lo, double hi) {
                const double y0 = py(lo), y1 = py(hi);
                out << QLineF(x, y0 + 0.5, x, std::min(y1, y0 - 0.5) - 0.5);
            };
            for (int c = 0; c < cols; ++c) {
                const ColumnStats& cs = stats[static_cast<std::size_t>(c)];
                const double x = rect.left() + c + 0.5;
                if (cs.first == 0 && !cs.count)
                    continue; // before the first entry
                if (!cs.count && cs.first >= s.size() && x > mKeyAxis->coordToPixel(data_->end))
                    continue; // after the last exit
                // The step held when the column starts counts with its kind.
                double llo = cs.long_min, lhi = cs.long_max, slo = cs.short_min, shi = cs.short_max;
                if (cs.first > 0) {
                    const double before = s.y()[cs.first - 1];
                    double& lo = s.is_short(cs.first - 1) ? slo : llo;
                    double& hi = s.is_short(cs.first - 1) ? shi : lhi;
                    lo = std::isnan(lo) ? before : std::min(lo, before);
                    hi = std::isnan(hi) ? before : std::max(hi, before);
                }
                if (!std::isnan(slo))
                    stroke(shortStrokes, x, slo, shi);
                if (!std::isnan(llo))
                    stroke(longStrokes, x, llo, lhi);
            }
            // One-pixel vertical strokes on pixel centres need no antialiasing, and a
            // cosmetic 1 px pen is the rasteriser's fast path (a tenth of the cost).
            painter->save();
            painter->setRenderHint(QPainter::Antialiasing, false);
            painter->setPen(QPen(kShortColour, 0));
            painter->drawLines(shortStrokes);
            painter->setPen(QPen(colour_, 0));
            painter->drawLines(longStrokes);
            painter->restore();
        }
        if (average) {
            const auto avg = timeWeighted ? time_average_curve(s, r.lower, r.upper, cols, windowFraction)
                                          : average_curve(s, r.lower, r.upper, cols, windowFraction);
            QPolygonF curve;
            painter->setPen(QPen(QColor(20, 20, 20, 220), 2.2));
            for (int c = 0; c < cols; ++c) {
                const double v = avg[static_cast<std::size_t>(c)];
                if (std::isnan(v)) {
                    if (curve.size() > 1)
                        painter->drawPolyline(curve);
                    curve.clear();
                    continue;
                }
                curve << QPointF(rect.left() + c + 0.5, py(v));
            }
            if (curve.size() > 1)
                painter->drawPolyline(curve);
        }
    }

private:
    const GanttData* data_;
    int field_;
    QColor colour_;
};

// A density bar: one colour per pixel column (records per column, or their mean value).
class DensityPlottable : public SeriesPlottable {
public:
    DensityPlottable(QCPAxis* key, QCPAxis* value, const SeriesIndex* series, bool point, QCPColorScale* scale)
        : SeriesPlottable(key, value), series_(series), point_(point), scale_(scale)
    {
    }
    QCPColorGradient gradient;
    bool timeWeighted = true;

    // Before each replot: the per-column values and the legend's range.
    void prepare()
    {
        const QCPRange r = mKeyAxis->range();
        const auto stats = column_stats(*series_, r.lower, r.upper, columns());
        // Value density, time-weighted: the mean of the step line over the column's time
        // (a counter's increase in the column divided by its width).
        std::vector<double> means;
        if (!point_ && timeWeighted)
            means = column_time_means(*series_, r.lower, r.upper, columns());
        values_.assign(stats.size(), kNaN);
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (std::size_t c = 0; c < stats.size(); ++c) {
            if (!means.empty()) {
                values_[c] = means[c];
                if (std::isnan(values_[c]))
                    continue;
            } else if (!stats[c].count) {
                continue;
            } else {
                values_[c] = point_ ? static_cast<double>(stats[c].count) : stats[c].mean;
            }
            lo = std::min(lo, values_[c]);
            hi = std::max(hi, values_[c]);
        }
        if (point_) {
            lo = 0;
        } else if (stats.size() >= 50) {
            // Mean values: a column holding one spike would wash out the rest.
            std::vector<double> v;
            for (double x : values_)
                if (!std::isnan(x))
                    v.push_back(x);
            if (v.size() >= 50) {
                auto it = v.begin() + static_cast<std::ptrdiff_t>(0.98 * static_cast<double>(v.size() - 1));
                std::nth_element(v.begin(), it, v.end());
                if (*it > lo)
                    hi = *it; // brighter columns saturate
            }
        }
        if (!(hi > lo)) {
            hi = (std::isfinite(lo) ? lo : 0) + 1;
            lo = hi - 1;
        }
        range_ = QCPRange(lo, hi);
        scale_->setGradient(gradient);
        scale_->setDataRange(range_);
    }

protected:
    void draw(QCPPainter* painter) override
    {
        const QRect rect = mKeyAxis->axisRect()->rect();
        // One row of pixels, stretched over the bar's height: one drawImage call.
        QImage row(std::max<int>(1, static_cast<int>(values_.size())), 1, QImage::Format_RGB32);
        row.fill(QColor(242, 242, 242));
        auto* line = reinterpret_cast<QRgb*>(row.scanLine(0));
        for (std::size_t c = 0; c < values_.size(); ++c)
            if (!std::isnan(values_[c]))
                line[c] = gradient.color(values_[c], range_);
        painter->save();
        painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter->drawImage(QRectF(rect.left(), rect.top(), row.width(), rect.height()), row);
        painter->restore();
    }

private:
    const SeriesIndex* series_;
    bool point_;
    QCPColorScale* scale_;
    std::vector<double> values_;
    QCPRange range_{0, 1};
};

} // namespace

// The canvas: rubber band (left drag) zooms all charts, wheel zooms around the cursor,
// moving shows the cursor line; Backspace undoes one zoom, Home shows everything.
class GanttCanvas : public QCustomPlot {
public:
    explicit GanttCanvas(GanttDisplay* owner) : QCustomPlot(owner), owner_(owner)
    {
        setMouseTracking(true);
        setFocusPolicy(Qt::StrongFocus);
    }
    std::vector<FieldPlottable*> fields;
    std::vector<DensityPlottable*> densities;
    std::vector<QCPAxisRect*> charts; // the chart axis rects, top to bottom
    std::vector<QCPItemLine*> cursors;
    std::vector<QCPItemRect*> marks;
    QCPMarginGroup* margins = nullptr;

protected:
    void mousePressEvent(QMouseEvent* e) override
    {
        if (e->button() == Qt::LeftButton) {
            origin_ = e->pos();
            if (!band_)
                band_ = new QRubberBand(QRubberBand::Rectangle, this);
            band_->setGeometry(QRect(origin_.x(), 0, 0, height()));
            band_->show();
            banding_ = true;
        }
    }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        if (banding_)
            band_->setGeometry(QRect(QPoint(origin_.x(), 0), QPoint(e->pos().x(), height())).normalized());
        owner_->hoverAt(e->pos().x());
    }
    void mouseReleaseEvent(QMouseEvent* e) override
    {
        if (!banding_)
            return;
        banding_ = false;
        band_->hide();
        if (std::abs(e->pos().x() - origin_.x()) >= 3)
            owner_->bandZoom(origin_.x(), e->pos().x());
    }
    void wheelEvent(QWheelEvent* e) override
    {
        owner_->wheelZoom(static_cast<int>(e->position().x()), e->angleDelta().y() > 0 ? 0.8 : 1.25);
    }
    void keyPressEvent(QKeyEvent* e) override
    {
        if (e->key() == Qt::Key_Escape && banding_) {
            banding_ = false;
            band_->hide();
        } else if (e->key() == Qt::Key_Backspace) {
            owner_->undoZoom();
        } else if (e->key() == Qt::Key_Home) {
            owner_->fullZoom();
        } else {
            QCustomPlot::keyPressEvent(e);
        }
    }

private:
    GanttDisplay* owner_;
    QRubberBand* band_ = nullptr;
    QPoint origin_;
    bool banding_ = false;
};

GanttDisplay::GanttDisplay(ViewDocument* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
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
    densityButton_ = button(tr("Density bars"), tr("Point density (records per pixel column) or value density (mean value per pixel column)"));
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
    });
    connect(doc_, &ViewDocument::lanesChanged, this, [this] {
        rebuildData(); // lane values of the state chart
        rebuildLayout();
    });
    connect(doc_, &ViewDocument::selectionChanged, this, [this] { plot_->replot(QCustomPlot::rpQueuedReplot); });

    rebuildData();
    rebuildLayout();
    history_.clear();
    applyRange(data_->full.first, data_->full.second);
    setAverageWindowPercent(windowPercent_);
}

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
}

void GanttDisplay::setDensity(int chart, Density density)
{
    density_.at(static_cast<std::size_t>(chart)) = density;
    rebuildLayout();
    rebuildMenus();
}

void GanttDisplay::setColourMap(ColourMap map)
{
    colourMap_ = map;
    if (mapBox_->currentIndex() != static_cast<int>(map))
        mapBox_->setCurrentIndex(static_cast<int>(map));
    for (auto* d : plot_->densities)
        d->gradient = gradientFor(map);
    plot_->replot(QCustomPlot::rpQueuedReplot);
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
    const std::pair<bool, QString> means[] = {
        {true, tr("Time-weighted (counter increase / window length)")},
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
        x->setTicker(makeTimeTicker(doc_->trace().header.timebase));
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
            auto* f = new FieldPlottable(x, y, data_.get(), c - 1, stateColour(static_cast<std::uint32_t>(c + 2)));
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

std::pair<double, double> GanttDisplay::visibleRange() const { return range_; }

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

void GanttDisplay::zoomTo(double x0, double x1)
{
    if (x0 > x1)
        std::swap(x0, x1);
    history_.push_back(range_);
    applyRange(x0, x1);
}

void GanttDisplay::undoZoom()
{
    if (history_.empty())
        return;
    const auto r = history_.back();
    history_.pop_back();
    applyRange(r.first, r.second);
}

void GanttDisplay::fullZoom()
{
    history_.clear();
    applyRange(data_->full.first, data_->full.second);
}

double GanttDisplay::pixelToX(int px) const
{
    if (plot_->charts.empty())
        return 0;
    return plot_->charts.front()->axis(QCPAxis::atBottom)->pixelToCoord(px);
}

void GanttDisplay::bandZoom(int px0, int px1)
{
    zoomTo(pixelToX(std::min(px0, px1)), pixelToX(std::max(px0, px1)));
}

void GanttDisplay::wheelZoom(int px, double factor)
{
    const double c = pixelToX(px);
    history_.push_back(range_);
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
        text += tr("   element %1   state %2").arg(formatCount(static_cast<long long>(i)),
                                                    QString::fromStdString(ses.name(i)));
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
