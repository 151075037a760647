#include "workbench/main_actions.hpp"

#include "views/frequency/frequency_plot.hpp"
#include "workbench/main_window.hpp"
#include "workbench/recent_files.hpp"
#include "workbench/trace_opener.hpp"
#include "plotting/display_export.hpp"
#include "panels/patterns_panel.hpp"
#include "session/session.hpp"
#include "views/trace/trace_plot.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>
#include <QUndoGroup>

namespace chitra::app {

MainActions::MainActions(MainWindow* w) : QObject(w), w_(w)
{
    QStyle* style = w->style();
    // Traceview displays (docs/traceview.md): a Gantt or rate window of the current view;
    // "Apply as new view" of its view definition dialog makes a new view of the same file.
    auto traceview = [w](TraceviewWindow::Kind kind) -> TraceviewWindow* {
        ViewDocument* v = w->currentView();
        if (!v)
            return nullptr;
        auto makeView = [w](ViewDocument* d) { return w->session()->addView(w->session()->fileOf(d)); };
        return TraceviewWindow::open(v, kind, makeView, w);
    };
    QMenu* file = w->menuBar()->addMenu(tr("&File"));
    open = file->addAction(style->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open trace(s)…"), w,
                           &MainWindow::openDialog);
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
    undo->setIcon(style->standardIcon(QStyle::SP_ArrowBack));
    redo = w->undoGroup()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    redo->setIcon(style->standardIcon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);

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
    connect(connectors, &QAction::toggled, this, [plot](bool on) {
        if (auto* p = plot())
            p->setConnectors(on);
    });
    showFrequency = view->addAction(tr("&Frequency view"));
    showFrequency->setCheckable(true);
    showFrequency->setChecked(true);
    showFrequency->setShortcut(Qt::Key_F);
    connect(showFrequency, &QAction::toggled, this, [w](bool on) {
        if (auto* p = w->currentPanel())
            p->setFrequencyVisible(on);
    });
    showLanes = view->addAction(tr("&Lanes view"));
    showLanes->setIconText(tr("Lanes"));
    showLanes->setToolTip(tr("One row per thread, rank or component, linked with the time view (L)"));
    showLanes->setCheckable(true);
    showLanes->setShortcut(Qt::Key_L);
    connect(showLanes, &QAction::toggled, this, [w](bool on) {
        if (auto* p = w->currentPanel())
            p->setLanesVisible(on);
    });
    ganttDisplay = view->addAction(tr("&Gantt display"), w, [traceview] { traceview(TraceviewWindow::Kind::Gantt); });
    rateDisplay = view->addAction(tr("&Rate display"), w, [traceview] { traceview(TraceviewWindow::Kind::Rate); });
    QMenu* order = view->addMenu(tr("State &order"));
    auto addOrder = [this, w, order](const QString& text, YOrder o) {
        order->addAction(text, w, [w, o] {
            if (auto* v = w->currentView())
                v->setYOrder(o);
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
    frequencyFilter = transform->addAction(tr("&Frequency filter (band on the frequency view)"), w,
                                           &MainWindow::filterFrequencyBand);
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

    QMenu* model = w->menuBar()->addMenu(tr("&Model"));
    fitModel = model->addAction(tr("&Fit chain and show model"), w, &MainWindow::showModel);
    fitModel->setShortcut(Qt::CTRL | Qt::Key_M);

    QMenu* help = w->menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Mouse and keys"), w, [w] {
        QMessageBox::information(
            w, tr("Mouse and keys"),
            tr("Wheel: zoom around the cursor\nDrag: pan\nShift-drag (or B): rubber band, then Zoom, Clip, "
               "Brush pattern or Select\nBackspace: undo zoom   Home: fit all\nT / E: time / event view   F: frequency view   "
               "L: lanes view\n"
               "Ctrl+Z / Ctrl+Shift+Z: undo / redo pipeline steps\nCtrl+G: aggregate the current pattern   Ctrl+M: model"));
    });
    help->addAction(tr("&About Chitra"), w, [w] {
        QMessageBox::about(w, tr("About Chitra"),
                           tr("Chitra: a workbench for program execution traces.\nGPL-3.0-or-later."));
    });

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
    bar->addAction(showLanes);
    bar->addSeparator();
    bar->addAction(clipVisible);
    bar->addAction(aggregate);
    timeFilter->setIconText(tr("Filter…"));
    bar->addAction(timeFilter);
    setProjection->setIconText(tr("Project…"));
    bar->addAction(setProjection);
    bar->addSeparator();
    bar->addAction(fitModel);
    updateRecent();
    viewChanged();
}

void MainActions::updateRecent()
{
    recent_->clear();
    const QStringList files = recentFiles(kRecentTraces);
    for (const QString& f : files)
        recent_->addAction(f, w_, [this, f] { w_->opener()->openRecent(f); });
    recent_->setEnabled(!files.isEmpty());
}

void MainActions::viewChanged()
{
    const bool any = w_->currentView() != nullptr;
    for (QAction* a : {timeView, eventView, fitAll, undoZoom, bandMode, clipVisible, aggregate, fitModel, timeFilter,
                       eventFilter, frequencyFilter, setProjection, componentProjection, exclude, parallel, rules,
                       ganttDisplay, rateDisplay, viewDefinition, exportDisplay, dumpView, dumpDerivation, showLanes})
        a->setEnabled(any);
    auto* panel = w_->currentPanel();
    const bool event = panel && panel->tracePlot()->axis() == XAxis::Event;
    timeView->setChecked(any && !event);
    eventView->setChecked(event);
    if (panel) {
        panel->tracePlot()->setBandMode(bandMode->isChecked());
        panel->tracePlot()->setShowNames(showNames->isChecked());
        const QSignalBlocker block(showFrequency);
        showFrequency->setChecked(panel->document()->displayOpen(1));
        const QSignalBlocker blockLanes(showLanes);
        showLanes->setChecked(panel->lanesShown());
    }
}

} // namespace chitra::app
