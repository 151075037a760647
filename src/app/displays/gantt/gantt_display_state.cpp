#include "displays/gantt/gantt_display_state.hpp"

#include "displays/gantt/gantt_display.hpp"
#include "displays/min_visit_state.hpp"
#include "displays/traceview_display_type.hpp"

#include <QObject>
#include <QStringList>

#include <optional>
#include <string>
#include <utility>

namespace chitra::app {

namespace {

const char* densityName(GanttDisplay::Density d)
{
    return d == GanttDisplay::Density::Point ? "point" : d == GanttDisplay::Density::Value ? "value" : "";
}

GanttDisplay::Density parseDensity(const QString& s)
{
    return s == "point"   ? GanttDisplay::Density::Point
           : s == "value" ? GanttDisplay::Density::Value
                          : GanttDisplay::Density::Off;
}

const char* colourMapName(GanttDisplay::ColourMap m)
{
    return m == GanttDisplay::ColourMap::Hot ? "hot" : m == GanttDisplay::ColourMap::Grey ? "grey" : "";
}

// The view's Gantt display, in its own window (TraceviewWindow).
class GanttDisplayType final : public TraceviewDisplayType {
public:
    GanttDisplayType()
        : TraceviewDisplayType(TraceviewWindow::Kind::Gantt, "gantt", "Gantt chart", DisplayKind::gantt,
                               {QObject::tr("&Gantt display"),
                                {},
                                QObject::tr("Open a Gantt chart of the current view in its own window")})
    {
    }

    void capture(const DisplayHost& host, ViewDocument* view, DisplayState& state) const override
    {
        TraceviewWindow* w = windowOf(host, view);
        if (w && w->gantt())
            captureGanttState(*w->gantt(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (TraceviewWindow* w = windowToRestore(r, state); w && w->gantt())
            restoreGanttState(*w->gantt(), state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeGanttDisplayType() { return std::make_unique<GanttDisplayType>(); }

void captureGanttState(const GanttDisplay& g, DisplayState& d)
{
    const auto [x0, x1] = g.visibleRange();
    d.visible = {x0, x1, 0, 0};
    for (const auto& [h0, h1] : g.zoomHistory())
        d.zoom_history.push_back({h0, h1, 0, 0});
    d.options.colour_map = colourMapName(g.colourMap());
    d.options.averaging_width_percent = g.averageWindowPercent();
    if (g.chartTotal() > 0)
        d.options.density_bar = densityName(g.density(0));
    for (int c = 0; c < g.chartTotal(); ++c)
        d.options.extra[kChartKeyPrefix + std::to_string(c)] = std::string(g.chartShown(c) ? "shown" : "hidden") + "," +
                                                               densityName(g.density(c)) + "," +
                                                               (g.average(c) ? "average" : "");
    if (!g.averageTimeWeighted())
        d.options.extra[kTimeWeightedKey] = std::string("0"); // not a literal: GCC 12 warns falsely (-Wrestrict)
    captureMinVisit(g.minVisitSeconds(), d.options);
}

void restoreGanttState(GanttDisplay& g, const DisplayState& d, const QString& where, std::vector<QString>& problems)
{
    const std::optional<double> minVisit = savedMinVisit(d, where, problems);
    const auto& extra = d.options.extra;
    bool perChart = false;
    for (int c = 0; c < g.chartTotal(); ++c) {
        const auto it = extra.find(kChartKeyPrefix + std::to_string(c));
        if (it == extra.end())
            continue;
        perChart = true;
        const QStringList f = QString::fromStdString(it->second).split(',');
        g.setChartShown(c, f.value(0) != "hidden");
        g.setDensity(c, parseDensity(f.value(1)));
        g.setAverage(c, f.value(2) == "average");
    }
    if (!perChart && !d.options.density_bar.empty()) // written by chitra-cli: one setting for all
        for (int c = 0; c < g.chartTotal(); ++c)
            g.setDensity(c, parseDensity(QString::fromStdString(d.options.density_bar)));
    const std::string& map = d.options.colour_map;
    g.setColourMap(map == "hot"    ? GanttDisplay::ColourMap::Hot
                   : map == "grey" ? GanttDisplay::ColourMap::Grey
                                   : GanttDisplay::ColourMap::Viridis);
    if (d.options.averaging_width_percent > 0)
        g.setAverageWindowPercent(d.options.averaging_width_percent);
    const auto tw = extra.find(kTimeWeightedKey);
    g.setAverageTimeWeighted(tw == extra.end() || tw->second != "0");
    if (minVisit)
        g.setMinVisitSeconds(*minVisit);
    if (!d.visible.empty())
        g.zoomTo(d.visible.x0, d.visible.x1);
    // zoomTo pushed the range it left; the saved history replaces it (undo goes where it went before).
    std::vector<std::pair<double, double>> history;
    for (const VisibleRange& r : d.zoom_history)
        history.emplace_back(r.x0, r.x1);
    g.setZoomHistory(std::move(history));
}

} // namespace chitra::app
