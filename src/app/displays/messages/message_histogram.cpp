#include "displays/messages/message_histogram.hpp"

#include "text/number_format.hpp"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace chitra::app {

MessageHistogram::MessageHistogram(Kind kind, QWidget* parent)
    : QWidget(parent), kind_(kind), title_(new QLabel(this)), plot_(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title_);
    layout->addWidget(plot_, 1);
    plot_->setMinimumSize(240, 150);
    plot_->yAxis->setLabel(tr("messages"));
    plot_->xAxis->setLabel(kind_ == Kind::Sizes ? tr("size, at least") : tr("latency, at least"));
    plot_->xAxis->grid()->setVisible(false);
    show(bins_);
}

QString MessageHistogram::title() const
{
    return kind_ == Kind::Sizes ? tr("Message sizes") : tr("Latencies (receive − send)");
}

QString MessageHistogram::binLabel(std::size_t bin) const
{
    if (bin == 0)
        return kind_ == Kind::Sizes ? QStringLiteral("0 B") : QStringLiteral("≤ 0");
    const double lower = std::ldexp(1.0, static_cast<int>(bin) - 1);
    return kind_ == Kind::Sizes ? formatBytes(static_cast<long long>(lower)) : formatDuration(lower, TimeBase::ns);
}

void MessageHistogram::show(const std::array<std::uint64_t, kMessageBins>& bins)
{
    bins_ = bins;
    plot_->clearPlottables();
    std::size_t first = kMessageBins, last = 0;
    std::uint64_t most = 0, total = 0;
    for (std::size_t k = 0; k < kMessageBins; ++k)
        if (bins_[k] > 0) {
            first = std::min(first, k);
            last = k;
            most = std::max(most, bins_[k]);
            total += bins_[k];
        }
    title_->setText(total == 0 ? tr("%1: none").arg(title())
                               : tr("%1: %2 messages").arg(title(), formatCount(static_cast<long long>(total))));
    if (total == 0) {
        plot_->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    QVector<double> keys, values;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    // At most 6 labels, level: they stay readable at the width of half a window.
    const std::size_t step = std::max<std::size_t>(1, (last - first + 6) / 6);
    for (std::size_t k = first; k <= last; ++k) {
        keys << static_cast<double>(k);
        values << static_cast<double>(bins_[k]);
        if ((k - first) % step == 0)
            ticker->addTick(static_cast<double>(k), binLabel(k));
    }
    auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
    bars->setData(keys, values, true);
    bars->setWidth(0.85);
    bars->setPen(Qt::NoPen);
    bars->setBrush(kind_ == Kind::Sizes ? QColor(49, 130, 189) : QColor(117, 107, 177));
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setRange(static_cast<double>(first) - 0.6, static_cast<double>(last) + 0.6);
    plot_->yAxis->setRange(0, static_cast<double>(most) * 1.08);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace chitra::app
