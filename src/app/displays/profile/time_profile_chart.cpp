#include "displays/profile/time_profile_chart.hpp"

#include "displays/profile/profile_items.hpp"
#include "text/qt_strings.hpp"

#include <QVBoxLayout>
#include <qcustomplot.h>

namespace chitra::app {

TimeProfileChart::TimeProfileChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    legendBesideThePlot(plot_);
}

QStringList TimeProfileChart::stackNames() const
{
    QStringList names;
    for (int i = 0; i < plot_->plottableCount(); ++i)
        names << plot_->plottable(i)->name();
    return names;
}

void TimeProfileChart::show(const ProfileSource& source, const ProfileRange& range)
{
    plot_->clearPlottables();
    lanes_ = source.chosen.size();
    try {
        profile_ = time_profile(source, range, kBins);
    } catch (const std::exception&) {
        profile_ = TimeProfile{};
        plot_->replot();
        return;
    }
    const double span = static_cast<double>(profile_.to - profile_.from);
    double divisor = 1;
    QString unit = source.time_base == "ns" ? QStringLiteral("ns") : QString::fromStdString(source.time_base);
    if (source.time_base == "ns")
        for (const auto& [d, u] : {std::pair{1e9, "s"}, std::pair{1e6, "ms"}, std::pair{1e3, "µs"}})
            if (span >= 10 * d) {
                divisor = d;
                unit = QString::fromUtf8(u);
                break;
            }
    QVector<double> keys, widths;
    for (std::size_t k = 0; k < kBins; ++k) {
        const double a = static_cast<double>(profile_.edges[k]), b = static_cast<double>(profile_.edges[k + 1]);
        keys << (a + b) / 2 / divisor;
        widths << b - a;
    }
    // In lanes: the time in the bin over the bin's width.
    const auto lanesOf = [&](const std::vector<Time>& row) {
        QVector<double> v(static_cast<int>(kBins));
        for (std::size_t k = 0; k < kBins; ++k)
            v[static_cast<int>(k)] =
                widths[static_cast<int>(k)] > 0 ? static_cast<double>(row[k]) / widths[static_cast<int>(k)] : 0;
        return v;
    };
    QCPBars* below = nullptr;
    const auto stack = [&](const QString& name, const QVector<double>& values, const QColor& colour) {
        auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
        bars->setName(name);
        bars->setBrush(colour);
        bars->setPen(Qt::NoPen);
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(span / divisor / static_cast<double>(kBins));
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    };
    std::vector<Time> other(kBins, 0);
    for (std::size_t r = 0; r < profile_.regions.size(); ++r) {
        if (r < kNamedRegions) {
            const std::string& name = profile_.regions[r];
            stack(qs(name), lanesOf(profile_.exclusive_ns[r]), colour_ ? colour_(name) : QColor(Qt::gray));
        } else {
            for (std::size_t k = 0; k < kBins; ++k)
                other[k] += profile_.exclusive_ns[r][k];
        }
    }
    if (profile_.regions.size() > kNamedRegions)
        stack(tr("other"), lanesOf(other), QColor(0xbd, 0xbd, 0xbd));
    plot_->xAxis->setLabel(tr("time (%1)").arg(unit));
    plot_->xAxis->setRange(static_cast<double>(profile_.from) / divisor, static_cast<double>(profile_.to) / divisor);
    plot_->yAxis->setLabel(tr("lanes in the region"));
    plot_->yAxis->setRange(0, static_cast<double>(std::max<std::size_t>(lanes_, 1)) * 1.05);
    plot_->replot();
}

} // namespace chitra::app
