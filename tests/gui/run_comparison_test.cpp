// The Compare tab of the Ensemble window, driven like a user: two runs of which one has an
// extra state D (and so transitions C → D, D → A instead of C → A); the table shows what
// each run has, highlights what differs, follows the thresholds, narrows to a group of
// states, and a double-clicked state is picked in that member's view.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "document/view_document.hpp"
#include "ensemble/ensemble_window.hpp"
#include "ensemble/run_comparison_view.hpp"
#include "document/workspace.hpp"
#include "workbench/main_actions.hpp"

#include "chitra/io/io.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

using namespace chitra;
using namespace chitra::app;

namespace {

// `cycles` turns of the states, each held for its duration (us).
QString writeRun(const QTemporaryDir& dir, const QString& name, const std::vector<std::pair<std::string, int>>& cycle,
                 int cycles = 40)
{
    std::string text = "# chitra-pes 1\n# timebase: us\n";
    long long t = 0;
    std::string body;
    for (int i = 0; i < cycles; ++i)
        for (const auto& [state, duration] : cycle) {
            body += std::to_string(t) + " " + state + "\n";
            t += duration;
        }
    text += "# end: " + std::to_string(t) + "\n" + body;
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QByteArray::fromStdString(text));
    return path;
}

// Run A: A, B, C for 10 us each. Run B: the same and D for 3 us, so that A, B and C have
// 10/33 of the time instead of 1/3 (9% less: under the default 10%).
std::vector<QString> writeRuns(const QTemporaryDir& dir)
{
    return {writeRun(dir, "run-a.pes", {{"A", 10}, {"B", 10}, {"C", 10}}),
            writeRun(dir, "run-b.pes", {{"A", 10}, {"B", 10}, {"C", 10}, {"D", 3}})};
}

MemberInput member(const QString& path)
{
    return {path, QFileInfo(path).fileName(), std::make_shared<const Trace>(read_pes_file(path.toStdString()))};
}

QString cell(QTableWidget* table, int row, int column)
{
    const QTableWidgetItem* item = table->item(row, column);
    return item ? item->text() : QString();
}

QStringList shownNames(RunComparisonView* view)
{
    QStringList names;
    for (int row = 0; row < view->table()->rowCount(); ++row)
        if (!view->table()->isRowHidden(row))
            names << cell(view->table(), row, RunComparisonView::nameColumn);
    return names;
}

void doubleClickCell(QTableWidget* table, int row, int column)
{
    const QTableWidgetItem* item = table->item(row, column);
    table->scrollToItem(item);
    const QPoint at = table->visualItemRect(item).center();
    // A double click is a click and then the second press (Qt's item views want both).
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
}

// The comparison runs on a worker: waits for the one asked for last.
bool compared(RunComparisonView* view)
{
    return QTest::qWaitFor([view] { return !view->computing(); }, 60000);
}

void openCompareTab(EnsembleWindow& w)
{
    compared(w.runComparison());
    QTabBar* bar = w.tabs()->tabBar();
    for (int i = 0; i < bar->count(); ++i)
        if (bar->tabText(i) == QStringLiteral("Co&mpare"))
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
}

} // namespace

class RunComparisonTest : public QObject {
    Q_OBJECT
private slots:
    void extraStateAndTransitionsAreHighlighted();
    void thresholdsChangeTheHighlightedRows();
    void filterNarrowsToAGroupOfStates();
    void doubleClickNamesTheMemberAndState();
    void doubleClickPicksTheStateInTheMembersView();
};

void RunComparisonTest::extraStateAndTransitionsAreHighlighted()
{
    QTemporaryDir dir;
    const auto paths = writeRuns(dir);
    EnsembleWindow w({member(paths[0]), member(paths[1])}, Pipeline{});
    RunComparisonView* view = w.runComparison();
    QVERIFY(view->summaryLabel()->text().startsWith("Fitting"));
    w.resize(1100, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(QTest::qWaitFor([&w] { return w.measured(); }, 60000));
    openCompareTab(w);
    QCOMPARE(w.tabs()->currentWidget(), view);

    QTableWidget* table = view->table();
    const int a = RunComparisonView::firstRunColumn, b = a + 1;
    QCOMPARE(table->columnCount(), 4);
    QCOMPARE(table->horizontalHeaderItem(a)->text(), QStringLiteral("run-a.pes"));
    QCOMPARE(table->horizontalHeaderItem(b)->text(), QStringLiteral("run-b.pes"));
    QCOMPARE(table->rowCount(), 4 + 5); // A B C D; A→B B→C C→A C→D D→A

    // D: only in run B, and highlighted.
    const int d = view->stateRow("D");
    QVERIFY(d >= 0);
    QCOMPARE(cell(table, d, RunComparisonView::kindColumn), QStringLiteral("state"));
    QCOMPARE(cell(table, d, a), QString());
    QVERIFY(cell(table, d, b).startsWith(QStringLiteral("✓")));
    QVERIFY(view->rowHighlighted(d));
    QVERIFY(table->item(d, b)->font().bold());
    QVERIFY(!table->item(d, a)->toolTip().isEmpty());

    // The transitions D brings and the one it replaces are highlighted; A → B is not.
    for (const auto& [from, to, inA, inB] :
         {std::tuple{"C", "D", false, true}, std::tuple{"D", "A", false, true}, std::tuple{"C", "A", true, false}}) {
        const int row = view->transitionRow(from, to);
        QVERIFY2(row >= 0, from);
        QCOMPARE(cell(table, row, RunComparisonView::kindColumn), QStringLiteral("transition"));
        QCOMPARE(cell(table, row, a).startsWith(QStringLiteral("✓")), inA);
        QCOMPARE(cell(table, row, b).startsWith(QStringLiteral("✓")), inB);
        QVERIFY2(view->rowHighlighted(row), from);
    }
    const int ab = view->transitionRow("A", "B");
    QVERIFY(cell(table, ab, a).contains("1.000") && cell(table, ab, b).contains("1.000"));
    QVERIFY(!view->rowHighlighted(ab));
    // A's share differs by 9% of the largest: under the default 10%.
    QVERIFY(!view->rowHighlighted(view->stateRow("A")));
    QVERIFY(cell(table, view->stateRow("A"), a).contains("33.3 %"));
    QVERIFY(view->summaryLabel()->text().contains("4 difference"));
    w.resize(1000, 820);
    testutil::saveShot(&w, "ensemble_compare");
}

void RunComparisonTest::thresholdsChangeTheHighlightedRows()
{
    QTemporaryDir dir;
    const auto paths = writeRuns(dir);
    EnsembleWindow w({member(paths[0]), member(paths[1])}, Pipeline{});
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(QTest::qWaitFor([&w] { return w.measured(); }, 60000));
    openCompareTab(w);
    RunComparisonView* view = w.runComparison();
    QCOMPARE(view->relativeBox()->value(), 0.1);
    QCOMPARE(view->absoluteBox()->value(), 0.0);

    // Below 9%, the shares of A, B and C differ too.
    testutil::typeInto(view->relativeBox(), QStringLiteral("0.05"));
    QVERIFY(compared(view));
    QCOMPARE(view->relativeBox()->value(), 0.05);
    for (const char* state : {"A", "B", "C", "D"})
        QVERIFY2(view->rowHighlighted(view->stateRow(state)), state);
    QVERIFY(!view->rowHighlighted(view->transitionRow("A", "B")));

    // An absolute threshold above D's share (3/33) leaves only the transition probabilities
    // (1 against 0).
    testutil::typeInto(view->relativeBox(), QStringLiteral("0.1"));
    testutil::typeInto(view->absoluteBox(), QStringLiteral("0.2"));
    QVERIFY(compared(view));
    QVERIFY(!view->rowHighlighted(view->stateRow("D")));
    QVERIFY(view->rowHighlighted(view->transitionRow("C", "D")));
    QVERIFY(view->rowHighlighted(view->transitionRow("C", "A")));
    testutil::typeInto(view->absoluteBox(), QStringLiteral("0"));
    QVERIFY(compared(view));
    QVERIFY(view->rowHighlighted(view->stateRow("D")));

    // Differences only hides the rest.
    QTest::mouseClick(view->differencesOnlyBox(), Qt::LeftButton);
    QVERIFY(view->differencesOnlyBox()->isChecked());
    QCOMPARE(shownNames(view), (QStringList{"D", "C → A", "C → D", "D → A"}));
    QTest::mouseClick(view->differencesOnlyBox(), Qt::LeftButton);
    QCOMPARE(shownNames(view).size(), 9);
}

void RunComparisonTest::filterNarrowsToAGroupOfStates()
{
    QTemporaryDir dir;
    const auto paths = writeRuns(dir);
    EnsembleWindow w({member(paths[0]), member(paths[1])}, Pipeline{});
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(QTest::qWaitFor([&w] { return w.measured(); }, 60000));
    openCompareTab(w);
    RunComparisonView* view = w.runComparison();

    // A state, and the transitions touching it.
    testutil::typeInto(view->filterEdit(), QStringLiteral("D"));
    QCOMPARE(shownNames(view), (QStringList{"D", "C → D", "D → A"}));
    // A group by glob and by name.
    testutil::typeInto(view->filterEdit(), QStringLiteral("[AB]"));
    QCOMPARE(shownNames(view), QStringList{}); // no such state: nothing
    testutil::typeInto(view->filterEdit(), QStringLiteral("A, B"));
    QCOMPARE(shownNames(view), (QStringList{"A", "B", "A → B", "B → C", "C → A", "D → A"}));
    testutil::typeInto(view->filterEdit(), QStringLiteral("?"));
    QCOMPARE(shownNames(view).size(), 9);
    // With differences only: the group's rows that differ.
    QTest::mouseClick(view->differencesOnlyBox(), Qt::LeftButton);
    testutil::typeInto(view->filterEdit(), QStringLiteral("*A*"));
    QCOMPARE(shownNames(view), (QStringList{"C → A", "D → A"}));
    view->filterEdit()->clear();
    QCOMPARE(shownNames(view), (QStringList{"D", "C → A", "C → D", "D → A"}));
    QTest::mouseClick(view->differencesOnlyBox(), Qt::LeftButton);

    // Grouped: each state followed by the transitions leaving it.
    QTest::mouseClick(view->groupedBox(), Qt::LeftButton);
    QCOMPARE(shownNames(view), (QStringList{"A", "A → B", "B", "B → C", "C", "C → A", "C → D", "D", "D → A"}));
    QVERIFY(view->rowHighlighted(view->transitionRow("C", "D")));
    QVERIFY(!view->rowHighlighted(view->stateRow("C")));
    testutil::typeInto(view->filterEdit(), QStringLiteral("D"));
    QCOMPARE(shownNames(view), (QStringList{"C → D", "D", "D → A"}));
}

void RunComparisonTest::doubleClickNamesTheMemberAndState()
{
    QTemporaryDir dir;
    const auto paths = writeRuns(dir);
    EnsembleWindow w({member(paths[0]), member(paths[1])}, Pipeline{});
    w.resize(1100, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(QTest::qWaitFor([&w] { return w.measured(); }, 60000));
    openCompareTab(w);
    RunComparisonView* view = w.runComparison();
    QSignalSpy chosen(&w, &EnsembleWindow::stateChosen);
    const int a = RunComparisonView::firstRunColumn, b = a + 1;

    doubleClickCell(view->table(), view->stateRow("B"), b);
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toInt(), 1);
    QCOMPARE(chosen.at(0).at(1).toString(), QStringLiteral("B"));
    doubleClickCell(view->table(), view->stateRow("C"), RunComparisonView::nameColumn);
    QCOMPARE(chosen.at(1).at(0).toInt(), 0); // no run column: the first run that has it
    // D is not in run A: the run that has it.
    doubleClickCell(view->table(), view->stateRow("D"), a);
    QCOMPARE(chosen.count(), 3);
    QCOMPARE(chosen.at(2).at(0).toInt(), 1);
    QCOMPARE(chosen.at(2).at(1).toString(), QStringLiteral("D"));
    // A transition row names no state.
    doubleClickCell(view->table(), view->transitionRow("C", "D"), a);
    QCOMPARE(chosen.count(), 3);
    // Grouped rows name their own states.
    QTest::mouseClick(view->groupedBox(), Qt::LeftButton);
    doubleClickCell(view->table(), view->stateRow("D"), b);
    QCOMPARE(chosen.count(), 4);
    QCOMPARE(chosen.at(3).at(1).toString(), QStringLiteral("D"));
    QCOMPARE(chosen.at(3).at(0).toInt(), 1);
}

void RunComparisonTest::doubleClickPicksTheStateInTheMembersView()
{
    QTemporaryDir dir;
    const auto paths = writeRuns(dir);
    auto main = testutil::quietWindow();
    QString error;
    for (const QString& path : paths)
        QVERIFY2(main->openFileNow(path, &error), qPrintable(error));
    ViewDocument* first = main->workspace()->files().front().views.front();
    main->setCurrentView(first);
    main->actions()->ensemble->trigger();
    auto* w = qobject_cast<EnsembleWindow*>(main->lastEnsembleWindow());
    QVERIFY(w);
    QVERIFY(QTest::qWaitForWindowExposed(w));
    QVERIFY(QTest::qWaitFor([w] { return w->measured(); }, 60000));
    openCompareTab(*w);
    RunComparisonView* view = w->runComparison();

    doubleClickCell(view->table(), view->stateRow("D"), RunComparisonView::firstRunColumn + 1);
    ViewDocument* second = main->workspace()->files().back().views.front();
    QCOMPARE(main->currentView(), second);
    QCOMPARE(second->pickedState(), second->ses().symbols->find("D"));
    QVERIFY(second->pickedState() != kNoSymbol);

    doubleClickCell(view->table(), view->stateRow("B"), RunComparisonView::firstRunColumn);
    QCOMPARE(main->currentView(), first);
    QCOMPARE(first->pickedState(), first->ses().symbols->find("B"));
    w->close();
}

QTEST_MAIN(RunComparisonTest)
#include "run_comparison_test.moc"
