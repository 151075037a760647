// Drives the real main window offscreen: open, brush a pattern with the mouse,
// aggregate and undo, clip and undo, zoom undo, screenshots, bad input.
#include "gui_test_util.hpp"
#include "chitra/io/io.hpp"
#include "chitra/transforms/pattern.hpp"
#include "workbench/error_reporter.hpp"
#include "dialogs/filter_dialog.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/application_icon.hpp"
#include "workbench/main_window.hpp"
#include "panels/patterns_panel.hpp"
#include "panels/pipeline_panel.hpp"
#include "session/session_model.hpp"
#include "panels/state_details_panel.hpp"
#include "panels/trace_info_panel.hpp"
#include "dialogs/state_order_dialog.hpp"
#include "document/workspace.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QTreeView>
#include <QTreeWidget>
#include <QPushButton>
#include <QImage>
#include <QSet>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoGroup>
#include <QUndoStack>
#include <QTreeWidget>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {
// 20 x (A B C D), then a closing E: elements A..D four times twenty = 80 with the
// last record closing the previous state (no declared end).
QString writeTrace(const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    QByteArray text = "# chitra-pes 1\n# timebase: us\n";
    int t = 0;
    const char* states[] = {"A", "B", "C", "D"};
    const int durations[] = {10, 5, 20, 7};
    for (int r = 0; r < 20; ++r)
        for (int s = 0; s < 4; ++s) {
            text += QByteArray::number(t) + " " + states[s] + "\n";
            t += durations[s];
        }
    text += QByteArray::number(t) + " E\n";
    f.write(text);
    return path;
}

// Pixels of exactly `colour` in row y between x0 and x1.
int pixelsInRow(const QImage& image, int y, int x0, int x1, QRgb colour)
{
    int n = 0;
    for (int x = std::max(0, x0); x < std::min(image.width(), x1); ++x)
        n += (image.pixel(x, y) & 0xFFFFFFu) == (colour & 0xFFFFFFu);
    return n;
}

QAction* findAction(QMenu* menu, const QString& text)
{
    for (QAction* a : menu->actions()) {
        if (a->text() == text)
            return a;
        if (a->menu())
            if (QAction* sub = findAction(a->menu(), text))
                return sub;
    }
    return nullptr;
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y) & 0xFFFFFFu);
    return static_cast<int>(colours.size());
}

double nonBackgroundShare(const QImage& image)
{
    const QRgb bg = image.pixel(image.width() - 3, 3) & 0xFFFFFFu;
    long other = 0, all = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2, ++all)
            other += (image.pixel(x, y) & 0xFFFFFFu) != bg;
    return static_cast<double>(other) / static_cast<double>(all);
}
} // namespace

class WorkbenchTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        setErrorHook([this](QWidget*, const QString&, const QString& text) { errors_ << text; });
        QVERIFY(dir_.isValid());
        path_ = writeTrace(dir_, "abcd.pes");
        window_ = new MainWindow;
        window_->resize(1200, 800);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        window_->openFiles({path_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->currentView() != nullptr, 20000);
        QCOMPARE(window_->currentView()->ses().size(), std::size_t{80});
    }
    void cleanupTestCase() { delete window_; }

    // resources/icons/chitra.svg is built in and renders: the lanes are coloured.
    void applicationIconRenders()
    {
        const QIcon icon = applicationIcon();
        QVERIFY(!icon.isNull());
        const QImage image = icon.pixmap(64, 64).toImage();
        QCOMPARE(image.size(), QSize(64, 64));
        QCOMPARE(QColor(image.pixel(12, 15)), QColor("#4e79a7")); // the first lane's first region
        QCOMPARE(qAlpha(image.pixel(0, 0)), 0);                   // outside the rounded square
    }

    void brushPatternByMouse()
    {
        TracePlot* plot = window_->currentPanel()->tracePlot();
        window_->setXAxis(XAxis::Event);
        plot->fitAll();
        plot->replotNow();
        plot->setBandChooser([](QPoint) { return BandAction::Brush; });
        // Elements 0, 1, 2 (A B C) have their middles at 0.5, 1.5, 2.5.
        const QPoint from = plot->pixelOf(0.2, 1), to = plot->pixelOf(2.8, 1);
        QWidget* canvas = plot->canvas();
        QTest::mousePress(canvas, Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(canvas, to);
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::ShiftModifier, to);
        ViewDocument* doc = window_->currentView();
        QCOMPARE(doc->presentation().patterns().size(), std::size_t{1});
        const auto& p = doc->presentation().patterns().front();
        QCOMPARE(p.names, (std::vector<std::string>{"A", "B", "C"}));
        // The core's pattern search and the hand count agree with the highlight.
        QCOMPARE(p.starts.size(), find_pattern(doc->ses(), p.names).count());
        QCOMPARE(p.starts.size(), std::size_t{20});
        QCOMPARE(p.elementShare, 60.0 / 80.0);
        QCOMPARE(p.timeShare, 35.0 / 42.0);
        // Brushing also selects the records of the band in every display of the view.
        QCOMPARE(doc->presentation().selection(), (app::RecordRange{0, 3}));
    }

    // A long pattern wraps in the Patterns dock instead of being cut off, and the rows
    // follow the column's width.
    void longPatternsWrapInThePatternsDock()
    {
        auto trace =
            std::make_shared<const Trace>(load_trace(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x1000.pes"));
        ViewDocument doc(trace, "wrap");
        PatternsPanel panel;
        panel.setDocument(&doc);
        doc.addPattern({"A1E", "A1R1", "A1R2", "A1T", "A2T"});
        panel.resize(300, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* tree = panel.findChild<QTreeWidget*>();
        QVERIFY(tree);
        QTreeWidgetItem* item = tree->topLevelItem(0);
        QCOMPARE(item->text(0), QString("A1E, A1R1, A1R2, A1T, A2T"));
        const int line = tree->fontMetrics().height();
        QTRY_VERIFY(tree->visualItemRect(item).height() >= 2 * line);
        panel.resize(900, 300);
        QTRY_VERIFY(tree->visualItemRect(item).height() < 2 * line);
    }

    void aggregateAndUndo()
    {
        ViewDocument* doc = window_->currentView();
        QUndoStack* stack = doc->undoStack();
        const int before = stack->count();
        PatternsPanel* panel = window_->patternsPanel();
        panel->setCurrentPattern(0);
        // A name already taken is refused inline and nothing is pushed.
        QStringList problems;
        panel->setNamePrompt([&](const QString&, const QString& problem) -> std::optional<QString> {
            if (!problem.isEmpty()) {
                problems << problem;
                return std::nullopt; // the user gives up
            }
            return QString("D");
        });
        panel->aggregateCurrent();
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.front().contains("taken"));
        QCOMPARE(stack->count(), before);
        QCOMPARE(doc->ses().size(), std::size_t{80});

        panel->setNamePrompt(
            [](const QString& suggested, const QString&) -> std::optional<QString> { return suggested; });
        panel->aggregateCurrent();
        QCOMPARE(stack->count(), before + 1);
        QCOMPARE(doc->ses().size(), std::size_t{40}); // 20 x (ABC D)
        const SymbolId z = doc->ses().symbols->find("A_B_C");
        QVERIFY(z != kNoSymbol);
        QCOMPARE(doc->ses().symbol[0], z);
        QCOMPARE(doc->ses().occupancy(0), Time{35});
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
        QCOMPARE(stack->count(), before + 1); // still redoable
        window_->undoGroup()->redo();
        QCOMPARE(doc->ses().size(), std::size_t{40});
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
    }

    void clipAndUndo()
    {
        ViewDocument* doc = window_->currentView();
        TracePlot* plot = window_->currentPanel()->tracePlot();
        plot->fitAll();
        plot->replotNow();
        plot->setBandChooser([](QPoint) { return BandAction::Clip; });
        const QPoint from = plot->pixelOf(10.2, 0), to = plot->pixelOf(29.8, 0);
        QTest::mousePress(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(plot->canvas(), to);
        QTest::mouseRelease(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, to);
        QCOMPARE(doc->ses().size(), std::size_t{20});
        QCOMPARE(doc->ses().records.front(), RecordIndex{10});
        QCOMPARE(doc->ses().name(0), std::string("C")); // record 10 is the third of 4
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
    }

    void zoomAndZoomUndo()
    {
        TracePlot* plot = window_->currentPanel()->tracePlot();
        plot->fitAll();
        const auto full = plot->visibleRange();
        plot->applyBand(BandAction::Zoom, 20, 40);
        QCOMPARE(plot->visibleRange(), std::make_pair(20.0, 40.0));
        plot->undoZoom();
        QCOMPARE(plot->visibleRange(), full);
    }

    void filterViaDialogThenUndo()
    {
        ViewDocument* doc = window_->currentView();
        QUndoStack* stack = doc->undoStack();
        const int before = stack->index();
        window_->actions()->timeFilter->trigger();
        FilterDialog* dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = window_->findChild<FilterDialog*>()) && dialog->isVisible(), 5000);
        // Shares of time: A 10/42, B 5/42, C 20/42, D 7/42. Below 30%: A, B and D merge;
        // runs: [A B] before the first C, 19 x [D A B] between Cs, a last [D] at the end.
        testutil::typeInto(dialog->thresholdBox(), "30");
        QCOMPARE(dialog->thresholdBox()->value(), 30.0);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->okButton()->isEnabled(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->previewElements(), 41LL, 10000);
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QCOMPARE(stack->index(), before + 1);
        const Ses& ses = doc->ses();
        QCOMPARE(ses.size(), std::size_t{41});
        QCOMPARE(ses.name(0), std::string("T1"));
        QCOMPARE(ses.name(1), std::string("C"));
        QCOMPARE(ses.name(2), std::string("T2"));
        QCOMPARE(ses.occupancy(2), Time{22});
        QCOMPARE(ses.name(40), std::string("T3"));
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
        QCOMPARE(doc->steps().size(), std::size_t{0});
    }

    void removeEarlierStepFromPipelinePanel()
    {
        ViewDocument* doc = window_->currentView();
        QUndoStack* stack = doc->undoStack();
        QVERIFY(!doc->pushStep(step::Aggregate{{"C", "D"}, "CD"}));
        QVERIFY(!doc->pushStep(step::Aggregate{{"A", "B"}, "AB"}));
        QVERIFY(!doc->pushStep(step::Project{{"CD"}, "Y"}));
        QCOMPARE(doc->ses().size(), std::size_t{40});
        const int count = stack->index();
        PipelinePanel* panel = window_->pipelinePanel();
        QCOMPARE(panel->stepList()->count(), 3);

        // Step 3 names CD, which step 1 makes: removing step 1 is refused, naming step 3.
        errors_.clear();
        testutil::clickRow(panel->stepList(), 0);
        QTest::mouseClick(panel->removeButton(), Qt::LeftButton);
        QCOMPARE(errors_.size(), 1);
        QVERIFY2(errors_.front().contains("step 3"), qPrintable(errors_.front()));
        QCOMPARE(stack->index(), count);
        QCOMPARE(doc->steps().size(), std::size_t{3});

        // Remove step 3, then step 1: (A B C D) x 20 -> (AB C D) x 20.
        testutil::clickRow(panel->stepList(), 2);
        QTest::mouseClick(panel->removeButton(), Qt::LeftButton);
        QCOMPARE(doc->steps().size(), std::size_t{2});
        testutil::clickRow(panel->stepList(), 0);
        QTest::mouseClick(panel->removeButton(), Qt::LeftButton);
        QCOMPARE(doc->steps().size(), std::size_t{1});
        QCOMPARE(panel->stepList()->count(), 1);
        QCOMPARE(doc->ses().size(), std::size_t{60});
        QCOMPARE(doc->ses().name(0), std::string("AB"));
        QCOMPARE(doc->ses().name(1), std::string("C"));
        QCOMPARE(doc->ses().occupancy(0), Time{15});

        // Edit the remaining step's name; undo restores the old one.
        panel->setStepEditor([](const Step& s) -> std::optional<Step> {
            auto a = std::get<step::Aggregate>(s);
            a.as = "FIRST";
            return Step{a};
        });
        testutil::clickRow(panel->stepList(), 0);
        QTest::mouseClick(panel->editButton(), Qt::LeftButton);
        QCOMPARE(doc->ses().name(0), std::string("FIRST"));
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().name(0), std::string("AB"));
        window_->undoGroup()->undo(); // step 1 is back
        QCOMPARE(doc->steps().size(), std::size_t{2});
        QCOMPARE(doc->ses().size(), std::size_t{40});
        window_->undoGroup()->undo(); // step 3 is back
        QCOMPARE(doc->steps().size(), std::size_t{3});
        while (!doc->steps().empty())
            window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
    }

    void stepWarningsAreShown()
    {
        ViewDocument* doc = window_->currentView();
        QVERIFY(!doc->pushStep(step::Exclude{{"NOPE"}}));
        QVERIFY(!doc->stepWarnings(0).isEmpty());
        QVERIFY(window_->statusBar()->currentMessage().contains("NOPE"));
        QListWidget* list = window_->pipelinePanel()->stepList();
        QCOMPARE(list->count(), 1);
        QVERIFY(list->item(0)->toolTip().contains("NOPE"));
        window_->undoGroup()->undo();
        QCOMPARE(list->count(), 0);
    }

    void rulesFileLoadAndRefusal()
    {
        ViewDocument* doc = window_->currentView();
        const int count = doc->undoStack()->index();
        const QString bad = dir_.filePath("bad.rules");
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# two lines match A\nFIRST = A, B\nSECOND = A*\n");
        }
        QString error;
        QVERIFY(!window_->applyRulesFile(bad, &error));
        QVERIFY2(error.contains("bad.rules:"), qPrintable(error));
        QCOMPARE(doc->undoStack()->index(), count);
        const QString good = dir_.filePath("good.rules");
        {
            QFile f(good);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("AB = A, B\n");
        }
        QVERIFY2(window_->applyRulesFile(good, &error), qPrintable(error));
        QCOMPARE(doc->ses().size(), std::size_t{60}); // (AB C D) x 20
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
    }

    void frequencyBandFilter()
    {
        ViewDocument* doc = window_->currentView();
        ViewPanel* panel = window_->currentPanel();
        window_->setXAxis(XAxis::Event);
        panel->tracePlot()->fitAll();
        FrequencyPlot* freq = panel->frequencyPlot();
        freq->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!freq->busy() && freq->binCount() > 0, 20000);
        QCOMPARE(freq->domain(), XAxis::Event);
        // Shift-drag a band on the periodogram.
        QWidget* canvas = freq->canvas();
        const int y = canvas->height() / 2;
        QTest::mousePress(canvas, Qt::LeftButton, Qt::ShiftModifier, QPoint(canvas->width() / 3, y));
        QTest::mouseMove(canvas, QPoint(canvas->width() / 2, y));
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::ShiftModifier, QPoint(canvas->width() / 2, y));
        QVERIFY(freq->band().has_value());
        QVERIFY(freq->filterButton()->isEnabled());
        // Every state recurs once per 4 events: each indicator's strongest frequency is
        // 0.25 cycles per event, so a band around it merges the whole SES into one run.
        freq->setBand(0.2, 0.3);
        const auto s = freq->bandFilterStep();
        QVERIFY(s && std::get<step::FilterFrequency>(*s).event_domain);
        QTest::mouseClick(freq->filterButton(), Qt::LeftButton);
        QCOMPARE(doc->steps().size(), std::size_t{1});
        QCOMPARE(doc->ses().size(), std::size_t{1});
        QVERIFY(!freq->band().has_value());
        window_->undoGroup()->undo();
        QCOMPARE(doc->ses().size(), std::size_t{80});
    }

    void statePickingDrawsLine()
    {
        ViewDocument* doc = window_->currentView();
        ViewPanel* panel = window_->currentPanel();
        TracePlot* plot = panel->tracePlot();
        window_->setXAxis(XAxis::Time);
        plot->fitAll();
        plot->replotNow();
        QVERIFY(!plot->pickLineVisible());
        const QRgb line = qRgb(20, 20, 20);
        const auto [x0, x1] = plot->visibleRange();
        const int left = plot->pixelOf(x0, 0).x(), right = plot->pixelOf(x1, 0).x();
        const int yC = plot->pixelOf(0, 2).y(); // lanes by first appearance: A 0, B 1, C 2, D 3
        const QImage before = plot->canvas()->grab().toImage();
        QVERIFY(pixelsInRow(before, yC, left, right, line) < (right - left) / 10);

        // A plain click on C's lane picks C: line, details and statistics follow.
        QTest::mouseClick(plot->canvas(), Qt::LeftButton, Qt::NoModifier, plot->pixelOf(0.37 * (x0 + x1), 2));
        const SymbolId c = doc->ses().symbols->find("C");
        QCOMPARE(doc->pickedState(), c);
        QVERIFY(plot->pickLineVisible());
        QCOMPARE(plot->pickLineLane(), 2.0);
        StateDetailsPanel* details = window_->stateDetails();
        QCOMPARE(details->chosenState(), c);
        QCOMPARE(details->stats().count, std::uint64_t{20});
        QCOMPARE(details->stats().mean, 20.0);
        plot->replotNow();
        const QImage after = plot->canvas()->grab().toImage();
        QVERIFY2(pixelsInRow(after, yC, left, right, line) > (right - left) / 2,
                 qPrintable(QString::number(pixelsInRow(after, yC, left, right, line))));

        // Choosing A in the panel's list moves the line to A's lane.
        const SymbolId a = doc->ses().symbols->find("A");
        QListView* list = details->stateList();
        for (int r = 0; r < list->model()->rowCount(); ++r)
            if (list->model()->index(r, 0).data(Qt::UserRole).value<SymbolId>() == a)
                testutil::clickRow(list, r);
        QCOMPARE(doc->pickedState(), a);
        QCOMPARE(plot->pickLineLane(), 0.0);
        QCOMPARE(details->stats().count, std::uint64_t{20});
        QCOMPARE(details->stats().mean, 10.0);
        doc->setPickedState(kNoSymbol);
        QVERIFY(!plot->pickLineVisible());
    }

    void customStateOrder()
    {
        ViewDocument* doc = window_->currentView();
        StateOrderDialog dialog(doc);
        QListWidget* list = dialog.list();
        QCOMPARE(list->count(), 4);
        QCOMPARE(list->item(0)->text(), QString("D")); // top lane first
        // Drag A (bottom) to the top, as InternalMove does.
        list->insertItem(0, list->takeItem(3));
        dialog.apply();
        QCOMPARE(doc->presentation().yOrder(), YOrder::Custom);
        QCOMPARE(doc->laneOf(doc->ses().symbols->find("A")), 3);
        QCOMPARE(doc->laneOf(doc->ses().symbols->find("B")), 0);
        QCOMPARE(doc->laneOf(doc->ses().symbols->find("D")), 2);
        doc->presentation().setYOrder(YOrder::FirstAppearance);
        QCOMPARE(doc->laneOf(doc->ses().symbols->find("A")), 0);
    }

    void contextMenuAddsViewAndClosesDisplay()
    {
        SessionModel* model = window_->sessionModel();
        const int views = window_->workspace()->viewCount();
        const QModelIndex file = model->index(0, 0);
        QMenu menu;
        window_->fillSessionMenu(&menu, file);
        QAction* add = findAction(&menu, "New view of this file");
        QVERIFY(add);
        add->trigger();
        QCOMPARE(window_->workspace()->viewCount(), views + 1);
        QCOMPARE(model->rowCount(model->index(0, 0)), views + 1);
        ViewDocument* added = window_->currentView();
        QCOMPARE(model->viewOf(model->index(views, 0, model->index(0, 0))), added);

        // Close the new view's frequency display, then reopen it from the view's menu.
        const QModelIndex viewIndex = model->indexOf(added);
        const QModelIndex freqIndex = model->index(1, 0, viewIndex);
        QMenu displayMenu;
        window_->fillSessionMenu(&displayMenu, freqIndex);
        findAction(&displayMenu, "Close display")->trigger();
        QVERIFY(!added->presentation().displayOpen("frequency"));
        QVERIFY(!window_->panelOf(added)->frequencyPlot()->isVisibleTo(window_->panelOf(added)));
        QVERIFY(model->data(model->index(1, 0, model->indexOf(added)), Qt::DisplayRole).toString().contains("closed"));
        QMenu viewMenu;
        window_->fillSessionMenu(&viewMenu, model->indexOf(added));
        QAction* reopen = findAction(&viewMenu, "frequency");
        QVERIFY(reopen);
        reopen->trigger();
        QVERIFY(added->presentation().displayOpen("frequency"));
        QVERIFY(window_->panelOf(added)->frequencyPlot()->isVisibleTo(window_->panelOf(added)));

        // Delete it again from its menu.
        QMenu again;
        window_->fillSessionMenu(&again, model->indexOf(added));
        findAction(&again, "Delete view")->trigger();
        QCOMPARE(window_->workspace()->viewCount(), views);
    }

    void linkedSelectionAcrossViews()
    {
        ViewDocument* first = window_->currentView();
        window_->addViewOfCurrentFile();
        ViewDocument* second = window_->currentView();
        QVERIFY(second != first);
        // The second view keeps elements 40..79 only (records 40..80).
        QVERIFY(!second->pushStep(step::ClipEvent{40, 80}));
        window_->setCurrentView(first);
        TracePlot* plot = window_->currentPanel()->tracePlot();
        window_->setXAxis(XAxis::Event);
        plot->fitAll();
        plot->replotNow();
        plot->setBandChooser([](QPoint) { return BandAction::Select; });
        // Brush elements 30..49 in the first view.
        const QPoint from = plot->pixelOf(30.2, 1), to = plot->pixelOf(49.8, 1);
        QTest::mousePress(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(plot->canvas(), to);
        QTest::mouseRelease(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, to);
        QCOMPARE(first->presentation().selection(), (app::RecordRange{30, 50}));
        QCOMPARE(second->presentation().selection(), (app::RecordRange{30, 50}));
        // In the clipped view the surviving records 40..49 are its elements 0..9.
        QCOMPARE(elementsOfRecords(second->ses(), 30, 50), (std::pair<std::size_t, std::size_t>{0, 10}));
        // The second view draws the highlight over exactly those elements.
        window_->setCurrentView(second);
        TracePlot* other = window_->panelOf(second)->tracePlot();
        second->presentation().setTraceAxis(XAxis::Event);
        other->fitAll();
        other->replotNow();
        const QImage shot = other->canvas()->grab().toImage();
        // Between lanes, in the middle of an element: only the background or the shade.
        const QPoint in = other->pixelOf(5.5, 0.5), out = other->pixelOf(25.5, 0.5);
        const QRgb inside = shot.pixel(in), outside = shot.pixel(out);
        QVERIFY2(inside != outside, "the selection is shaded in the second view");
        // Clearing it in the second view clears it in the first.
        second->presentation().setSelection({});
        QVERIFY(first->presentation().selection().empty());
        window_->workspace()->removeView(second);
        window_->setCurrentView(first);
    }

    void screenshotsHaveContent()
    {
        ViewPanel* panel = window_->currentPanel();
        window_->currentView()->presentation().setSelection({});
        for (XAxis axis : {XAxis::Time, XAxis::Event}) {
            window_->setXAxis(axis);
            panel->tracePlot()->fitAll();
            panel->tracePlot()->replotNow();
            const QImage shot = panel->tracePlot()->canvas()->grab().toImage();
            QVERIFY(!shot.isNull());
            // Four state colours, connectors, axes, text: many colours, far from blank.
            QVERIFY2(distinctColours(shot) >= 6, qPrintable(QString::number(distinctColours(shot))));
            QVERIFY(nonBackgroundShare(shot) > 0.02);
        }
        FrequencyPlot* freq = panel->frequencyPlot();
        freq->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!freq->busy() && freq->binCount() > 0, 20000);
        const QImage spectrum = freq->canvas()->grab().toImage();
        QVERIFY(distinctColours(spectrum) >= 3);
        QVERIFY(nonBackgroundShare(spectrum) > 0.01);
    }

    void pipelineExportImport()
    {
        ViewDocument* doc = window_->currentView();
        QVERIFY(!doc->pushStep(step::Aggregate{{"A", "B"}, "AB"}));
        const QString json = dir_.filePath("p.json");
        QString error;
        QVERIFY2(window_->exportPipeline(json, &error), qPrintable(error));
        window_->addViewOfCurrentFile();
        ViewDocument* second = window_->currentView();
        QVERIFY(second != doc);
        QVERIFY2(window_->importPipeline(json, &error), qPrintable(error));
        QCOMPARE(second->ses().size(), doc->ses().size());
        QCOMPARE(second->ses().symbol, doc->ses().symbol);
        second->undoStack()->undo();
        QCOMPARE(second->ses().size(), std::size_t{80});
    }

    // The trace information is a tab behind the session tree: its labels are filled when
    // it is shown, not while the trace opens; then they follow the current view.
    void traceInformationIsFilledWhenShown()
    {
        TraceInfoPanel* info = window_->traceInfo();
        auto* dock = qobject_cast<QDockWidget*>(info->parentWidget());
        QVERIFY(dock);
        window_->findChild<QDockWidget*>("session")->raise();
        QTRY_VERIFY(!info->isOnScreen());
        window_->setCurrentView(window_->currentView());
        QVERIFY(testutil::settleWorkbench());
        const auto& rows = info->rows();
        QVERIFY(!rows.empty());
        QCOMPARE(rows.front().first, QString("records"));
        const QString records = "records: " + QString::number(window_->currentView()->trace().size());
        QVERIFY(!info->shownText().contains(records));
        dock->raise();
        QTRY_VERIFY(info->isOnScreen());
        QVERIFY2(info->shownText().contains(records), qPrintable(info->shownText()));
        QVERIFY(info->shownText().contains("file: " + path_));
        // On screen, it follows a change on a later turn.
        info->show(nullptr, {}, 0);
        QVERIFY(info->shownText().contains(records));
        QTRY_VERIFY(info->shownText().startsWith("No trace open."));
        window_->setCurrentView(window_->currentView());
        QTRY_VERIFY(info->shownText().contains(records));
        window_->findChild<QDockWidget*>("session")->raise();
    }

    void badFileLeavesSessionAlone()
    {
        const QString bad = dir_.filePath("bad.pes");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# chitra-pes 1\n0 A\n10 B\n5 C\n");
        f.close();
        const auto filesBefore = window_->workspace()->files().size();
        const int viewsBefore = window_->workspace()->viewCount();
        ViewDocument* current = window_->currentView();
        errors_.clear();
        window_->openFiles({bad});
        QTRY_COMPARE_WITH_TIMEOUT(errors_.size(), 1, 20000);
        QVERIFY2(errors_.front().contains("bad.pes:4"), qPrintable(errors_.front()));
        QCOMPARE(window_->workspace()->files().size(), filesBefore);
        QCOMPARE(window_->workspace()->viewCount(), viewsBefore);
        QCOMPARE(window_->currentView(), current);
    }

private:
    QTemporaryDir dir_;
    QString path_;
    MainWindow* window_ = nullptr;
    QStringList errors_;
};

QTEST_MAIN(WorkbenchTest)
#include "workbench_test.moc"
