#include "displays/gantt/density_plottable.hpp"

#include "chitra/traceview/traceview.hpp"

#include <QImage>

#include <algorithm>
#include <cmath>
#include <limits>

namespace chitra::app {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

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

void DensityPlottable::prepare()
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

void DensityPlottable::draw(QCPPainter* painter)
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

} // namespace chitra::app
