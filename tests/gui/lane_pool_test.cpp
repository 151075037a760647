// Analyses on a lane or a group (ui.md "The lanes view", "Analyse"), driven as a person
// drives them: an MPI ring of 8 busy ranks opens on its first group of ranks pooled and
// says so; the model is the group fitted as `chitra-cli fit --pool-lanes` fits it, with a
// pattern aggregated on every lane of the group in one step; a click on a lane's name
// switches the views to the joint states, to that lane alone, and back to the group (the
// entry already open); the choice survives a session; the lanes of a group open as an
// ensemble compared; joined state names are shortened one lane at a time.
#include "gui_test_util.hpp"
#include "lanes_alone_util.hpp"
#include "main_window_test_util.hpp"

#include "chain/model_window.hpp"
#include "chain/transition_graph_widget.hpp"
#include "document/lane_pool.hpp"
#include "document/view_document.hpp"
#include "document/workspace.hpp"
#include "ensemble/ensemble_window.hpp"
#include "session/session_controller.hpp"
#include "text/joined_name.hpp"
#include "views/lanes/lanes_plottable.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"

#include "chitra/chain/chain_stats.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <QHeaderView>
#include <QMenu>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <functional>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

const QString kSlow = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/mpi-slow-rank-r8/traces.otf2");

// What `fit --pool-lanes --components LANES` fits.
SemiMarkovModel cliPooledModel(const std::vector<std::size_t>& lanes, const Pipeline& pipeline)
{
    const std::vector<Trace> alone = lanesAlone(kSlow);
    FitStats pooled;
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        const Ses ses = run_pipeline(base_ses(alone[lanes[k]]), pipeline).ses;
        FitStats one = collect_stats(ses, alone[lanes[k]].header.timebase);
        if (k == 0)
            pooled = std::move(one);
        else
            merge_into(pooled, one);
    }
    return model_from_stats(pooled);
}

// A left click on the name of lane `lane` in the lanes view.
void clickLaneName(LanesView* lanes, std::size_t lane)
{
    lanes->replotNow();
    const int row = static_cast<int>(*lanes->rows().rowOf({lane, 0, 0, 0}));
    const QPoint onRow = lanes->pixelOf(lanes->visibleRange().first, row + 0.5);
    QTest::mouseClick(lanes->plot(), Qt::LeftButton, {}, QPoint(lanes->plot()->axisRect()->left() / 2, onRow.y()));
}

SemiMarkovModel fitCurrent(MainWindow* w)
{
    QPointer<QWidget> before = w->lastModelWindow();
    w->actions()->fitModel->trigger();
    ModelWindow* model = nullptr;
    if (!QTest::qWaitFor([&] { return (model = qobject_cast<ModelWindow*>(w->lastModelWindow())) && model != before; },
                         60000))
        return {};
    return model->model();
}

void compareModels(const SemiMarkovModel& a, const SemiMarkovModel& b)
{
    QCOMPARE(a.states.size(), b.states.size());
    for (std::size_t s = 0; s < a.states.size(); ++s) {
        QCOMPARE(a.states[s].name, b.states[s].name);
        QCOMPARE(a.states[s].count, b.states[s].count);
        QCOMPARE(a.states[s].total, b.states[s].total);
    }
    QCOMPARE(a.transitions.size(), b.transitions.size());
    for (std::size_t t = 0; t < a.transitions.size(); ++t)
        QCOMPARE(a.transitions[t].count, b.transitions[t].count);
}

} // namespace

class LanePoolTest : public QObject {
    Q_OBJECT
private slots:
    void manyBusyLanesOpenOnTheirFirstGroupPooled()
    {
        auto w = windowWith(kSlow);
        QVERIFY(settleWorkbench());
        ViewDocument* view = w->currentView();
        QVERIFY(view && view->lanePool());
        const LaneGrouping cli = cliGrouping(kSlow, 0.2);
        QCOMPARE(view->lanePool()->group, std::size_t(1));
        QCOMPARE(view->lanePool()->lanes, cli.groups[0]);
        QCOMPARE(view->lanePool()->lanes.size(), std::size_t(7)); // every rank but the slow one
        QVERIFY(w->statusBar()->currentMessage().contains("busy lanes"));
        // The views show the group's first rank alone; the lanes view every rank, by group.
        QCOMPARE(view->trace().lanes->lanes.size(), std::size_t(1));
        LanesView* lanes = w->currentPanel()->lanesView();
        QCOMPARE(lanes->rows().laneCount(), std::size_t(8));
        QCOMPARE(lanes->analyseButton()->text(), QStringLiteral("Analyse: group 1 pooled (7 lanes)"));
        QCOMPARE(lanes->plottable()->laneMarks()[5], QColor(214, 39, 40));
        saveShot(w.get(), "lane-pool-opened");
    }

    void thePooledModelIsFitPoolLanesWithThePipelineOnEveryLane()
    {
        auto w = windowWith(kSlow);
        QVERIFY(settleWorkbench());
        ViewDocument* view = w->currentView();
        QVERIFY(view->lanePool());
        const std::vector<std::size_t> group = view->lanePool()->lanes;
        compareModels(fitCurrent(w.get()), cliPooledModel(group, {}));
        auto* window = qobject_cast<ModelWindow*>(w->lastModelWindow());
        QVERIFY(window->poolingLabel()->isVisible());
        QVERIFY(window->poolingLabel()->text().contains("Pooled over 7 lanes"));
        QVERIFY(window->windowTitle().startsWith("Pooled model of group 1 pooled (7 lanes)"));
        saveShot(window, "lane-pool-model");
        // A pattern brushed on the first rank, aggregated: one step, on every rank.
        const Ses& ses = view->ses();
        std::vector<std::string> pattern{(*ses.symbols)[ses.symbol[1]].name, (*ses.symbols)[ses.symbol[2]].name};
        const int index = view->addPattern(pattern);
        QVERIFY(index >= 0);
        QVERIFY(!view->aggregatePattern(index, QStringLiteral("round")));
        QVERIFY(view->waitForReplay(60000));
        QCOMPARE(view->steps().size(), std::size_t(1));
        const SemiMarkovModel pooled = fitCurrent(w.get());
        compareModels(pooled, cliPooledModel(group, view->pipeline()));
        const std::size_t round = pooled.find("round");
        QVERIFY(round != kNoState);
        // More rounds than the first rank alone has: the other ranks' were aggregated too.
        const Ses first = run_pipeline(view->ses(), Pipeline{}).ses;
        std::uint64_t own = 0;
        for (SymbolId s : first.symbol)
            own += (*first.symbols)[s].name == "round";
        QVERIFY(own > 0);
        QVERIFY(pooled.states[round].count > own);
    }

    void aClickOnALanesNameChoosesWhatTheViewsAnalyse()
    {
        auto w = windowWith(kSlow);
        QVERIFY(settleWorkbench());
        ViewDocument* pooled = w->currentView();
        const std::size_t files = w->workspace()->files().size();
        LanesView* lanes = w->currentPanel()->lanesView();
        // The joint states of every lane: a new entry of the same trace.
        QCOMPARE(chooseFromPopup([&] { clickLaneName(lanes, 2); }, "The joint states"),
                 QStringLiteral("The joint states of every lane"));
        QVERIFY(QTest::qWaitFor([&] { return w->workspace()->files().size() == files + 1; }, 60000));
        QVERIFY(settleWorkbench());
        ViewDocument* joint = w->currentView();
        QVERIFY(joint != pooled && !joint->lanePool());
        QCOMPARE(&joint->trace(), &pooled->lanesTrace());
        QCOMPARE(w->currentPanel()->lanesView()->analyseButton()->text(), QStringLiteral("Analyse: joint states"));
        saveShot(w.get(), "lane-pool-joint-view");
        // Rank 5 alone, from the name of its lane.
        lanes = w->currentPanel()->lanesView();
        const QString name = QString::fromStdString(joint->trace().lanes->lanes[5].name);
        QCOMPARE(chooseFromPopup([&] { clickLaneName(lanes, 5); }, name + " alone"), name + " alone");
        QVERIFY(QTest::qWaitFor([&] { return w->workspace()->files().size() == files + 2; }, 60000));
        QVERIFY(settleWorkbench());
        ViewDocument* alone = w->currentView();
        QVERIFY(alone->lanePool());
        QCOMPARE(alone->lanePool()->lanes, std::vector<std::size_t>{5});
        QCOMPARE(alone->lanePool()->group, std::size_t(0));
        QCOMPARE(QString::fromStdString(alone->trace().lanes->lanes[0].name), name);
        // Its model is that rank's own, as `fit --pool-lanes --components 6` fits it.
        compareModels(fitCurrent(w.get()), cliPooledModel({5}, {}));
        // Back to the group from another rank's name: the entry open already.
        lanes = w->currentPanel()->lanesView();
        QVERIFY(!chooseFromPopup([&] { clickLaneName(lanes, 3); }, "Group 1 pooled").isEmpty());
        QVERIFY(QTest::qWaitFor([&] { return w->currentView() == pooled; }));
        QCOMPARE(w->workspace()->files().size(), files + 2);
    }

    void whatTheViewsAnalyseSurvivesASession()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("pool.chitra");
        std::vector<std::size_t> group;
        {
            auto w = windowWith(kSlow);
            QVERIFY(settleWorkbench());
            group = w->currentView()->lanePool()->lanes;
            w->analyseLanes(w->currentView(), {5}, 0);
            QVERIFY(QTest::qWaitFor([&] { return w->workspace()->files().size() == 2; }, 60000));
            QVERIFY(w->sessionController()->saveSession(path));
        }
        auto w = quietWindow();
        QVERIFY(w->sessionController()->openSession(path));
        QVERIFY(settleWorkbench());
        const auto& files = w->workspace()->files();
        QCOMPARE(files.size(), std::size_t(2));
        QVERIFY(files[0].base.pool && files[1].base.pool);
        QCOMPARE(files[0].base.pool->lanes, group);
        QCOMPARE(files[0].base.pool->group, std::size_t(1));
        QCOMPARE(files[1].base.pool->lanes, std::vector<std::size_t>{5});
        QVERIFY(w->sessionController()->lastReport().problems.empty());
    }

    void theLanesOfAGroupCompareAsAnEnsemble()
    {
        auto w = windowWith(kSlow);
        QVERIFY(settleWorkbench());
        const std::vector<std::size_t> group = w->currentView()->lanePool()->lanes;
        EnsembleWindow* ensemble = w->compareLanes(w->currentView(), group);
        QVERIFY(ensemble);
        QCOMPARE(ensemble->runs().size(), group.size());
        QVERIFY(QTest::qWaitFor([ensemble] { return ensemble->measured(); }, 60000));
        QVERIFY(ensemble->runs()[0].input.label.contains("rank 0"));
    }

    void joinedNamesAreShortenedOneLaneAtATime()
    {
        const QFontMetrics metrics(QApplication::font());
        QStringList parts;
        for (int k = 0; k < 6; ++k)
            parts << QStringLiteral("MPI_Waitall_%1").arg(k);
        const QString name = parts.join("|");
        const int width = metrics.horizontalAdvance(name) / 2;
        const QString shown = elideJoinedName(name, "|", metrics, width);
        QVERIFY(metrics.horizontalAdvance(shown) <= width);
        const QStringList shownParts = shown.split("|");
        QCOMPARE(shownParts.size(), 6); // every lane keeps its place
        for (const QString& p : shownParts)
            QVERIFY2(p.startsWith("MPI"), qPrintable(shown));
        QCOMPARE(elideJoinedName(QStringLiteral("a|b"), "|", metrics, 500), QStringLiteral("a|b"));
        // A short component keeps its whole text, the long ones share the rest.
        const QString mixed = QStringLiteral("-|") + QString(60, QChar('x')) + "|" + QString(60, QChar('y'));
        const QString m = elideJoinedName(mixed, "|", metrics, metrics.horizontalAdvance(QString(40, QChar('x'))));
        QVERIFY2(m.startsWith("-|x") && m.contains("|y"), qPrintable(m));
        // 83 lanes in a narrow column: the first ones, then how many are left out.
        QStringList many;
        for (int k = 0; k < 83; ++k)
            many << QStringLiteral("region%1").arg(k);
        const QString narrow = elideJoinedName(many.join("|"), "|", metrics, 200);
        QVERIFY(metrics.horizontalAdvance(narrow) <= 200);
        QVERIFY2(narrow.contains(QRegularExpression("…\\+\\d+$")), qPrintable(narrow));
    }

    void theModelOfJointStatesKeepsItsNumbersInView()
    {
        auto w = windowWith(kSlow);
        QVERIFY(settleWorkbench());
        w->analyseLanes(w->currentView(), {}, 0); // the joint states of the 8 ranks
        QVERIFY(QTest::qWaitFor([&] { return w->workspace()->files().size() == 2; }, 60000));
        QVERIFY(settleWorkbench());
        QVERIFY(!w->currentView()->lanePool());
        fitCurrent(w.get());
        auto* window = qobject_cast<ModelWindow*>(w->lastModelWindow());
        QVERIFY(window);
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QTableView* table = window->statesTable();
        const int name = table->horizontalHeader()->sectionSize(ModelWindow::Name);
        QVERIFY2(name <= table->fontMetrics().averageCharWidth() * 56, qPrintable(QString::number(name)));
        // The whole name in the tooltip of a shortened one.
        const QModelIndex first = table->model()->index(0, ModelWindow::Name);
        QCOMPARE(table->model()->data(first, Qt::ToolTipRole).toString(),
                 table->model()->data(first, Qt::DisplayRole).toString());
        QVERIFY(table->model()->data(first, Qt::DisplayRole).toString().count('|') == 7);
        // Hundreds of joint states: the graph draws those of most time and says so.
        const std::size_t states = window->model().states.size();
        QVERIFY(states > TransitionGraphWidget::kDrawnStates + 1);
        TransitionGraphWidget* graph = window->graph();
        QCOMPARE(graph->statesLeftOut(), states - TransitionGraphWidget::kDrawnStates);
        QVERIFY(QTest::qWaitFor([graph] { return !graph->layingOut(); }, 60000));
        QCOMPARE(graph->graphLayout().nodes.size(), TransitionGraphWidget::kDrawnStates);
        const QList<QLabel*> labels = window->findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [](QLabel* l) { return l->text().contains("states of most time"); }));
        saveShot(window, "lane-pool-joint-model");
    }
};

QTEST_MAIN(LanePoolTest)
#include "lane_pool_test.moc"
