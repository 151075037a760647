// The state details panel: search, pick, statistics, histogram, composite definitions.
#include "gui_test_util.hpp"
#include "plotting/histogram_widget.hpp"
#include "panels/state_details_panel.hpp"

#include "chitra/io/io.hpp"
#include "chitra/transforms/transforms.hpp"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QTest>

#include <numeric>

using namespace chitra;
using namespace chitra::app;

namespace {

// A(50) B(3) C(2) A(20) B(3) D(12) A(10): A visits 50, 20, 10 (mean 80/3, sample
// variance 1300/3), B 3, 3; C 2; D 12.
const char* kTrace = "# timebase: us\n# end: 100\n0 A\n50 B\n53 C\n55 A\n75 B\n78 D\n90 A\n";

constexpr int kNameRole = Qt::UserRole + 1;

QStringList visibleNames(QListView* list)
{
    QStringList names;
    for (int r = 0; r < list->model()->rowCount(); ++r)
        names << list->model()->index(r, 0).data(kNameRole).toString();
    return names;
}

void clickItem(QListView* list, const QString& name)
{
    for (int r = 0; r < list->model()->rowCount(); ++r)
        if (list->model()->index(r, 0).data(kNameRole).toString() == name) {
            testutil::clickRow(list, r);
            return;
        }
    QFAIL(qPrintable("no item " + name));
}

} // namespace

class StateDetailsTest : public QObject {
    Q_OBJECT
private slots:
    void listsStatesByTimeAndSearches();
    void pickingShowsStatisticsAndHistogram();
    void compositesShowTheirDefinition();
    void choiceSurvivesOrClearsOnNewSes();
    void longSesIsGatheredOnAWorker();
    void sampleTrace();
};

void StateDetailsTest::listsStatesByTimeAndSearches()
{
    StateDetailsPanel p;
    p.setSes(testutil::sesFromText(kTrace), TimeBase::us);
    p.show();
    QVERIFY(QTest::qWaitForWindowExposed(&p));
    QCOMPARE(visibleNames(p.stateList()), (QStringList{"A", "D", "B", "C"}));
    QTest::keyClicks(p.searchBox(), "b");
    QCOMPARE(visibleNames(p.stateList()), QStringList{"B"});
    p.searchBox()->clear();
    QCOMPARE(p.stateList()->model()->rowCount(), 4);
    QCOMPARE(p.chosenState(), kNoSymbol);
    QVERIFY(!p.histogram()->isVisible());

    // Search is case-blind beyond ASCII too, and a chosen state stays chosen through it.
    p.setSes(testutil::sesFromText("# timebase: us\n# end: 30\n0 \xC3\x84rger\n10 idle\n20 \xC3\xBC"
                                   "ber\n"),
             TimeBase::us);
    clickItem(p.stateList(), "idle");
    QCOMPARE(visibleNames(p.stateList()).size(), 3);
    QTest::sendKeyEvent(QTest::Click, p.searchBox(), Qt::Key_Adiaeresis, QString::fromUtf8("\xC3\xA4"), Qt::NoModifier);
    QTest::keyClicks(p.searchBox(), "R");
    QCOMPARE(visibleNames(p.stateList()), QStringList{QString::fromUtf8("\xC3\x84rger")});
    QVERIFY(p.chosenState() != kNoSymbol); // hidden by the search, still chosen
    p.searchBox()->clear();
    QCOMPARE(p.stateList()->currentIndex().data(kNameRole).toString(), QString("idle"));
}

// Above the threshold the figures arrive from a worker and are the same as computed on
// the GUI thread; a newer choice made meanwhile wins over the older one's figures.
void StateDetailsTest::longSesIsGatheredOnAWorker()
{
    std::string records;
    long long t = 0;
    for (int i = 0; i < 3000; ++i) // A(50) B(3) C(2) A(20) B(3) D(12) A(10), repeated
        for (auto [name, len] : {std::pair{"A", 50}, {"B", 3}, {"C", 2}, {"A", 20}, {"B", 3}, {"D", 12}, {"A", 10}}) {
            records += std::to_string(t) + " " + name + "\n";
            t += len;
        }
    auto ses = testutil::sesFromText("# timebase: us\n# end: " + std::to_string(t) + "\n" + records);
    const std::size_t before = StateDetailsPanel::backgroundThreshold();

    StateDetailsPanel direct;
    StateDetailsPanel::setBackgroundThreshold(ses->size() + 1);
    direct.setSes(ses, TimeBase::us);
    direct.chooseState(ses->symbols->find("A"));
    QVERIFY(!direct.computing());
    const StateStats expected = direct.stats();
    QCOMPARE(expected.count, std::uint64_t{9000});

    StateDetailsPanel p;
    StateDetailsPanel::setBackgroundThreshold(1000);
    p.setSes(ses, TimeBase::us);
    p.chooseState(ses->symbols->find("B")); // superseded before its figures arrive
    p.chooseState(ses->symbols->find("A"));
    QVERIFY(p.computing());
    QCOMPARE(p.stats().count, std::uint64_t{0});
    QVERIFY(p.statsLabel()->text().contains("computing"));
    QVERIFY2(p.titleLabel()->text().contains("<b>A</b>"), qPrintable(p.titleLabel()->text())); // not B's
    QTRY_VERIFY_WITH_TIMEOUT(!p.computing(), 20000);
    QVERIFY(testutil::settleWorkbench()); // B's dropped figures would have arrived by now
    QCOMPARE(p.chosenState(), ses->symbols->find("A"));
    QCOMPARE(p.stats().count, expected.count);
    QCOMPARE(p.stats().total, expected.total);
    QCOMPARE(p.stats().variance, expected.variance);
    QCOMPARE(p.stats().min, expected.min);
    QCOMPARE(p.stats().max, expected.max);
    QCOMPARE(p.histogram()->binEdges(), direct.histogram()->binEdges());
    QCOMPARE(p.histogram()->binHeights(), direct.histogram()->binHeights());
    QCOMPARE(p.statsLabel()->text(), direct.statsLabel()->text());
    StateDetailsPanel::setBackgroundThreshold(before);
}

void StateDetailsTest::pickingShowsStatisticsAndHistogram()
{
    auto ses = testutil::sesFromText(kTrace);
    StateDetailsPanel p;
    p.resize(340, 620);
    p.setSes(ses, TimeBase::us);
    p.show();
    QVERIFY(QTest::qWaitForWindowExposed(&p));
    QSignalSpy chosen(&p, &StateDetailsPanel::stateChosen);
    clickItem(p.stateList(), "A");
    QCOMPARE(chosen.count(), 1);
    const SymbolId a = ses->symbols->find("A");
    QCOMPARE(chosen.first().first().value<SymbolId>(), a);
    QCOMPARE(p.chosenState(), a);
    const StateStats& st = p.stats();
    QCOMPARE(st.count, std::uint64_t{3});
    QCOMPARE(st.total, 80.0);
    QCOMPARE(st.share, 0.8);
    QVERIFY(qAbs(st.mean - 80.0 / 3.0) < 1e-12);
    QVERIFY(qAbs(st.variance - 1300.0 / 3.0) < 1e-9);
    QCOMPARE(st.min, Time{10});
    QCOMPARE(st.max, Time{50});
    const QString text = p.statsLabel()->text();
    QVERIFY(text.contains(QString::fromUtf8("433.3 µs²")));
    QVERIFY(text.contains("80.0%"));
    // Integer binning (range 40 < 128): unit bins from 10 to 50 holding the three visits.
    QVERIFY(p.histogram()->isVisible());
    const auto& edges = p.histogram()->binEdges();
    const auto& heights = p.histogram()->binHeights();
    QCOMPARE(heights.size(), std::size_t{41});
    QCOMPARE(edges.front(), 10.0);
    QCOMPARE(edges[1] - edges[0], 1.0);
    QCOMPARE(std::accumulate(heights.begin(), heights.end(), 0.0), 3.0);
    QCOMPARE(heights[0], 1.0);  // 10
    QCOMPARE(heights[10], 1.0); // 20
    QCOMPARE(heights[40], 1.0); // 50
    QCOMPARE(p.definitionLabel()->text(), QString("Program state"));
    testutil::saveShot(&p, "state_details");

    // B: two visits of 3: variance 0.
    clickItem(p.stateList(), "B");
    QCOMPARE(chosen.count(), 2);
    QCOMPARE(p.stats().count, std::uint64_t{2});
    QCOMPARE(p.stats().variance, 0.0);
    // Picking from outside (a view) selects the row and emits once; again, nothing.
    p.chooseState(ses->symbols->find("D"));
    QCOMPARE(chosen.count(), 3);
    QCOMPARE(p.stateList()->currentIndex().data(kNameRole).toString(), QString("D"));
    p.chooseState(ses->symbols->find("D"));
    QCOMPARE(chosen.count(), 3);
}

void StateDetailsTest::compositesShowTheirDefinition()
{
    auto base = testutil::sesFromText(kTrace);
    auto agg = std::make_shared<const Ses>(aggregate(*base, {"A", "B"}, "AB"));
    StateDetailsPanel p;
    p.setSes(agg, TimeBase::us);
    p.show();
    p.chooseState(agg->symbols->find("AB"));
    // AB occurs twice: A(50)B(3) and A(20)B(3).
    QCOMPARE(p.stats().count, std::uint64_t{2});
    QCOMPARE(p.stats().mean, 38.0);
    QVERIFY(p.definitionLabel()->text().contains(QString("Sequence of 2: A → B")));

    // A filter composite lists its paths.
    Warnings w;
    auto filtered = std::make_shared<const Ses>(apply_step(*base, step::FilterTime{0.15}, w));
    p.setSes(filtered, TimeBase::us);
    QCOMPARE(p.chosenState(), kNoSymbol); // AB is not in this SES
    p.chooseState(filtered->symbols->find("T1"));
    QVERIFY(p.definitionLabel()->text().contains("Filter composite: 2 distinct path(s)"));
    QVERIFY(p.definitionLabel()->text().contains("B → C"));
    QVERIFY(p.definitionLabel()->text().contains("B → D"));
    testutil::saveShot(&p, "state_details_filter");
}

void StateDetailsTest::choiceSurvivesOrClearsOnNewSes()
{
    auto base = testutil::sesFromText(kTrace);
    StateDetailsPanel p;
    p.setSes(base, TimeBase::us);
    p.chooseState(base->symbols->find("A"));
    QSignalSpy chosen(&p, &StateDetailsPanel::stateChosen);
    // A clip keeps A: still chosen, statistics of the new SES (A(20) B(3) D(12) A(10)).
    auto clipped = std::make_shared<const Ses>(clip_count(*base, 3, 0));
    p.setSes(clipped, TimeBase::us);
    QCOMPARE(chosen.count(), 0);
    QCOMPARE(p.chosenState(), base->symbols->find("A"));
    QCOMPARE(p.stats().count, std::uint64_t{2});
    QCOMPARE(p.stats().total, 30.0);
    // Excluding A removes it: the choice clears and the views hear of it.
    Warnings w;
    auto without = std::make_shared<const Ses>(apply_step(*base, step::Exclude{{"A"}}, w));
    p.setSes(without, TimeBase::us);
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.first().first().value<SymbolId>(), kNoSymbol);
    QCOMPARE(p.chosenState(), kNoSymbol);
}

void StateDetailsTest::sampleTrace()
{
    const QString path = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n3-x1000.pes");
    if (!QFile::exists(path))
        QSKIP("sample trace not generated");
    auto ses = std::make_shared<const Ses>(Ses::from_trace(load_trace(path.toStdString())));
    StateDetailsPanel p;
    p.resize(340, 640);
    p.setSes(ses, TimeBase::ns);
    p.show();
    QVERIFY(QTest::qWaitForWindowExposed(&p));
    // The first row is the state with the most time; its visits add up to its count.
    clickItem(p.stateList(), p.stateList()->model()->index(0, 0).data(kNameRole).toString());
    const auto& h = p.histogram()->binHeights();
    QCOMPARE(std::accumulate(h.begin(), h.end(), 0.0), double(p.stats().count));
    testutil::saveShot(&p, "sample_state_details");
}

QTEST_MAIN(StateDetailsTest)
#include "state_details_test.moc"
