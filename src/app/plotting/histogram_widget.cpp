#include "plotting/histogram_widget.hpp"

#include "plotting/plot_theme.hpp"
#include "plotting/queued_resize_plot.hpp"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {
const QColor kKept(0x00, 0x72, 0xB2);    // Okabe-Ito blue
const QColor kRemoved(0xE6, 0x9F, 0x00); // Okabe-Ito orange
const QColor kLine(0xD5, 0x5E, 0x00);    // Okabe-Ito vermillion

// Fractions shown as percentages, keeping the base ticker's spacing (linear or log).
template <class Base> class PercentTicker final : public Base {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        // Plain decimals ("0.0001%"), never an exponent ("1e-04%"): ticks are 1-2-5 steps,
        // so twelve decimals with trailing zeros dropped are exact.
        QString s = QString::number(tick * 100.0, 'f', 12);
        while (s.endsWith('0'))
            s.chop(1);
        if (s.endsWith('.'))
            s.chop(1);
        return s + QStringLiteral("%");
    }
};

// Log axis ticks at 1, 2 and 5 times powers of ten: a histogram of shares often spans
// less than two decades, where QCPAxisTickerLog would label a single tick.
class Log125Ticker : public QCPAxisTicker {
protected:
    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        QVector<double> ticks;
        if (range.lower <= 0 || range.upper <= range.lower)
            return ticks;
        const int d0 = static_cast<int>(std::floor(std::log10(range.lower)));
        const int d1 = static_cast<int>(std::ceil(std::log10(range.upper)));
        const bool dense = d1 - d0 <= 2;
        for (int d = d0; d <= d1; ++d)
            for (double m : {1.0, 2.0, 5.0}) {
                if (!dense && m != 1.0)
                    continue;
                const double v = m * std::pow(10.0, d);
                if (v >= range.lower && v <= range.upper)
                    ticks.push_back(v);
            }
        return ticks;
    }
    int getSubTickCount(double) override { return 0; }
};
} // namespace

HistogramWidget::HistogramWidget(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QueuedResizePlot(this);
    followPalette(plot_);
    plot_->setMinimumSize(200, 140);
    plot_->setNoAntialiasingOnDrag(true);
    layout->addWidget(plot_);

    line_ = new QCPItemStraightLine(plot_);
    line_->setPen(QPen(kLine, 2));
    line_->setVisible(false);
    line_->setSelectable(false);

    plot_->yAxis->setRange(0, 1);
    plot_->xAxis->setRange(0, 1);
    // Heights are counts: integer ticks only.
    QSharedPointer<QCPAxisTickerFixed> counts(new QCPAxisTickerFixed);
    counts->setTickStep(1.0);
    counts->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot_->yAxis->setTicker(counts);

    connect(plot_, &QCustomPlot::mousePress, this, &HistogramWidget::onPress);
    connect(plot_, &QCustomPlot::mouseMove, this, &HistogramWidget::onMove);
    connect(plot_, &QCustomPlot::mouseRelease, this, &HistogramWidget::onRelease);
}

HistogramWidget::~HistogramWidget() = default;

void HistogramWidget::setBins(std::vector<double> edges, std::vector<double> heights)
{
    if (edges.size() != heights.size() + 1) {
        edges.clear();
        heights.clear();
    }
    edges_ = std::move(edges);
    heights_ = std::move(heights);
    if (!edges_.empty()) {
        double lo = edges_.front(), hi = edges_.back();
        if (log_x_) {
            lo = std::max(lo, 1e-12);
            plot_->xAxis->setRange(lo / 1.15, hi * 1.15);
        } else {
            const double pad = (hi - lo) * 0.02;
            plot_->xAxis->setRange(lo - pad, hi + pad == lo - pad ? lo + 1 : hi + pad);
        }
        const double top = heights_.empty() ? 1.0 : *std::max_element(heights_.begin(), heights_.end());
        plot_->yAxis->setRange(0, top > 0 ? top * 1.12 : 1.0);
    }
    redraw();
}

void HistogramWidget::setAxisLabels(const QString& x, const QString& y)
{
    plot_->xAxis->setLabel(x);
    plot_->yAxis->setLabel(y);
    plot_->replot();
}

void HistogramWidget::setLogX(bool on)
{
    log_x_ = on;
    plot_->xAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot_->xAxis->setNumberFormat("g");
    plot_->xAxis->setNumberPrecision(4);
    applyTicker();
    setBins(edges_, heights_);
}

void HistogramWidget::setXTickPercent(bool on)
{
    percent_ = on;
    applyTicker();
    plot_->replot();
}

void HistogramWidget::applyTicker()
{
    QSharedPointer<QCPAxisTicker> ticker;
    if (log_x_)
        ticker.reset(percent_ ? new PercentTicker<Log125Ticker> : new Log125Ticker);
    else
        ticker.reset(percent_ ? new PercentTicker<QCPAxisTicker> : new QCPAxisTicker);
    plot_->xAxis->setTicker(ticker);
}

void HistogramWidget::setThresholdEnabled(bool on)
{
    threshold_enabled_ = on;
    line_->setVisible(on);
    plot_->setCursor(on ? Qt::SplitHCursor : Qt::ArrowCursor);
    redraw();
}

void HistogramWidget::setThresholdRange(double lo, double hi)
{
    lo_ = lo;
    hi_ = std::max(lo, hi);
}

void HistogramWidget::setThreshold(double x)
{
    if (x == threshold_)
        return;
    threshold_ = x;
    redraw();
    emit thresholdChanged(x);
}

int HistogramWidget::pixelForValue(double x) const
{
    return static_cast<int>(std::lround(plot_->xAxis->coordToPixel(x)));
}

void HistogramWidget::moveTo(double x)
{
    x = std::clamp(x, lo_, hi_);
    setThreshold(x);
}

void HistogramWidget::onPress(QMouseEvent* event)
{
    if (!threshold_enabled_ || event->button() != Qt::LeftButton)
        return;
    if (!plot_->axisRect()->rect().contains(event->pos()))
        return;
    dragging_ = true;
    moveTo(plot_->xAxis->pixelToCoord(event->position().x()));
}

void HistogramWidget::onMove(QMouseEvent* event)
{
    // Our own flag rather than event->buttons(): synthetic drags may not carry them.
    if (dragging_)
        moveTo(plot_->xAxis->pixelToCoord(event->position().x()));
}

void HistogramWidget::onRelease(QMouseEvent* event)
{
    if (dragging_)
        moveTo(plot_->xAxis->pixelToCoord(event->position().x()));
    dragging_ = false;
}

void HistogramWidget::redraw()
{
    // Items other than the threshold line are the bins; rebuild them.
    for (int i = plot_->itemCount() - 1; i >= 0; --i)
        if (plot_->item(i) != line_)
            plot_->removeItem(i);

    auto addRect = [this](double x0, double x1, double h, const QColor& colour) {
        if (x1 <= x0 || h <= 0)
            return;
        auto* r = new QCPItemRect(plot_);
        r->topLeft->setCoords(x0, h);
        r->bottomRight->setCoords(x1, 0);
        QColor border = colour.darker(130);
        r->setPen(QPen(border, 1));
        r->setBrush(colour);
        r->setSelectable(false);
        r->setClipToAxisRect(true);
    };
    for (std::size_t i = 0; i < heights_.size(); ++i) {
        double x0 = edges_[i], x1 = edges_[i + 1];
        if (log_x_ && x0 <= 0)
            x0 = std::max(x1 / 10.0, 1e-12);
        const double h = heights_[i];
        if (!threshold_enabled_ || threshold_ >= x1) {
            addRect(x0, x1, h, threshold_enabled_ ? kRemoved : kKept);
        } else if (threshold_ <= x0) {
            addRect(x0, x1, h, kKept);
        } else {
            addRect(x0, threshold_, h, kRemoved);
            addRect(threshold_, x1, h, kKept);
        }
    }
    line_->point1->setCoords(threshold_, 0);
    line_->point2->setCoords(threshold_, 1);
    line_->setLayer(QStringLiteral("overlay"));
    plot_->replot(dragging_ ? QCustomPlot::rpQueuedReplot : QCustomPlot::rpRefreshHint);
}

} // namespace chitra::app
