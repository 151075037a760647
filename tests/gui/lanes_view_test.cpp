// The lanes view in the workbench, driven as a person drives it: a trace of several lanes
// opens with it above the time view, one row per lane named as the trace names it; the
// filter box, the context menu (hide, unfold, project, split), hover text and a click
// that picks the state in State details; its range and the time view's follow each other.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "chitra/lanes/lane_selection.hpp"
#include "document/view_document.hpp"
#include "panels/state_details_panel.hpp"
#include "chitra/summaries/ses_geometry.hpp"
#include "document/workspace.hpp"
#include "session/session_controller.hpp"
#include "session/session_model.hpp"
#include "views/lanes/lanes_over_time.hpp"
#include "views/lanes/lanes_plottable.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/trace/trace_plot.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"

#include <QAction>
#include <QProcess>
#include <QSignalSpy>
#include <QToolButton>
#include <QLabel>
#include <QTemporaryDir>
#include <QTreeView>
#include <QWheelEvent>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>
#include <numeric>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

const QString kFour = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000.pes");

std::unique_ptr<MainWindow> window() { return quietWindow(); }

// The nested trace of gui_test_util.hpp, opened as a loaded trace is.
std::unique_ptr<MainWindow> windowWithNestedTrace()
{
    auto w = window();
    ViewDocument* view = w->workspace()->addFile("nested.json", nestedLanesTrace(), 0);
    w->setCurrentView(view);
    return w;
}

LanesView* lanesOf(MainWindow* w) { return w->currentPanel() ? w->currentPanel()->lanesView() : nullptr; }

QStringList rowLabels(const LanesView* lanes)
{
    QStringList out;
    for (const LaneRow& row : lanes->rows().rows())
        out << QString::fromStdString(lanes->rows().rowLabel(row));
    return out;
}

// Lets queued replots run, so that pixels map to what is drawn.
void settle(LanesView* lanes)
{
    QCoreApplication::processEvents();
    lanes->replotNow();
}

} // namespace

class LanesViewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // A four-component PES opens with its lanes view: a row per component, named, in the
    // centre above the time view, listed in the session tree, checked in the View menu.
    void opensWithOneRowPerLane()
    {
        auto w = windowWith(kFour);
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(lanes->isVisible());
        QCOMPARE(rowLabels(lanes), (QStringList{"component 1", "component 2", "component 3", "component 4"}));
        QVERIFY(w->currentView()->presentation().displayOpen(kLanesDisplay));
        QVERIFY(w->actions()->displayAction("lanes")->isChecked());
        // Above the time view, time axes aligned.
        const QWidget* trace = w->currentPanel()->tracePlot();
        QVERIFY(lanes->mapTo(w.get(), QPoint(0, 0)).y() < trace->mapTo(w.get(), QPoint(0, 0)).y());
        settle(lanes);
        w->currentPanel()->tracePlot()->replotNow();
        QTRY_COMPARE(lanes->plot()->axisRect()->left(),
                     qobject_cast<QCustomPlot*>(w->currentPanel()->tracePlot()->canvas())->axisRect()->left());
        // The legend names the lanes' states.
        QVERIFY2(lanes->legend()->text().contains("A1") && lanes->legend()->text().contains("E"),
                 qPrintable(lanes->legend()->text()));
        // The session tree lists it under the view.
        const QModelIndex viewIndex = w->sessionModel()->indexOf(w->currentView());
        QStringList displays;
        for (int r = 0; r < w->sessionModel()->rowCount(viewIndex); ++r)
            displays << w->sessionModel()->index(r, 0, viewIndex).data().toString();
        QVERIFY2(displays.contains("lanes"), qPrintable(displays.join(", ")));
        saveShot(w.get(), "lanes-philosophers");

        // L (View ▸ Lanes view) closes it and opens it again.
        w->actions()->displayAction("lanes")->trigger();
        QVERIFY(!lanes->isVisible());
        QVERIFY(!w->currentView()->presentation().displayOpen(kLanesDisplay));
        w->actions()->displayAction("lanes")->trigger();
        QVERIFY(lanes->isVisible());
    }

    // The 83 lanes of the clang sample in a small window: long lane names and many rows
    // must not squeeze the plot to a sliver; the rows keep most of the width and height.
    void manyLanesKeepTheirPlotInASmallWindow()
    {
        auto w = windowWith(QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/clang-time-trace.json"));
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(lanes->rows().rows().size() > 50);
        for (const QSize size : {QSize(1400, 900), QSize(900, 600), QSize(700, 500)}) {
            w->resize(size);
            QVERIFY(testutil::settleWorkbench());
            settle(lanes);
            const QRect plot = lanes->plot()->axisRect()->rect();
            const QString what = QString("window %1x%2: plot %3x%4 of %5x%6")
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(plot.width())
                                     .arg(plot.height())
                                     .arg(lanes->plot()->width())
                                     .arg(lanes->plot()->height());
            QVERIFY2(plot.width() >= lanes->plot()->width() / 2, qPrintable(what));
            QVERIFY2(plot.height() >= 40, qPrintable(what));
        }
    }

    // A trace of one lane opens without it; View ▸ Lanes view adds it.
    void oneLaneOpensWithoutIt()
    {
        auto w = window();
        w->setCurrentView(w->workspace()->addFile("square.pes", squareWave(20), 0));
        QVERIFY(!lanesOf(w.get()));
        QVERIFY(!w->actions()->displayAction("lanes")->isChecked());
        w->actions()->displayAction("lanes")->trigger();
        QVERIFY(lanesOf(w.get()));
        QCOMPARE(rowLabels(lanesOf(w.get())), QStringList{"component 1"});
        QVERIFY(w->actions()->displayAction("lanes")->isChecked());
    }

    // Typing in the filter box keeps the lanes whose name matches (text or /regex/).
    void filterByName()
    {
        auto w = windowWith(kFour);
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        typeInto(lanes->filterEdit(), "2");
        QCOMPARE(rowLabels(lanes), (QStringList{"component 2"}));
        typeInto(lanes->filterEdit(), "/[13]$/");
        QCOMPARE(rowLabels(lanes), (QStringList{"component 1", "component 3"}));
        // A broken expression is shown red with a tip (the rows stay as they were).
        typeInto(lanes->filterEdit(), "/(/");
        QVERIFY(!lanes->filterEdit()->toolTip().isEmpty());
        QVERIFY(!lanes->filterEdit()->styleSheet().isEmpty());
        typeInto(lanes->filterEdit(), "");
        QCOMPARE(rowLabels(lanes).size(), 4);
    }

    // The context menu hides a lane; "Show hidden lanes" brings it back. Move up/down reorder.
    void hideAndMoveByTheContextMenu()
    {
        auto w = windowWith(kFour);
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        settle(lanes);
        const auto [t0, t1] = lanes->visibleRange();
        const QPoint third = lanes->pixelOf((t0 + t1) / 2, 2.5);
        QCOMPARE(chooseFromContextMenu(lanes->plot(), third, "Hide"), QString("Hide component 3"));
        QCOMPARE(rowLabels(lanes), (QStringList{"component 1", "component 2", "component 4"}));
        QVERIFY(lanes->rows().hidden(2));
        settle(lanes);
        QCOMPARE(chooseFromContextMenu(lanes->plot(), lanes->pixelOf((t0 + t1) / 2, 0.5), "Move down"),
                 QString("Move down"));
        QCOMPARE(rowLabels(lanes), (QStringList{"component 2", "component 1", "component 4"}));
        settle(lanes);
        QCOMPARE(chooseFromContextMenu(lanes->plot(), third, "Show hidden"), QString("Show hidden lanes"));
        QCOMPARE(rowLabels(lanes), (QStringList{"component 2", "component 1", "component 3", "component 4"}));
    }

    // A lane with nesting unfolds into one row per depth; hover names region, depth,
    // start and duration.
    void unfoldNestingAndHover()
    {
        auto w = windowWithNestedTrace();
        LanesView* lanes = lanesOf(w.get());
        QVERIFY2(lanes, "a trace of three lanes opens its lanes view");
        QCOMPARE(rowLabels(lanes), (QStringList{"rank 0", "rank 1", "io thread"}));
        lanes->setVisibleRange(0, 1000);
        settle(lanes);
        // Folded, the row shows the top of the stack: MPI_Send at depth 2 from 450 ns.
        QCOMPARE(lanes->describeAt(lanes->pixelOf(500, 0.5)),
                 QString("rank 0, depth 2\nMPI_Send\nstart 450 ns, duration 150 ns"));
        QCOMPARE(chooseFromContextMenu(lanes->plot(), lanes->pixelOf(500, 0.5), "Unfold"),
                 QString("Unfold nesting of rank 0"));
        QCOMPARE(rowLabels(lanes), (QStringList{"rank 0 \u00b7 depth 1", "depth 2", "depth 3", "rank 1", "io thread"}));
        settle(lanes);
        // Depth 1 holds main throughout; depth 2 the regions inside it; depth 3 poll.
        QVERIFY2(lanes->describeAt(lanes->pixelOf(500, 0.5)).startsWith("rank 0, depth 1\nmain\nstart 0 ns"),
                 qPrintable(lanes->describeAt(lanes->pixelOf(500, 0.5))));
        QCOMPARE(lanes->describeAt(lanes->pixelOf(200, 1.5)),
                 QString("rank 0, depth 2\ncompute\nstart 100 ns, duration 300 ns"));
        QCOMPARE(lanes->describeAt(lanes->pixelOf(775, 2.5)),
                 QString("rank 0, depth 3\npoll\nstart 750 ns, duration 50 ns"));
        QCOMPARE(lanes->describeAt(lanes->pixelOf(250, 4.5)),
                 QString("io thread, depth 1\nread\nstart 200 ns, duration 100 ns"));
        QVERIFY(lanes->legend()->text().contains("MPI_Recv"));
        saveShot(w.get(), "lanes-nested");
        // Folding again.
        QCOMPARE(chooseFromContextMenu(lanes->plot(), lanes->pixelOf(500, 1.5), "Fold"),
                 QString("Fold nesting of rank 0"));
        QCOMPARE(rowLabels(lanes).size(), 3);
    }

    // Find looks into every row shown: a folded lane's top of the stack, an unfolded lane's
    // every depth; the current region is framed.
    void findLooksIntoUnfoldedDepthsAndFramesTheCurrentOne()
    {
        auto w = windowWithNestedTrace();
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        lanes->setVisibleRange(0, 1000);
        lanes->plot()->setFocus();
        QTest::keyClick(lanes->plot(), Qt::Key_F, Qt::ControlModifier);
        typeInto(lanes->findEdit(), "/^main$/");
        const auto onRank0 = [&] {
            std::vector<LanesView::Found> out;
            for (const LanesView::Found& f : lanes->found())
                if (f.lane == 0)
                    out.push_back(f);
            return out;
        };
        // Folded: main where it is on top, between the regions it calls.
        QVERIFY(onRank0().size() >= 2);
        for (const LanesView::Found& f : onRank0())
            QCOMPARE(f.depth, 0u);
        settle(lanes); // the find bar took its place
        QCOMPARE(chooseFromContextMenu(lanes->plot(), lanes->pixelOf(500, 0.5), "Unfold"),
                 QString("Unfold nesting of rank 0"));
        // Unfolded: its one call at depth 1, from 0 ns.
        QCOMPARE(onRank0().size(), std::size_t{1});
        QCOMPARE(onRank0().front().depth, 1u);
        QCOMPARE(onRank0().front().start, Time{0});
        typeInto(lanes->findEdit(), "poll");
        QCOMPARE(onRank0().size(), std::size_t{1});
        const LanesView::Found poll = onRank0().front();
        QCOMPARE(poll.depth, 3u);
        QCOMPARE(poll.start, Time{750});
        QCOMPARE(poll.end, Time{800});

        // The current one framed in dark on its row (depth 3: the third row).
        const auto beforePoll = [&] {
            lanes->replotNow();
            const QPoint left = lanes->pixelOf(750, 2.5);
            const QImage shot = lanes->plot()->toPixmap().toImage();
            int darkest = 255; // the frame is 3 pixels wide, just left of the region
            for (int x = left.x() - 3; x < left.x(); ++x)
                darkest = std::min(darkest, qGray(shot.pixel(x, left.y())));
            return darkest;
        };
        QVERIFY2(beforePoll() > 60, "no frame before the first step");
        for (int k = 0; k < static_cast<int>(lanes->found().size()); ++k) {
            QTest::keyClick(lanes->findEdit(), Qt::Key_Return);
            if (lanes->found()[static_cast<std::size_t>(lanes->currentFound())].lane == 0)
                break;
        }
        lanes->setVisibleRange(0, 1000);
        QVERIFY2(beforePoll() < 60, "the current region is framed");
    }

    // "Regions over time" shows, under the rows, each region's exclusive time in bins of the
    // range shown, summed over the lanes shown; it follows zoom and filter, and is saved.
    void regionsOverTimeFollowTheRangeAndLanes()
    {
        auto w = windowWith(QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje"));
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        LanesOverTime* overTime = lanes->overTime();
        QSignalSpy updated(overTime, &LanesOverTime::updated);
        QTest::mouseClick(lanes->overTimeButton(), Qt::LeftButton);
        QVERIFY(overTime->isVisible());
        QVERIFY(updated.wait());
        QVERIFY(w->currentView()->presentation().laneChoices().overTime);

        // The whole run: per region, the bins add up to the profile's exclusive time.
        const ProfileSource source = profile_source(w->currentView()->trace());
        const auto check = [&](std::size_t lanesShown) {
            const TimeProfile& tp = overTime->timeProfile();
            QVERIFY(tp.to > tp.from);
            ProfileSource shown = source;
            shown.chosen.resize(lanesShown);
            const Profile p = profile(shown, {tp.from, tp.to});
            QCOMPARE(tp.regions.size(), p.regions.size());
            for (std::size_t r = 0; r < tp.regions.size(); ++r) {
                QCOMPARE(tp.regions[r], p.regions[r].region);
                QCOMPARE(std::accumulate(tp.exclusive_ns[r].begin(), tp.exclusive_ns[r].end(), Time{0}),
                         p.regions[r].exclusive_ns);
            }
            QCOMPARE(overTime->stackNames().front(), QString::fromStdString(tp.regions.front()));
        };
        check(4);
        const auto [t0, t1] = lanes->visibleRange();
        QVERIFY(overTime->timeProfile().to - overTime->timeProfile().from >= static_cast<Time>((t1 - t0) * 0.9));
        saveShot(lanes, "lanes-over-time");

        // A zoom: the range shown, once it settles.
        lanes->setVisibleRange(t0 + (t1 - t0) / 4, t0 + (t1 - t0) / 2);
        QTRY_COMPARE(static_cast<double>(overTime->timeProfile().from), std::floor(t0 + (t1 - t0) / 4));
        check(4);
        // Two lanes filtered out: the two left.
        typeInto(lanes->filterEdit(), "/rank-[01]/");
        QTRY_COMPARE(overTime->lanesCounted(), std::size_t{2});
        check(2);
        // Hover near the bottom names the region stacked lowest there.
        QCustomPlot* strip = overTime->plot();
        const QPoint bottom(strip->axisRect()->center().x(), static_cast<int>(strip->yAxis->coordToPixel(0.02)));
        QVERIFY2(overTime->describeAt(bottom).contains("lanes on average"), qPrintable(overTime->describeAt(bottom)));

        QTest::mouseClick(lanes->overTimeButton(), Qt::LeftButton);
        QVERIFY(!overTime->isVisible());
        QVERIFY(!w->currentView()->presentation().laneChoices().overTime);
    }

    // "Messages" draws a line from each send to its receive between the rows shown; many
    // on one pair of rows and pixels become one wider line.
    void messagesAreLinesBetweenTheRows()
    {
        auto w = windowWith(QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje"));
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const LaneTrace& trace = lanes->rows().trace();
        QCOMPARE(trace.messages.size(), std::size_t{640});
        QVERIFY(lanes->messagesButton()->isVisible());
        QTest::mouseClick(lanes->messagesButton(), Qt::LeftButton);
        QVERIFY(w->currentView()->presentation().laneChoices().messages);
        lanes->fitAll();
        lanes->replotNow();
        // The whole run: every message, each line standing for one or more.
        auto [lines, messages] = lanes->plottable()->lastMessageLines();
        QCOMPARE(messages, std::size_t{640});
        QVERIFY(lines > 0 && lines <= messages);
        saveShot(lanes, "lanes-messages");
        // Zoomed onto the first message: it is drawn, one line for itself, and a pixel
        // half-way along it is dark.
        const Message& m = trace.messages.front();
        const Time origin = lanes->rows().tracks().origin();
        const double send = static_cast<double>(m.send - origin), recv = static_cast<double>(m.recv - origin);
        lanes->setVisibleRange(send - (recv - send) / 4, recv + (recv - send) / 4);
        lanes->replotNow();
        std::tie(lines, messages) = lanes->plottable()->lastMessageLines();
        QVERIFY(messages >= 1 && lines == messages);
        const auto rowOf = [&](std::uint32_t lane) {
            return static_cast<double>(*lanes->rows().rowOf({lane, 0, 0, 0}));
        };
        const QPoint a = lanes->pixelOf(send, rowOf(m.from) + 0.5), b = lanes->pixelOf(recv, rowOf(m.to) + 0.5);
        const QImage shot = lanes->plot()->toPixmap().toImage();
        int darkest = 255;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                darkest = std::min(darkest, qGray(shot.pixel((a + b) / 2 + QPoint(dx, dy))));
        QVERIFY2(darkest < 100, "the line from send to receive");
        saveShot(lanes, "lanes-messages-zoom");

        // Hovering the line names the message; clicking it picks it, a dot at each end.
        const QPoint middle = (a + b) / 2;
        const auto hit = lanes->plottable()->messageAt(middle);
        QVERIFY(hit.has_value());
        const Message& under = trace.messages[*hit];
        QCOMPARE(under.from, m.from); // the first message or one drawn over it
        QCOMPARE(under.to, m.to);
        const QString text = lanes->describeAt(middle);
        QVERIFY2(text.contains(QString::fromStdString(trace.lanes[m.from].name) + " → " +
                               QString::fromStdString(trace.lanes[m.to].name)),
                 qPrintable(text));
        QVERIFY(text.contains("latency") && text.contains("tag"));
        QSignalSpy picked(lanes, &LanesView::messagePicked);
        QTest::mouseClick(lanes->plot(), Qt::LeftButton, {}, middle);
        QCOMPARE(picked.count(), 1);
        QCOMPARE(lanes->plottable()->pickedMessage(), hit);
        lanes->replotNow();
        const QImage marked = lanes->plot()->toPixmap().toImage();
        const QColor atSend = marked.pixelColor(a), atReceive = marked.pixelColor(b);
        QVERIFY2(atSend.red() > 150 && atSend.blue() < 100, "an orange dot at the send");
        QVERIFY2(atReceive.red() > 150 && atReceive.blue() < 100, "an orange dot at the receive");
        // A click away from every line picks no message.
        QTest::mouseClick(lanes->plot(), Qt::LeftButton, {}, lanes->pixelOf(send, rowOf(m.from) + 0.1));
        QVERIFY(!lanes->plottable()->pickedMessage().has_value());

        // Lanes filtered out take their messages with them.
        lanes->fitAll();
        typeInto(lanes->filterEdit(), "/rank-[01]/");
        lanes->replotNow();
        std::size_t between = 0;
        for (const Message& msg : trace.messages)
            between += msg.from <= 1 && msg.to <= 1;
        QCOMPARE(lanes->plottable()->lastMessageLines().second, between);
        QTest::mouseClick(lanes->messagesButton(), Qt::LeftButton);
        lanes->replotNow();
        QCOMPARE(lanes->plottable()->lastMessageLines().second, std::size_t{0});
    }

    // Many messages on few pixels: one line for each pair of rows and pixels, however many
    // messages it stands for (an OTF2 ring of 4 ranks, 20,000 messages).
    void denseMessagesAreBundled()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath("ring");
        QCOMPARE(QProcess::execute("/usr/bin/python3",
                                   {CHITRA_SOURCE_DIR "/scripts/bench/make-otf2-messages.py", archive, "20000", "4"}),
                 0);
        auto w = windowWith(archive + "/traces.otf2");
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QCOMPARE(lanes->rows().trace().messages.size(), std::size_t{20000});
        QTest::mouseClick(lanes->messagesButton(), Qt::LeftButton);
        lanes->fitAll();
        lanes->replotNow();
        const auto [lines, messages] = lanes->plottable()->lastMessageLines();
        QCOMPARE(messages, std::size_t{20000});
        QVERIFY2(lines < messages / 2, qPrintable(QString("%1 lines").arg(lines)));
    }

    // A click on a region picks the view's state there in State details (the region's own
    // name when the view has such a state, else the view's state at that time).
    void clickPicksTheState()
    {
        auto w = windowWithNestedTrace();
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        lanes->setVisibleRange(0, 1000);
        settle(lanes);
        QTest::mouseClick(lanes->plot(), Qt::LeftButton, {}, lanes->pixelOf(320, 1.5)); // rank 1 in MPI_Recv
        const ViewDocument* view = w->currentView();
        QVERIFY(view->pickedState() != kNoSymbol);
        QCOMPARE(QString::fromStdString((*view->ses().symbols)[view->pickedState()].name),
                 QString("compute|MPI_Recv|-"));
        QCOMPARE(w->stateDetails()->chosenState(), view->pickedState());

        // In a trace of that lane alone the region is a state of the view: it is picked by name.
        ViewDocument* one =
            w->workspace()->addFile("nested.json", std::make_shared<const Trace>(project_lanes(view->trace(), {1})), 0);
        w->setCurrentView(one);
        w->actions()->displayAction("lanes")->trigger();
        LanesView* single = lanesOf(w.get());
        QVERIFY(single);
        single->setVisibleRange(0, 1000);
        settle(single);
        QTest::mouseClick(single->plot(), Qt::LeftButton, {}, single->pixelOf(800, 0.5));
        QCOMPARE(QString::fromStdString((*one->ses().symbols)[one->pickedState()].name), QString("compute"));
    }

    // Zooming or panning the time view moves the lanes view, and the other way round; in
    // the event view too, through the elements' times.
    void followsTheTimeView()
    {
        auto w = windowWith(kFour);
        LanesView* lanes = lanesOf(w.get());
        TracePlot* trace = w->currentPanel()->tracePlot();
        QVERIFY(lanes);
        trace->setVisibleRange(2e9, 3e9);
        QCOMPARE(lanes->visibleRange(), std::make_pair(2e9, 3e9));
        // The wheel over the time view zooms both.
        trace->replotNow();
        QWheelEvent wheel(QPointF(trace->canvas()->width() / 2.0, trace->canvas()->height() / 2.0),
                          trace->canvas()->mapToGlobal(QPointF(trace->canvas()->width() / 2.0, 20)), QPoint(),
                          QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(trace->canvas(), &wheel);
        const auto zoomed = trace->visibleRange();
        QVERIFY(zoomed.second - zoomed.first < 1e9);
        QCOMPARE(lanes->visibleRange(), zoomed);
        // The lanes view leads the time view as well.
        lanes->setVisibleRange(4e9, 4.5e9);
        QCOMPARE(trace->visibleRange(), std::make_pair(4e9, 4.5e9));
        // Zooming out past the trace stops at its ends in both.
        lanes->setVisibleRange(-5e9, 50e9);
        const auto whole = trace->visibleRange();
        QVERIFY(whole.first >= 0 && whole.second <= 10.1e9);
        QCOMPARE(lanes->visibleRange(), whole);

        // Event view: the same elements in view, and the lanes view shows their times.
        lanes->setVisibleRange(4e9, 4.5e9);
        w->setXAxis(XAxis::Event);
        const Ses& ses = w->currentView()->ses();
        const auto [x0, x1] = trace->visibleRange();
        QVERIFY(x1 - x0 < 0.5 * static_cast<double>(ses.size()));
        const auto [t0, t1] = lanes->visibleRange();
        QVERIFY2(std::abs(t0 - 4e9) < 2e7 && std::abs(t1 - 4.5e9) < 2e7, qPrintable(QString("%1 %2").arg(t0).arg(t1)));
        const double e = std::floor(x0);
        trace->setVisibleRange(e + 10.5, e + 20);
        QCOMPARE(lanes->visibleRange(),
                 std::make_pair(timeAtX(ses, XAxis::Event, e + 10.5), timeAtX(ses, XAxis::Event, e + 20)));
        const auto i = static_cast<std::size_t>(e) + 10; // half-way through element i
        QCOMPARE(lanes->visibleRange().first, 0.5 * static_cast<double>(ses.entry(i) + ses.entry(i + 1)));
    }

    // "Project onto LANE" adds an entry of that lane alone, timed as the whole trace;
    // "Split into one trace per lane" adds one per lane, in lane order.
    void projectAndSplit()
    {
        auto w = windowWith(kFour);
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        settle(lanes);
        const auto [t0, t1] = lanes->visibleRange();
        QCOMPARE(chooseFromContextMenu(lanes->plot(), lanes->pixelOf((t0 + t1) / 2, 1.5), "Project"),
                 QString("Project onto component 2 (new view)"));
        QTRY_COMPARE_WITH_TIMEOUT(w->workspace()->files().size(), std::size_t{2}, 20000);
        const TraceFile& projected = w->workspace()->files()[1];
        QCOMPARE(projected.lanes, (std::vector<std::size_t>{1}));
        QVERIFY2(projected.title().contains("component 2"), qPrintable(projected.title()));
        QCOMPARE(projected.trace->header.components, std::size_t{1});
        QCOMPARE(projected.trace->header.timebase, w->workspace()->files()[0].trace->header.timebase);
        // Times line up: the projection's first record is the lane's first change.
        const LaneTrace& all = w->workspace()->files()[0].views[0]->laneTracks()->trace();
        QCOMPARE(projected.trace->times[0],
                 all.times[all.lanes[1].changes[0].record] - trace_origin(*w->workspace()->files()[0].trace));
        QCOMPARE(w->currentView(), projected.views.front());
        QVERIFY(w->currentView()->name().startsWith("component 2"));

        w->setCurrentView(w->workspace()->files()[0].views[0]);
        lanes = lanesOf(w.get());
        settle(lanes);
        QCOMPARE(chooseFromContextMenu(lanes->plot(), lanes->pixelOf((t0 + t1) / 2, 0.5), "Split"),
                 QString("Split into one trace per lane"));
        QTRY_COMPARE_WITH_TIMEOUT(w->workspace()->files().size(), std::size_t{6}, 20000);
        for (std::size_t l = 0; l < 4; ++l)
            QCOMPARE(w->workspace()->files()[2 + l].lanes, (std::vector<std::size_t>{l}));
        QCOMPARE(w->currentView(), w->workspace()->files()[2].views.front()); // the first lane's
    }

    // Entries of lanes and the lanes view's options come back with a saved session.
    void savedAndRestored()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto a = windowWith(kFour);
        LanesView* lanes = lanesOf(a.get());
        QVERIFY(lanes);
        lanes->rows().moveLane(3, -2);
        lanes->rows().setHidden(0, true);
        lanes->rowsChanged();
        typeInto(lanes->filterEdit(), "component");
        QTest::mouseClick(lanes->overTimeButton(), Qt::LeftButton);
        a->projectOntoLanes(a->currentView(), {{2}, {3, 1}});
        QTRY_COMPARE_WITH_TIMEOUT(a->workspace()->files().size(), std::size_t{3}, 20000);
        a->setCurrentView(a->workspace()->files()[0].views[0]);
        const QString path = dir.filePath("lanes.chitra");
        QVERIFY(a->sessionController()->saveSession(path));

        auto b = window();
        QVERIFY(b->sessionController()->openSession(path));
        QVERIFY2(b->sessionController()->lastReport().problems.empty(),
                 qPrintable(b->sessionController()->lastReport().summary()));
        QCOMPARE(b->workspace()->files().size(), std::size_t{3});
        QCOMPARE(b->workspace()->files()[1].lanes, (std::vector<std::size_t>{2}));
        QCOMPARE(b->workspace()->files()[2].lanes, (std::vector<std::size_t>{3, 1}));
        QCOMPARE(b->workspace()->files()[2].title(), a->workspace()->files()[2].title());
        QCOMPARE(b->workspace()->files()[2].trace->header.components, std::size_t{2});
        LanesView* restored = b->panelOf(b->workspace()->files()[0].views[0])->lanesView();
        QVERIFY(restored);
        QCOMPARE(restored->rows().order(), lanes->rows().order());
        QCOMPARE(restored->rows().hiddenLanes(), lanes->rows().hiddenLanes());
        QCOMPARE(restored->filterEdit()->text(), QString("component"));
        QVERIFY(restored->overTimeButton()->isChecked());
        QVERIFY(restored->overTime()->isVisibleTo(restored));
        QCOMPARE(rowLabels(restored), rowLabels(lanes));
        // Everything but where the window sits on the screen.
        const chitra::Session sa = a->sessionController()->capture(), sb = b->sessionController()->capture();
        QVERIFY(sa.files == sb.files);
        QVERIFY(sa.layout.open_displays == sb.layout.open_displays);
    }

    // Ctrl+F in the lanes view: the regions of that name on the shown lanes, in time order,
    // Enter and Shift+Enter step through them, Escape ends the search.
    void ctrlFFindsARegionAndStepsThroughIt()
    {
        auto w = windowWith(QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje"));
        LanesView* lanes = lanesOf(w.get());
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        lanes->plot()->setFocus();
        QTest::keyClick(lanes->plot(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(lanes->findEdit()->isVisible());
        QVERIFY(lanes->findEdit()->hasFocus());
        typeInto(lanes->findEdit(), "allreduce");

        // Every change of a shown lane into PMPI_Allreduce, counted from the lanes themselves.
        const LaneTrace& trace = lanes->rows().trace();
        std::size_t expected = 0;
        for (const Lane& lane : trace.lanes)
            for (const LaneChange& c : lane.changes)
                expected += trace.state_names[c.state] == "PMPI_Allreduce";
        QVERIFY(expected > 10);
        QCOMPARE(lanes->found().size(), expected);
        for (std::size_t i = 1; i < lanes->found().size(); ++i)
            QVERIFY(lanes->found()[i - 1].start <= lanes->found()[i].start);
        QCOMPARE(lanes->findCount()->text(), QStringLiteral("%1 found").arg(expected));

        const auto shows = [&](int k) {
            const LanesView::Found& f = lanes->found()[static_cast<std::size_t>(k)];
            const auto [t0, t1] = lanes->visibleRange();
            return t0 <= static_cast<double>(f.start) && static_cast<double>(f.end) <= t1;
        };
        QTest::keyClick(lanes->findEdit(), Qt::Key_Return);
        QCOMPARE(lanes->currentFound(), 0);
        QVERIFY(shows(0));
        QTest::keyClick(lanes->findEdit(), Qt::Key_Return);
        QCOMPARE(lanes->currentFound(), 1);
        QVERIFY(shows(1));
        QCOMPARE(lanes->findCount()->text(), QStringLiteral("2 of %1").arg(expected));
        lanes->replotNow();
        saveShot(lanes, "lanes-find");
        QTest::keyClick(lanes->findEdit(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(lanes->currentFound(), 0);

        // A regular expression, then Escape.
        typeInto(lanes->findEdit(), "/^PMPI_(Barrier|Allreduce)$/");
        QVERIFY(lanes->found().size() > expected);
        QTest::keyClick(lanes->findEdit(), Qt::Key_Escape);
        QVERIFY(!lanes->findEdit()->isVisible());
        QVERIFY(lanes->found().empty());
    }
};

QTEST_MAIN(LanesViewTest)
#include "lanes_view_test.moc"
