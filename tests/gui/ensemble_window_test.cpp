// The Ensemble window, driven like a user: the philosophers' runs as members, parameters
// from their file names, the spectra overlaid with their mean, a run of another program
// flagged as a distinct mode, and a quantity plotted and fitted against a parameter.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "session/session_controller.hpp"
#include "chitra/session/session_io.hpp"
#include <QTemporaryDir>
#include "workbench/main_window.hpp"
#include "ensemble/ensemble_window.hpp"
#include "ensemble/members_table.hpp"
#include "jobs/worker_pool.hpp"
#include "document/view_document.hpp"
#include "ensemble/parameter_plot.hpp"
#include "ensemble/parameter_series.hpp"
#include "ensemble/spectra_plot.hpp"
#include "ensemble/spectra_summary.hpp"
#include "document/workspace.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_actions.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QTabWidget>
#include <QThreadPool>
#include <QTest>
#include <qcustomplot.h>

using namespace chitra;
using namespace chitra::app;

namespace {

QString sample(const QString& name) { return QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/") + name; }

MemberInput member(const QString& name)
{
    const QString path = sample(name);
    return {path, name, std::make_shared<const Trace>(read_pes_file(path.toStdString()))};
}

std::vector<MemberInput> philosophers()
{
    std::vector<MemberInput> members;
    for (int n : {2, 3, 4})
        for (int x : {100, 1000, 10000})
            members.push_back(member(QStringLiteral("philosophers-n%1-x%2.pes").arg(n).arg(x)));
    return members;
}

// Shows the window and waits for the background fit of every member.
bool showAndWait(EnsembleWindow& w)
{
    w.resize(1100, 800);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return false;
    return QTest::qWaitFor([&w] { return w.measured(); }, 120000);
}

void typePatterns(EnsembleWindow& w, const QString& text)
{
    testutil::typeInto(w.fileNamePatternEdit(), text);
    QTest::keyClick(w.fileNamePatternEdit(), Qt::Key_Return);
}

QString cell(MembersTable* table, int row, int column)
{
    const QTableWidgetItem* item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

class EnsembleWindowTest : public QObject {
    Q_OBJECT
private slots:
    void summaryFlagsTheMemberFarFromTheOthers();
    void parametersComeFromParamLines();
    void parametersComeFromFileNamesAndTyping();
    void spectraShowEveryMemberTheMeanAndItsBand();
    void anotherProgramIsADistinctMode();
    void quantityAgainstAParameterWithItsBestFormula();
    void pipelineWarningsAreFlaggedPerMember();
    void modelMenuOpensTheOpenTracesAsMembers();
    void closingWhileFittingAbandonsTheWork();
    void transitionProbabilityIsAQuantity();
    void savedAndRestoredWithTheSession();
    void brushedPatternsGiveTheSetOfStates();
    void forEachValueItsOwnSeriesAndFormula();
    void fairnessPerPhilosopherFromItsLanes();
};

void EnsembleWindowTest::summaryFlagsTheMemberFarFromTheOthers()
{
    // Four members falling with frequency, a little apart, one rising: a distinct shape.
    // A member ten times louder than another but of the same shape is not distinct.
    const std::vector<std::vector<double>> bands{
        {1000, 100, 10}, {1200, 110, 9}, {900, 95, 11}, {11000, 900, 100}, {10, 100, 1000}};
    const SpectraSummary s = summariseSpectra(bands);
    QCOMPARE(s.mean.size(), std::size_t{3});
    for (std::size_t b = 0; b < 3; ++b)
        QVERIFY(s.low[b] < s.mean[b] && s.mean[b] < s.high[b]);
    QCOMPARE(s.distinct, (std::vector<bool>{false, false, false, false, true}));
    QVERIFY(s.distance[4] > 3 * s.median);
    // Too few members to tell a mode apart.
    QCOMPARE(summariseSpectra({{1, 2}, {2, 1}}).distinct, (std::vector<bool>{false, false}));
}

void EnsembleWindowTest::parametersComeFromParamLines()
{
    // A for `a` us, B for 20 us, `repeats` times.
    auto run = [](const QString& name, const char* params, int repeats, int a) {
        std::string text = std::string("# chitra-pes 1\n# timebase: us\n# param: ") + params + "\n";
        for (int i = 0; i < repeats; ++i)
            text += std::to_string((a + 20) * i) + " A\n" + std::to_string((a + 20) * i + a) + " B\n";
        return MemberInput{name, name, std::make_shared<const Trace>(read_pes_text(text, name.toStdString()))};
    };
    EnsembleWindow w({run("a.pes", "threads=2 mode=spin", 50, 10), run("b.pes", "threads=4 mode=spin", 80, 20),
                      run("c.pes", "threads=8 mode=yield", 120, 40)},
                     Pipeline{});
    QVERIFY(showAndWait(w));
    MembersTable* table = w.membersTable();
    const int threads = table->parameterColumn("threads"), mode = table->parameterColumn("mode");
    QVERIFY(threads > 0 && mode > 0);
    QCOMPARE(cell(table, 1, threads), QStringLiteral("4"));
    QCOMPARE(cell(table, 2, mode), QStringLiteral("yield"));
    // Without an `# end:` line the last record only closes the one before it.
    QCOMPARE(cell(table, 2, table->elementsColumn()), QStringLiteral("239"));
    // Only the numeric parameter gives points; three values give a formula.
    ParameterPlot* across = w.parameterPlot();
    QCOMPARE(across->parameterBox()->currentText(), QStringLiteral("mode"));
    QCOMPARE(across->pointsGraph()->data()->size(), 0);
    testutil::chooseByKeys(across->parameterBox(), 1);
    QCOMPARE(across->parameterBox()->currentText(), QStringLiteral("threads"));
    QCOMPARE(across->pointsGraph()->data()->size(), 3);
    QVERIFY(across->formulaLabel()->text().startsWith("Best formula: "));
}

void EnsembleWindowTest::parametersComeFromFileNamesAndTyping()
{
    EnsembleWindow w(philosophers(), Pipeline{});
    QVERIFY(showAndWait(w));
    MembersTable* table = w.membersTable();
    QCOMPARE(table->rowCount(), 9);
    QCOMPARE(table->parameterColumn("N"), -1); // the samples carry no `# param:` lines

    typePatterns(w, QStringLiteral("N=-n(\\d+) x=-x(\\d+)"));
    const int n = table->parameterColumn("N"), x = table->parameterColumn("x");
    QVERIFY(n > 0 && x > 0);
    QCOMPARE(cell(table, 0, n), QStringLiteral("2"));
    QCOMPARE(cell(table, 0, x), QStringLiteral("100"));
    QCOMPARE(cell(table, 8, n), QStringLiteral("4"));
    QCOMPARE(cell(table, 8, x), QStringLiteral("10000"));
    QVERIFY(w.patternMessage()->isHidden());
    // Every member has its elements counted and no pipeline warning.
    for (int row = 0; row < 9; ++row) {
        QVERIFY(cell(table, row, table->elementsColumn()).toInt() > 0);
        QVERIFY(cell(table, row, table->pipelineColumn()).isEmpty());
    }

    // A value typed into a cell replaces the one from the file name.
    const QTableWidgetItem* item = table->item(4, x);
    table->scrollToItem(item);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(item).center());
    // The first key opens the cell's editor with it; the rest go to the editor.
    QTest::keyClick(table, Qt::Key_2);
    auto* editor = table->viewport()->findChild<QLineEdit*>();
    QVERIFY(editor);
    QTest::keyClicks(editor, "000");
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(w.runs()[4].params.at("x"), std::string("2000"));
    QCOMPARE(cell(table, 4, x), QStringLiteral("2000"));
    // ... and the plot against x has a fourth value.
    testutil::chooseByKeys(w.parameterPlot()->parameterBox(), 1);
    QCOMPARE(w.parameterPlot()->parameterBox()->currentText(), QStringLiteral("x"));
    QCOMPARE(w.parameterPlot()->meansGraph()->data()->size(), 4);

    // A typed value outlives a change of the patterns.
    typePatterns(w, QStringLiteral("x=-x(\\d+)"));
    QCOMPARE(table->parameterColumn("N"), -1);
    QCOMPARE(cell(table, 4, table->parameterColumn("x")), QStringLiteral("2000"));
    QCOMPARE(cell(table, 5, table->parameterColumn("x")), QStringLiteral("10000"));

    // A malformed pattern is reported, not applied.
    typePatterns(w, QStringLiteral("N=-n\\d+"));
    QVERIFY(!w.patternMessage()->isHidden());
    QCOMPARE(table->parameterColumn("N"), -1);
}

void EnsembleWindowTest::spectraShowEveryMemberTheMeanAndItsBand()
{
    EnsembleWindow w(philosophers(), Pipeline{});
    // The members are fitted on a worker: at first the window shows its progress and
    // the table says so.
    QVERIFY(!w.measured());
    QVERIFY(!w.progressBar()->isHidden());
    QCOMPARE(cell(w.membersTable(), 0, w.membersTable()->elementsColumn()), QStringLiteral("fitting…"));
    QCOMPARE(w.spectraPlot()->memberGraphs().size(), std::size_t{0});
    QVERIFY(showAndWait(w));
    QVERIFY(w.progressBar()->isHidden());
    SpectraPlot* spectra = w.spectraPlot();
    QCOMPARE(spectra->memberGraphs().size(), std::size_t{9});
    QCOMPARE(spectra->plot()->graphCount(), 9 + 3); // members, the band's two edges, the mean
    QVERIFY(spectra->meanGraph()->data()->size() >= kSpectrumBands / 2);
    QCOMPARE(spectra->bandHighGraph()->channelFillGraph(), spectra->bandLowGraph());
    QCOMPARE(spectra->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    for (int m = 0; m < 9; ++m) {
        QVERIFY(!std::isnan(w.runs()[m].distance));
        QVERIFY2(!w.runs()[m].distinct, qPrintable(w.runs()[m].input.label));
    }
}

void EnsembleWindowTest::anotherProgramIsADistinctMode()
{
    std::vector<MemberInput> members = philosophers();
    members.push_back(member(QStringLiteral("pipeline-p1-c2.pes")));
    EnsembleWindow w(std::move(members), Pipeline{});
    QVERIFY(showAndWait(w));
    MembersTable* table = w.membersTable();
    QCOMPARE(cell(table, 9, table->modeColumn()), QStringLiteral("distinct"));
    for (int row = 0; row < 9; ++row)
        QVERIFY2(cell(table, row, table->modeColumn()).isEmpty(), qPrintable(cell(table, row, 0)));
    QVERIFY(cell(table, 9, table->distanceColumn()).toDouble() > cell(table, 0, table->distanceColumn()).toDouble());
    QCOMPARE(w.spectraPlot()->memberGraphs().size(), std::size_t{10});
    testutil::saveShot(&w, "ensemble_window_spectra");

    // The pattern does not match the other program's name: it gets no N, and says so.
    typePatterns(w, QStringLiteral("N=-n(\\d+)"));
    QVERIFY(!w.patternMessage()->isHidden());
    QVERIFY(w.patternMessage()->text().contains("pipeline-p1-c2.pes"));
    QCOMPARE(cell(table, 9, table->parameterColumn("N")), QString());
    QCOMPARE(cell(table, 3, table->parameterColumn("N")), QStringLiteral("3"));
}

void EnsembleWindowTest::quantityAgainstAParameterWithItsBestFormula()
{
    EnsembleWindow w(philosophers(), Pipeline{});
    QVERIFY(showAndWait(w));
    typePatterns(w, QStringLiteral("N=-n(\\d+) x=-x(\\d+)"));
    QTest::mouseClick(w.tabs()->tabBar(), Qt::LeftButton, {}, w.tabs()->tabBar()->tabRect(1).center());
    QCOMPARE(w.tabs()->currentIndex(), 1);
    ParameterPlot* across = w.parameterPlot();
    QCOMPARE(across->parameterBox()->count(), 2); // N, x
    testutil::chooseByKeys(across->parameterBox(), 1);
    QCOMPARE(across->parameterBox()->currentText(), QStringLiteral("x"));
    testutil::typeInto(across->statesEdit(), QStringLiteral("*A*"));

    QCOMPARE(across->pointsGraph()->data()->size(), 9);
    QCOMPARE(across->meansGraph()->data()->size(), 3); // x = 100, 1000, 10000
    QVERIFY(across->formulaGraph()->data()->size() > 10);
    QVERIFY(across->formulaLabel()->text().startsWith("Best formula: y = "));
    QVERIFY(across->formulaLabel()->text().contains(QStringLiteral("r² = ")));
    QCOMPARE(across->plot()->xAxis->label(), QStringLiteral("x"));
    QVERIFY(across->plot()->yAxis->label().contains("ns"));

    testutil::typeInto(across->predictBox(), QStringLiteral("5000"));
    QVERIFY(across->predictionLabel()->text().startsWith(QStringLiteral("At x = 5000: ")));
    QVERIFY(across->predictionLabel()->text().endsWith(QStringLiteral(" ns")));

    // Share of time: a number between 0 and 1 per member.
    testutil::chooseByKeys(across->quantityBox(), 1);
    for (auto it = across->pointsGraph()->data()->constBegin(); it != across->pointsGraph()->data()->constEnd(); ++it)
        QVERIFY(it->value > 0.0 && it->value <= 1.0);

    // States that no member has: nothing to plot, and the label says why.
    testutil::typeInto(across->statesEdit(), QStringLiteral("NOSUCH*"));
    QCOMPARE(across->pointsGraph()->data()->size(), 0);
    QVERIFY(across->formulaLabel()->text().startsWith("No member"));
    testutil::typeInto(across->statesEdit(), QStringLiteral("*A*"));
    testutil::chooseByKeys(across->quantityBox(), 0);
    QCOMPARE(across->pointsGraph()->data()->size(), 9);
    testutil::saveShot(&w, "ensemble_window");
}

void EnsembleWindowTest::pipelineWarningsAreFlaggedPerMember()
{
    // Dropping the third philosopher warns on the runs that have only two.
    const Pipeline pipeline =
        parse_pipeline_json(R"({"pipeline": [{"op": "project_components", "drop": [2]}]})", "test", ".");
    EnsembleWindow w(philosophers(), pipeline);
    QVERIFY(showAndWait(w));
    MembersTable* table = w.membersTable();
    for (int row = 0; row < 9; ++row) {
        const bool two = row < 3;
        QCOMPARE(!cell(table, row, table->pipelineColumn()).isEmpty(), two);
        if (two)
            QVERIFY(!table->item(row, table->pipelineColumn())->toolTip().isEmpty());
    }
}

void EnsembleWindowTest::modelMenuOpensTheOpenTracesAsMembers()
{
    auto main = testutil::quietWindow();
    QString error;
    for (const char* name : {"philosophers-n2-x100.pes", "philosophers-n3-x100.pes", "philosophers-n4-x100.pes"})
        QVERIFY2(main->openFileNow(sample(name), &error), qPrintable(error));
    QAction* action = main->actions()->ensemble;
    QVERIFY(action->isEnabled());
    QCOMPARE(action->text(), QStringLiteral("&Ensemble of open traces…"));
    // It sits in the Model menu, next to fitting one view's chain.
    bool inModelMenu = false;
    for (QAction* menu : main->menuBar()->actions())
        if (menu->text() == QStringLiteral("&Model"))
            inModelMenu = menu->menu()->actions().contains(action);
    QVERIFY(inModelMenu);
    action->trigger();
    auto* w = qobject_cast<EnsembleWindow*>(main->lastEnsembleWindow());
    QVERIFY(w);
    QCOMPARE(w->runs().size(), std::size_t{3});
    QVERIFY(QTest::qWaitFor([w] { return w->measured(); }, 120000));
    QCOMPARE(w->spectraPlot()->memberGraphs().size(), std::size_t{3});
    w->close();
}

void EnsembleWindowTest::closingWhileFittingAbandonsTheWork()
{
    {
        EnsembleWindow w(philosophers(), Pipeline{});
        QVERIFY(!w.measured());
    }
    // The worker reads only its own copies; it ends without touching the closed window.
    QVERIFY(workerPool()->waitForDone(120000));
    QCoreApplication::processEvents();
}

// A -> B twice and A -> C once; B1 -> A and C -> A always; the run ends in B1.
void EnsembleWindowTest::transitionProbabilityIsAQuantity()
{
    const auto ses = testutil::sesFromText("# end: 70\n0 A\n10 B1\n20 A\n30 C\n40 A\n50 B1\n60 A\n");
    const SemiMarkovModel model = fit_chain(*ses, TimeBase::us);
    const auto p = [&](const std::string& text) {
        return quantityOf(model, statePatterns(text), Quantity::transitionProbability);
    };
    QCOMPARE(p("A -> B*").value_or(-1), 2.0 / 3.0);
    QCOMPARE(p("A->C").value_or(-1), 1.0 / 3.0); // the arrow needs no spaces
    QCOMPARE(p("A -> B1, C").value_or(-1), 1.0); // several targets add up
    QCOMPARE(p("B1 C -> A").value_or(-1), 1.0);  // several sources pool their transitions
    QVERIFY(!p("A B1"));                         // no arrow: no transition named
    QVERIFY(!p("X -> A"));                       // no such source
    // In the plot's quantity list, as a person would pick it.
    EnsembleWindow window({}, Pipeline{});
    auto* plot = window.findChild<ParameterPlot*>();
    QVERIFY(plot);
    bool listed = false;
    for (QComboBox* combo : plot->findChildren<QComboBox*>())
        for (int i = 0; i < combo->count(); ++i)
            listed = listed || combo->itemText(i).startsWith(QStringLiteral("Transition probability"));
    QVERIFY(listed);
}

// An ensemble belongs to the session: saved with its members, the pipeline, the
// file-name patterns and the values typed in, and reopened and fitted again on restore.
void EnsembleWindowTest::savedAndRestoredWithTheSession()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto main = testutil::quietWindow();
    QString error;
    for (const char* name : {"philosophers-n2-x100.pes", "philosophers-n3-x100.pes", "philosophers-n4-x100.pes"})
        QVERIFY2(main->openFileNow(sample(name), &error), qPrintable(error));
    QVERIFY(main->importPipeline(QStringLiteral(CHITRA_SOURCE_DIR "/resources/examples/01-clip.json"), &error));
    main->actions()->ensemble->trigger();
    auto* w = qobject_cast<EnsembleWindow*>(main->lastEnsembleWindow());
    QVERIFY(w);
    QVERIFY(QTest::qWaitFor([w] { return w->measured(); }, 120000));
    typePatterns(*w, QStringLiteral("N=-n(\\d+)"));
    MembersTable* table = w->membersTable();
    const int n = table->parameterColumn("N");
    QVERIFY(n > 0);
    emit table->parameterEdited(2, QStringLiteral("N"), QStringLiteral("5")); // as if typed in
    QCOMPARE(w->runs()[2].params.at("N"), std::string("5"));

    const QString path = dir.filePath("ensemble.chitra");
    QVERIFY(main->sessionController()->saveSession(path));
    const chitra::Session saved = load_session(path.toStdString()).session;
    QCOMPARE(saved.ensembles.size(), std::size_t{1});
    QCOMPARE(saved.ensembles[0].members.size(), std::size_t{3});
    QCOMPARE(saved.ensembles[0].pipeline.steps.size(), std::size_t{1});

    auto restored = testutil::quietWindow();
    QVERIFY(restored->sessionController()->openSession(path));
    QTRY_VERIFY_WITH_TIMEOUT(!restored->loading(), 20000);
    auto* again = qobject_cast<EnsembleWindow*>(restored->lastEnsembleWindow());
    QVERIFY(again);
    QCOMPARE(again->runs().size(), std::size_t{3});
    QCOMPARE(again->fileNamePatterns(), QStringLiteral("N=-n(\\d+)"));
    QCOMPARE(again->pipeline(), w->pipeline());
    QCOMPARE(again->runs()[0].params.at("N"), std::string("2"));
    QCOMPARE(again->runs()[1].params.at("N"), std::string("3"));
    QCOMPARE(again->runs()[2].params.at("N"), std::string("5")); // typed wins over the file name
    QVERIFY(QTest::qWaitFor([again] { return again->measured(); }, 120000));
    QCOMPARE(again->runs()[1].measured->elements, w->runs()[1].measured->elements);
    QVERIFY(restored->sessionController()->capture().ensembles == main->sessionController()->capture().ensembles);
    w->close();
    again->close();
}

// Brushing in the current view, then "Brushed" in the Across parameters tab: the
// pattern's states become the set measured across the members.
void EnsembleWindowTest::brushedPatternsGiveTheSetOfStates()
{
    auto main = testutil::quietWindow();
    QString error;
    for (const char* name : {"philosophers-n2-x100.pes", "philosophers-n2-x1000.pes"})
        QVERIFY2(main->openFileNow(sample(name), &error), qPrintable(error));
    main->actions()->ensemble->trigger();
    auto* w = qobject_cast<EnsembleWindow*>(main->lastEnsembleWindow());
    QVERIFY(w);
    QLineEdit* states = w->parameterPlot()->statesEdit();
    QCOMPARE(states->text(), QStringLiteral("*"));
    QTest::mouseClick(w->parameterPlot()->brushedButton(), Qt::LeftButton); // nothing brushed yet
    QCOMPARE(states->text(), QStringLiteral("*"));
    QVERIFY(main->currentView()->addPattern({"TE", "ET", "TE"}) >= 0);
    QTest::mouseClick(w->parameterPlot()->brushedButton(), Qt::LeftButton);
    QCOMPARE(states->text(), QStringLiteral("TE ET"));
    QVERIFY(QTest::qWaitFor([w] { return w->measured(); }, 120000));
    w->close();
}

// The reports' case study: acquisition time against x for each N. "For each" N draws
// one series per N, each with the formula the core fits to that N's members alone.
void EnsembleWindowTest::forEachValueItsOwnSeriesAndFormula()
{
    EnsembleWindow w(philosophers(), Pipeline{});
    QVERIFY(showAndWait(w));
    typePatterns(w, QStringLiteral("N=-n(\\d+) x=-x(\\d+)"));
    w.tabs()->setCurrentIndex(1);
    ParameterPlot* across = w.parameterPlot();
    testutil::chooseByKeys(across->parameterBox(), 1); // x
    testutil::typeInto(across->statesEdit(), QStringLiteral("*A*"));
    QCOMPARE(across->seriesCount(), 1);
    QCOMPARE(across->forEachBox()->itemText(1), QStringLiteral("N"));
    testutil::chooseByKeys(across->forEachBox(), 1); // For each N
    QCOMPARE(across->seriesCount(), 3);
    const QStringList lines = across->formulaLabel()->text().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0], QStringLiteral("Best formulas for each N:"));
    QVERIFY(lines[1].startsWith("N = 2: y = ") && lines[2].startsWith("N = 3: y = ") &&
            lines[3].startsWith("N = 4: y = "));
    // N = 3's formula is the one fitted to the three N = 3 members alone.
    std::vector<ParameterPoint> three;
    for (std::size_t m = 3; m < 6; ++m)
        three.push_back({std::stod(w.runs()[m].params.at("x")),
                         *quantityOf(w.runs()[m].measured->model, {"*A*"}, Quantity::meanOccupancy), m});
    const std::optional<FormulaFit> fit = bestFormula(groupByParameter(three));
    QVERIFY(fit);
    QVERIFY2(lines[2].contains(QStringLiteral("r² = %1").arg(fit->r2, 0, 'f', 4)), qPrintable(lines[2]));
    QCOMPARE(across->pointsGraph()->data()->size(), 3); // the first series: N = 2's members
    testutil::typeInto(across->predictBox(), QStringLiteral("5000"));
    QCOMPARE(across->predictionLabel()->text().split('\n').size(), 3);
    testutil::saveShot(&w, "ensemble-for-each");
    testutil::chooseByKeys(across->forEachBox(), 0); // all members together again
    QCOMPARE(across->seriesCount(), 1);
    QCOMPARE(across->pointsGraph()->data()->size(), 9);
}

// Fairness per philosopher in the workbench: one run split into one trace per lane, the
// philosopher's number read from the lane's name by a pattern, and the share of time each
// spends acquiring its utensils (docs/ensembles.md: 30.4%, 49.5% and 28.0% for N = 3,
// x = 1000).
void EnsembleWindowTest::fairnessPerPhilosopherFromItsLanes()
{
    auto main = testutil::quietWindow();
    QString error;
    QVERIFY2(main->openFileNow(sample("philosophers-n3-x1000.pes"), &error), qPrintable(error));
    emit main->currentPanel()->splitIntoLanesRequested();
    QTRY_VERIFY_WITH_TIMEOUT(main->workspace()->files().size() == 4 && !main->loading(), 20000);
    main->actions()->ensemble->trigger();
    auto* w = qobject_cast<EnsembleWindow*>(main->lastEnsembleWindow());
    QVERIFY(w);
    QVERIFY(QTest::qWaitFor([w] { return w->measured(); }, 120000));
    typePatterns(*w, QStringLiteral("philosopher=component.(\\d+)"));
    QCOMPARE(w->runs()[1].params.at("philosopher"), std::string("1"));
    QCOMPARE(w->runs()[3].params.at("philosopher"), std::string("3"));
    QVERIFY(!w->runs()[0].params.count("philosopher")); // the whole run has no lane of its own
    w->tabs()->setCurrentIndex(1);
    ParameterPlot* across = w->parameterPlot();
    across->parameterBox()->setCurrentText(QStringLiteral("philosopher"));
    testutil::chooseByKeys(across->quantityBox(), 1); // Share of time
    testutil::typeInto(across->statesEdit(), QStringLiteral("A1 A2"));
    QCOMPARE(across->pointsGraph()->data()->size(), 3);
    const double expected[] = {0.304, 0.495, 0.280};
    int k = 0;
    for (auto it = across->pointsGraph()->data()->constBegin(); it != across->pointsGraph()->data()->constEnd();
         ++it, ++k)
        QVERIFY2(std::abs(it->value - expected[k]) < 0.001, qPrintable(QString::number(it->value)));
    w->resize(1100, 800);
    testutil::saveShot(w, "ensemble-fairness");
    w->close();
}

QTEST_MAIN(EnsembleWindowTest)
#include "ensemble_window_test.moc"
