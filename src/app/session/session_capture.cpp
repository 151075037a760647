#include "session/session_capture.hpp"
#include "document/lane_pool.hpp"

#include "ensemble/ensemble_window.hpp"

#include "chitra/session/session_io.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "plotting/palette.hpp"
#include "displays/display_registry.hpp"
#include "document/workspace.hpp"
#include "session/session_host.hpp"

#include <QFileInfo>
#include <QMainWindow>

namespace chitra::app {

QString displayId(int file, int view, const QString& display)
{
    return QString("f%1v%2-%3").arg(file).arg(view).arg(display);
}

QString viewKey(int file, const QString& viewName) { return QString("%1/%2").arg(file).arg(viewName); }

namespace {

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

ViewState captureView(const SessionHost& window, ViewDocument* doc, int file, int view)
{
    ViewState v;
    v.name = doc->name().toStdString();
    v.pipeline = doc->pipeline();
    v.y_order = doc->laneNames();
    for (const BrushedPattern& p : doc->presentation().patterns())
        v.pattern_colours.push_back({p.names, static_cast<std::uint32_t>(p.colour.rgba())});
    const Ses& ses = doc->ses();
    // The colours dealt from the palette's primary ones, and the composites': the others
    // come back by themselves (the source's, or told by the state's name).
    const StateColours& colours = *doc->colours();
    for (SymbolId s = 0; s < ses.symbols->size(); ++s)
        if (doc->laneOf(s) >= 0 && ((*ses.symbols)[s].kind != SymbolKind::program || colours.primarySlot(s)))
            v.composite_colours[(*ses.symbols)[s].name] = static_cast<std::uint32_t>(colours.colour(s).rgba());
    const RecordRange sel = doc->presentation().selection();
    if (!sel.empty())
        v.selection.push_back({sel.begin, sel.end});
    if (const ViewBookmarks* marks = ViewBookmarks::find(doc)) {
        v.bookmarks = marks->bookmarks();
        v.notes = marks->notes();
    }

    // Each open display of the view, in the view's order, as the display captures itself.
    for (const QString& name : doc->presentation().displays()) {
        const DisplayType* type = DisplayRegistry::find(name);
        if (!type || !doc->presentation().displayOpen(name))
            continue;
        DisplayState d;
        d.id = displayId(file, view, type->name()).toStdString();
        d.kind = type->kinds().front();
        type->capture(window, doc, d);
        v.displays.push_back(std::move(d));
    }
    return v;
}

} // namespace

chitra::Session captureSession(const SessionHost& window, const std::string& sessionDir, FileRefCache* cache)
{
    chitra::Session s;
    const auto& files = window.workspace()->files();
    for (std::size_t f = 0; f < files.size(); ++f) {
        TraceFileRef ref = fileRef(files[f].path, sessionDir, cache);
        files[f].choice.storeIn(ref); // restoring opens the same lanes without asking
        ref.lanes.assign(files[f].lanes.begin(), files[f].lanes.end());
        if (const auto& pool = files[f].base.pool) {
            ref.pooled_lanes.assign(pool->lanes.begin(), pool->lanes.end());
            ref.pool_group = pool->group;
        }
        for (std::size_t v = 0; v < files[f].views.size(); ++v) {
            ViewDocument* doc = files[f].views[v];
            ref.views.push_back(captureView(window, doc, static_cast<int>(f), static_cast<int>(v)));
            const bool current = doc == window.currentView();
            if (current)
                s.layout.current_view = viewKey(static_cast<int>(f), doc->name()).toStdString();
            int index = 0;
            for (const DisplayState& d : ref.views.back().displays)
                s.layout.open_displays.push_back({d.id, current ? "centre" : "stacked", index++});
        }
        s.files.push_back(std::move(ref));
    }
    // Open Ensemble windows, their members by file index (closed members are left out).
    for (const EnsembleWindow* ensemble : window.mainWindow().findChildren<EnsembleWindow*>()) {
        EnsembleState e;
        e.pipeline = ensemble->pipeline();
        e.file_name_patterns = ensemble->fileNamePatterns().toStdString();
        for (std::size_t m = 0; m < ensemble->runs().size(); ++m) {
            const MemberInput& input = ensemble->runs()[m].input;
            for (std::size_t f = 0; f < files.size(); ++f)
                if (files[f].trace == input.trace && files[f].title() == input.label) {
                    e.members.push_back({f, ensemble->typedParameters().at(m)});
                    break;
                }
        }
        if (!e.members.empty())
            s.ensembles.push_back(std::move(e));
    }
    const QByteArray geometry = window.mainWindow().saveGeometry();
    const QByteArray state = window.mainWindow().saveState();
    s.layout.main_window_geometry.assign(geometry.begin(), geometry.end());
    s.layout.dock_state.assign(state.begin(), state.end());
    return s;
}

} // namespace chitra::app
