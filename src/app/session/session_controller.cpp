#include "session/session_controller.hpp"
#include "text/qt_strings.hpp"

#include "chitra/util/atomic_file.hpp"
#include "workbench/error_reporter.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "document/workspace.hpp"
#include "session/session_host.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <qcustomplot.h>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QUndoStack>

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace chitra::app {

namespace {
constexpr int kAutosaveMs = 3 * 60 * 1000;
std::string dirOf(const QString& path) { return QFileInfo(path).absolutePath().toStdString(); }
// The session a recovery file belongs to is written beside it (the file name only
// holds a hash of that path).
// "<session path>\n<pid of the run that wrote it>" next to each recovery file.
QString originFile(const QString& recovery) { return recovery + ".origin"; }

struct Origin {
    QString sessionPath;
    qint64 pid = 0; // 0: unknown (written by an older build)
};

Origin readOrigin(const QString& recovery)
{
    Origin o;
    QFile f(originFile(recovery));
    if (!f.open(QIODevice::ReadOnly))
        return o;
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
    o.sessionPath = lines.value(0);
    o.pid = lines.value(1).toLongLong();
    return o;
}

// A recovery file whose writer still runs is that run's autosave, not a crash's leftover.
bool processAlive(qint64 pid)
{
    if (pid <= 0)
        return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}
} // namespace

SessionController::SessionController(SessionHost* host) : QObject(&host->mainWindow()), w_(host)
{
    buildMenu();
    autosave_ = new QTimer(this);
    autosave_->setInterval(kAutosaveMs);
    connect(autosave_, &QTimer::timeout, this, &SessionController::autosaveNow);
    autosave_->start();
    Workspace* s = w_->workspace();
    connect(s, &Workspace::changed, this, &SessionController::markDirty);
    connect(s, &Workspace::viewAdded, this, &SessionController::track);
    // The views' undo stacks signal while the window is torn down: stop listening then.
    connect(s, &QObject::destroyed, this, [this] { restoring_ = true; });
    for (const auto& f : s->files())
        for (ViewDocument* v : f.views)
            track(v);
    window()->installEventFilter(this);
    updateTitle();
}

QMainWindow* SessionController::window() const { return &w_->mainWindow(); }

void SessionController::buildMenu()
{
    QMenu* file = nullptr;
    for (QAction* a : window()->menuBar()->actions())
        if (a->menu() && a->text() == tr("&File"))
            file = a->menu();
    if (!file)
        file = window()->menuBar()->addMenu(tr("&File"));
    // Before "Import pipeline…", after the trace items.
    QAction* before = nullptr;
    const auto actions = file->actions();
    for (int i = 0; i < actions.size(); ++i)
        if (actions[i]->isSeparator()) {
            before = i + 1 < actions.size() ? actions[i + 1] : nullptr;
            break;
        }
    auto* menu = new QMenu(window());
    openAction = menu->addAction(tr("Open &session…"), this, &SessionController::openDialog);
    openAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_O);
    recent_ = menu->addMenu(tr("Recent sess&ions"));
    saveAction = menu->addAction(tr("&Save session"), this, &SessionController::save);
    saveAction->setShortcut(QKeySequence::Save);
    saveAsAction = menu->addAction(tr("Save session &as…"), this, &SessionController::saveAsDialog);
    saveAsAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
    mergeAction = menu->addAction(tr("&Merge session…"), this, &SessionController::mergeDialog);
    openAction->setStatusTip(tr("Open a saved session: its traces, views, pipelines and displays"));
    recent_->menuAction()->setStatusTip(tr("Open a session saved before"));
    saveAction->setStatusTip(tr("Save the traces, views, pipelines and displays as a session file"));
    saveAsAction->setStatusTip(tr("Save the session under a new name"));
    mergeAction->setStatusTip(tr("Add the traces and views of another session to this one"));
    menu->addSeparator();
    file->insertActions(before, menu->actions());
    window()->addActions({openAction, saveAction, saveAsAction}); // shortcuts work without the menu
    updateRecent();
}

void SessionController::updateRecent()
{
    recent_->clear();
    const QStringList files = QSettings().value("recent/sessions").toStringList();
    for (const QString& f : files)
        recent_
            ->addAction(f, this,
                        [this, f] {
                            if (maybeSave())
                                openSession(f);
                        })
            ->setStatusTip(tr("Open the session %1").arg(f));
    recent_->setEnabled(!files.isEmpty());
}

void SessionController::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value("recent/sessions").toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue("recent/sessions", recent);
    updateRecent();
}

void SessionController::track(ViewDocument* view)
{
    QUndoStack* undo = view->undoStack();
    connect(undo, &QUndoStack::indexChanged, this, &SessionController::markDirty);
    connect(undo, &QUndoStack::cleanChanged, this, &SessionController::markDirty);
    for (auto signal : {&ViewDocument::nameChanged, &ViewDocument::lanesChanged})
        connect(view, signal, this, &SessionController::markDirty);
    for (auto signal :
         {&ViewPresentation::patternsChanged, &ViewPresentation::selectionChanged, &ViewPresentation::displaysChanged,
          &ViewPresentation::pickedStateChanged, &ViewPresentation::traceAxisChanged,
          &ViewPresentation::connectorsChanged, &ViewPresentation::laneChoicesChanged})
        connect(&view->presentation(), signal, this, &SessionController::markDirty);
    connect(ViewBookmarks::of(view), &ViewBookmarks::changed, this, &SessionController::markDirty);
    // The window may make the view's panel after this slot ran: look for it once the
    // event loop turns (periodograms are computed in the background, so none is missed).
    QPointer<ViewDocument> guard(view);
    auto watchPanel = [this, guard] {
        if (!guard)
            return;
        if (ViewPanel* panel = w_->panelOf(guard); panel && !panel->property("chitraSessionTracked").toBool()) {
            panel->setProperty("chitraSessionTracked", true);
            connect(panel->tracePlot(), &TracePlot::interactionFinished, this, &SessionController::markDirty);
            connect(panel, &ViewPanel::lanesStateChanged, this, &SessionController::markDirty);
            watchFrequencyZoom(panel->frequencyPlot()->plot());
        }
    };
    watchPanel();
    QTimer::singleShot(0, this, watchPanel);
}

// Zoom and pan of the frequency view are saved (session_capture), so they are changes:
// a wheel always zooms; a drag counts when it moved the range (a plain click does not).
void SessionController::watchFrequencyZoom(QCustomPlot* plot)
{
    connect(plot, &QCustomPlot::mouseWheel, this, &SessionController::markDirty);
    connect(plot, &QCustomPlot::mousePress, this, [plot] {
        const QCPRange x = plot->xAxis->range();
        plot->setProperty("chitraPressRange", QList<QVariant>{x.lower, x.upper});
    });
    connect(plot, &QCustomPlot::mouseRelease, this, [this, plot] {
        const QList<QVariant> r = plot->property("chitraPressRange").toList();
        const QCPRange x = plot->xAxis->range();
        if (r.size() == 2 && (r[0].toDouble() != x.lower || r[1].toDouble() != x.upper))
            markDirty();
    });
}

bool SessionController::isDirty() const
{
    if (changed_)
        return true;
    for (const auto& f : w_->workspace()->files())
        for (ViewDocument* v : f.views)
            if (!v->undoStack()->isClean())
                return true;
    return false;
}

void SessionController::markDirty()
{
    if (restoring_)
        return;
    // Undo stacks report their own state; everything else sets the flag.
    if (!qobject_cast<QUndoStack*>(sender()))
        changed_ = true;
    updateTitle();
}

void SessionController::setClean()
{
    for (const auto& f : w_->workspace()->files())
        for (ViewDocument* v : f.views)
            v->undoStack()->setClean();
    changed_ = false;
    updateTitle();
}

void SessionController::updateTitle()
{
    const bool dirty = isDirty();
    const QString name = path_.isEmpty() ? tr("untitled") : QFileInfo(path_).completeBaseName();
    window()->setWindowTitle(QString("%1%2 — Chitra").arg(name, dirty ? "*" : ""));
    if (dirty != lastDirty_) {
        lastDirty_ = dirty;
        emit dirtyChanged(dirty);
    }
}

chitra::Session SessionController::capture() const
{
    const std::string dir = path_.isEmpty() ? std::string() : dirOf(path_);
    return captureSession(*w_, dir, const_cast<FileRefCache*>(&refs_));
}

SessionController::Answer SessionController::ask(Question q, const QString& text)
{
    if (ask_)
        return ask_(q, text);
    switch (q) {
    case Question::SaveChanges: {
        const auto b =
            QMessageBox::question(window(), tr("Unsaved changes"), text,
                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return b == QMessageBox::Save ? Answer::Yes : b == QMessageBox::Discard ? Answer::No : Answer::Cancel;
    }
    case Question::LoadIntactParts:
    case Question::RestoreRecovery: {
        const auto b = QMessageBox::question(
            window(), q == Question::LoadIntactParts ? tr("Damaged session file") : tr("Restore unsaved work?"), text,
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        return b == QMessageBox::Yes ? Answer::Yes : Answer::No;
    }
    }
    return Answer::Cancel;
}

bool SessionController::maybeSave()
{
    if (!isDirty())
        return true;
    const QString name = path_.isEmpty() ? tr("the untitled session") : QFileInfo(path_).fileName();
    switch (ask(Question::SaveChanges, tr("Save the changes to %1?").arg(name))) {
    case Answer::Yes:
        return save();
    case Answer::No:
        return true;
    case Answer::Cancel:
        return false;
    }
    return false;
}

bool SessionController::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == window() && event->type() == QEvent::Close) {
        if (!maybeSave()) {
            event->ignore();
            return true;
        }
        // A clean exit leaves no recovery file behind.
        removeRecovery(path_);
    }
    return QObject::eventFilter(watched, event);
}

std::optional<LoadedSession> SessionController::load(const QString& path)
{
    try {
        return load_session(path.toStdString(), LoadMode::strict);
    } catch (const std::exception& e) {
        const QString what = qs(e.what());
        if (!QFileInfo(path).isFile()) {
            reportError(window(), tr("Cannot open session"), what);
            return std::nullopt;
        }
        if (ask(Question::LoadIntactParts, tr("%1\n\nLoad the parts of the session that are intact?").arg(what)) !=
            Answer::Yes)
            return std::nullopt;
        try {
            return load_session(path.toStdString(), LoadMode::recover);
        } catch (const std::exception& e2) {
            reportError(window(), tr("Cannot open session"), qs(e2.what()));
            return std::nullopt;
        }
    }
}

void SessionController::clearWindow()
{
    Workspace* s = w_->workspace();
    while (!s->files().empty())
        s->removeFile(static_cast<int>(s->files().size()) - 1);
}

void SessionController::restore(const chitra::Session& session, const std::string& dir, bool background)
{
    restoring_ = true;
    const RestoreDialogs dialogs = customDialogs_ ? dialogs_ : interactiveDialogs(window());
    report_ = restoreSession(*w_, session, dir, dialogs, background, &refs_);
    restoring_ = false;
}

bool SessionController::openSession(const QString& path, bool background)
{
    auto loaded = load(path);
    if (!loaded)
        return false;
    clearWindow();
    path_ = QFileInfo(path).absoluteFilePath();
    restore(loaded->session, dirOf(path_), background);
    for (const std::string& p : loaded->problems)
        report_.problems.insert(report_.problems.begin(), qs(p));
    setClean();
    if (!loaded->problems.empty())
        changed_ = true; // what was lost is not in the file yet: saving rewrites it whole
    updateTitle();
    addRecent(path_);
    if (!report_.problems.empty())
        reportError(window(), tr("Session restored with problems"),
                    tr("%1: these parts could not be restored; everything else was.\n%2")
                        .arg(QFileInfo(path).fileName(), report_.summary()));
    return true;
}

bool SessionController::saveSession(const QString& path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    try {
        save_session(abs.toStdString(), captureSession(*w_, dirOf(abs), &refs_));
    } catch (const std::exception& e) {
        reportError(window(), tr("Cannot save session"), qs(e.what()));
        return false;
    }
    const QString old = path_;
    path_ = abs;
    removeRecovery(old);
    removeRecovery(path_);
    setClean();
    addRecent(path_);
    return true;
}

bool SessionController::save() { return path_.isEmpty() ? saveAsDialog() : saveSession(path_); }

bool SessionController::saveAsDialog()
{
    QSettings settings;
    QString path = QFileDialog::getSaveFileName(window(), tr("Save session"),
                                                path_.isEmpty() ? settings.value("recent/dir").toString() : path_,
                                                tr("Chitra sessions (*.chitra);;All files (*)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += ".chitra";
    return saveSession(path);
}

void SessionController::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(window(), tr("Open session"), QFileInfo(path_).absolutePath(),
                                                      tr("Chitra sessions (*.chitra);;All files (*)"));
    if (!path.isEmpty())
        openSession(path);
}

bool SessionController::mergeSession(const QString& path)
{
    auto loaded = load(path);
    if (!loaded)
        return false;
    chitra::Session mine = capture();
    MergeResolver resolver = resolver_;
    if (!resolver)
        resolver = [this](const TraceFileRef& file, const ViewState& m, const ViewState&) {
            QMessageBox box(QMessageBox::Question, tr("View names clash"),
                            tr("%1 already has a view named '%2'.").arg(qs(file.path_absolute), qs(m.name)),
                            QMessageBox::NoButton, window());
            QPushButton* keepMine = box.addButton(tr("Keep mine"), QMessageBox::AcceptRole);
            QPushButton* keepTheirs = box.addButton(tr("Keep theirs"), QMessageBox::AcceptRole);
            box.addButton(tr("Keep both (rename)"), QMessageBox::AcceptRole);
            box.exec();
            return box.clickedButton() == keepMine     ? MergePolicy::keep_mine
                   : box.clickedButton() == keepTheirs ? MergePolicy::keep_theirs
                                                       : MergePolicy::rename;
        };
    // Relative paths of the other session resolve from its own folder.
    chitra::Session theirs = loaded->session;
    for (TraceFileRef& f : theirs.files) {
        const FileIdentity id = check_file_identity(f, dirOf(path));
        if (!id.found_path.empty())
            f.path_absolute = id.found_path;
    }
    const MergeReport merged = merge_sessions(mine, theirs, MergePolicy::rename, resolver);
    // The workbench rebuilds every view from the merged session (pipelines replay from
    // the cache of each file's first read, so this is quick).
    clearWindow();
    restore(mine, path_.isEmpty() ? std::string() : dirOf(path_), true);
    for (const std::string& p : loaded->problems)
        report_.problems.insert(report_.problems.begin(), qs(p));
    changed_ = true;
    updateTitle();
    QStringList lines;
    for (const std::string& a : merged.actions)
        lines << qs(a);
    w_->showMessage(tr("Merged %1: %2 file(s), %3 view(s) added")
                        .arg(QFileInfo(path).fileName())
                        .arg(merged.files_added)
                        .arg(merged.views_added));
    if (!report_.problems.empty())
        reportError(window(), tr("Merge restored with problems"), report_.summary());
    return true;
}

void SessionController::mergeDialog()
{
    const QString path = QFileDialog::getOpenFileName(window(), tr("Merge session"), QFileInfo(path_).absolutePath(),
                                                      tr("Chitra sessions (*.chitra);;All files (*)"));
    if (!path.isEmpty())
        mergeSession(path);
}

QString SessionController::recoveryPath() const { return qs(recovery_file_path(path_.toStdString())); }

void SessionController::setAutosaveMinutes(int minutes)
{
    if (minutes <= 0) {
        autosave_->stop();
        return;
    }
    autosave_->start(minutes * 60 * 1000);
}

void SessionController::autosaveNow()
{
    if (!isDirty())
        return;
    const QString recovery = recoveryPath();
    QDir().mkpath(QFileInfo(recovery).absolutePath());
    try {
        // Relative paths stay those of the real session file: they are what resolves.
        const std::string dir = path_.isEmpty() ? std::string() : dirOf(path_);
        write_file_atomically(recovery.toStdString(), session_to_text(capture(), dir));
        write_file_atomically(originFile(recovery).toStdString(),
                              path_.toStdString() + "\n" + std::to_string(::getpid()));
    } catch (const std::exception& e) {
        w_->showMessage(tr("Autosave failed: %1").arg(qs(e.what())));
    }
}

void SessionController::removeRecovery(const QString& sessionPath)
{
    const QString recovery = qs(recovery_file_path(sessionPath.toStdString()));
    QFile::remove(recovery);
    QFile::remove(originFile(recovery));
}

void SessionController::offerRecovery()
{
    const QDir dir(QFileInfo(recoveryPath()).absolutePath());
    remove_stale_temporaries_in(dir.absolutePath().toStdString()); // left by autosaves killed mid-way
    // Newest first; only files left by runs that are gone (a crash or a kill): a running
    // Chitra's own autosave is not offered.
    const auto found = dir.entryInfoList({"*.chitra"}, QDir::Files, QDir::Time);
    for (const QFileInfo& info : found) {
        const QString file = info.absoluteFilePath();
        const Origin origin = readOrigin(file);
        if (processAlive(origin.pid))
            continue;
        auto forget = [&file] {
            QFile::remove(file);
            QFile::remove(originFile(file));
        };
        const QString what = origin.sessionPath.isEmpty() ? tr("an untitled session") : origin.sessionPath;
        const Answer a = ask(Question::RestoreRecovery,
                             tr("Chitra did not exit cleanly. Unsaved work on %1 was autosaved at %2.\n\nRestore it?")
                                 .arg(what, info.lastModified().toString("yyyy-MM-dd hh:mm")));
        if (a != Answer::Yes) {
            forget();
            continue;
        }
        std::optional<LoadedSession> loaded;
        try {
            loaded = load_session(file.toStdString(), LoadMode::recover);
        } catch (const std::exception& e) {
            reportError(window(), tr("Cannot restore the autosaved work"), qs(e.what()));
            forget();
            continue;
        }
        forget();
        clearWindow();
        path_ = origin.sessionPath;
        restore(loaded->session, origin.sessionPath.isEmpty() ? std::string() : dirOf(origin.sessionPath), true);
        // Restored work is unsaved until the user saves it: it gets a recovery file of
        // this run at once, so a second crash loses nothing either.
        changed_ = true;
        updateTitle();
        autosaveNow();
        if (!report_.problems.empty())
            reportError(window(), tr("Autosaved work restored with problems"), report_.summary());
        return; // one session per window; older recovery files are offered at the next start
    }
}

} // namespace chitra::app
