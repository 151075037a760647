#include "displays/profile/time_profile_chart.hpp"

#include "displays/profile/profile_items.hpp"
#include "plotting/time_profile_bars.hpp"

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

QStringList TimeProfileChart::stackNames() const { return chitra::app::stackNames(plot_); }

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
    stackTimeProfile(plot_, profile_, kNamedRegions, divisor, colour_);
    plot_->xAxis->setLabel(tr("time (%1)").arg(unit));
    plot_->xAxis->setRange(static_cast<double>(profile_.from) / divisor, static_cast<double>(profile_.to) / divisor);
    plot_->yAxis->setLabel(tr("lanes in the region"));
    plot_->yAxis->setRange(0, static_cast<double>(std::max<std::size_t>(lanes_, 1)) * 1.05);
    plot_->replot();
}

} // namespace chitra::app
