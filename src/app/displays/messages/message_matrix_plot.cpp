#include "displays/messages/message_matrix_plot.hpp"

#include "text/number_format.hpp"

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace chitra::app {

namespace {

// Light for few, dark for many: a sequential scale that reads in grey too.
QCPColorGradient matrixGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(255, 245, 200));
    g.setColorStopAt(0.35, QColor(254, 178, 76));
    g.setColorStopAt(0.7, QColor(227, 26, 28));
    g.setColorStopAt(1.0, QColor(103, 0, 13));
    g.setNanHandling(QCPColorGradient::nhTransparent);
    return g;
}

// Shows at most about 30 lane names on an axis, evenly.
QSharedPointer<QCPAxisTickerText> laneTicker(const std::vector<QString>& names)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const std::size_t step = std::max<std::size_t>(1, (names.size() + 29) / 30);
    for (std::size_t i = 0; i < names.size(); i += step)
        ticker->addTick(static_cast<double>(i), names[i]);
    return ticker;
}

} // namespace

MessageMatrixPlot::MessageMatrixPlot(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), plot_(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    layout->addWidget(plot_, 1);
    plot_->setMinimumSize(280, 240);
    plot_->setMouseTracking(true);
    plot_->installEventFilter(this);
    map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
    map_->setInterpolate(false);
    scale_ = new QCPColorScale(plot_);
    plot_->plotLayout()->addElement(0, 1, scale_);
    scale_->setBarWidth(12);
    map_->setColorScale(scale_);
    scale_->setGradient(matrixGradient()); // after linking: the map takes the scale's
    auto* margins = new QCPMarginGroup(plot_);
    plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    plot_->yAxis->setRangeReversed(true); // the first lane on top, as in the lanes view
    plot_->xAxis->setLabel(tr("receiving lane"));
    plot_->yAxis->setLabel(tr("sending lane"));
    plot_->xAxis->grid()->setVisible(false);
    plot_->yAxis->grid()->setVisible(false);
    redraw();
}

void MessageMatrixPlot::show(const MessageMatrix& matrix, std::vector<QString> names, MatrixColour colour)
{
    matrix_ = matrix;
    names_ = std::move(names);
    colour_ = colour;
    redraw();
}

void MessageMatrixPlot::redraw()
{
    const std::size_t n = matrix_.lanes;
    const int cells = static_cast<int>(std::max<std::size_t>(n, 1));
    map_->data()->setSize(cells, cells);
    map_->data()->setRange(QCPRange(0, cells - 1), QCPRange(0, cells - 1));
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) {
            const std::size_t c = matrix_.cell(a, b);
            double value = std::numeric_limits<double>::quiet_NaN();
            if (matrix_.count[c] > 0) {
                value = colour_ == MatrixColour::Count   ? static_cast<double>(matrix_.count[c])
                        : colour_ == MatrixColour::Bytes ? static_cast<double>(matrix_.bytes[c])
                                                         : matrix_.mean_latency(a, b);
                if (value > 0) {
                    lo = std::min(lo, value);
                    hi = std::max(hi, value);
                } else {
                    value = std::numeric_limits<double>::quiet_NaN(); // no bytes, no latency: blank
                }
            }
            // Column b (receiver) is x, row a (sender) is y.
            map_->data()->setCell(static_cast<int>(b), static_cast<int>(a), value);
        }
    if (!(lo <= hi))
        lo = 1, hi = 10;
    if (hi <= lo) // one value: the middle of the scale
        lo /= 4, hi *= 4;
    const bool logScale = colour_ != MatrixColour::Latency;
    scale_->setDataScaleType(logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logScale)
        scale_->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    else
        scale_->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    map_->setDataRange(QCPRange(logScale ? lo : 0, hi));
    scale_->axis()->setLabel(colour_ == MatrixColour::Count   ? tr("messages")
                             : colour_ == MatrixColour::Bytes ? tr("bytes")
                                                              : tr("mean latency (ns)"));
    // A matrix of few lanes has its figures written in the cells.
    plot_->clearItems();
    if (n <= 12) {
        const double middle = logScale ? std::sqrt(lo * hi) : (lo + hi) / 2;
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b) {
                const std::size_t c = matrix_.cell(a, b);
                const double value = map_->data()->cell(static_cast<int>(b), static_cast<int>(a));
                if (matrix_.count[c] == 0 || std::isnan(value))
                    continue;
                auto* text = new QCPItemText(plot_);
                text->position->setCoords(static_cast<double>(b), static_cast<double>(a));
                text->setText(colour_ == MatrixColour::Count   ? formatCount(static_cast<long long>(matrix_.count[c]))
                              : colour_ == MatrixColour::Bytes ? formatBytes(static_cast<long long>(matrix_.bytes[c]))
                                                               : formatDuration(value, TimeBase::ns));
                text->setColor(value > middle ? Qt::white : Qt::black);
                text->setClipToAxisRect(true);
            }
    }
    plot_->xAxis->setTicker(laneTicker(names_));
    plot_->yAxis->setTicker(laneTicker(names_));
    plot_->xAxis->setTickLabelRotation(n > 6 ? 60 : 0);
    plot_->xAxis->setRange(-0.5, static_cast<double>(cells) - 0.5);
    plot_->yAxis->setRange(-0.5, static_cast<double>(cells) - 0.5);
    summary_->setText(n == 0 ? tr("No lanes shown")
                             : tr("%1 messages, %2, between %n lane(s)", nullptr, static_cast<int>(n))
                                   .arg(formatCount(static_cast<long long>(matrix_.messages)),
                                        formatBytes(static_cast<long long>(matrix_.total_bytes))));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString MessageMatrixPlot::describeCell(std::size_t from, std::size_t to) const
{
    if (from >= matrix_.lanes || to >= matrix_.lanes)
        return {};
    const std::size_t c = matrix_.cell(from, to);
    const QString pair = tr("%1 → %2").arg(names_[from], names_[to]);
    if (matrix_.count[c] == 0)
        return tr("%1: no messages").arg(pair);
    return tr("%1: %2 messages, %3, mean latency %4")
        .arg(pair, formatCount(static_cast<long long>(matrix_.count[c])),
             formatBytes(static_cast<long long>(matrix_.bytes[c])),
             formatDuration(matrix_.mean_latency(from, to), TimeBase::ns));
}

std::optional<std::pair<std::size_t, std::size_t>> MessageMatrixPlot::cellAt(const QPoint& plotPos) const
{
    if (!plot_->axisRect()->rect().contains(plotPos))
        return std::nullopt;
    const double x = std::round(plot_->xAxis->pixelToCoord(plotPos.x()));
    const double y = std::round(plot_->yAxis->pixelToCoord(plotPos.y()));
    const auto n = static_cast<double>(matrix_.lanes);
    if (x < 0 || y < 0 || x >= n || y >= n)
        return std::nullopt;
    return std::pair{static_cast<std::size_t>(y), static_cast<std::size_t>(x)};
}

QPoint MessageMatrixPlot::pixelOfCell(std::size_t from, std::size_t to) const
{
    return QPoint(static_cast<int>(plot_->xAxis->coordToPixel(static_cast<double>(to))),
                  static_cast<int>(plot_->yAxis->coordToPixel(static_cast<double>(from))));
}

bool MessageMatrixPlot::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot_ && event->type() == QEvent::MouseMove) {
        const QPoint at = static_cast<QMouseEvent*>(event)->position().toPoint();
        if (const auto cell = cellAt(at))
            QToolTip::showText(plot_->mapToGlobal(at), describeCell(cell->first, cell->second), plot_);
        else
            QToolTip::hideText();
    } else if (watched == plot_ && event->type() == QEvent::MouseButtonRelease) {
        const auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() == Qt::LeftButton)
            if (const auto cell = cellAt(e->position().toPoint()))
                emit cellClicked(cell->first, cell->second);
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace chitra::app
