#include "workbench/main_window.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "jobs/background_job.hpp"
#include "panels/bookmarks_panel.hpp"
#include "workbench/error_reporter.hpp"
#include "session/session_controller.hpp"
#include "dialogs/filter_dialog.hpp"
#include "dialogs/projection_dialog.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "workbench/main_actions.hpp"
#include "model/model_window.hpp"
#include "panels/patterns_panel.hpp"
#include "panels/pipeline_panel.hpp"
#include "session/session.hpp"
#include "session/session_model.hpp"
#include "panels/state_details_panel.hpp"
#include "dialogs/state_order_dialog.hpp"
#include "panels/trace_info_panel.hpp"
#include "jobs/trace_loader.hpp"
#include "views/trace/trace_plot.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeView>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUndoView>
#include <QtConcurrent/QtConcurrentRun>

namespace chitra::app {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Chitra"));
    setAcceptDrops(true);
    session_ = new Session(this);
    model_ = new SessionModel(session_, this);
    loader_ = new TraceLoader(this);
    undoGroup_ = new QUndoGroup(this);

    centre_ = new QStackedWidget(this);
    placeholder_ = new QLabel(tr("Open a trace: File ▸ Open (Ctrl+O), or drop trace files here."), centre_);
    placeholder_->setAlignment(Qt::AlignCenter);
    centre_->addWidget(placeholder_);
    setCentralWidget(centre_);

    hover_ = new QLabel(this);
    viewLabel_ = new QLabel(this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 0);
    progress_->setMaximumWidth(120);
    progress_->hide();
    cancel_ = new QToolButton(this);
    cancel_->setText(tr("Cancel"));
    cancel_->setObjectName("cancelJobs");
    cancel_->hide();
    jobLabel_ = new QLabel(this);
    jobLabel_->hide();
    jobs_ = new BackgroundJobs(this);
    statusBar()->addWidget(hover_, 1);
    statusBar()->addPermanentWidget(jobLabel_);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    statusBar()->addPermanentWidget(viewLabel_);

    buildDocks();
    actions_ = new MainActions(this);
    bookmarks_ = new BookmarksPanel(this, this);
    auto* bookmarksDock = new QDockWidget(tr("Bookmarks and notes"), this);
    bookmarksDock->setObjectName("bookmarks");
    bookmarksDock->setWidget(bookmarks_);
    addDockWidget(Qt::LeftDockWidgetArea, bookmarksDock);
    sessionController_ = new SessionController(this);

    connect(loader_, &TraceLoader::loaded, this, &MainWindow::onLoaded);
    connect(loader_, &TraceLoader::busyChanged, this, [this](bool busy) {
        if (busy)
            jobs_->start(loader_, tr("Loading…"), [this] { loader_->cancel(); });
        else
            jobs_->finish(loader_);
    });
    // Long work (ui.md): the newest job's text and progress, one Cancel for all of them.
    connect(jobs_, &BackgroundJobs::changed, this, [this] {
        const bool busy = jobs_->busy();
        progress_->setVisible(busy);
        cancel_->setVisible(busy);
        jobLabel_->setVisible(busy);
        jobLabel_->setText(jobs_->text());
        progress_->setRange(0, jobs_->total()); // 0..0: busy without a known end
        progress_->setValue(jobs_->done());
    });
    connect(cancel_, &QToolButton::clicked, jobs_, &BackgroundJobs::cancelAll);
    connect(session_, &Session::viewAdded, this, &MainWindow::onViewAdded);
    connect(session_, &Session::viewRemoved, this, &MainWindow::onViewRemoved);

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
            const int display = model_->displayOf(index);
            if (display > 0)
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
    addDockWidget(Qt::LeftDockWidgetArea, sessionDock);

    info_ = new TraceInfoPanel(this);
    auto* infoDock = new QDockWidget(tr("Trace information"), this);
    infoDock->setObjectName("traceinfo");
    infoDock->setWidget(info_);
    addDockWidget(Qt::LeftDockWidgetArea, infoDock);

    patterns_ = new PatternsPanel(this);
    connect(patterns_, &PatternsPanel::message, this, &MainWindow::showMessage);
    auto* patternsDock = new QDockWidget(tr("Patterns"), this);
    patternsDock->setObjectName("patterns");
    patternsDock->setWidget(patterns_);
    addDockWidget(Qt::RightDockWidgetArea, patternsDock);

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
    tabifyDockWidget(pipelineDock, detailsDock);
    pipelineDock->raise();
}

ViewPanel* MainWindow::panelOf(ViewDocument* view) const
{
    auto it = panels_.find(view);
    return it == panels_.end() ? nullptr : it->second;
}

void MainWindow::openDisplay(ViewDocument* view, int display)
{
    setCurrentView(view);
    view->setDisplayOpen(display, true);
    if (display == static_cast<int>(SessionModel::Display::Model))
        showModel();
    if (display == static_cast<int>(SessionModel::Display::Gantt) ||
        display == static_cast<int>(SessionModel::Display::Rate)) {
        const auto kind = display == static_cast<int>(SessionModel::Display::Gantt) ? TraceviewWindow::Kind::Gantt
                                                                                    : TraceviewWindow::Kind::Rate;
        auto makeView = [this](ViewDocument* d) { return session_->addView(session_->fileOf(d)); };
        TraceviewWindow* window = TraceviewWindow::open(view, kind, makeView, this);
        // The tree shows the display closed once its window goes.
        QPointer<ViewDocument> guard(view);
        connect(window, &QObject::destroyed, this, [guard, display] {
            if (guard)
                guard->setDisplayOpen(display, false);
        });
    }
}

void MainWindow::fillSessionMenu(QMenu* menu, const QModelIndex& index)
{
    menu->addAction(tr("Open trace(s)…"), this, &MainWindow::openDialog);
    if (!index.isValid())
        return;
    const int file = model_->fileOf(index);
    ViewDocument* view = model_->viewOf(index);
    const int display = model_->displayOf(index);
    menu->addSeparator();
    menu->addAction(tr("New view of this file"), this, [this, file] { setCurrentView(session_->addView(file)); });
    if (!view) {
        menu->addAction(tr("Close file"), this, [this, file] { session_->removeFile(file); });
        return;
    }
    if (display < 0) {
        QMenu* add = menu->addMenu(tr("Add display"));
        add->addAction(tr("Frequency view"), this, [this, view] { openDisplay(view, 1); });
        add->addAction(tr("Model (fit the chain)"), this, [this, view] { openDisplay(view, 2); });
        add->addAction(tr("Gantt chart"), this, [this, view] { openDisplay(view, 3); });
        add->addAction(tr("Rate chart"), this, [this, view] { openDisplay(view, 4); });
        QMenu* reopen = menu->addMenu(tr("Reopen closed display"));
        for (int d : view->displays())
            if (!view->displayOpen(d))
                reopen->addAction(SessionModel::displayName(d), this, [this, view, d] { openDisplay(view, d); });
        reopen->setEnabled(!reopen->isEmpty());
        menu->addAction(tr("Rename view…"), this, [this, index] { tree_->edit(index); });
        menu->addAction(tr("Delete view"), this, [this, view] { session_->removeView(view); });
        menu->addAction(tr("State order…"), this, [this, view] {
            setCurrentView(view);
            editStateOrder();
        });
        return;
    }
    menu->addAction(view->displayOpen(display) ? tr("Show") : tr("Reopen"), this,
                    [this, view, display] { openDisplay(view, display); });
    if (display > 0 && view->displayOpen(display))
        menu->addAction(tr("Close display"), this, [this, view, display] {
            view->setDisplayOpen(display, false);
            for (TraceviewWindow* w : findChildren<TraceviewWindow*>())
                if (w->document() == view &&
                    (w->kind() == TraceviewWindow::Kind::Gantt) == (display == static_cast<int>(SessionModel::Display::Gantt)) &&
                    display >= static_cast<int>(SessionModel::Display::Gantt))
                    w->close();
        });
}

void MainWindow::editStateOrder()
{
    if (!current_)
        return;
    auto* dialog = new StateOrderDialog(current_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::refreshDetails()
{
    if (current_) {
        details_->setSes(current_->sesPtr(), current_->trace().header.timebase, current_->totals());
        details_->chooseState(current_->pickedState());
    } else {
        details_->setSes(nullptr, TimeBase::us);
    }
}

ViewPanel* MainWindow::currentPanel() const
{
    auto it = panels_.find(current_);
    return it == panels_.end() ? nullptr : it->second;
}

QString MainWindow::hoverText() const { return hover_->text(); }
bool MainWindow::loading() const { return loader_->pending() > 0; }

void MainWindow::openDialog()
{
    QSettings settings;
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open trace(s)"), settings.value("recent/dir").toString(),
        tr("Traces (*.pes *.ctr *.txt);;All files (*)"));
    if (!paths.isEmpty())
        settings.setValue("recent/dir", QFileInfo(paths.front()).absolutePath());
    openFiles(paths);
}

void MainWindow::openFiles(const QStringList& paths)
{
    for (const auto& p : paths)
        loader_->load(p);
}

bool MainWindow::openFileNow(const QString& path, QString* error)
{
    LoadResult r = loadTraceFile(path);
    if (!r.trace) {
        if (error)
            *error = r.error;
        return false;
    }
    onLoaded(r);
    return true;
}

void MainWindow::onLoaded(const LoadResult& r)
{
    if (!r.trace) {
        // The session stays as it was; the reader's FILE:LINE: reason is the message.
        reportError(this, tr("Cannot open trace"), r.error);
        emit loadFailed(r.error);
        return;
    }
    addRecent(r.path);
    ViewDocument* view = session_->addFile(r.path, r.trace, r.bytes, r.base);
    setCurrentView(view);
    emit fileLoaded(view);
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value("recent/files").toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue("recent/files", recent);
    actions_->updateRecent();
}

void MainWindow::onViewAdded(ViewDocument* view)
{
    auto* panel = new ViewPanel(view, centre_);
    panels_[view] = panel;
    centre_->addWidget(panel);
    undoGroup_->addStack(view->undoStack());
    connect(panel->tracePlot(), &TracePlot::hoverText, hover_, &QLabel::setText);
    connect(panel->tracePlot(), &TracePlot::message, this, &MainWindow::showMessage);
    connect(panel->frequencyPlot(), &FrequencyPlot::message, this, &MainWindow::showMessage);
    FrequencyPlot* frequency = panel->frequencyPlot();
    connect(frequency, &FrequencyPlot::busyChanged, this, [this, frequency](bool busy) {
        if (busy)
            jobs_->start(frequency, tr("Periodogram…"), [frequency] { frequency->cancel(); });
        else
            jobs_->finish(frequency);
    });
    connect(view, &ViewDocument::sesChanged, this, &MainWindow::refreshInfo);
    connect(view, &ViewDocument::nameChanged, this, &MainWindow::refreshInfo);
    connect(view, &ViewDocument::sesChanged, this, [this, view] {
        if (view == current_)
            refreshDetails();
    });
    connect(view, &ViewDocument::pickedStateChanged, this, [this, view] {
        if (view == current_)
            details_->chooseState(view->pickedState());
    });
    connect(view, &ViewDocument::warningsRaised, this, [this](const QStringList& warnings) {
        showMessage(tr("Warning: %1").arg(warnings.join("; ")));
    });
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
    auto it = panels_.find(view);
    if (it == panels_.end())
        return;
    view->cancelReplay();
    jobs_->finish(view);
    it->second->frequencyPlot()->cancel(); // finishes its job too
    undoGroup_->removeStack(view->undoStack());
    centre_->removeWidget(it->second);
    it->second->deleteLater();
    panels_.erase(it);
    if (current_ == view) {
        current_ = nullptr;
        ViewDocument* next = panels_.empty() ? nullptr : panels_.begin()->first;
        setCurrentView(next);
    }
}

void MainWindow::setCurrentView(ViewDocument* view)
{
    current_ = view;
    if (ViewPanel* panel = currentPanel()) {
        centre_->setCurrentWidget(panel);
        undoGroup_->setActiveStack(view->undoStack());
        tree_->setCurrentIndex(model_->indexOf(view));
    } else {
        centre_->setCurrentWidget(placeholder_);
        undoGroup_->setActiveStack(nullptr);
    }
    patterns_->setDocument(view);
    pipeline_->setDocument(view);
    if (bookmarks_)
        bookmarks_->setDocument(view);
    refreshDetails();
    viewLabel_->setText(view ? view->name() : QString());
    actions_->viewChanged();
    refreshInfo();
}

void MainWindow::refreshInfo()
{
    if (!current_) {
        info_->show(nullptr, {}, 0);
        return;
    }
    const int f = session_->fileOf(current_);
    const auto& file = session_->files()[static_cast<std::size_t>(f)];
    info_->show(current_, file.path, file.bytes);
    viewLabel_->setText(current_->name());
}

void MainWindow::setXAxis(XAxis axis)
{
    if (ViewPanel* p = currentPanel())
        p->tracePlot()->setAxis(axis);
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

QWidget* MainWindow::lastModelWindow() const { return lastModel_.data(); }

void MainWindow::showModel()
{
    if (!current_)
        return;
    auto ses = current_->sesPtr();
    const TimeBase timebase = current_->trace().header.timebase;
    const QString title = tr("Model of %1").arg(current_->name());
    auto show = [this, ses, title](SemiMarkovModel model) {
        auto* window = new ModelWindow(std::move(model), ses, this);
        window->setWindowFlag(Qt::Window);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->setWindowTitle(title);
        window->resize(1000, 700);
        window->show();
        lastModel_ = window;
    };
    const int generation = ++fitGeneration_;
    lastModel_ = nullptr;
    if (static_cast<double>(ses->size()) < ViewDocument::asyncThreshold()) {
        try {
            show(fit_chain(*ses, timebase));
        } catch (const std::exception& e) {
            reportError(this, tr("Cannot fit the chain"), QString::fromStdString(e.what()));
        }
        return;
    }
    // A large SES is fitted on a worker; the fit cannot be interrupted, so Cancel (or
    // a newer fit) abandons its result.
    struct Fit {
        std::shared_ptr<SemiMarkovModel> model;
        QString error;
    };
    auto* watcher = new QFutureWatcher<Fit>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, show] {
        watcher->deleteLater();
        if (generation != fitGeneration_)
            return;
        jobs_->finish(&fitGeneration_);
        const Fit fit = watcher->result();
        if (fit.model)
            show(std::move(*fit.model));
        else
            reportError(this, tr("Cannot fit the chain"), fit.error);
    });
    jobs_->start(&fitGeneration_, tr("Fitting the chain…"), [this] {
        ++fitGeneration_;
        jobs_->finish(&fitGeneration_);
    });
    watcher->setFuture(QtConcurrent::run([ses, timebase] {
        Fit fit;
        try {
            fit.model = std::make_shared<SemiMarkovModel>(fit_chain(*ses, timebase));
        } catch (const std::exception& e) {
            fit.error = QString::fromStdString(e.what());
        }
        return fit;
    }));
}

bool MainWindow::importPipeline(const QString& path, QString* error)
{
    if (!current_) {
        if (error)
            *error = tr("no view to apply the pipeline to");
        return false;
    }
    Pipeline pipeline;
    try {
        pipeline = load_pipeline_file(path.toStdString());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    Pipeline after = current_->pipeline();
    after.steps.insert(after.steps.end(), pipeline.steps.begin(), pipeline.steps.end());
    if (current_->runsInBackground(after)) {
        // A long replay: the steps chain into one background job (all or none), each its
        // own undo command; a refusal arrives later as ViewDocument::replayRefused.
        for (const Step& step : pipeline.steps)
            current_->pushStep(step);
        return true;
    }
    // All steps or none: one macro on the undo stack, rolled back on the first refusal.
    QUndoStack* stack = current_->undoStack();
    stack->beginMacro(tr("import %1").arg(QFileInfo(path).fileName()));
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        if (auto refused = current_->pushStep(pipeline.steps[i])) {
            stack->endMacro();
            stack->undo();
            if (error)
                *error = QString("%1: step %2: %3").arg(path).arg(i + 1).arg(*refused);
            return false;
        }
    }
    stack->endMacro();
    return true;
}

bool MainWindow::exportPipeline(const QString& path, QString* error)
{
    if (!current_)
        return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    const std::string json = to_pipeline_json(Pipeline{current_->steps()});
    f.write(json.data(), static_cast<qint64>(json.size()));
    return true;
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
        setCurrentView(session_->addView(session_->fileOf(current_)));
}

void MainWindow::removeCurrentView()
{
    if (current_)
        session_->removeView(current_);
}

bool MainWindow::applyStep(const Step& step, const QString& what)
{
    if (!current_)
        return false;
    if (auto refused = current_->pushStep(step)) {
        showMessage(tr("%1 refused: %2").arg(what, *refused));
        reportError(this, tr("%1 refused").arg(what), *refused);
        return false;
    }
    return true;
}

void MainWindow::openFilterDialog(bool eventDomain)
{
    if (!current_)
        return;
    auto* dialog = new FilterDialog(current_->sesPtr(),
                                    eventDomain ? FilterDialog::Domain::event : FilterDialog::Domain::time, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(eventDomain ? tr("Event filter") : tr("Time filter"));
    ViewDocument* view = current_;
    connect(dialog, &QDialog::accepted, this, [this, dialog, view, eventDomain] {
        if (view == current_)
            applyStep(dialog->step(), eventDomain ? tr("Event filter") : tr("Time filter"));
    });
    dialog->open(); // window-modal, so the event loop (and tests) keep running
}

void MainWindow::openProjectionDialog(int mode)
{
    if (!current_)
        return;
    auto* dialog = new ProjectionDialog(current_->sesPtr(), static_cast<ProjectionDialog::Mode>(mode), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The states of the selected records are the likely ones to project or exclude.
    const RecordRange sel = current_->selection();
    if (!sel.empty()) {
        const Ses& ses = current_->ses();
        const auto [a, b] = elementsOfRecords(ses, sel.begin, sel.end);
        std::vector<SymbolId> picked;
        for (std::size_t i = a; i < b && picked.size() < 256; ++i)
            if (std::find(picked.begin(), picked.end(), ses.symbol[i]) == picked.end())
                picked.push_back(ses.symbol[i]);
        dialog->preselect(picked);
    }
    ViewDocument* view = current_;
    connect(dialog, &QDialog::accepted, this, [this, dialog, view] {
        if (view == current_)
        {
            static const char* names[] = {"Set projection", "Component projection", "Exclude", "Parallel aggregation"};
            applyStep(dialog->step(), tr(names[static_cast<int>(dialog->mode())]));
        }
    });
    dialog->open();
}

bool MainWindow::applyRulesFile(const QString& path, QString* error)
{
    QFile f(path);
    if (!current_ || !f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = current_ ? QString("%1: %2").arg(path, f.errorString()) : tr("no view to apply the rules to");
        return false;
    }
    const QByteArray text = f.readAll();
    step::Rules rules{path.toStdString(), text.toStdString()};
    if (auto refused = current_->pushStep(rules)) {
        if (error)
            *error = *refused;
        return false;
    }
    return true;
}

void MainWindow::loadRulesDialog()
{
    if (!current_)
        return;
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Load rules file"), settings.value("rules/dir").toString(),
                                                      tr("Rules (*.rules *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue("rules/dir", QFileInfo(path).absolutePath());
    QString error;
    if (!applyRulesFile(path, &error)) {
        showMessage(tr("Rules refused: %1").arg(error));
        reportError(this, tr("Cannot apply the rules file"), error);
    }
}

void MainWindow::filterFrequencyBand()
{
    ViewPanel* panel = currentPanel();
    if (!panel)
        return;
    panel->setFrequencyVisible(true);
    if (!panel->frequencyPlot()->band()) {
        showMessage(tr("Shift-drag a band on the frequency view first, then Filter band"));
        return;
    }
    if (auto refused = panel->frequencyPlot()->applyBandFilter()) {
        showMessage(tr("Frequency filter refused: %1").arg(*refused));
        reportError(this, tr("Frequency filter refused"), *refused);
    }
}

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
