// The base of the Gantt display's own plottables (field charts, density bars): drawn
// per pixel column of their axis rect, never selectable, no ranges of their own (the
// display sets the axes). Include only from .cpp files of plotting classes.
#pragma once

#include <qcustomplot.h>

#include <algorithm>

namespace chitra::app {

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

} // namespace chitra::app
