// The model window, the transition graph and its Graphviz layout, driven like a user.
#include "gui_test_util.hpp"
#include "chain/fit_quality_panel.hpp"
#include <qcustomplot.h>
#include "chain/graph_layout.hpp"
#include "chain/model_window.hpp"
#include "chain/transition_graph_widget.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/chain/model_json.hpp"
#include "chitra/simulation/simulation.hpp"
#include "chitra/validation/validation.hpp"
#include "chitra/io/io.hpp"
#include "chitra/transforms/transforms.hpp"

#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace chitra;
using namespace chitra::app;

namespace {

// A(10) B(20) A(30) C(5) A(10) B(40): means A 50/3, B 30, C 5, OTHER 0;
// transitions A->B 2, A->C 1, B->A 1, C->A 1, B->OTHER 1.
const char* kTrace = "# timebase: us\n# end: 115\n0 A\n10 B\n30 A\n60 C\n65 A\n75 B\n";

std::shared_ptr<const Ses> smallSes() { return testutil::sesFromText(kTrace); }

// The same trace with the pattern A B aggregated into the composite AB:
// AB(30) A(30) C(5) AB(50).
std::shared_ptr<const Ses> compositeSes()
{
    return std::make_shared<const Ses>(aggregate(*smallSes(), {"A", "B"}, "AB"));
}

void clickHeader(QTableView* view, int section)
{
    QHeaderView* h = view->horizontalHeader();
    const QPoint p(h->sectionViewportPosition(section) + h->sectionSize(section) / 2, h->height() / 2);
    QTest::mouseClick(h->viewport(), Qt::LeftButton, {}, p);
}

QStringList namesInViewOrder(const ModelWindow& w)
{
    QStringList names;
    auto* proxy = w.statesProxy();
    for (int r = 0; r < proxy->rowCount(); ++r)
        names << proxy->index(r, ModelWindow::Name).data().toString();
    return names;
}

} // namespace

class ModelWindowTest : public QObject {
    Q_OBJECT
private slots:
    void layoutGivesDistinctPositionsAndFollowsRankdir();
    void aLargeGraphGetsEveryLabelPlaced();
    void aLargeGraphIsLaidOutOnAWorker();
    void tableHasOneRowPerStateAndSortsByMean();
    void filterNarrowsTheTable();
    void exportWritesParsableJsonAndDot();
    void exportCanBeCancelledAndReportsFailure();
    void clickingACompositeExpandsItsDefinition();
    void clickingANodeSelectsItsRow();
    void steadyStateShownOrClosedClasses();
    void graphExportsPngAndSvg();
    void sampleTraceModel();
    void fitQualityTabValidatesTheFittedSequence();
    void fitQualityTabNamesWhatAnotherRunsModelGetsWrong();
    void simulateWritesATrajectoryToOpen();
};

void ModelWindowTest::layoutGivesDistinctPositionsAndFollowsRankdir()
{
    GraphSpec spec;
    for (int i = 0; i < 5; ++i)
        spec.nodes.push_back({0.8, 0.4, false, -1});
    // A chain 0 -> 1 -> 2 -> 3 -> 4 plus a back edge and a self-loop.
    for (int i = 0; i < 4; ++i)
        spec.edges.push_back({i, i + 1, QString::number(i), 1.0, true});
    spec.edges.push_back({4, 0, "back", 1.0, true});
    spec.edges.push_back({2, 2, "self", 1.0, true});
    const GraphLayout lay = layout_graph(spec);
    QCOMPARE(lay.nodes.size(), std::size_t{5});
    QCOMPARE(lay.edges.size(), std::size_t{6});
    QSet<QPair<int, int>> seen;
    for (const QRectF& r : lay.nodes) {
        QVERIFY(seen.insert({qRound(r.center().x()), qRound(r.center().y())}) != seen.end());
        QVERIFY(lay.bounds.adjusted(-1, -1, 1, 1).contains(r));
        QCOMPARE(qRound(r.width()), qRound(0.8 * 72)); // fixed size, in points
    }
    QCOMPARE(seen.size(), 5);
    // Left to right: along the chain, x grows (the back edge is reversed by dot).
    for (int i = 0; i < 4; ++i)
        QVERIFY(lay.nodes[i].center().x() < lay.nodes[i + 1].center().x());
    for (const GraphLayoutEdge& e : lay.edges) {
        QVERIFY(e.points.size() >= 4);
        QVERIFY(e.label_pos.has_value());
    }
    // Edge 0 starts near node 0 and its arrow ends near node 1.
    const GraphLayoutEdge& e0 = lay.edges[0];
    QVERIFY(lay.nodes[0].adjusted(-3, -3, 3, 3).contains(e0.points.front()));
    QVERIFY(e0.arrow_tip && lay.nodes[1].adjusted(-3, -3, 3, 3).contains(*e0.arrow_tip));

    spec.rankdir = "TB";
    const GraphLayout tb = layout_graph(spec);
    for (int i = 0; i < 4; ++i)
        QVERIFY(tb.nodes[i].center().y() < tb.nodes[i + 1].center().y());
}

// A chain of 60 states with 4 transitions each is a large graph (labels placed after the
// layout): every edge still gets its spline and a label position, and every node a place.
void ModelWindowTest::aLargeGraphGetsEveryLabelPlaced()
{
    GraphSpec spec;
    const int n = 60;
    for (int i = 0; i < n; ++i)
        spec.nodes.push_back({0.8, 0.3, false, -1});
    for (int i = 0; i < n; ++i)
        for (int k = 1; k <= 4; ++k)
            spec.edges.push_back({i, (i * 7 + k * 13) % n, QStringLiteral("0.25"), 1.0, true});
    QVERIFY(spec.edges.size() > kLargeGraphEdges);
    const GraphLayout lay = layout_graph(spec);
    QCOMPARE(lay.nodes.size(), std::size_t(n));
    QCOMPARE(lay.edges.size(), spec.edges.size());
    QSet<QPair<int, int>> seen;
    for (const QRectF& r : lay.nodes) {
        QVERIFY(lay.bounds.adjusted(-1, -1, 1, 1).contains(r));
        seen.insert({qRound(r.center().x()), qRound(r.center().y())});
    }
    QCOMPARE(seen.size(), n);
    for (const GraphLayoutEdge& e : lay.edges) {
        QVERIFY(e.points.size() >= 4);
        QVERIFY(e.label_pos.has_value());
        QVERIFY(lay.bounds.adjusted(-40, -40, 40, 40).contains(*e.label_pos));
    }
}

// 40 states visited in a seeded random order, 4 successors each: a large graph.
std::shared_ptr<const Ses> manyStateSes()
{
    std::string text = "# timebase: us\n";
    std::uint64_t x = 7;
    int state = 0;
    for (int i = 0; i < 4000; ++i) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        state = (state * 3 + 1 + static_cast<int>((x >> 33) % 4) * 11) % 40;
        text += std::to_string(i * 10) + " S" + std::to_string(state) + "\n";
    }
    return testutil::sesFromText(text + "# end: 40000\n");
}

// The GUI thread keeps running while dot lays a large graph out; the drawing follows, and
// a layout finished for a model already replaced is dropped.
void ModelWindowTest::aLargeGraphIsLaidOutOnAWorker()
{
    const SemiMarkovModel large = fit_chain(*manyStateSes(), TimeBase::us);
    QVERIFY(large.states.size() > kLargeGraphNodes || large.transitions.size() > kLargeGraphEdges);
    TransitionGraphWidget g;
    g.resize(800, 600);
    g.show();
    QVERIFY(QTest::qWaitForWindowExposed(&g));
    QSignalSpy finished(&g, &TransitionGraphWidget::layoutFinished);
    g.setModel(large);
    QVERIFY(g.layingOut());
    QCOMPARE(g.nodeOfState(0), -1); // nothing drawn yet
    QVERIFY(finished.wait(60000));
    QVERIFY(!g.layingOut());
    QCOMPARE(g.graphLayout().nodes.size(), large.states.size());
    const std::size_t s3 = large.find("S3");
    QVERIFY(g.nodeOfState(s3) >= 0);
    QSignalSpy clicked(&g, &TransitionGraphWidget::stateClicked);
    QTest::mouseClick(g.viewport(), Qt::LeftButton, {}, g.viewPosOfState(s3));
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().first().value<std::size_t>(), s3);

    // Replaced by a small model while laying out: the small one is drawn, and stays.
    finished.clear();
    g.setModel(large);
    QVERIFY(g.layingOut());
    const SemiMarkovModel small = fit_chain(*smallSes(), TimeBase::us);
    g.setModel(small);
    QVERIFY(!g.layingOut());
    QCOMPARE(g.graphLayout().nodes.size(), small.states.size());
    QVERIFY(testutil::settleWorkbench()); // the large layout has finished, unseen
    QCOMPARE(finished.count(), 0);
    QCOMPARE(g.graphLayout().nodes.size(), small.states.size());
}

void ModelWindowTest::tableHasOneRowPerStateAndSortsByMean()
{
    auto ses = smallSes();
    ModelWindow w(fit_chain(*ses, TimeBase::us), ses);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.model().states.size(), std::size_t{4}); // A B C OTHER
    QCOMPARE(w.statesTable()->model()->rowCount(), 4);
    QCOMPARE(w.transitionsTable()->model()->rowCount(), 5);

    clickHeader(w.statesTable(), ModelWindow::Mean);
    QHeaderView* h = w.statesTable()->horizontalHeader();
    QCOMPARE(h->sortIndicatorSection(), int(ModelWindow::Mean));
    const QStringList ascending{"OTHER", "C", "A", "B"};
    QStringList reversed = ascending;
    std::reverse(reversed.begin(), reversed.end());
    QCOMPARE(namesInViewOrder(w), h->sortIndicatorOrder() == Qt::AscendingOrder ? ascending : reversed);
    clickHeader(w.statesTable(), ModelWindow::Mean);
    QCOMPARE(namesInViewOrder(w), h->sortIndicatorOrder() == Qt::AscendingOrder ? ascending : reversed);

    // The shown mean of A is 50/3 us.
    auto* proxy = w.statesProxy();
    for (int r = 0; r < proxy->rowCount(); ++r)
        if (proxy->index(r, ModelWindow::Name).data().toString() == "A")
            QCOMPARE(proxy->index(r, ModelWindow::Mean).data(Qt::UserRole).toDouble(), 50.0 / 3.0);
    testutil::saveShot(&w, "model_window");
}

void ModelWindowTest::filterNarrowsTheTable()
{
    auto ses = compositeSes();
    ModelWindow w(fit_chain(*ses, TimeBase::us), ses);
    w.show();
    QTest::keyClicks(w.statesFilter(), "a");
    QCOMPARE(w.statesTable()->model()->rowCount(), 2); // A, AB (case-insensitive)
    QTest::keyClicks(w.statesFilter(), "b");
    QCOMPARE(w.statesTable()->model()->rowCount(), 1);
    QCOMPARE(w.statesTable()->model()->index(0, 0).data().toString(), QString("AB"));
}

void ModelWindowTest::exportWritesParsableJsonAndDot()
{
    auto ses = smallSes();
    ModelWindow w(fit_chain(*ses, TimeBase::us), ses);
    QTemporaryDir dir;
    const QString json_path = dir.filePath("model.json");
    w.setExportChooser([&](QWidget*) {
        return std::optional<ModelWindow::ExportChoice>({json_path, ModelWindow::ExportFormat::json});
    });
    QSignalSpy spy(&w, &ModelWindow::exported);
    QTest::mouseClick(w.exportButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    QFile f(json_path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    QCOMPARE(err.error, QJsonParseError::NoError);
    const QJsonArray states = doc.object()["states"].toArray();
    QCOMPARE(states.size(), 4);
    QJsonObject a;
    for (const auto& s : states)
        if (s.toObject()["name"] == "A")
            a = s.toObject();
    QCOMPARE(a["count"].toInt(), 3);
    QCOMPARE(a["total"].toInt(), 50);
    bool found_ab = false;
    for (const auto& t : doc.object()["transitions"].toArray()) {
        const QJsonObject o = t.toObject();
        if (o["from"] == "A" && o["to"] == "B") {
            found_ab = true;
            QCOMPARE(o["count"].toInt(), 2);
            QVERIFY(qAbs(o["probability"].toDouble() - 2.0 / 3.0) < 1e-12);
        }
    }
    QVERIFY(found_ab);

    const QString dot_path = dir.filePath("model.dot");
    QString error;
    QVERIFY2(w.exportModel(ModelWindow::ExportFormat::dot, dot_path, &error), qPrintable(error));
    QFile d(dot_path);
    QVERIFY(d.open(QIODevice::ReadOnly));
    const QByteArray dot = d.readAll();
    QVERIFY(dot.contains("digraph"));
    QCOMPARE(dot.count("->"), 5);

    // Observed transitions: one row per element plus the header.
    const QString obs = dir.filePath("obs.csv");
    QVERIFY(w.exportModel(ModelWindow::ExportFormat::transitions_csv, obs, &error));
    QFile o(obs);
    QVERIFY(o.open(QIODevice::ReadOnly));
    QCOMPARE(o.readAll().trimmed().split('\n').size(), 1 + 6);

    QVERIFY(w.exportModel(ModelWindow::ExportFormat::prism, dir.filePath("chain.tra"), &error));
    for (const char* ext : {"tra", "sta", "lab", "srew"})
        QVERIFY(QFile::exists(dir.filePath(QString("chain.") + ext)));
}

void ModelWindowTest::exportCanBeCancelledAndReportsFailure()
{
    auto ses = smallSes();
    ModelWindow w(fit_chain(*ses, TimeBase::us), nullptr);
    QSignalSpy spy(&w, &ModelWindow::exported);
    w.setExportChooser([](QWidget*) { return std::optional<ModelWindow::ExportChoice>(); });
    QTest::mouseClick(w.exportButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 0);
    QString error;
    // Without the fitted sequence the observed transitions cannot be written.
    QVERIFY(!w.exportModel(ModelWindow::ExportFormat::transitions_csv, "/tmp/x.csv", &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!w.exportModel(ModelWindow::ExportFormat::json, "/nonexistent-dir/m.json", &error));
    QVERIFY(error.contains("nonexistent-dir"));
    QCOMPARE(spy.count(), 0);
}

void ModelWindowTest::clickingACompositeExpandsItsDefinition()
{
    auto ses = compositeSes();
    const SemiMarkovModel model = fit_chain(*ses, TimeBase::us);
    const std::size_t ab = model.find("AB");
    QVERIFY(ab != kNoState);
    TransitionGraphWidget g;
    g.resize(700, 500);
    g.setModel(model);
    g.show();
    QVERIFY(QTest::qWaitForWindowExposed(&g));
    const std::size_t before = g.graphLayout().nodes.size();
    QCOMPARE(before, model.states.size());
    QSignalSpy clicked(&g, &TransitionGraphWidget::stateClicked);
    QSignalSpy toggled(&g, &TransitionGraphWidget::expansionChanged);
    QTest::mouseClick(g.viewport(), Qt::LeftButton, {}, g.viewPosOfState(ab));
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().first().value<std::size_t>(), ab);
    QCOMPARE(toggled.count(), 1);
    QVERIFY(g.isExpanded(ab));
    // The pattern A B appears as two more nodes inside one cluster.
    QCOMPARE(g.graphLayout().nodes.size(), before + 2);
    QCOMPARE(g.graphLayout().clusters.size(), std::size_t{1});
    QVERIFY(g.graphLayout().clusters[0].contains(g.graphLayout().nodes[g.nodeOfState(ab)]));
    testutil::saveShot(&g, "graph_expanded");
    // A second click collapses it; a program state does not expand.
    QTest::mouseClick(g.viewport(), Qt::LeftButton, {}, g.viewPosOfState(ab));
    QVERIFY(!g.isExpanded(ab));
    QCOMPARE(g.graphLayout().nodes.size(), before);
    QTest::mouseClick(g.viewport(), Qt::LeftButton, {}, g.viewPosOfState(model.find("C")));
    QCOMPARE(toggled.count(), 2);
    QCOMPARE(clicked.count(), 3);
}

void ModelWindowTest::clickingANodeSelectsItsRow()
{
    auto ses = smallSes();
    ModelWindow w(fit_chain(*ses, TimeBase::us), ses);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy chosen(&w, &ModelWindow::stateChosen);
    const std::size_t c = w.model().find("C");
    QTest::mouseClick(w.graph()->viewport(), Qt::LeftButton, {}, w.graph()->viewPosOfState(c));
    const QModelIndex cur = w.statesTable()->currentIndex();
    QVERIFY(cur.isValid());
    QCOMPARE(cur.siblingAtColumn(0).data().toString(), QString("C"));
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.first().first().value<SymbolId>(), w.model().states[c].symbol);
}

void ModelWindowTest::steadyStateShownOrClosedClasses()
{
    // A B A C A B: one closed class {A, B, C} once OTHER is dropped.
    auto ses = smallSes();
    ModelWindow w(fit_chain(*ses, TimeBase::us), ses);
    QVERIFY(w.model().steady.defined);
    QCOMPARE(w.statesTable()->model()->columnCount(), int(ModelWindow::ColumnCount));
    QVERIFY(w.steadyStateLabel()->text().contains("one closed class of 3"));

    // Elements A B A C D C D (without a declared end, E only closes D). Embedded chain
    // without OTHER: A->B, B->A, A->C, C->D, D->C: {A, B} can leave, so the one closed
    // class is {C, D}.
    auto two = testutil::sesFromText("0 A\n1 B\n2 A\n3 C\n4 D\n5 C\n6 D\n7 E\n");
    ModelWindow w2(fit_chain(*two, TimeBase::us), two);
    QVERIFY(w2.model().steady.defined);
    QVERIFY(w2.steadyStateLabel()->text().contains("2 state"));
    // A single run cannot leave two closed classes behind; a hand-made model can.
    SemiMarkovModel hand = fit_chain(*two, TimeBase::us);
    hand.steady.defined = false;
    hand.steady.embedded.clear();
    hand.steady.time_share.reset();
    hand.steady.closed_classes = {{hand.find("A")}, {hand.find("C"), hand.find("D")}};
    ModelWindow w3(hand, two);
    QCOMPARE(w3.statesTable()->model()->columnCount(), int(ModelWindow::Embedded));
    QVERIFY(w3.steadyStateLabel()->text().contains("{A}; {C, D}"));
}

void ModelWindowTest::graphExportsPngAndSvg()
{
    auto ses = compositeSes();
    TransitionGraphWidget g;
    g.setModel(fit_chain(*ses, TimeBase::us));
    QTemporaryDir dir;
    QVERIFY(g.exportTo(dir.filePath("g.png")));
    QImage img(dir.filePath("g.png"));
    QVERIFY(!img.isNull());
    QVERIFY(img.width() > 100 && img.height() > 50);
    // Not blank: some pixels are far from white.
    int dark = 0;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2)
            if (qGray(img.pixel(x, y)) < 128)
                ++dark;
    QVERIFY(dark > 20);
    QVERIFY(g.exportTo(dir.filePath("g.svg")));
    QFile svg(dir.filePath("g.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("AB"));
}

void ModelWindowTest::sampleTraceModel()
{
    const QString path = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n3-x1000.pes");
    if (!QFile::exists(path))
        QSKIP("sample trace not generated");
    auto ses = std::make_shared<const Ses>(Ses::from_trace(load_trace(path.toStdString())));
    ModelWindow w(fit_chain(*ses, TimeBase::ns), ses);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.statesTable()->model()->rowCount(), int(w.model().states.size()));
    QTRY_VERIFY_WITH_TIMEOUT(!w.graph()->layingOut(), 60000); // 90 states: laid out on a worker
    QVERIFY(w.graph()->layoutError().isEmpty());
    // Every state has a node, and no two nodes share a position.
    QSet<QPair<int, int>> seen;
    for (std::size_t i = 0; i < w.model().states.size(); ++i) {
        const int node = w.graph()->nodeOfState(i);
        QVERIFY(node >= 0);
        const QPointF c = w.graph()->graphLayout().nodes[node].center();
        seen.insert({qRound(c.x()), qRound(c.y())});
    }
    QCOMPARE(seen.size(), int(w.model().states.size()));
    testutil::saveShot(&w, "model_window_sample");
}

namespace {

std::shared_ptr<const Ses> sampleSes(const char* name)
{
    const QString path = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/") + QString::fromLatin1(name);
    return std::make_shared<const Ses>(Ses::from_trace(load_trace(path.toStdString())));
}

// Opens the "Fit quality" tab and presses Validate, as a person would; waits for the result.
bool validateInWindow(ModelWindow& w)
{
    auto* tabs = w.findChild<QTabWidget*>();
    if (!tabs)
        return false;
    tabs->setCurrentWidget(w.fitQuality());
    QSignalSpy done(w.fitQuality(), &FitQualityPanel::validated);
    QTest::mouseClick(w.fitQuality()->validateButton(), Qt::LeftButton);
    return done.wait(60000);
}

} // namespace

void ModelWindowTest::fitQualityTabValidatesTheFittedSequence()
{
    // A trajectory of the model itself: the model must pass.
    auto source = sampleSes("philosophers-n3-x1000.pes");
    const SemiMarkovModel model = fit_chain(*source, TimeBase::ns);
    auto simulated =
        std::make_shared<const Ses>(simulate_chain(model_document(model), {3000, 4, OccupancyLaw::empirical}).ses);
    ModelWindow w(model, simulated);
    w.resize(1000, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(validateInWindow(w));
    const Validation* v = w.fitQuality()->result();
    QVERIFY(v);
    QVERIFY2(v->pass, qPrintable(QString::fromStdString(validation_to_json(*v))));
    QVERIFY(w.fitQuality()->verdictLabel()->text().contains(QStringLiteral("Passes")));
    // One row for the transitions, one for the periodogram, one per state visited.
    QCOMPARE(w.fitQuality()->testsTable()->rowCount(), int(v->states.size()) + 2);
    QCOMPARE(w.fitQuality()->plot()->graphCount(), 4);
    QVERIFY(w.fitQuality()->validateButton()->isEnabled());
}

void ModelWindowTest::fitQualityTabNamesWhatAnotherRunsModelGetsWrong()
{
    // The model of a run with ten times shorter thinking and eating, shown with this run.
    auto other = sampleSes("philosophers-n3-x100.pes");
    auto run = sampleSes("philosophers-n3-x1000.pes");
    ModelWindow w(fit_chain(*other, TimeBase::ns), run);
    w.resize(1000, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(validateInWindow(w));
    const Validation* v = w.fitQuality()->result();
    QVERIFY(v);
    QVERIFY(!v->pass);
    const QString verdict = w.fitQuality()->verdictLabel()->text();
    QVERIFY2(verdict.contains(QStringLiteral("Fails")) && verdict.contains(QStringLiteral("Worst:")),
             qPrintable(verdict));
    int rejected = 0;
    for (int r = 0; r < w.fitQuality()->testsTable()->rowCount(); ++r)
        rejected += w.fitQuality()->testsTable()->item(r, 3)->text() == QStringLiteral("rejected") ? 1 : 0;
    QVERIFY(rejected > 0);
    testutil::saveShot(&w, "model_fit_quality");
}

void ModelWindowTest::simulateWritesATrajectoryToOpen()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("simulated.pes"));
    ModelWindow w(fit_chain(*smallSes(), TimeBase::us), smallSes());
    w.setSimulationChooser([path](QWidget*) { return std::optional<SimulationChoice>({path, 50, 7, false}); });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy written(&w, &ModelWindow::simulationWritten);
    QTest::mouseClick(w.simulateButton(), Qt::LeftButton);
    QCOMPARE(written.count(), 1);
    QCOMPARE(written.at(0).at(0).toString(), path);
    // The small trace ends in B, whose only successor is A: the chain never stops early.
    const Ses back = Ses::from_trace(load_trace(path.toStdString()));
    QCOMPARE(back.size(), std::size_t{50});
    for (std::size_t i = 0; i < back.size(); ++i)
        QVERIFY(back.name(i) == "A" || back.name(i) == "B" || back.name(i) == "C");
    // Refused without a place to write: the window says so and writes nothing.
    QString error;
    QVERIFY(!w.simulate({dir.filePath(QStringLiteral("missing/dir/x.pes")), 10, 1, false}, &error));
    QVERIFY(!error.isEmpty());
}

QTEST_MAIN(ModelWindowTest)
#include "model_window_test.moc"
