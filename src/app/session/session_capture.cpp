#include "session/session_capture.hpp"

#include "chitra/session/session_io.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "displays/gantt/gantt_display.hpp"
#include "workbench/main_window.hpp"
#include "plotting/palette.hpp"
#include "qcustomplot.h"
#include "displays/rate/rate_display.hpp"
#include "session/session.hpp"
#include "views/trace/trace_plot.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QFileInfo>
#include <QVariant>

namespace chitra::app {

QString displayId(int file, int view, const char* display)
{
    return QString("f%1v%2-%3").arg(file).arg(view).arg(display);
}

QString viewKey(int file, const QString& viewName) { return QString("%1/%2").arg(file).arg(viewName); }

namespace {

const char* orderName(YOrder order)
{
    switch (order) {
    case YOrder::FirstAppearance: return "first";
    case YOrder::Name: return "name";
    case YOrder::TimeShare: return "time";
    case YOrder::Custom: return "custom";
    }
    return "first";
}

TraceFileRef fileRef(const QString& path, const std::string& sessionDir, FileRefCache* cache)
{
    const std::string abs = QFileInfo(path).absoluteFilePath().toStdString();
    TraceFileRef ref;
    if (cache) {
        auto it = cache->find(abs);
        if (it != cache->end()) {
            ref = it->second;
            ref.views.clear();
            return ref;
        }
    }
    try {
        ref = make_file_ref(abs, sessionDir);
    } catch (const std::exception&) {
        // The file went away after it was opened: keep what identifies it by name.
        ref.path_absolute = abs;
    }
    if (cache)
        (*cache)[abs] = ref;
    return ref;
}

std::string number(double x)
{
    return QString::number(x, 'g', 17).toStdString();
}

TraceviewWindow* traceviewOf(const MainWindow& window, ViewDocument* doc, TraceviewWindow::Kind kind)
{
    for (TraceviewWindow* w : window.findChildren<TraceviewWindow*>())
        if (w->document() == doc && w->kind() == kind)
            return w;
    return nullptr;
}

const char* densityName(GanttDisplay::Density d)
{
    return d == GanttDisplay::Density::Point ? "point" : d == GanttDisplay::Density::Value ? "value" : "";
}

const char* colourMapName(GanttDisplay::ColourMap m)
{
    return m == GanttDisplay::ColourMap::Hot ? "hot" : m == GanttDisplay::ColourMap::Grey ? "grey" : "";
}

DisplayState captureFrequency(FrequencyPlot* plot, DisplayState d)
{
    d.options.log_axis = plot->logPower();
    if (plot->samplingInterval() > 0)
        d.options.sampling_interval = plot->samplingInterval();
    if (!plot->autoUpdate())
        d.options.extra[kAutoUpdateKey] = "0";
    if (plot->logFrequency())
        d.options.extra[kLogFrequencyKey] = "1";
    if (plot->zoomToPeak())
        d.options.extra[kPeakZoomKey] = "1";
    if (const auto band = plot->band())
        d.options.extra[kBandKey] = number(band->first) + ":" + number(band->second);
    // Saved only when the user zoomed or panned: the automatic range is what "empty" means.
    // The power axis always fits the frequencies shown, so only x matters.
    if (const auto range = plot->userFrequencyRange())
        d.visible = {range->first, range->second, 0, 0};
    return d;
}

DisplayState captureGantt(GanttDisplay* g, DisplayState d)
{
    const auto [x0, x1] = g->visibleRange();
    d.visible = {x0, x1, 0, 0};
    for (const auto& [h0, h1] : g->zoomHistory())
        d.zoom_history.push_back({h0, h1, 0, 0});
    d.options.colour_map = colourMapName(g->colourMap());
    d.options.averaging_width_percent = g->averageWindowPercent();
    if (g->chartTotal() > 0)
        d.options.density_bar = densityName(g->density(0));
    for (int c = 0; c < g->chartTotal(); ++c)
        d.options.extra[kChartKeyPrefix + std::to_string(c)] =
            std::string(g->chartShown(c) ? "shown" : "hidden") + "," + densityName(g->density(c)) + "," +
            (g->average(c) ? "average" : "");
    if (!g->averageTimeWeighted())
        d.options.extra[kTimeWeightedKey] = "0";
    if (g->minVisitSeconds() != kDefaultMinVisitSeconds)
        d.options.extra[kMinVisitKey] = number(g->minVisitSeconds());
    return d;
}

ViewState captureView(const MainWindow& window, ViewDocument* doc, ViewPanel* panel, int file, int view)
{
    ViewState v;
    v.name = doc->name().toStdString();
    v.pipeline = doc->pipeline();
    v.y_order = doc->laneNames();
    for (const BrushedPattern& p : doc->patterns())
        v.pattern_colours.push_back({p.names, static_cast<std::uint32_t>(p.colour.rgba())});
    const Ses& ses = doc->ses();
    for (SymbolId s = 0; s < ses.symbols->size(); ++s)
        if ((*ses.symbols)[s].kind != SymbolKind::program && doc->laneOf(s) >= 0)
            v.composite_colours[(*ses.symbols)[s].name] = static_cast<std::uint32_t>(stateColour(s).rgba());
    const RecordRange sel = doc->selection();
    if (!sel.empty())
        v.selection.push_back({sel.begin, sel.end});
    if (const ViewBookmarks* marks = ViewBookmarks::find(doc)) {
        v.bookmarks = marks->bookmarks();
        v.notes = marks->notes();
    }

    DisplayState trace;
    trace.id = displayId(file, view, "trace").toStdString();
    trace.kind = DisplayKind::time;
    if (panel) {
        TracePlot* plot = panel->tracePlot();
        trace.kind = plot->axis() == XAxis::Event ? DisplayKind::event : DisplayKind::time;
        const auto [x0, x1] = plot->visibleRange();
        trace.visible = {x0, x1, 0, 0};
        for (const auto& [h0, h1] : plot->zoomHistory())
            trace.zoom_history.push_back({h0, h1, 0, 0});
        trace.options.connectors = plot->connectors();
    }
    const SymbolId picked = doc->pickedState();
    if (picked != kNoSymbol)
        trace.options.chosen_state = (*ses.symbols)[picked].name;
    trace.options.extra[kYOrderKey] = orderName(doc->yOrder());
    v.displays.push_back(std::move(trace));
    if (doc->displayOpen(1)) {
        DisplayState freq;
        freq.id = displayId(file, view, "frequency").toStdString();
        freq.kind = DisplayKind::frequency;
        if (panel)
            freq = captureFrequency(panel->frequencyPlot(), std::move(freq));
        v.displays.push_back(std::move(freq));
    }
    if (doc->displayOpen(2)) {
        DisplayState model;
        model.id = displayId(file, view, "model").toStdString();
        model.kind = DisplayKind::model;
        v.displays.push_back(std::move(model));
    }
    // The Traceview displays (issue 5), in the order they were added to the view.
    for (int d : doc->displays()) {
        if (d < 3 || !doc->displayOpen(d))
            continue;
        const bool gantt = d == 3;
        DisplayState ds;
        ds.id = displayId(file, view, gantt ? "gantt" : "rate").toStdString();
        ds.kind = gantt ? DisplayKind::gantt : DisplayKind::rate;
        TraceviewWindow* w = traceviewOf(window, doc, gantt ? TraceviewWindow::Kind::Gantt : TraceviewWindow::Kind::Rate);
        if (w && gantt && w->gantt())
            ds = captureGantt(w->gantt(), std::move(ds));
        if (w && !gantt && w->rate() && w->rate()->state() != kNoSymbol && w->rate()->state() < ses.symbols->size())
            ds.options.chosen_state = (*ses.symbols)[w->rate()->state()].name;
        if (w && !gantt && w->rate() && w->rate()->minVisitSeconds() != kDefaultMinVisitSeconds)
            ds.options.extra[kMinVisitKey] = number(w->rate()->minVisitSeconds());
        v.displays.push_back(std::move(ds));
    }
    return v;
}

} // namespace

chitra::Session captureSession(const MainWindow& window, const std::string& sessionDir, FileRefCache* cache)
{
    chitra::Session s;
    const auto& files = window.session()->files();
    for (std::size_t f = 0; f < files.size(); ++f) {
        TraceFileRef ref = fileRef(files[f].path, sessionDir, cache);
        for (std::size_t v = 0; v < files[f].views.size(); ++v) {
            ViewDocument* doc = files[f].views[v];
            ref.views.push_back(captureView(window, doc, window.panelOf(doc), static_cast<int>(f), static_cast<int>(v)));
            const bool current = doc == window.currentView();
            if (current)
                s.layout.current_view = viewKey(static_cast<int>(f), doc->name()).toStdString();
            int index = 0;
            for (const DisplayState& d : ref.views.back().displays)
                s.layout.open_displays.push_back({d.id, current ? "centre" : "stacked", index++});
        }
        s.files.push_back(std::move(ref));
    }
    const QByteArray geometry = window.saveGeometry();
    const QByteArray state = window.saveState();
    s.layout.main_window_geometry.assign(geometry.begin(), geometry.end());
    s.layout.dock_state.assign(state.begin(), state.end());
    return s;
}

} // namespace chitra::app
