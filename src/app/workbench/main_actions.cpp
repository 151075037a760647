#include "workbench/main_actions.hpp"

#include "document/step_broadcast.hpp"

#include "views/frequency/frequency_plot.hpp"
#include "workbench/main_window.hpp"
#include "workbench/recent_files.hpp"
#include "workbench/trace_opener.hpp"
#include "plotting/display_export.hpp"
#include "panels/patterns_panel.hpp"
#include "document/workspace.hpp"
#include "views/trace/trace_plot.hpp"
#include "displays/display_registry.hpp"
#include "displays/traceview_window.hpp"
#include "dialogs/about_dialog.hpp"
#include "dialogs/shortcuts_dialog.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QAction>
#include <QApplication>
#include <QIcon>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

#include <utility>
#include <QUndoGroup>

namespace chitra::app {

namespace {

// A tool tip as plain text, for telling whether it says more than the action's text.
QString plainToolTip(const QAction* a)
{
    QString t = a->toolTip();
    t.remove(QLatin1Char('&'));
    if (t.endsWith(QStringLiteral("…")))
        t.chop(1);
    if (t.endsWith(QStringLiteral("...")))
        t.chop(3);
    return t;
}

// The desktop theme's icon where it has one, ours (resources/icons/actions/) otherwise.
QIcon themed(const char* themeName, const char* ours)
{
    return QIcon::fromTheme(QLatin1String(themeName),
                            QIcon(QStringLiteral(":/icons/actions/%1.svg").arg(QLatin1String(ours))));
}

} // namespace

MainActions::MainActions(MainWindow* w) : QObject(w), w_(w)
{
    // Traceview displays (docs/traceview.md): a Gantt or rate window of the current view;
    // "Apply as new view" of its view definition dialog makes a new view of the same file.
    auto traceview = [w](TraceviewWindow::Kind kind) -> TraceviewWindow* {
        ViewDocument* v = w->currentView();
        if (!v)
            return nullptr;
        auto makeView = [w](ViewDocument* d) { return w->workspace()->addView(w->workspace()->fileOf(d)); };
        return TraceviewWindow::open(v, kind, makeView, w);
    };
    QMenu* file = w->menuBar()->addMenu(tr("&File"));
    open = file->addAction(themed("document-open", "open"), tr("&Open trace(s)…"), w, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    recent_ = file->addMenu(tr("Open &recent"));
    file->addSeparator();
    file->addAction(tr("&Import pipeline…"), w, &MainWindow::importPipelineDialog);
    file->addAction(tr("&Export pipeline…"), w, &MainWindow::exportPipelineDialog);
    exportDisplay = file->addAction(tr("Export &display…"), w, [traceview] {
        if (auto* t = traceview(TraceviewWindow::Kind::Gantt))
            exportWidgetInteractive(t->display(), t);
    });
    exportDisplay->setToolTip(tr("Write the Gantt display of the current view as PNG, SVG or PDF"));
    dumpView = file->addAction(tr("Dump vie&w…"), w, [w] {
        if (auto* v = w->currentView())
            TraceviewWindow::dumpView(v, w);
    });
    dumpView->setToolTip(tr("Write the current view record by record (time, state, fields) to a text file"));
    dumpDerivation = file->addAction(tr("Dump deri&vation…"), w, [w] {
        if (auto* v = w->currentView())
            TraceviewWindow::dumpDerivation(v, w);
    });
    dumpDerivation->setToolTip(tr("Write how the current view was derived from the raw trace, step by step"));
    file->addSeparator();
    file->addAction(tr("New &view of this trace"), w, &MainWindow::addViewOfCurrentFile);
    file->addAction(tr("&Close view"), w, &MainWindow::removeCurrentView);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), w, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = w->menuBar()->addMenu(tr("&Edit"));
    undo = w->undoGroup()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(themed("edit-undo", "undo"));
    redo = w->undoGroup()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    redo->setIcon(themed("edit-redo", "redo"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    preferences = edit->addAction(tr("&Preferences…"), w, &MainWindow::editPreferences);
    // The desktop's key for preferences where it has one, else Ctrl+, as many programs use.
    QList<QKeySequence> preferenceKeys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (preferenceKeys.isEmpty())
        preferenceKeys = {QKeySequence(Qt::CTRL | Qt::Key_Comma)};
    preferences->setShortcuts(preferenceKeys);
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setStatusTip(tr("Set how durations are written, the state colours, the autosave interval "
                                 "and the default short-visit threshold"));

    auto plot = [w]() -> TracePlot* { return w->currentPanel() ? w->currentPanel()->tracePlot() : nullptr; };
    QMenu* view = w->menuBar()->addMenu(tr("&View"));
    timeView = view->addAction(tr("&Time view"), w, [w] { w->setXAxis(XAxis::Time); });
    timeView->setShortcut(Qt::Key_T);
    timeView->setCheckable(true);
    eventView = view->addAction(tr("&Event view"), w, [w] { w->setXAxis(XAxis::Event); });
    eventView->setShortcut(Qt::Key_E);
    eventView->setCheckable(true);
    view->addSeparator();
    fitAll = view->addAction(tr("&Fit all"), w, &MainWindow::fitAll);
    fitAll->setShortcut(Qt::Key_Home);
    undoZoom = view->addAction(tr("&Undo zoom"), w, &MainWindow::undoZoom);
    undoZoom->setShortcut(Qt::Key_Backspace);
    bandMode = view->addAction(tr("&Rubber band mode (or Shift-drag)"));
    bandMode->setCheckable(true);
    bandMode->setShortcut(Qt::Key_B);
    connect(bandMode, &QAction::toggled, this, [plot](bool on) {
        if (auto* p = plot())
            p->setBandMode(on);
    });
    view->addSeparator();
    showNames = view->addAction(tr("State &names on the y axis"));
    showNames->setCheckable(true);
    showNames->setChecked(true);
    connect(showNames, &QAction::toggled, this, [plot](bool on) {
        if (auto* p = plot())
            p->setShowNames(on);
    });
    connectors = view->addAction(tr("&Connecting lines"));
    connectors->setCheckable(true);
    connectors->setChecked(true);
    connect(connectors, &QAction::toggled, this, [w](bool on) {
        if (ViewDocument* v = w->currentView())
            v->presentation().setConnectors(on);
    });
    // The displays' entries, as the display registry lists them: a toggle for a display
    // in the view's panel, "open or raise" for one in a window of its own.
    for (const DisplayType* type : DisplayRegistry::all()) {
        const DisplayType::MenuEntry& entry = type->menu();
        if (entry.text.isEmpty())
            continue;
        QAction* a = view->addAction(entry.text);
        a->setShortcut(entry.shortcut);
        if (!entry.iconText.isEmpty())
            a->setIconText(entry.iconText);
        if (!entry.icon.isEmpty())
            a->setIcon(QIcon(entry.icon));
        const QString name = type->name();
        if (entry.toggles) {
            a->setCheckable(true);
            connect(a, &QAction::toggled, this, [w, name](bool on) {
                if (ViewDocument* v = w->currentView())
                    on ? w->openDisplay(v, name) : w->closeDisplay(v, name);
            });
        } else {
            connect(a, &QAction::triggered, this, [w, name] {
                if (ViewDocument* v = w->currentView())
                    w->openDisplay(v, name);
            });
        }
        displayActions_.emplace_back(type, a);
    }
    view->addSeparator();
    // Focus: every dock folds away so the displays get the whole window; again brings back
    // those that were open.
    focus = view->addAction(tr("F&ocus on the displays"));
    focus->setCheckable(true);
    focus->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_F);
    focus->setStatusTip(tr("Hide every side panel to give the displays the whole window; again to bring them back"));
    connect(focus, &QAction::toggled, this, [this, w](bool on) {
        if (on) {
            focusHidden_.clear();
            for (QDockWidget* d : w->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
                if (d->isVisible()) {
                    focusHidden_.append(d);
                    d->hide();
                }
        } else {
            for (const QPointer<QDockWidget>& d : std::as_const(focusHidden_))
                if (d)
                    d->show();
            focusHidden_.clear();
        }
    });
    resetLayout = view->addAction(tr("Reset &panel layout"), w, [this, w] {
        focus->setChecked(false);
        w->arrangeDocksByDefault();
    });
    resetLayout->setStatusTip(
        tr("Put every side panel back in the right column, in two groups of tabs, as on first start"));
    QMenu* order = view->addMenu(tr("State &order"));
    auto addOrder = [this, w, order](const QString& text, YOrder o) {
        order->addAction(text, w, [w, o] {
            if (auto* v = w->currentView())
                v->presentation().setYOrder(o);
        });
    };
    addOrder(tr("By first appearance"), YOrder::FirstAppearance);
    addOrder(tr("By name"), YOrder::Name);
    addOrder(tr("By share of time"), YOrder::TimeShare);
    order->addSeparator();
    order->addAction(tr("Custom (drag to reorder)…"), w, &MainWindow::editStateOrder);

    QMenu* transform = w->menuBar()->addMenu(tr("&Transform"));
    clipVisible = transform->addAction(tr("&Clip to visible range"), w, [w, plot] {
        auto* p = plot();
        if (!p)
            return;
        const auto [x0, x1] = p->visibleRange();
        p->applyBand(BandAction::Clip, x0, x1);
    });
    aggregate = transform->addAction(tr("&Aggregate pattern…"), w->patternsPanel(), &PatternsPanel::aggregateCurrent);
    aggregate->setShortcut(Qt::CTRL | Qt::Key_G);
    aggregate->setToolTip(tr("Turn the selected brushed pattern into a composite state"));
    transform->addSeparator();
    timeFilter = transform->addAction(tr("&Time filter…"), w, [w] { w->openFilterDialog(false); });
    timeFilter->setShortcut(Qt::CTRL | Qt::Key_L);
    timeFilter->setToolTip(tr("Merge the states with a small share of time (histogram, draggable threshold)"));
    eventFilter = transform->addAction(tr("E&vent filter…"), w, [w] { w->openFilterDialog(true); });
    eventFilter->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_L);
    eventFilter->setToolTip(tr("Merge the states that occur rarely"));
    frequencyFilter =
        transform->addAction(tr("&Frequency filter (band on the frequency view)"), w, &MainWindow::filterFrequencyBand);
    frequencyFilter->setToolTip(tr("Shift-drag a band on the periodogram first"));
    transform->addSeparator();
    setProjection = transform->addAction(tr("&Set projection…"), w, [w] { w->openProjectionDialog(0); });
    setProjection->setShortcut(Qt::CTRL | Qt::Key_P);
    componentProjection = transform->addAction(tr("C&omponent projection…"), w, [w] { w->openProjectionDialog(1); });
    exclude = transform->addAction(tr("E&xclude states…"), w, [w] { w->openProjectionDialog(2); });
    parallel = transform->addAction(tr("&Parallel aggregation…"), w, [w] { w->openProjectionDialog(3); });
    transform->addSeparator();
    rules = transform->addAction(tr("Load &rules file…"), w, &MainWindow::loadRulesDialog);
    viewDefinition = transform->addAction(tr("&View definition…"), w, [traceview] {
        if (auto* t = traceview(TraceviewWindow::Kind::Gantt))
            t->defineView();
    });
    transform->addSeparator();
    applyToAll =
        transform->addAction(tr("Apply last step to &every open trace"), w, [w] { w->applyLastStepToAllTraces(); });

    QMenu* model = w->menuBar()->addMenu(tr("&Model"));
    fitModel = model->addAction(tr("&Fit chain and show model"), w, &MainWindow::showModel);
    fitModel->setShortcut(Qt::CTRL | Qt::Key_M);
    ensemble = model->addAction(tr("&Ensemble of open traces…"), w, &MainWindow::showEnsemble);

    QMenu* help = w->menuBar()->addMenu(tr("&Help"));
    keyboardShortcuts = help->addAction(tr("&Keyboard shortcuts"), w, [w] {
        auto* d = new ShortcutsDialog(w);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->open();
    });
    keyboardShortcuts->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About Chitra"), w, [w] {
        auto* d = new AboutDialog(w);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->open();
    });

    // Icons: the theme's where it has a fitting one, ours where it has none that means the same.
    timeView->setIcon(QIcon(QStringLiteral(":/icons/actions/time-view.svg")));
    eventView->setIcon(QIcon(QStringLiteral(":/icons/actions/event-view.svg")));
    bandMode->setIcon(themed("edit-select", "band"));
    fitAll->setIcon(themed("zoom-fit-best", "fit-all"));
    clipVisible->setIcon(QIcon(QStringLiteral(":/icons/actions/clip.svg")));
    aggregate->setIcon(QIcon(QStringLiteral(":/icons/actions/aggregate.svg")));
    timeFilter->setIcon(themed("view-filter", "filter"));
    eventFilter->setIcon(timeFilter->icon());
    setProjection->setIcon(QIcon(QStringLiteral(":/icons/actions/project.svg")));
    fitModel->setIcon(QIcon(QStringLiteral(":/icons/actions/model.svg")));
    keyboardShortcuts->setIcon(QIcon::fromTheme(QStringLiteral("help-keyboard-shortcuts")));

    QToolBar* bar = w->addToolBar(tr("Main"));
    bar->setObjectName("maintoolbar");
    bar->addAction(open);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addAction(timeView);
    bar->addAction(eventView);
    bar->addAction(bandMode);
    bar->addAction(fitAll);
    for (const auto& [type, a] : displayActions_)
        if (!type->menu().iconText.isEmpty())
            bar->addAction(a);
    bar->addSeparator();
    bar->addAction(clipVisible);
    bar->addAction(aggregate);
    timeFilter->setIconText(tr("Filter…"));
    bar->addAction(timeFilter);
    setProjection->setIconText(tr("Project…"));
    bar->addAction(setProjection);
    bar->addSeparator();
    bar->addAction(fitModel);

    // A status tip for every action (shown in the status bar while the menu item is hovered);
    // where a tool tip says more than the text, the status tip repeats it.
    std::vector<std::pair<QAction*, QString>> tips = {
        {open, tr("Open one or more trace files (.pes, text, OTF2, Chrome JSON, …) as new views")},
        {undo, tr("Undo the last pipeline step of the current view")},
        {redo, tr("Redo the pipeline step last undone")},
        {timeView, tr("Show the trace against time")},
        {eventView, tr("Show the trace against event index, one column per event")},
        {fitAll, tr("Zoom out to show the whole trace")},
        {undoZoom, tr("Go back to the previous zoom")},
        {bandMode, tr("Drag draws a rubber band (to zoom, clip or brush a pattern) instead of panning")},
        {showNames, tr("Write the state names on the y axis of the time view")},
        {connectors, tr("Join consecutive states with vertical lines in the time view")},
        {clipVisible, tr("Keep only the part of the trace that is visible now (a new pipeline step)")},
        {setProjection, tr("Keep or merge states by name: a projection of the state set")},
        {componentProjection, tr("Keep some components of composite states and drop the others")},
        {exclude, tr("Remove chosen states from the trace")},
        {parallel, tr("Aggregate states that occur in parallel into composite states")},
        {rules, tr("Load a rules file that names, merges or colours states")},
        {viewDefinition, tr("Edit the definition of the current view (Traceview style) and apply it")},
        {applyToAll, tr("Append the current view's last step to a view of every other open trace, each undoable "
                        "there; traces where it matches nothing are named")},
        {fitModel, tr("Fit a Markov chain to the current view and show the model")},
        {ensemble, tr("Take every open trace as a run of one ensemble: compare their spectra and fit "
                      "formulas across their parameters, with the current view's pipeline applied to each")},
        {keyboardShortcuts, tr("List every keyboard shortcut of Chitra")},
    };
    for (const auto& [type, a] : displayActions_)
        tips.emplace_back(a, type->menu().statusTip);
    for (const auto& [action, tip] : tips) {
        action->setStatusTip(tip);
        if (plainToolTip(action) == plainActionText(action))
            action->setToolTip(action->shortcut().isEmpty()
                                   ? tip
                                   : tip + QStringLiteral(" (") +
                                         action->shortcut().toString(QKeySequence::NativeText) + QStringLiteral(")"));
    }
    for (QAction* a : {exportDisplay, dumpView, dumpDerivation, aggregate, timeFilter, eventFilter, frequencyFilter})
        a->setStatusTip(a->toolTip());
    for (QAction* a : file->actions()) {
        if (!a->statusTip().isEmpty() || a->isSeparator())
            continue;
        const QString t = plainActionText(a);
        if (a->menu() == recent_)
            a->setStatusTip(tr("Open a trace opened before"));
        else if (t == tr("Import pipeline"))
            a->setStatusTip(tr("Apply the steps of a saved pipeline (JSON) to the current view"));
        else if (t == tr("Export pipeline"))
            a->setStatusTip(tr("Save the steps of the current view as a pipeline (JSON) to reuse on other traces"));
        else if (t == tr("New view of this trace"))
            a->setStatusTip(tr("Open another view of the current trace, with its own pipeline"));
        else if (t == tr("Close view"))
            a->setStatusTip(tr("Close the current view"));
        else if (t == tr("Quit"))
            a->setStatusTip(tr("Quit Chitra"));
    }
    for (QAction* a : order->actions())
        if (!a->isSeparator())
            a->setStatusTip(tr("Order the states on the y axis: %1").arg(plainActionText(a).toLower()));
    order->menuAction()->setStatusTip(tr("Order of the states on the y axis"));
    for (QAction* a : help->actions())
        if (a->statusTip().isEmpty())
            a->setStatusTip(tr("The version and license of Chitra and of the libraries it uses"));
    // Tool-bar actions whose tool tip is only their text get one that says what they do.
    for (QAction* a : bar->actions())
        if (!a->isSeparator() && (plainToolTip(a) == plainActionText(a) || plainToolTip(a) == a->iconText()))
            a->setToolTip(a->statusTip());
    updateRecent();
    viewChanged();
}

void MainActions::updateRecent()
{
    recent_->clear();
    const QStringList files = recentFiles(kRecentTraces);
    for (const QString& f : files)
        recent_->addAction(f, w_, [this, f] { w_->opener()->openRecent(f); })->setStatusTip(tr("Open %1").arg(f));
    recent_->setEnabled(!files.isEmpty());
}

void MainActions::viewChanged()
{
    const bool any = w_->currentView() != nullptr;
    for (QAction* a :
         {timeView, eventView,  fitAll,         undoZoom,        bandMode,      clipVisible,         aggregate,
          fitModel, timeFilter, eventFilter,    frequencyFilter, setProjection, componentProjection, exclude,
          parallel, rules,      viewDefinition, exportDisplay,   dumpView,      dumpDerivation,      ensemble})
        a->setEnabled(any);
    applyToAll->setEnabled(any && w_->workspace()->files().size() > 1);
    auto* panel = w_->currentPanel();
    const bool event = any && w_->currentView()->presentation().traceAxis() == XAxis::Event;
    timeView->setChecked(any && !event);
    eventView->setChecked(event);
    {
        const QSignalBlocker block(connectors);
        connectors->setChecked(!any || w_->currentView()->presentation().connectors());
    }
    if (panel) {
        panel->tracePlot()->setBandMode(bandMode->isChecked());
        panel->tracePlot()->setShowNames(showNames->isChecked());
    }
    for (const auto& [type, a] : displayActions_) {
        a->setEnabled(any);
        const QSignalBlocker block(a);
        a->setChecked(any && type->menu().toggles && w_->currentView()->presentation().displayOpen(type->name()));
    }
}

QAction* MainActions::displayAction(const QString& display) const
{
    for (const auto& [type, a] : displayActions_)
        if (type->name() == display)
            return a;
    return nullptr;
}

} // namespace chitra::app
