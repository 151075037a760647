#include "session/session_restore.hpp"
#include "text/qt_strings.hpp"

#include "jobs/worker_pool.hpp"
#include "ensemble/ensemble_window.hpp"

#include "chitra/session/session_io.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "loading/trace_file_filter.hpp"
#include "loading/trace_loader.hpp"
#include "plotting/palette.hpp"
#include "displays/display_registry.hpp"
#include "document/workspace.hpp"
#include "session/session_host.hpp"

#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>
#include <QtConcurrent>

#include <algorithm>
#include <utility>

namespace chitra::app {

namespace {

QString fileName(const TraceFileRef& ref)
{
    const std::string& p = ref.path_absolute.empty() ? ref.path_relative : ref.path_absolute;
    return qs(p);
}

// Reads the traces (a file once per import choice, its lanes opened alone made from that
// one import), then makes the entries of some lanes by projecting them from those traces.
std::vector<LoadResult> readEntries(const QList<LoadRequest>& requests, const std::vector<TraceFileRef>& refs,
                                    const std::vector<std::pair<int, std::size_t>>& slot, bool parallel)
{
    std::vector<std::vector<LoadResult>> groups;
    if (parallel) {
        const QList<std::vector<LoadResult>> read =
            QtConcurrent::blockingMapped(workerPool(), requests, [](const LoadRequest& r) { return loadTraces(r); });
        groups.assign(read.begin(), read.end());
    } else {
        for (const LoadRequest& r : requests)
            groups.push_back(loadTraces(r));
    }
    const auto entry = [&](int k) {
        const std::size_t i = static_cast<std::size_t>(k);
        // A file that could not be imported has one result, its error, for all its lanes.
        const std::vector<LoadResult>& group = groups[static_cast<std::size_t>(slot[i].first)];
        const LoadResult& r = group.size() > slot[i].second ? group[slot[i].second] : group.front();
        const auto& lanes = refs[i].lanes;
        LoadResult shown = lanes.empty() ? r : deriveLanes(r, std::vector<std::size_t>(lanes.begin(), lanes.end()));
        // Views that analysed some lanes apart: the same lanes again.
        const auto& pooled = refs[i].pooled_lanes;
        if (pooled.empty() || !shown.trace)
            return shown;
        LoadResult apart = analyseLanes(shown, std::vector<std::size_t>(pooled.begin(), pooled.end()),
                                        static_cast<std::size_t>(refs[i].pool_group));
        apart.makeCurrent = shown.makeCurrent;
        apart.ofOpenFile = shown.ofOpenFile;
        return apart;
    };
    QList<int> indices;
    for (int k = 0; k < static_cast<int>(refs.size()); ++k)
        indices << k;
    std::vector<LoadResult> out;
    if (parallel) {
        const QList<LoadResult> made = QtConcurrent::blockingMapped(workerPool(), indices, entry);
        out.assign(made.begin(), made.end());
    } else {
        for (int k : indices)
            out.push_back(entry(k));
    }
    return out;
}

// Reads the traces in parallel off the GUI thread; the GUI keeps painting (user input
// waits so that nothing changes the window half-way through a restore).
std::vector<LoadResult> loadAll(const QList<LoadRequest>& requests, const std::vector<TraceFileRef>& refs,
                                const std::vector<std::pair<int, std::size_t>>& slot, bool background)
{
    if (!background)
        return readEntries(requests, refs, slot, false);
    // Waited for below: the references stay valid.
    QFuture<std::vector<LoadResult>> future =
        runInBackground([&requests, &refs, &slot] { return readEntries(requests, refs, slot, true); });
    QFutureWatcher<std::vector<LoadResult>> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcher<std::vector<LoadResult>>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    return future.result();
}

// One request per file and import choice but the lane: lanes of one file opened alone
// are imported once. `slot` gets each file's request and its place in the results.
QList<LoadRequest> groupRequests(const QStringList& paths, const std::vector<TraceFileRef>& refs,
                                 std::vector<std::pair<int, std::size_t>>& slot)
{
    QList<LoadRequest> requests;
    for (std::size_t k = 0; k < refs.size(); ++k) {
        const TraceFileRef& ref = refs[k];
        int g = 0;
        for (; g < requests.size(); ++g)
            if (requests[g].path == paths[static_cast<int>(k)] && requests[g].format == ref.import_format &&
                requests[g].choice->components == ref.import_components &&
                requests[g].choice->stateLanes == ref.import_state_lanes && requests[g].settings == ref.import_settings)
                break;
        if (g == requests.size())
            requests.push_back(LoadRequest{paths[static_cast<int>(k)],
                                           ref.import_format,
                                           LaneChoice{ref.import_components, false, ref.import_state_lanes},
                                           {},
                                           ref.import_settings,
                                           false}); // the lanes the session saved, not the opening's
        // Entries of other shown lanes of one imported trace share its reading.
        std::vector<std::size_t>& lanes = requests[g].lanes;
        const auto lane = static_cast<std::size_t>(ref.import_lane);
        auto at = std::find(lanes.begin(), lanes.end(), lane);
        if (at == lanes.end())
            at = lanes.insert(lanes.end(), lane);
        slot.emplace_back(g, static_cast<std::size_t>(at - lanes.begin()));
    }
    return requests;
}

SymbolId symbolNamed(const Ses& ses, const std::string& name)
{
    for (SymbolId s = 0; s < ses.symbols->size(); ++s)
        if ((*ses.symbols)[s].name == name)
            return s;
    return kNoSymbol;
}

// The view keeps the colours the session saved (ViewDocument::pinColours); one that still
// differs (a source colour changed since) is named, for the user should know.
void checkCompositeColours(ViewDocument* doc, const ViewState& v, const QString& here, std::vector<QString>& problems)
{
    QStringList differ;
    for (const auto& [name, argb] : v.composite_colours) {
        const SymbolId s = symbolNamed(doc->ses(), name);
        if (s != kNoSymbol && static_cast<std::uint32_t>(doc->stateColour(s).rgba()) != argb)
            differ << qs(name);
    }
    if (!differ.isEmpty())
        problems.push_back(QObject::tr("%1: state(s) %2 now have other colours than when the session was saved")
                               .arg(here, differ.join(", ")));
}

void restoreView(SessionHost& window, ViewDocument* doc, const ViewState& v, const QString& where,
                 std::vector<QString>& problems)
{
    doc->setName(qs(v.name));
    doc->pinColours(v.composite_colours); // before the replay, which colours its states
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

    // The first state of each display the view had (a view has one display of each kind);
    // kinds no display registered for are reported.
    std::vector<std::pair<const DisplayType*, const DisplayState*>> saved; // in saved order
    auto savedState = [&saved](const DisplayType* codec) -> const DisplayState* {
        for (const auto& [c, d] : saved)
            if (c == codec)
                return d;
        return nullptr;
    };
    for (const DisplayState& d : v.displays) {
        if (const DisplayType* codec = DisplayRegistry::forKind(d.kind)) {
            if (!savedState(codec))
                saved.emplace_back(codec, &d);
        } else {
            problems.push_back(QObject::tr("%1: display '%2' (%3) is not restored by this version of the workbench")
                                   .arg(here, qs(d.id), qs(std::string(to_string(d.kind)))));
        }
    }
    const DisplayRestore restore{window, doc, v, here, problems};
    for (const DisplayType* codec : DisplayRegistry::all())
        codec->restoreViewOptions(restore, savedState(codec));

    for (const PatternColour& p : v.pattern_colours)
        doc->addPattern(p.pattern, QColor::fromRgba(p.argb));
    if (!v.selection.empty())
        doc->presentation().setSelection({v.selection.front().begin, v.selection.front().end});
    ViewBookmarks::of(doc)->setAll(v.bookmarks, v.notes);

    // The displays the view had not are closed, the others opened and restored in saved
    // order; the view's own display (the trace display) last, once the others are open.
    const DisplayType* own = &DisplayRegistry::viewsOwn();
    for (const DisplayType* codec : DisplayRegistry::all())
        if (!savedState(codec))
            doc->presentation().setDisplayOpen(codec->name(), false);
    for (const auto& [codec, d] : saved)
        if (codec != own) {
            codec->open(window, doc);
            codec->restore(restore, *d);
        }
    checkCompositeColours(doc, v, here, problems);
    if (const DisplayState* ownState = savedState(own)) {
        own->open(window, doc);
        own->restore(restore, *ownState);
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
                                            QObject::tr("%1;;%2").arg(name, traceFileFilter()));
    };
    d.reapplyChanged = [parent](const TraceFileRef&, const QString& message) {
        QMessageBox box(QMessageBox::Warning, QObject::tr("Trace file changed"), message, QMessageBox::NoButton,
                        parent);
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

RestoreReport restoreSession(SessionHost& window, const chitra::Session& session, const std::string& sessionDir,
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

    std::vector<std::pair<int, std::size_t>> slot;
    const QList<LoadRequest> requests = groupRequests(paths, refs, slot);
    const std::vector<LoadResult> loaded = loadAll(requests, refs, slot, background);
    Workspace* workbench = window.workspace();
    ViewDocument* current = nullptr;
    std::map<std::size_t, int> fileOfSaved; // the saved session's file index -> the workbench's
    for (std::size_t k = 0; k < refs.size(); ++k) {
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
        const ShownLanes lanes{r.shownLanes, r.laneNames};
        // A file with no view saved gets the default one.
        ViewDocument* first = workbench->addFile(r.path, r.trace, r.bytes, r.base, r.choice, lanes);
        const int fileIndex = workbench->fileOf(first);
        fileOfSaved[which[k]] = fileIndex;
        if (ref.views.empty())
            continue;
        for (std::size_t v = 0; v < ref.views.size(); ++v) {
            ViewDocument* doc = v == 0 ? first : workbench->addView(fileIndex);
            restoreView(window, doc, ref.views[v], workbench->files()[static_cast<std::size_t>(fileIndex)].title(),
                        report.problems);
            ++report.viewsRestored;
            // The layout names the current view by the file's index in the saved session.
            if (session.layout.current_view == viewKey(static_cast<int>(which[k]), qs(ref.views[v].name)).toStdString())
                current = doc;
        }
    }

    if (current)
        window.setCurrentView(current);
    else if (!workbench->files().empty() && !workbench->files().front().views.empty())
        window.setCurrentView(workbench->files().front().views.front());
    // The layout last, once the current view's panels are in place: they set the central
    // widget's minimum size, which decides how much of the saved dock sizes can be kept.
    const auto& layout = session.layout;
    if (!layout.main_window_geometry.empty())
        window.mainWindow().restoreGeometry(
            QByteArray(reinterpret_cast<const char*>(layout.main_window_geometry.data()),
                       static_cast<qsizetype>(layout.main_window_geometry.size())));
    if (!layout.dock_state.empty())
        window.mainWindow().restoreState(QByteArray(reinterpret_cast<const char*>(layout.dock_state.data()),
                                                    static_cast<qsizetype>(layout.dock_state.size())));
    // Ensemble windows, over the members that could be opened; fitted again.
    for (std::size_t e = 0; e < session.ensembles.size(); ++e) {
        const EnsembleState& saved = session.ensembles[e];
        std::vector<MemberInput> members;
        std::vector<RunParams> typed;
        for (const EnsembleMemberRef& m : saved.members) {
            const auto at = fileOfSaved.find(static_cast<std::size_t>(m.file));
            if (at == fileOfSaved.end())
                continue;
            const TraceFile& file = workbench->files()[static_cast<std::size_t>(at->second)];
            members.push_back({file.path, file.title(), file.trace, file.laneNames});
            typed.push_back(m.typed);
        }
        if (members.size() < saved.members.size())
            report.problems.push_back(
                QObject::tr("Ensemble %1: %2 of its %3 members could not be opened and were left out")
                    .arg(e + 1)
                    .arg(saved.members.size() - members.size())
                    .arg(saved.members.size()));
        if (members.empty())
            continue;
        EnsembleWindow* ensemble = window.openEnsemble(std::move(members), saved.pipeline);
        ensemble->restoreParameters(qs(saved.file_name_patterns), std::move(typed));
    }
    return report;
}

} // namespace chitra::app
