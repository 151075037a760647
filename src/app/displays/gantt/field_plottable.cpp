#include "displays/gantt/field_plottable.hpp"

#include "chitra/traceview/traceview.hpp"
#include "displays/gantt/gantt_data.hpp"
#include "displays/min_visit_box.hpp"

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {

const QColor kShortColour = shortVisitColour();

} // namespace

void FieldPlottable::draw(QCPPainter* painter)
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
    auto py = [&](double y) { return std::clamp(mValueAxis->coordToPixel(y), rect.top() - 1.0, rect.bottom() + 1.0); };
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
                (shortHere || s.is_short(i - 1) ? shortLines : longLines) << QLineF(x, py(s.y()[i - 1]), x, y);
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

} // namespace chitra::app
