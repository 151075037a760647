// The density bars of the Gantt display (a thin strip above a chart, with a colour scale
// as its legend) and the colour maps they use. Include only from .cpp files of plotting
// classes.
#pragma once

#include "displays/gantt/gantt_display.hpp"
#include "displays/gantt/series_plottable.hpp"

#include <vector>

namespace chitra {
class SeriesIndex;
}

namespace chitra::app {

// The colours of a density bar for `map`.
QCPColorGradient gradientFor(GanttDisplay::ColourMap map);

// A density bar: one colour per pixel column (records per column, or their mean value).
class DensityPlottable : public SeriesPlottable {
public:
    DensityPlottable(QCPAxis* key, QCPAxis* value, const SeriesIndex* series, bool point, QCPColorScale* scale)
        : SeriesPlottable(key, value), series_(series), point_(point), scale_(scale)
    {
    }
    QCPColorGradient gradient;
    bool timeWeighted = true;

    // Before each replot: the per-column values and the legend's range.
    void prepare();

protected:
    void draw(QCPPainter* painter) override;

private:
    const SeriesIndex* series_;
    bool point_;
    QCPColorScale* scale_;
    std::vector<double> values_;
    QCPRange range_{0, 1};
};

} // namespace chitra::app
