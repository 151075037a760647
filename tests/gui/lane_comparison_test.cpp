// The lane comparison display, driven as a person drives it: View ▸ Lanes compared on an
// MPI ring with one slow rank compares the lanes in the background and shows what
// `chitra-cli lanes` reports (groups, nearest lanes, the slow rank flagged); the group
// distance typed in regroups at once and survives a session; a lane double-clicked
// opens that lane's model, and compared with its group opens the ensemble window; a comparison can be cancelled and started again.
#include "gui_test_util.hpp"
#include "lanes_alone_util.hpp"
#include "main_window_test_util.hpp"

#include "displays/lanecompare/lane_comparison_display_state.hpp"
#include "displays/lanecompare/lane_comparison_window.hpp"
#include "ensemble/ensemble_window.hpp"
#include "ensemble/run_comparison_view.hpp"
#include "document/lane_pool.hpp"
#include "document/view_document.hpp"
#include "session/session_controller.hpp"
#include "views/lanes/lanes_plottable.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"
#include "document/workspace.hpp"

#include <QAction>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QTableWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

const QString kSlow = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/mpi-slow-rank-r8/traces.otf2");

LaneComparisonWindow* openComparison(MainWindow* w)
{
    return openDisplayFromMenu<LaneComparisonWindow>(w, kLaneComparisonDisplay);
}

// What `chitra-cli lanes` computes of the sample, from each lane's PES.
LaneGrouping cliGrouping(double distance) { return testutil::cliGrouping(kSlow, distance); }

} // namespace

class LaneComparisonTest : public QObject {
    Q_OBJECT
private slots:
    void flagsTheSlowRankAsTheCliDoes()
    {
        auto w = windowWith(kSlow);
        LaneComparisonWindow* c = openComparison(w.get());
        QVERIFY(c);
        QVERIFY(QTest::qWaitFor([c] { return c->computed(); }, 60000));
        const LaneGrouping cli = cliGrouping(0.2);
        QCOMPARE(c->grouping().group, cli.group);
        QCOMPARE(c->grouping().outlier, cli.outlier);
        QCOMPARE(c->grouping().nearest, cli.nearest);
        QCOMPARE(c->grouping().groups.size(), std::size_t(2));
        QVERIFY(c->grouping().outlier[5]); // rank 5, the slow one
        // The table lists the lanes by group: the outlier last, flagged.
        QTreeWidget* table = c->table();
        QCOMPARE(table->topLevelItemCount(), 8);
        QCOMPARE(table->topLevelItem(7)->text(1), QStringLiteral("rank 5/thread 0"));
        QCOMPARE(table->topLevelItem(7)->text(5), QStringLiteral("outlier"));
        QCOMPARE(c->heatmapOrder().back(), std::size_t(5));
        saveShot(c, "lane-comparison");
        // The lanes view marks each lane's group: the seven alike, rank 5 in red, and names
        // them in its tooltip.
        LanesView* lanes = w->currentPanel()->lanesView();
        QVERIFY(lanes);
        const std::vector<QColor>& marks = lanes->plottable()->laneMarks();
        QCOMPARE(marks.size(), std::size_t(8));
        QCOMPARE(marks[5], QColor(214, 39, 40));
        for (std::size_t l : {0, 1, 2, 3, 4, 6, 7})
            QCOMPARE(marks[l], marks[0]);
        QVERIFY(marks[0] != marks[5]);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        lanes->replotNow(); // its axes laid out, so that pixels and rows match
        const auto row5 = *lanes->rows().rowOf({5, 0, 0, 0});
        const auto [t0, t1] = lanes->visibleRange();
        QVERIFY(lanes->describeAt(lanes->pixelOf((t0 + t1) / 2, static_cast<double>(row5) + 0.5))
                    .contains("outlier, group 2"));
        saveShot(lanes, "lanes-groups");
        const auto ticks = lanes->plot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks();
        const QString label5 = ticks.value(static_cast<double>(row5) + 0.5);
        QVERIFY2(label5.startsWith(QStringLiteral("\u26a0 ")) && label5.contains("rank 5"), qPrintable(label5));
        QVERIFY(ticks.value(static_cast<double>(*lanes->rows().rowOf({0, 0, 0, 0})) + 0.5).startsWith("1"));
        // A wider group distance, typed: the slow rank joins the others.
        QDoubleSpinBox* distance = c->findChild<QDoubleSpinBox*>();
        distance->selectAll();
        QTest::keyClicks(distance, "0.5");
        QTest::keyClick(distance, Qt::Key_Enter);
        QCOMPARE(c->groupDistance(), 0.5);
        QCOMPARE(c->grouping().groups.size(), std::size_t(1));
        QCOMPARE(c->grouping().group, cliGrouping(0.5).group);
        QCOMPARE(lanes->plottable()->laneMarks()[5], lanes->plottable()->laneMarks()[0]);
        // Closed, the groups the trace opened on (at the default distance) come back.
        c->close();
        QVERIFY(
            QTest::qWaitFor([&] { return lanes->plottable()->laneMarks()[5] != lanes->plottable()->laneMarks()[0]; }));
    }

    void aLaneDoubleClickedOpensItsModel()
    {
        auto w = windowWith(kSlow);
        LaneComparisonWindow* c = openComparison(w.get());
        QVERIFY(c);
        QVERIFY(QTest::qWaitFor([c] { return c->computed(); }, 60000));
        const int files = static_cast<int>(w->workspace()->files().size());
        QTreeWidgetItem* slow = c->table()->topLevelItem(7);
        const QRect at = c->table()->visualItemRect(slow);
        QTest::mouseClick(c->table()->viewport(), Qt::LeftButton, {}, at.center()); // a double click's first press
        QTest::mouseDClick(c->table()->viewport(), Qt::LeftButton, {}, at.center());
        QVERIFY(QTest::qWaitFor([&] { return static_cast<int>(w->workspace()->files().size()) > files; }, 60000));
        QVERIFY(settleWorkbench());
        // The views analyse that rank alone, and its model is shown.
        ViewDocument* alone = w->currentView();
        QVERIFY(alone->lanePool());
        QCOMPARE(alone->lanePool()->lanes, std::vector<std::size_t>{5});
        QCOMPARE(QString::fromStdString(alone->trace().lanes->lanes[0].name), QStringLiteral("rank 5/thread 0"));
        QVERIFY(QTest::qWaitFor([&] { return w->lastModelWindow() != nullptr; }, 60000));
        QVERIFY(w->lastModelWindow()->windowTitle().contains("rank 5/thread 0 alone"));
    }

    void aLaneComparedWithItsGroupInTheEnsembleWindow()
    {
        auto w = windowWith(kSlow);
        LaneComparisonWindow* c = openComparison(w.get());
        QVERIFY(c);
        QVERIFY(QTest::qWaitFor([c] { return c->computed(); }, 60000));
        QTreeWidgetItem* first = c->table()->topLevelItem(0); // rank 0, in the group of seven
        const QPoint at = c->table()->visualItemRect(first).center();
        QCOMPARE(chooseFromContextMenu(c->table()->viewport(), at, "Compare with its group"),
                 QStringLiteral("Compare with its group (7 lanes)…"));
        auto* ensemble = qobject_cast<EnsembleWindow*>(w->lastEnsembleWindow());
        QVERIFY(ensemble);
        QCOMPARE(ensemble->runs().size(), std::size_t(7));
        QVERIFY(QTest::qWaitFor([ensemble] { return ensemble->measured(); }, 60000));
        // The Compare tab lists the seven ranks side by side.
        QVERIFY(QTest::qWaitFor([ensemble] { return !ensemble->runComparison()->computing(); }, 60000));
        QCOMPARE(ensemble->runComparison()->table()->columnCount(), RunComparisonView::firstRunColumn + 7);
    }

    void cancelledThenStartedAgain()
    {
        auto w = windowWith(kSlow);
        LaneComparisonWindow* c = openComparison(w.get());
        QVERIFY(c);
        QSignalSpy finished(c, &LaneComparisonWindow::computedChanged);
        QTest::mouseClick(c->cancelButton(), Qt::LeftButton);
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        // Cancelled before the end, or done first on a fast machine: either way it says so.
        QVERIFY(c->computed() || c->status()->text().startsWith("Cancelled"));
        c->compute();
        QVERIFY(QTest::qWaitFor([c] { return c->computed(); }, 60000));
        QCOMPARE(c->grouping().groups.size(), std::size_t(2));
    }

    void theGroupDistanceSurvivesASession()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("lanes.chitra");
        {
            auto w = windowWith(kSlow);
            LaneComparisonWindow* c = openComparison(w.get());
            QVERIFY(c);
            c->setGroupDistance(0.35);
            QVERIFY(w->sessionController()->saveSession(path));
        }
        auto w = quietWindow();
        QVERIFY(w->sessionController()->openSession(path));
        QVERIFY(settleWorkbench());
        LaneComparisonWindow* c = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&] { return w->currentView() && (c = LaneComparisonWindow::find(*w, w->currentView())); }));
        QCOMPARE(c->groupDistance(), 0.35);
        QVERIFY(w->sessionController()->lastReport().problems.empty());
        DisplayOptions damaged = laneComparisonOptions(*c);
        damaged.extra["group_distance"] = "7";
        std::vector<QString> problems;
        applyLaneComparisonOptions(*c, damaged, "test", problems);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(c->groupDistance(), 0.35);
    }
};

QTEST_MAIN(LaneComparisonTest)
#include "lane_comparison_test.moc"
