// The field charts of the Gantt display, one per data field of the trace (short visits
// of counters drawn in grey). Include only from .cpp files of plotting classes.
#pragma once

#include "displays/gantt/series_plottable.hpp"

#include <QColor>

namespace chitra::app {

struct GanttData;

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
    void draw(QCPPainter* painter) override;

private:
    const GanttData* data_;
    int field_;
    QColor colour_;
};

} // namespace chitra::app
