#include "workbench/main_window.hpp"

#include "chitra/session/session_io.hpp"
#include "chitra/util/huge_page_advice.hpp"
#include "displays/display_registry.hpp"
#include "document/pipeline_file.hpp"
#include "document/view_document.hpp"
#include "ensemble/parameter_plot.hpp"
#include "ensemble/ensemble_window.hpp"
#include "jobs/background_job.hpp"
#include "loading/trace_file_filter.hpp"
#include "loading/trace_loader.hpp"
#include "chain/chain_fitter.hpp"
#include "dialogs/preferences_dialog.hpp"
#include "panels/bookmarks_panel.hpp"
#include "panels/patterns_panel.hpp"
#include "panels/suggestions_panel.hpp"
#include "document/lane_pool.hpp"
#include "document/step_broadcast.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "panels/pipeline_panel.hpp"
#include "panels/state_details_panel.hpp"
#include "panels/trace_info_panel.hpp"
#include "document/workspace.hpp"
#include "session/session_controller.hpp"
#include "session/session_model.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/trace/trace_plot.hpp"
#include "views/view_panel.hpp"
#include "workbench/display_opener.hpp"
#include "workbench/error_reporter.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/recent_files.hpp"
#include "workbench/status_readouts.hpp"
#include "workbench/trace_opener.hpp"
#include "workbench/transform_dialogs.hpp"
#include "workbench/view_stack.hpp"

#include <qcustomplot.h>

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTreeView>
#include <QUndoGroup>

namespace chitra::app {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    // Workers that fault in 2 MB pages delay the GUI thread's wake-ups on kernels without
    // preemption; a process that shows the workbench keeps to 4 KB pages.
    set_huge_page_advice(false);
    setWindowTitle(tr("Chitra"));
    setAcceptDrops(true);
    workspace_ = new Workspace(this);
    model_ = new SessionModel(workspace_, this);
    loader_ = new TraceLoader(this);
    undoGroup_ = new QUndoGroup(this);

    views_ = new ViewStack(this);
    setCentralWidget(views_);

    jobs_ = new BackgroundJobs(this);
    status_ = new StatusReadouts(statusBar(), jobs_, this);
    fitter_ = new ChainFitter(jobs_, this, [this](const QString& path) { openFiles({path}); });
    transforms_ = new TransformDialogs(this);
    displays_ = new DisplayOpener(*this, this);

    buildDocks();
    actions_ = new MainActions(this);
    bookmarks_ = new BookmarksPanel(this, this);
    auto* bookmarksDock = new QDockWidget(tr("Bookmarks"), this);
    bookmarksDock->setObjectName("bookmarks");
    bookmarksDock->setWidget(bookmarks_);
    addDockWidget(Qt::RightDockWidgetArea, bookmarksDock);
    arrangeDocksByDefault();
    sessionController_ = new SessionController(this);

    opener_ = new TraceOpener(this, loader_);
    connect(opener_, &TraceOpener::fileLoaded, this, &MainWindow::fileLoaded);
    connect(opener_, &TraceOpener::loadFailed, this, &MainWindow::loadFailed);
    connect(loader_, &TraceLoader::busyChanged, this, [this](bool busy) {
        if (busy)
            jobs_->start(loader_, tr("Loading…"), [this] { loader_->cancel(); });
        else
            jobs_->finish(loader_);
    });
    // Importers report the share read; other reads show a busy bar.
    connect(loader_, &TraceLoader::progress, this, [this](int permille) {
        if (permille > 0)
            jobs_->progress(loader_, permille, 1000);
    });
    connect(workspace_, &Workspace::viewAdded, this, &MainWindow::onViewAdded);
    connect(workspace_, &Workspace::viewRemoved, this, &MainWindow::onViewRemoved);

    preferences_ = Preferences::load();
    preferences_.applyToDisplays();
    sessionController_->setAutosaveMinutes(preferences_.autosaveMinutes);

    QSettings settings;
    if (!restoreGeometry(settings.value("window/geometry").toByteArray()))
        resize(1280, 800);
    restoreState(settings.value("window/state").toByteArray());
    refreshInfo();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks()
{
    tree_ = new QTreeView(this);
    tree_->setModel(model_);
    tree_->setHeaderHidden(true);
    tree_->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    connect(tree_, &QTreeView::activated, this, [this](const QModelIndex& index) {
        if (ViewDocument* v = model_->viewOf(index)) {
            const QString display = model_->displayOf(index);
            if (!display.isEmpty() && display != DisplayRegistry::viewsOwn().name())
                openDisplay(v, display);
            else
                setCurrentView(v);
        }
    });
    tree_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(tree_, &QTreeView::customContextMenuRequested, this, [this](const QPoint& pos) {
        QMenu menu(this);
        fillSessionMenu(&menu, tree_->indexAt(pos));
        if (!menu.isEmpty())
            menu.exec(tree_->viewport()->mapToGlobal(pos));
    });
    connect(tree_, &QTreeView::clicked, this, [this](const QModelIndex& index) {
        if (ViewDocument* v = model_->viewOf(index))
            setCurrentView(v);
    });
    connect(model_, &QAbstractItemModel::modelReset, tree_, &QTreeView::expandAll);
    auto* sessionDock = new QDockWidget(tr("Session"), this);
    sessionDock->setObjectName("session");
    sessionDock->setWidget(tree_);
    addDockWidget(Qt::RightDockWidgetArea, sessionDock);

    info_ = new TraceInfoPanel(this);
    auto* infoDock = new QDockWidget(tr("Trace info"), this);
    infoDock->setObjectName("traceinfo");
    infoDock->setWidget(info_);
    connect(infoDock, &QDockWidget::visibilityChanged, info_, &TraceInfoPanel::setOnScreen);
    addDockWidget(Qt::RightDockWidgetArea, infoDock);

    patterns_ = new PatternsPanel(this);
    connect(patterns_, &PatternsPanel::message, this, &MainWindow::showMessage);
    auto* patternsDock = new QDockWidget(tr("Patterns"), this);
    patternsDock->setObjectName("patterns");
    patternsDock->setWidget(patterns_);
    addDockWidget(Qt::RightDockWidgetArea, patternsDock);

    suggestions_ = new SuggestionsPanel(this);
    connect(suggestions_, &SuggestionsPanel::message, this, &MainWindow::showMessage);
    auto* suggestionsDock = new QDockWidget(tr("Suggestions"), this);
    suggestionsDock->setObjectName("suggestions");
    suggestionsDock->setWidget(suggestions_);
    addDockWidget(Qt::RightDockWidgetArea, suggestionsDock);

    details_ = new StateDetailsPanel(this);
    connect(details_, &StateDetailsPanel::stateChosen, this, [this](SymbolId s) {
        if (current_)
            current_->setPickedState(s);
    });

    pipeline_ = new PipelinePanel(undoGroup_, this);
    connect(pipeline_, &PipelinePanel::message, this, &MainWindow::showMessage);
    auto* pipelineDock = new QDockWidget(tr("Pipeline"), this);
    pipelineDock->setObjectName("pipeline");
    pipelineDock->setWidget(pipeline_);
    addDockWidget(Qt::RightDockWidgetArea, pipelineDock);

    auto* detailsDock = new QDockWidget(tr("State details"), this);
    detailsDock->setObjectName("statedetails");
    detailsDock->setWidget(details_);
    addDockWidget(Qt::RightDockWidgetArea, detailsDock);
}

// The panels share one column at the right, in two groups of tabs: what the trace is
// (session, information, bookmarks) above what is done to it (pipeline, state details,
// patterns). The displays keep most of the width (docs/gui.md, "The window").
void MainWindow::arrangeDocksByDefault()
{
    const auto dock = [this](const char* name) { return findChild<QDockWidget*>(QLatin1String(name)); };
    QDockWidget* const session = dock("session");
    QDockWidget* const pipeline = dock("pipeline");
    for (QDockWidget* d : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        d->setFloating(false);
        d->show();
        addDockWidget(Qt::RightDockWidgetArea, d);
    }
    splitDockWidget(session, pipeline, Qt::Vertical);
    tabifyDockWidget(session, dock("traceinfo"));
    tabifyDockWidget(session, dock("bookmarks"));
    tabifyDockWidget(pipeline, dock("statedetails"));
    tabifyDockWidget(pipeline, dock("patterns"));
    tabifyDockWidget(pipeline, dock("suggestions"));
    session->raise();
    pipeline->raise();
    resizeDocks({session}, {kDefaultDockWidth}, Qt::Horizontal);
}

ViewPanel* MainWindow::panelOf(ViewDocument* view) const { return views_->panelOf(view); }

void MainWindow::openDisplay(ViewDocument* view, const QString& display)
{
    setCurrentView(view);
    displays_->open(view, display);
}

void MainWindow::closeDisplay(ViewDocument* view, const QString& display) { displays_->close(view, display); }

ViewDocument* MainWindow::addViewOfSameTrace(ViewDocument* view)
{
    return workspace_->addView(workspace_->fileOf(view));
}

void MainWindow::fillSessionMenu(QMenu* menu, const QModelIndex& index)
{
    menu->addAction(tr("Open trace(s)…"), this, &MainWindow::openDialog);
    if (!index.isValid())
        return;
    const int file = model_->fileOf(index);
    ViewDocument* view = model_->viewOf(index);
    const QString display = model_->displayOf(index);
    menu->addSeparator();
    menu->addAction(tr("New view of this file"), this, [this, file] { setCurrentView(workspace_->addView(file)); });
    if (!view) {
        menu->addAction(tr("Close file"), this, [this, file] { workspace_->removeFile(file); });
        return;
    }
    if (display.isEmpty()) {
        QMenu* add = menu->addMenu(tr("Add display"));
        for (const DisplayType* type : DisplayRegistry::all())
            if (type != &DisplayRegistry::viewsOwn()) {
                QString text = type->treeName();
                text[0] = text[0].toUpper();
                add->addAction(text, this, [this, view, name = type->name()] { openDisplay(view, name); });
            }
        QMenu* reopen = menu->addMenu(tr("Reopen closed display"));
        for (const QString& d : view->presentation().displays())
            if (!view->presentation().displayOpen(d))
                reopen->addAction(SessionModel::displayName(d), this, [this, view, d] { openDisplay(view, d); });
        reopen->setEnabled(!reopen->isEmpty());
        menu->addAction(tr("Rename view…"), this, [this, index] { tree_->edit(index); });
        menu->addAction(tr("Delete view"), this, [this, view] { workspace_->removeView(view); });
        menu->addAction(tr("State order…"), this, [this, view] {
            setCurrentView(view);
            editStateOrder();
        });
        return;
    }
    menu->addAction(view->presentation().displayOpen(display) ? tr("Show") : tr("Reopen"), this,
                    [this, view, display] { openDisplay(view, display); });
    if (display != DisplayRegistry::viewsOwn().name() && view->presentation().displayOpen(display))
        menu->addAction(tr("Close display"), this, [this, view, display] { displays_->close(view, display); });
}

void MainWindow::editPreferences()
{
    PreferencesDialog dialog(preferences_, this);
    if (dialog.exec() == QDialog::Accepted)
        applyPreferences(dialog.chosen());
}

void MainWindow::applyPreferences(const Preferences& preferences)
{
    preferences_ = preferences;
    preferences_.save();
    preferences_.applyToDisplays();
    sessionController_->setAutosaveMinutes(preferences_.autosaveMinutes);
    // Axes format their labels and plottables their colours when drawn: a redraw of every
    // plot (the Traceview and model windows too) shows the new units and colours.
    for (LanesView* lanes : findChildren<LanesView*>())
        lanes->recolour();
    for (QWidget* widget : QApplication::allWidgets())
        if (auto* plot = qobject_cast<QCustomPlot*>(widget))
            plot->replot();
        else
            widget->update();
    refreshInfo();
    refreshDetails();
}

void MainWindow::refreshDetails()
{
    if (current_) {
        details_->setSes(current_->sesPtr(), current_->trace().header.timebase, current_->totals(),
                         current_->colours());
        details_->chooseState(current_->pickedState());
    } else {
        details_->setSes(nullptr, TimeBase::us);
    }
}

ViewPanel* MainWindow::currentPanel() const { return views_->panelOf(current_); }

QString MainWindow::hoverText() const { return status_->hoverText(); }
QToolButton* MainWindow::cancelButton() const { return status_->cancelButton(); }
bool MainWindow::loading() const { return loader_->pending() > 0; }

void MainWindow::openDialog()
{
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, tr("Open trace(s)"), lastFolder(kTraceFolder), traceFileFilter());
    if (!paths.isEmpty())
        rememberFolderOf(kTraceFolder, paths.front());
    openFiles(paths);
}

void MainWindow::openFiles(const QStringList& paths)
{
    // A session among the files (a double-clicked or dropped .chitra) opens as a session.
    QStringList traces;
    for (const QString& p : paths) {
        if (is_session_file(p.toStdString()))
            sessionController_->openSession(p);
        else
            traces << p;
    }
    opener_->open(traces);
}

bool MainWindow::openFileNow(const QString& path, QString* error) { return opener_->openNow(path, error); }

namespace {

// An open file entry as the loader delivered it: what new entries of its trace derive from
// (they keep its import choice).
LoadResult asLoaded(const TraceFile& file)
{
    LoadResult whole;
    whole.path = file.path;
    whole.bytes = file.bytes;
    whole.trace = file.trace;
    whole.base = file.base;
    whole.choice = file.choice;
    whole.shownLanes = file.lanes;
    whole.laneNames = file.laneNames;
    return whole;
}

} // namespace

void MainWindow::projectOntoLanes(ViewDocument* view, const std::vector<std::vector<std::size_t>>& entries)
{
    const int f = workspace_->fileOf(view);
    if (f < 0 || entries.empty())
        return;
    loader_->derive(asLoaded(workspace_->files()[static_cast<std::size_t>(f)]), entries);
}

ViewDocument* MainWindow::analyseLanes(ViewDocument* view, const std::vector<std::size_t>& lanes, std::size_t group)
{
    const int f = workspace_->fileOf(view);
    if (f < 0)
        return nullptr;
    const TraceFile& file = workspace_->files()[static_cast<std::size_t>(f)];
    std::vector<std::size_t> wanted = lanes;
    std::sort(wanted.begin(), wanted.end());
    for (const TraceFile& other : workspace_->files()) {
        const bool same = other.trace == file.trace && !other.views.empty() &&
                          (other.base.pool ? other.base.pool->lanes == wanted : wanted.empty());
        if (same) {
            setCurrentView(other.views.front());
            return other.views.front();
        }
    }
    loader_->analyse(asLoaded(file), std::move(wanted), group);
    return nullptr;
}

void MainWindow::openLaneModel(ViewDocument* view, std::size_t lane)
{
    if (ViewDocument* open = analyseLanes(view, {lane}, 0)) {
        fitter_->fit(open);
        return;
    }
    connect(
        this, &MainWindow::fileLoaded, this,
        [this, trace = view->lanesTracePtr(), lane](ViewDocument* made) {
            const LanePool* pool = made->lanePool();
            if (made->lanesTracePtr() == trace && pool && pool->lanes == std::vector<std::size_t>{lane})
                fitter_->fit(made);
        },
        Qt::SingleShotConnection);
}

EnsembleWindow* MainWindow::compareLanes(ViewDocument* view, const std::vector<std::size_t>& lanes)
{
    const int f = workspace_->fileOf(view);
    if (f < 0 || lanes.empty())
        return nullptr;
    const TraceFile& file = workspace_->files()[static_cast<std::size_t>(f)];
    const std::shared_ptr<const LaneTrace> all = view->laneTracks()->tracePtr();
    std::vector<MemberInput> members;
    try {
        for (std::size_t lane : lanes) {
            const QString name = QString::fromStdString(all->lanes.at(lane).name);
            members.push_back({file.path, QString::fromUtf8("%1 \u25b8 %2").arg(file.label, name),
                               std::make_shared<const Trace>(project_lanes(*file.trace, {lane}, all)), name});
        }
    } catch (const std::exception& e) {
        reportError(this, tr("Cannot compare the lanes"), QString::fromStdString(e.what()));
        return nullptr;
    }
    return openEnsemble(std::move(members), view->pipeline());
}

void MainWindow::splitIntoLanes(ViewDocument* view)
{
    const std::size_t n = view->laneTracks()->laneCount();
    if (n < 2) {
        showMessage(tr("%1 has one lane: nothing to split").arg(view->name()));
        return;
    }
    std::vector<std::vector<std::size_t>> entries;
    for (std::size_t l = 0; l < n; ++l)
        entries.push_back({l});
    projectOntoLanes(view, entries);
}

void MainWindow::onViewAdded(ViewDocument* view)
{
    ViewPanel* panel = views_->add(view);
    displays_->openDefaults(view);
    connect(panel, &ViewPanel::projectOntoLaneRequested, this,
            [this, view](std::size_t lane) { projectOntoLanes(view, {{lane}}); });
    connect(panel, &ViewPanel::splitIntoLanesRequested, this, [this, view] { splitIntoLanes(view); });
    connect(
        panel, &ViewPanel::analyseLanesRequested, this,
        [this, view](const std::vector<std::size_t>& lanes, std::size_t group) { analyseLanes(view, lanes, group); });
    connect(panel, &ViewPanel::compareLanesRequested, this,
            [this, view](const std::vector<std::size_t>& lanes) { compareLanes(view, lanes); });
    connect(panel, &ViewPanel::laneModelRequested, this, [this, view](std::size_t lane) { openLaneModel(view, lane); });
    connect(panel, &ViewPanel::displayRequested, this,
            [this, view](const QString& display) { openDisplay(view, display); });
    undoGroup_->addStack(view->undoStack());
    connect(panel->tracePlot(), &TracePlot::hoverText, status_, &StatusReadouts::setHoverText);
    connect(panel->tracePlot(), &TracePlot::message, this, &MainWindow::showMessage);
    connect(panel->frequencyPlot(), &FrequencyPlot::message, this, &MainWindow::showMessage);
    connect(panel->frequencyPlot(), &FrequencyPlot::peakClicked, this,
            [this](double frequency, bool events) { suggestions_->highlightPeriod(frequency, events); });
    FrequencyPlot* frequency = panel->frequencyPlot();
    connect(frequency, &FrequencyPlot::busyChanged, this, [this, frequency](bool busy) {
        if (busy)
            jobs_->start(frequency, tr("Periodogram…"), [frequency] { frequency->cancel(); });
        else
            jobs_->finish(frequency);
    });
    connect(&view->presentation(), &ViewPresentation::displaysChanged, this, [this, view] {
        if (view == current_)
            actions_->viewChanged(); // View menu checks follow the session tree
    });
    connect(view, &ViewDocument::sesChanged, this, &MainWindow::refreshInfo);
    connect(view, &ViewDocument::nameChanged, this, &MainWindow::refreshInfo);
    connect(view, &ViewDocument::sesChanged, this, [this, view] {
        if (view == current_)
            refreshDetails();
    });
    connect(&view->presentation(), &ViewPresentation::pickedStateChanged, this, [this, view] {
        if (view == current_)
            details_->chooseState(view->pickedState());
    });
    connect(view, &ViewDocument::warningsRaised, this,
            [this](const QStringList& warnings) { showMessage(tr("Warning: %1").arg(warnings.join("; "))); });
    connect(view, &ViewDocument::replayStarted, this, [this, view](const QString& text) {
        jobs_->start(view, text + QStringLiteral("…"), [view] { view->cancelReplay(); });
    });
    connect(view, &ViewDocument::replayProgress, this,
            [this, view](int done, int total) { jobs_->progress(view, done, total); });
    connect(view, &ViewDocument::replayFinished, this, [this, view] { jobs_->finish(view); });
    connect(view, &ViewDocument::replayRefused, this, [this](const QString& message) {
        showMessage(tr("Refused: %1").arg(message));
        reportError(this, tr("Pipeline change refused"), message);
    });
}

void MainWindow::onViewRemoved(ViewDocument* view)
{
    ViewPanel* panel = views_->panelOf(view);
    if (!panel)
        return;
    view->cancelReplay();
    jobs_->finish(view);
    panel->frequencyPlot()->cancel(); // finishes its job too
    undoGroup_->removeStack(view->undoStack());
    views_->remove(view);
    if (current_ == view) {
        current_ = nullptr;
        setCurrentView(views_->anyView());
    }
}

void MainWindow::setCurrentView(ViewDocument* view)
{
    current_ = view;
    views_->bringToFront(view);
    if (currentPanel()) {
        undoGroup_->setActiveStack(view->undoStack());
        tree_->setCurrentIndex(model_->indexOf(view));
    } else {
        undoGroup_->setActiveStack(nullptr);
    }
    patterns_->setDocument(view);
    suggestions_->setDocument(view);
    pipeline_->setDocument(view);
    if (bookmarks_)
        bookmarks_->setDocument(view);
    refreshDetails();
    status_->setViewName(view ? view->name() : QString());
    actions_->viewChanged();
    refreshInfo();
}

void MainWindow::refreshInfo()
{
    if (!current_) {
        info_->show(nullptr, {}, 0);
        return;
    }
    const int f = workspace_->fileOf(current_);
    const auto& file = workspace_->files()[static_cast<std::size_t>(f)];
    info_->show(current_, file.path, file.bytes);
    status_->setViewName(current_->name());
}

void MainWindow::setXAxis(XAxis axis)
{
    if (current_)
        current_->presentation().setTraceAxis(axis);
    actions_->viewChanged();
}

void MainWindow::fitAll()
{
    if (ViewPanel* p = currentPanel())
        p->tracePlot()->fitAll();
}

void MainWindow::undoZoom()
{
    if (ViewPanel* p = currentPanel())
        p->tracePlot()->undoZoom();
}

QWidget* MainWindow::lastModelWindow() const { return fitter_->lastModelWindow(); }

void MainWindow::showModel()
{
    if (current_)
        fitter_->fit(current_);
}

void MainWindow::showEnsemble()
{
    std::vector<MemberInput> members;
    for (const TraceFile& file : workspace_->files())
        members.push_back(
            {file.path, file.title(), file.base.pool ? file.base.pool->first : file.trace, file.laneNames});
    if (!members.empty())
        openEnsemble(std::move(members), current_ ? current_->pipeline() : Pipeline{});
}

EnsembleWindow* MainWindow::openEnsemble(std::vector<MemberInput> members, const Pipeline& pipeline)
{
    // Members are told apart by trace and title: the window outlives closed files.
    std::vector<std::pair<std::weak_ptr<const Trace>, QString>> identities;
    for (const MemberInput& m : members)
        identities.emplace_back(m.trace, m.label);
    auto* window = new EnsembleWindow(std::move(members), pipeline, this);
    // A brushed selection as the set of states: the states of the current view's patterns.
    connect(window->parameterPlot(), &ParameterPlot::brushedStatesWanted, this, [this, window] {
        std::vector<std::string> names;
        if (current_)
            for (const BrushedPattern& p : current_->presentation().patterns())
                for (const std::string& name : p.names)
                    if (std::find(names.begin(), names.end(), name) == names.end())
                        names.push_back(name);
        if (names.empty())
            statusBar()->showMessage(tr("Brush a pattern in the current view first"), 5000);
        else
            window->parameterPlot()->setStateNames(names);
    });
    connect(window, &EnsembleWindow::stateChosen, this, [this, identities](int member, const QString& state) {
        if (member < 0 || member >= static_cast<int>(identities.size()))
            return;
        if (auto trace = identities[member].first.lock())
            pickStateOfMember(trace.get(), identities[member].second, state);
    });
    window->setWindowFlag(Qt::Window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->resize(1100, 800);
    window->show();
    lastEnsemble_ = window;
    return window;
}

void MainWindow::pickStateOfMember(const Trace* trace, const QString& title, const QString& state)
{
    ViewDocument* view = nullptr;
    for (const TraceFile& file : workspace_->files()) {
        const Trace* analysed = file.base.pool ? file.base.pool->first.get() : file.trace.get();
        if (analysed != trace || file.title() != title || file.views.empty())
            continue;
        const auto& views = file.views;
        view = std::find(views.begin(), views.end(), current_) != views.end() ? current_ : views.front();
    }
    if (!view) {
        showMessage(tr("%1 is no longer open").arg(title));
        return;
    }
    const SymbolId symbol = view->ses().symbols->find(state.toStdString());
    if (symbol == kNoSymbol) {
        showMessage(tr("%1 has no state %2 in view %3").arg(title, state, view->name()));
        return;
    }
    setCurrentView(view);
    view->setPickedState(symbol);
}

bool MainWindow::importPipeline(const QString& path, QString* error)
{
    if (!current_) {
        if (error)
            *error = tr("no view to apply the pipeline to");
        return false;
    }
    return importPipelineFile(*current_, path, error);
}

bool MainWindow::exportPipeline(const QString& path, QString* error)
{
    return current_ && exportPipelineFile(*current_, path, error);
}

BroadcastOutcome MainWindow::applyLastStepToAllTraces()
{
    BroadcastOutcome outcome;
    if (!current_ || current_->steps().empty()) {
        showMessage(tr("The current view has no step to apply"));
        return outcome;
    }
    const int own = workspace_->fileOf(current_);
    std::vector<ViewDocument*> targets;
    for (int f = 0; f < static_cast<int>(workspace_->files().size()); ++f)
        if (f != own && !workspace_->files()[static_cast<std::size_t>(f)].views.empty())
            targets.push_back(workspace_->files()[static_cast<std::size_t>(f)].views.front());
    outcome = broadcastStep(current_->steps().back(), targets);
    showMessage(tr("The step was applied to %n other trace(s)", "", outcome.applied));
    QStringList problems = outcome.refused + outcome.unmatched;
    if (!problems.isEmpty())
        reportError(this, tr("The step does not fit every trace"), problems.join(QStringLiteral("\n")));
    actions_->viewChanged();
    return outcome;
}

void MainWindow::importPipelineDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import pipeline"), {}, tr("Pipeline (*.json)"));
    QString error;
    if (!path.isEmpty() && !importPipeline(path, &error))
        reportError(this, tr("Cannot apply pipeline"), error);
}

void MainWindow::exportPipelineDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export pipeline"), {}, tr("Pipeline (*.json)"));
    QString error;
    if (!path.isEmpty() && !exportPipeline(path, &error))
        reportError(this, tr("Cannot export pipeline"), error);
}

void MainWindow::addViewOfCurrentFile()
{
    if (current_)
        setCurrentView(workspace_->addView(workspace_->fileOf(current_)));
}

void MainWindow::removeCurrentView()
{
    if (current_)
        workspace_->removeView(current_);
}

void MainWindow::openFilterDialog(bool eventDomain) { transforms_->openFilterDialog(eventDomain); }
void MainWindow::openProjectionDialog(int mode) { transforms_->openProjectionDialog(mode); }
void MainWindow::loadRulesDialog() { transforms_->loadRulesDialog(); }
void MainWindow::filterFrequencyBand() { transforms_->filterFrequencyBand(); }
void MainWindow::editStateOrder() { transforms_->editStateOrder(); }
bool MainWindow::applyRulesFile(const QString& path, QString* error)
{
    return transforms_->applyRulesFile(path, error);
}
bool MainWindow::applyStep(const Step& step, const QString& what) { return transforms_->applyStep(step, what); }

void MainWindow::showMessage(const QString& text) { statusBar()->showMessage(text, 8000); }

void MainWindow::dragEnterEvent(QDragEnterEvent* e)
{
    if (e->mimeData()->hasUrls())
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e)
{
    QStringList paths;
    for (const QUrl& url : e->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    openFiles(paths);
    e->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    QMainWindow::closeEvent(e);
}

} // namespace chitra::app
