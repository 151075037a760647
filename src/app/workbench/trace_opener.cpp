#include "workbench/trace_opener.hpp"
#include "document/lane_pool.hpp"

#include "dialogs/import_dialog.hpp"
#include "loading/trace_loader.hpp"
#include "jobs/turn_queue.hpp"
#include "document/workspace.hpp"
#include "workbench/error_reporter.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"
#include "workbench/recent_files.hpp"

#include "chitra/lanes/lane_selection.hpp"

#include <QFileInfo>

#include <algorithm>

namespace chitra::app {

TraceOpener::TraceOpener(MainWindow* window, TraceLoader* loader) : QObject(window), w_(window), loader_(loader)
{
    connect(loader_, &TraceLoader::loaded, this, &TraceOpener::onLoaded);
}

void TraceOpener::open(const QStringList& paths)
{
    for (const QString& p : paths)
        loader_->load(p);
}

void TraceOpener::openRecent(const QString& path)
{
    if (const auto import = recentImport(path))
        loader_->load(LoadRequest{path, import->format, import->lanes, {}, import->settings});
    else
        loader_->load(path);
}

bool TraceOpener::openNow(const QString& path, QString* error, const ImportChoice& choice)
{
    // A fresh opening: the loader limits the lanes that form states (LaneChoice::stateLanes).
    const LoadResult r = loadTraces(LoadRequest{path,
                                                choice.format,
                                                LaneChoice{choice.components, false, std::nullopt},
                                                {choice.lane},
                                                choice.settings})
                             .front();
    if (!r.trace) {
        if (error)
            *error = r.error;
        return false;
    }
    add(r);
    return true;
}

void TraceOpener::onLoaded(const LoadResult& r)
{
    // A text trace goes to the dialog even when its first reading was refused: the
    // columns or the delimiter chosen there may read it.
    if (r.textToChoose) {
        waiting_.push_back(r);
        askNext();
        return;
    }
    if (!r.error.isEmpty() || (!r.trace && !r.lanes)) {
        // The session stays as it was; the reader's FILE:LINE: reason is the message.
        reportError(w_, tr("Cannot open trace"), r.error);
        emit loadFailed(r.error);
        return;
    }
    if (r.trace) {
        add(r);
        return;
    }
    // A trace of one lane has nothing to choose.
    const auto withEvents =
        std::count_if(r.lanes->lanes.begin(), r.lanes->lanes.end(), [](const Lane& l) { return l.events > 0; });
    if (withEvents <= 1) {
        loader_->build(r, LaneChoice{});
        return;
    }
    waiting_.push_back(r);
    askNext();
}

void TraceOpener::askNext()
{
    if (dialog_ || waiting_.empty())
        return;
    const LoadResult r = waiting_.front();
    waiting_.pop_front();
    auto* dialog = r.textToChoose ? new ImportDialog(r, w_) : new ImportDialog(r.lanes, r.format, r.path, w_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog_ = dialog;
    connect(dialog, &QDialog::finished, this, [this, dialog, r](int result) {
        if (result == QDialog::Accepted) {
            LoadResult read = r; // the lanes as last read in the dialog, with its settings
            read.lanes = dialog->lanes();
            read.error.clear();
            read.textToChoose = false;
            read.choice.settings = dialog->settings();
            loader_->build(read, dialog->choice());
        } else {
            w_->showMessage(tr("%1: not opened (import cancelled)").arg(QFileInfo(r.path).fileName()));
        }
        dialog_ = nullptr;
        askNext();
    });
    dialog->open(); // window-modal; the window keeps painting and loading
}

void TraceOpener::add(const LoadResult& r)
{
    if (r.shownLanes.empty() && !r.ofOpenFile) { // an entry of some lanes comes from a file already open
        std::optional<RecentImport> import;
        if (r.format != SourceFormat::pes && r.format != SourceFormat::ctrace)
            import =
                RecentImport{r.choice.format, LaneChoice{r.choice.components, r.choice.lane > 0}, r.choice.settings};
        // On a later turn: writing the settings takes milliseconds that the new view's
        // first paint should not wait for.
        postToLaterTurn(this, [this, path = r.path, import] {
            rememberOpenedTrace(path, import);
            w_->actions()->updateRecent();
        });
    }
    if (!r.warnings.isEmpty() && r.choice.lane <= 1)
        w_->showMessage(tr("Warning: %1").arg(r.warnings.join("; ")));
    ViewDocument* view =
        w_->workspace()->addFile(r.path, r.trace, r.bytes, r.base, r.choice, ShownLanes{r.shownLanes, r.laneNames});
    if (r.makeCurrent)
        w_->setCurrentView(view);
    if (r.base.grouping && r.base.pool && !r.ofOpenFile)
        w_->showMessage(tr("%1 busy lanes: the views analyse %2, the lanes that behave alike; lanes view ▸ "
                           "Analyse for the joint states of every lane or another group")
                            .arg(busyLanes(*r.trace, *r.base.laneTracks).size())
                            .arg(r.base.pool->describe(r.base.laneTracks->trace())));
    emit fileLoaded(view);
}

} // namespace chitra::app
