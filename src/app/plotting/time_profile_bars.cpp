#include "plotting/time_profile_bars.hpp"

#include <qcustomplot.h>

namespace chitra::app {

void stackTimeProfile(QCustomPlot* plot, const TimeProfile& profile, std::size_t namedRegions, double nsPerKey,
                      const std::function<QColor(const std::string&)>& colour)
{
    plot->clearPlottables();
    const std::size_t bins = profile.edges.empty() ? 0 : profile.edges.size() - 1;
    QVector<double> keys, widths;
    for (std::size_t k = 0; k < bins; ++k) {
        const double a = static_cast<double>(profile.edges[k]), b = static_cast<double>(profile.edges[k + 1]);
        keys << (a + b) / 2 / nsPerKey;
        widths << b - a;
    }
    const auto inLanes = [&](const std::vector<Time>& row) {
        QVector<double> v(static_cast<int>(bins));
        for (int k = 0; k < static_cast<int>(bins); ++k)
            v[k] = widths[k] > 0 ? static_cast<double>(row[static_cast<std::size_t>(k)]) / widths[k] : 0;
        return v;
    };
    const double width =
        bins ? static_cast<double>(profile.to - profile.from) / nsPerKey / static_cast<double>(bins) : 0;
    QCPBars* below = nullptr;
    const auto stack = [&](const QString& name, const QVector<double>& values, const QColor& fill) {
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(name);
        bars->setBrush(fill);
        bars->setPen(Qt::NoPen);
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(width);
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    };
    std::vector<Time> other(bins, 0);
    for (std::size_t r = 0; r < profile.regions.size(); ++r) {
        if (r < namedRegions) {
            const std::string& name = profile.regions[r];
            stack(QString::fromStdString(name), inLanes(profile.exclusive_ns[r]),
                  colour ? colour(name) : QColor(Qt::gray));
        } else {
            for (std::size_t k = 0; k < bins; ++k)
                other[k] += profile.exclusive_ns[r][k];
        }
    }
    if (profile.regions.size() > namedRegions)
        stack(QObject::tr("other"), inLanes(other), QColor(0xbd, 0xbd, 0xbd));
}

QStringList stackNames(QCustomPlot* plot)
{
    QStringList names;
    for (int i = 0; i < plot->plottableCount(); ++i)
        names << plot->plottable(i)->name();
    return names;
}

} // namespace chitra::app
