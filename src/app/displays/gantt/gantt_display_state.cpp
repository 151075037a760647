#include "displays/gantt/gantt_display_state.hpp"

#include "displays/gantt/gantt_display.hpp"
#include "displays/min_visit_state.hpp"
#include "displays/traceview_display_type.hpp"
#include "document/view_document.hpp"

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
        : TraceviewDisplayType(TraceviewWindow::Kind::Gantt, kGanttDisplay, "Gantt chart", DisplayKind::gantt,
                               {QObject::tr("&Gantt display"),
                                {},
                                QObject::tr("Open a Gantt chart of the current view in its own window")})
    {
    }

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        captureGanttState(view->presentation(), state);
    }

    void restore(const DisplayRestore& r, const DisplayState& state) const override
    {
        if (TraceviewWindow* w = windowToRestore(r, state); w && w->gantt())
            restoreGanttState(r.view->presentation(), state, r.where, r.problems);
    }
};

} // namespace

std::unique_ptr<DisplayType> makeGanttDisplayType() { return std::make_unique<GanttDisplayType>(); }

DisplayOptions ganttOptions(const GanttDisplay& g)
{
    DisplayOptions o;
    o.colour_map = colourMapName(g.colourMap());
    o.averaging_width_percent = g.averageWindowPercent();
    if (g.chartTotal() > 0)
        o.density_bar = densityName(g.density(0));
    for (int c = 0; c < g.chartTotal(); ++c)
        o.extra[kChartKeyPrefix + std::to_string(c)] = std::string(g.chartShown(c) ? "shown" : "hidden") + "," +
                                                       densityName(g.density(c)) + "," +
                                                       (g.average(c) ? "average" : "");
    if (!g.averageTimeWeighted())
        o.extra[kTimeWeightedKey] = std::string("0"); // not a literal: GCC 12 warns falsely (-Wrestrict)
    captureMinVisit(g.minVisitSeconds(), o);
    return o;
}

void applyGanttOptions(GanttDisplay& g, const DisplayOptions& o)
{
    std::vector<QString> ignored; // restoreGanttState reported them
    const std::optional<double> minVisit = savedMinVisit(DisplayState{{}, DisplayKind::gantt, {}, {}, o}, {}, ignored);
    const auto& extra = o.extra;
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
    if (!perChart && !o.density_bar.empty()) // written by chitra-cli: one setting for all
        for (int c = 0; c < g.chartTotal(); ++c)
            g.setDensity(c, parseDensity(QString::fromStdString(o.density_bar)));
    const std::string& map = o.colour_map;
    g.setColourMap(map == "hot"    ? GanttDisplay::ColourMap::Hot
                   : map == "grey" ? GanttDisplay::ColourMap::Grey
                                   : GanttDisplay::ColourMap::Viridis);
    if (o.averaging_width_percent > 0)
        g.setAverageWindowPercent(o.averaging_width_percent);
    const auto tw = extra.find(kTimeWeightedKey);
    g.setAverageTimeWeighted(tw == extra.end() || tw->second != "0");
    if (minVisit)
        g.setMinVisitSeconds(*minVisit);
}

void captureGanttState(const ViewPresentation& state, DisplayState& d)
{
    if (const XWindow w = state.window(kGanttDisplay); !w.empty())
        d.visible = {w.x0, w.x1, 0, 0};
    for (const XWindow& h : state.zoomHistory(kGanttDisplay))
        d.zoom_history.push_back({h.x0, h.x1, 0, 0});
    d.options = state.displayOptions(kGanttDisplay);
}

void restoreGanttState(ViewPresentation& state, const DisplayState& d, const QString& where,
                       std::vector<QString>& problems)
{
    DisplayOptions options = d.options;
    if (!savedMinVisit(d, where, problems)) { // the display keeps its own
        const auto& own = state.displayOptions(kGanttDisplay).extra;
        if (const auto it = own.find(kMinVisitKey); it != own.end())
            options.extra[kMinVisitKey] = it->second;
        else
            options.extra.erase(kMinVisitKey);
    }
    state.setDisplayOptions(kGanttDisplay, std::move(options));
    if (!d.visible.empty())
        state.setWindow(kGanttDisplay, {d.visible.x0, d.visible.x1});
    std::vector<XWindow> history;
    for (const VisibleRange& r : d.zoom_history)
        history.push_back({r.x0, r.x1});
    state.setZoomHistory(kGanttDisplay, std::move(history));
}

} // namespace chitra::app
