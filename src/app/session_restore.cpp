#include "session_restore.hpp"

#include "chitra/session_io.hpp"
#include "main_window.hpp"
#include "session.hpp"
#include "trace_loader.hpp"
#include "trace_plot.hpp"
#include "view_bookmarks.hpp"
#include "view_document.hpp"
#include "view_panel.hpp"

#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>
#include <QtConcurrent>

namespace chitra::app {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString fileName(const TraceFileRef& ref)
{
    const std::string& p = ref.path_absolute.empty() ? ref.path_relative : ref.path_absolute;
    return qs(p);
}

// Reads the traces in parallel off the GUI thread; the GUI keeps painting (user input
// waits so that nothing changes the window half-way through a restore).
std::vector<LoadResult> loadAll(const QStringList& paths, bool background)
{
    std::vector<LoadResult> out;
    if (!background) {
        for (const QString& p : paths)
            out.push_back(loadTraceFile(p));
        return out;
    }
    QFuture<LoadResult> future = QtConcurrent::mapped(paths, [](const QString& p) { return loadTraceFile(p); });
    QFutureWatcher<LoadResult> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcher<LoadResult>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    for (int i = 0; i < paths.size(); ++i)
        out.push_back(future.resultAt(i));
    return out;
}

YOrder parseOrder(const std::string& s)
{
    if (s == "name")
        return YOrder::Name;
    if (s == "time")
        return YOrder::TimeShare;
    if (s == "custom")
        return YOrder::Custom;
    return YOrder::FirstAppearance;
}

SymbolId symbolNamed(const Ses& ses, const std::string& name)
{
    for (SymbolId s = 0; s < ses.symbols->size(); ++s)
        if ((*ses.symbols)[s].name == name)
            return s;
    return kNoSymbol;
}

void restoreView(MainWindow& window, ViewDocument* doc, const ViewState& v, const QString& where,
                 std::vector<QString>& problems)
{
    doc->setName(qs(v.name));
    const QString here = QObject::tr("%1: view '%2'").arg(where, qs(v.name));
    QUndoStack* undo = doc->undoStack();
    for (std::size_t i = 0; i < v.pipeline.steps.size(); ++i) {
        if (auto refused = doc->pushStep(v.pipeline.steps[i])) {
            problems.push_back(QObject::tr("%1: step %2 refused (%3); it and the %4 later step(s) were not applied")
                                   .arg(here)
                                   .arg(i + 1)
                                   .arg(*refused)
                                   .arg(v.pipeline.steps.size() - i - 1));
            break;
        }
    }
    undo->setClean();

    const DisplayState* trace = nullptr;
    bool frequency = false, model = false;
    for (const DisplayState& d : v.displays) {
        if (d.kind == DisplayKind::time || d.kind == DisplayKind::event) {
            if (!trace)
                trace = &d;
        } else if (d.kind == DisplayKind::frequency) {
            frequency = true;
        } else if (d.kind == DisplayKind::model) {
            model = true;
        } else {
            problems.push_back(QObject::tr("%1: display '%2' (%3) is not restored by this version of the workbench")
                                   .arg(here, qs(d.id), qs(std::string(to_string(d.kind)))));
        }
    }

    // y order: the mode when the workbench wrote it; else a saved list is a custom order.
    std::string mode = trace ? [&] {
        auto it = trace->options.extra.find(kYOrderKey);
        return it == trace->options.extra.end() ? std::string() : it->second;
    }() : std::string();
    if (mode.empty() && !v.y_order.empty())
        mode = "custom";
    if (parseOrder(mode) == YOrder::Custom)
        doc->setCustomOrder(v.y_order);
    else
        doc->setYOrder(parseOrder(mode));

    for (const PatternColour& p : v.pattern_colours) {
        const int index = doc->addPattern(p.pattern);
        if (index >= 0)
            doc->setPatternColour(index, QColor::fromRgba(p.argb));
    }
    if (!v.selection.empty())
        doc->setSelection({v.selection.front().begin, v.selection.front().end});
    ViewBookmarks::of(doc)->setAll(v.bookmarks, v.notes);

    doc->setDisplayOpen(1, frequency);
    doc->setDisplayOpen(2, model);
    ViewPanel* panel = window.panelOf(doc);
    if (trace && panel) {
        TracePlot* plot = panel->tracePlot();
        plot->setAxis(trace->kind == DisplayKind::event ? XAxis::Event : XAxis::Time);
        plot->setConnectors(trace->options.connectors);
        if (!trace->visible.empty())
            plot->setVisibleRange(trace->visible.x0, trace->visible.x1, false);
        std::vector<std::pair<double, double>> history;
        for (const VisibleRange& r : trace->zoom_history)
            history.emplace_back(r.x0, r.x1);
        plot->setZoomHistory(std::move(history));
        if (!trace->options.chosen_state.empty()) {
            const SymbolId s = symbolNamed(doc->ses(), trace->options.chosen_state);
            if (s == kNoSymbol)
                problems.push_back(QObject::tr("%1: the picked state '%2' no longer exists")
                                       .arg(here, qs(trace->options.chosen_state)));
            else
                doc->setPickedState(s);
        }
    }
}

} // namespace

RestoreDialogs interactiveDialogs(QWidget* parent)
{
    RestoreDialogs d;
    d.locate = [parent](const TraceFileRef& ref, const QString& message) {
        const QString name = QFileInfo(fileName(ref)).fileName();
        if (QMessageBox::question(parent, QObject::tr("Trace file not found"),
                                  message + "\n\n" + QObject::tr("Locate %1 yourself?").arg(name)) != QMessageBox::Yes)
            return QString();
        return QFileDialog::getOpenFileName(parent, QObject::tr("Locate %1").arg(name),
                                            QFileInfo(fileName(ref)).absolutePath(),
                                            QObject::tr("%1;;Traces (*.pes *.ctr *.txt);;All files (*)").arg(name));
    };
    d.reapplyChanged = [parent](const TraceFileRef&, const QString& message) {
        QMessageBox box(QMessageBox::Warning, QObject::tr("Trace file changed"), message, QMessageBox::NoButton, parent);
        QPushButton* reapply = box.addButton(QObject::tr("Re-apply the views"), QMessageBox::AcceptRole);
        box.addButton(QObject::tr("Skip this file"), QMessageBox::RejectRole);
        box.exec();
        return box.clickedButton() == reapply;
    };
    return d;
}

QString RestoreReport::summary() const
{
    QStringList lines;
    for (const QString& p : problems)
        lines << QString::fromUtf8("• ") + p;
    return lines.join('\n');
}

RestoreReport restoreSession(MainWindow& window, const chitra::Session& session, const std::string& sessionDir,
                             const RestoreDialogs& dialogs, bool background, FileRefCache* cache)
{
    RestoreReport report;
    const bool interactive = dialogs.locate || dialogs.reapplyChanged;
    const auto plans = plan_restore(session, sessionDir, interactive);

    // Decide where each file is (asking when needed), then read them all at once.
    std::vector<std::size_t> which;
    QStringList paths;
    std::vector<TraceFileRef> refs;
    for (const FileRestorePlan& plan : plans) {
        TraceFileRef ref = session.files[plan.file];
        QString path;
        const QString message = qs(plan.identity.message);
        if (plan.action == RestoreAction::open) {
            path = qs(plan.identity.found_path);
            if (plan.identity.status == FileStatus::moved)
                relocate_file(ref, plan.identity.found_path, sessionDir);
        } else if (plan.identity.status == FileStatus::changed && dialogs.reapplyChanged &&
                   dialogs.reapplyChanged(ref, message)) {
            path = qs(plan.identity.found_path);
            relocate_file(ref, plan.identity.found_path, sessionDir);
        } else if (plan.identity.status == FileStatus::missing && dialogs.locate) {
            // Keep asking until the user picks the right file or gives up.
            for (QString picked = dialogs.locate(ref, message); !picked.isEmpty();) {
                const FileIdentity id = check_candidate(ref, picked.toStdString());
                if (id.status == FileStatus::same || id.status == FileStatus::moved ||
                    (id.status == FileStatus::changed && dialogs.reapplyChanged &&
                     dialogs.reapplyChanged(ref, qs(id.message)))) {
                    path = picked;
                    relocate_file(ref, picked.toStdString(), sessionDir);
                    break;
                }
                picked = id.status == FileStatus::changed ? QString() : dialogs.locate(ref, qs(id.message));
            }
        }
        if (path.isEmpty()) {
            report.problems.push_back(QObject::tr("%1 — not restored (%2 view(s) skipped)")
                                          .arg(message.isEmpty() ? fileName(ref) : message)
                                          .arg(ref.views.size()));
            continue;
        }
        which.push_back(plan.file);
        paths << path;
        refs.push_back(std::move(ref));
    }

    const std::vector<LoadResult> loaded = loadAll(paths, background);
    Session* workbench = window.session();
    ViewDocument* current = nullptr;
    for (std::size_t k = 0; k < loaded.size(); ++k) {
        const LoadResult& r = loaded[k];
        const TraceFileRef& ref = refs[k];
        if (!r.trace) {
            report.problems.push_back(QObject::tr("%1: cannot be read: %2").arg(paths[static_cast<int>(k)], r.error));
            continue;
        }
        if (cache) {
            TraceFileRef bare = ref;
            bare.views.clear();
            (*cache)[QFileInfo(r.path).absoluteFilePath().toStdString()] = bare;
        }
        ++report.filesOpened;
        if (ref.views.empty()) {
            workbench->addFile(r.path, r.trace, r.bytes); // a file with no view saved gets the default one
            continue;
        }
        ViewDocument* first = workbench->addFile(r.path, r.trace, r.bytes);
        const int fileIndex = workbench->fileOf(first);
        for (std::size_t v = 0; v < ref.views.size(); ++v) {
            ViewDocument* doc = v == 0 ? first : workbench->addView(fileIndex);
            restoreView(window, doc, ref.views[v], QFileInfo(r.path).fileName(), report.problems);
            ++report.viewsRestored;
            // The layout names the current view by the file's index in the saved session.
            if (session.layout.current_view == viewKey(static_cast<int>(which[k]), qs(ref.views[v].name)).toStdString())
                current = doc;
        }
    }

    const auto& layout = session.layout;
    if (!layout.main_window_geometry.empty())
        window.restoreGeometry(QByteArray(reinterpret_cast<const char*>(layout.main_window_geometry.data()),
                                          static_cast<qsizetype>(layout.main_window_geometry.size())));
    if (!layout.dock_state.empty())
        window.restoreState(QByteArray(reinterpret_cast<const char*>(layout.dock_state.data()),
                                       static_cast<qsizetype>(layout.dock_state.size())));
    if (current)
        window.setCurrentView(current);
    else if (!workbench->files().empty() && !workbench->files().front().views.empty())
        window.setCurrentView(workbench->files().front().views.front());
    return report;
}

} // namespace chitra::app
