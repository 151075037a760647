#include "session_capture.hpp"

#include "chitra/session_io.hpp"
#include "frequency_plot.hpp"
#include "main_window.hpp"
#include "palette.hpp"
#include "session.hpp"
#include "trace_plot.hpp"
#include "view_bookmarks.hpp"
#include "view_document.hpp"
#include "view_panel.hpp"

#include <QFileInfo>

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

ViewState captureView(ViewDocument* doc, ViewPanel* panel, int file, int view)
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
        v.displays.push_back(std::move(freq));
    }
    if (doc->displayOpen(2)) {
        DisplayState model;
        model.id = displayId(file, view, "model").toStdString();
        model.kind = DisplayKind::model;
        v.displays.push_back(std::move(model));
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
            ref.views.push_back(captureView(doc, window.panelOf(doc), static_cast<int>(f), static_cast<int>(v)));
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
