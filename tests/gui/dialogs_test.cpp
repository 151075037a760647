// The filter and projection dialogs, driven like a user: typing, dragging, clicking.
#include "dialogs/filter_dialog.hpp"
#include "gui_test_util.hpp"
#include "plotting/histogram_widget.hpp"
#include "dialogs/projection_dialog.hpp"

#include "chitra/io/io.hpp"
#include "chitra/transforms/transforms.hpp"

#include <qcustomplot.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

#include <set>

using namespace chitra;
using namespace chitra::app;

namespace {

// A(50) B(3) C(2) A(20) B(3) D(12) A(10), total 100: shares A 80%, B 6%, C 2%, D 12%;
// counts A 3, B 2, C 1, D 1.
const char* kTrace = "# timebase: us\n# end: 100\n0 A\n50 B\n53 C\n55 A\n75 B\n78 D\n90 A\n";

std::shared_ptr<const Ses> ses() { return testutil::sesFromText(kTrace); }

std::pair<long long, long long> coreCounts(const Ses& in, const Step& step)
{
    Warnings w;
    const Ses out = apply_step(in, step, w);
    std::set<SymbolId> distinct(out.symbol.begin(), out.symbol.end());
    return {static_cast<long long>(distinct.size()), static_cast<long long>(out.size())};
}

using testutil::chooseByKeys;
using testutil::typeInto;

void toggle(QListWidget* list, const QString& name)
{
    for (int r = 0; r < list->count(); ++r)
        if (list->item(r)->data(Qt::UserRole).toString() == name) {
            testutil::clickRow(list, r);
            QTest::keyClick(list, Qt::Key_Space);
            return;
        }
    QFAIL(qPrintable("no list item " + name));
}

QPoint plotPoint(HistogramWidget* h, double x)
{
    QCPAxisRect* rect = h->plot()->axisRect();
    return {h->pixelForValue(x), rect->center().y()};
}

} // namespace

class DialogsTest : public QObject {
    Q_OBJECT
private slots:
    void timeFilterPreviewFollowsTypedThreshold();
    void timeFilterRefusesOutOfRange();
    void draggingTheLineSetsTheThreshold();
    void eventFilterCountAndFractionModes();
    void setProjectionRefusesEmptyAndTakenNames();
    void componentProjectionMapsAndDrops();
    void excludeAndParallel();
    void sampleTraceFilters();
};

void DialogsTest::timeFilterPreviewFollowsTypedThreshold()
{
    auto s = ses();
    FilterDialog d(s, FilterDialog::Domain::time);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QCOMPARE(d.totalStates(), 4);
    // 15%: B, C and D merge: [B C] and [B D] both lie between A and A -> one T1;
    // A T1 A T1 A: 2 of 4 states, 5 of 7 elements.
    typeInto(d.thresholdBox(), "15");
    QCOMPARE(d.thresholdBox()->value(), 15.0);
    QTRY_COMPARE(d.previewStates(), 2LL);
    QCOMPARE(d.previewElements(), 5LL);
    QVERIFY(d.previewLabel()->text().contains("<b>2</b> of 4 states and <b>5</b> of 7 elements remain"));
    const auto [st, el] = coreCounts(*s, d.step());
    QCOMPARE(d.previewStates(), st);
    QCOMPARE(d.previewElements(), el);
    QVERIFY(std::holds_alternative<step::FilterTime>(d.step()));
    QCOMPARE(std::get<step::FilterTime>(d.step()).below, 0.15);
    QVERIFY(d.okButton()->isEnabled());

    // 7%: [B C] between A and A -> T1, [B] between A and D -> T2: A T1 A T2 D A.
    typeInto(d.thresholdBox(), "7");
    QTRY_COMPARE(d.previewElements(), 6LL);
    QCOMPARE(d.previewStates(), 4LL);
    testutil::saveShot(&d, "filter_dialog_time");

    // OK returns the step.
    QSignalSpy accepted(&d, &QDialog::accepted);
    QTest::mouseClick(d.okButton(), Qt::LeftButton);
    QCOMPARE(accepted.count(), 1);
}

void DialogsTest::timeFilterRefusesOutOfRange()
{
    FilterDialog d(ses(), FilterDialog::Domain::time);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    typeInto(d.thresholdBox(), "150");
    QVERIFY(!d.okButton()->isEnabled());
    QVERIFY(!d.isValid());
    QVERIFY(d.refusalLabel()->isVisible());
    QVERIFY(d.refusalLabel()->text().contains("100%"));
    QCOMPARE(d.previewStates(), -1LL);
    testutil::saveShot(&d, "filter_dialog_refused");
    // Clicking the disabled OK does nothing.
    QSignalSpy accepted(&d, &QDialog::accepted);
    QTest::mouseClick(d.okButton(), Qt::LeftButton);
    QCOMPARE(accepted.count(), 0);
    typeInto(d.thresholdBox(), "0");
    QVERIFY(!d.okButton()->isEnabled());
    typeInto(d.thresholdBox(), "3");
    QVERIFY(d.okButton()->isEnabled());
    QVERIFY(!d.refusalLabel()->isVisible());
    // 3%: only C (between B and A): A B T1 A B D A.
    QTRY_COMPARE(d.previewElements(), 7LL);
    QCOMPARE(d.previewStates(), 4LL);

    // A SES of zero total time cannot be time-filtered.
    FilterDialog z(testutil::sesFromText("0 A\n0 B\n0 C\n"), FilterDialog::Domain::time);
    QVERIFY(!z.okButton()->isEnabled());
    QVERIFY(z.refusal().contains("total time is 0"));
}

void DialogsTest::draggingTheLineSetsTheThreshold()
{
    auto s = ses();
    FilterDialog d(s, FilterDialog::Domain::time);
    d.resize(600, 500);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    HistogramWidget* h = d.histogram();
    h->plot()->replot();
    QSignalSpy moved(h, &HistogramWidget::thresholdChanged);
    QWidget* canvas = h->plot();
    QTest::mousePress(canvas, Qt::LeftButton, {}, plotPoint(h, 0.04));
    QTest::mouseMove(canvas, plotPoint(h, 0.09));
    QTest::mouseMove(canvas, plotPoint(h, 0.15));
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, plotPoint(h, 0.15));
    QVERIFY(moved.count() >= 2);
    // Within a pixel or two of 15% (log axis), and the spin box follows.
    QVERIFY2(qAbs(d.thresholdBox()->value() - 15.0) < 1.0, qPrintable(QString::number(d.thresholdBox()->value())));
    QCOMPARE(h->threshold(), d.thresholdBox()->value() / 100.0);
    QTRY_COMPARE(d.previewStates(), 2LL);
    const auto [st, el] = coreCounts(*s, d.step());
    QCOMPARE(d.previewStates(), st);
    QCOMPARE(d.previewElements(), el);
    testutil::saveShot(&d, "filter_dialog_dragged");

    // Typing moves the line.
    typeInto(d.thresholdBox(), "5");
    QCOMPARE(h->threshold(), 0.05);
}

void DialogsTest::eventFilterCountAndFractionModes()
{
    auto s = ses();
    FilterDialog d(s, FilterDialog::Domain::event);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QVERIFY(d.modeBox());
    // count < 2: C and D, each between B and A -> one T1: A B T1 A B T1 A.
    typeInto(d.thresholdBox(), "2");
    QTRY_COMPARE(d.previewStates(), 3LL);
    QCOMPARE(d.previewElements(), 7LL);
    const auto f = std::get<step::FilterEvent>(d.step());
    QVERIFY(f.below && *f.below == 2.0 && !f.below_fraction);
    QCOMPARE(coreCounts(*s, d.step()), std::make_pair(3LL, 7LL));
    testutil::saveShot(&d, "filter_dialog_event");
    // More than the 7 elements is out of range.
    typeInto(d.thresholdBox(), "8");
    QVERIFY(!d.okButton()->isEnabled());
    QVERIFY(d.refusal().contains("7"));

    // Fraction mode: 30% of 7 elements = 2.1: B (2) joins C and D -> A T1 A T1 A.
    chooseByKeys(d.modeBox(), 1);
    QCOMPARE(d.modeBox()->currentIndex(), 1);
    typeInto(d.thresholdBox(), "30");
    QVERIFY(d.okButton()->isEnabled());
    const auto g = std::get<step::FilterEvent>(d.step());
    QVERIFY(g.below_fraction && !g.below);
    QCOMPARE(*g.below_fraction, 0.30);
    QTRY_COMPARE(d.previewStates(), 2LL);
    QCOMPARE(d.previewElements(), 5LL);
    typeInto(d.thresholdBox(), "101");
    QVERIFY(!d.okButton()->isEnabled());
}

void DialogsTest::setProjectionRefusesEmptyAndTakenNames()
{
    auto s = ses();
    ProjectionDialog d(s, ProjectionDialog::Mode::set);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QCOMPARE(d.setList()->count(), 4);
    QVERIFY(!d.okButton()->isEnabled()); // nothing checked
    QVERIFY(d.refusal().contains("at least one"));
    toggle(d.setList(), "B");
    toggle(d.setList(), "C");
    QVERIFY(d.okButton()->isEnabled()); // suggested name P1
    typeInto(d.setName(), "A");         // a different, existing state
    QVERIFY(!d.okButton()->isEnabled());
    QVERIFY(d.refusalLabel()->text().contains("already names a different state"));
    testutil::saveShot(&d, "projection_set_refused");
    typeInto(d.setName(), "B"); // one of the checked states: allowed
    QVERIFY(d.okButton()->isEnabled());
    typeInto(d.setName(), "");
    QVERIFY(!d.okButton()->isEnabled());
    typeInto(d.setName(), "BC");
    QVERIFY(d.okButton()->isEnabled());
    const auto p = std::get<step::Project>(d.step());
    QCOMPARE(p.as, std::string("BC"));
    QCOMPARE(p.states, (std::vector<std::string>{"B", "C"}));
    // Applied by the core: A BC A BC D A (B C merged into one BC).
    QCOMPARE(coreCounts(*s, d.step()), std::make_pair(3LL, 6LL));
    toggle(d.setList(), "B");
    toggle(d.setList(), "C");
    QVERIFY(!d.okButton()->isEnabled());
}

void DialogsTest::componentProjectionMapsAndDrops()
{
    // Two threads: A1/A2 acquire, T thinks, E eats.
    auto s = testutil::sesFromText("# components: 2\n# end: 6\n0 A1 T\n1 A2 T\n2 E T\n3 E A1\n4 E A2\n5 T E\n");
    ProjectionDialog d(s, ProjectionDialog::Mode::components);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QCOMPARE(d.componentCount(), 2);
    QCOMPARE(d.componentTable(0)->rowCount(), 4); // A1 A2 E T
    QVERIFY(!d.okButton()->isEnabled());          // nothing changed yet
    QVERIFY(d.refusal().contains("Nothing to do"));

    // Map A2 -> A1 in component 0 by editing the cell.
    QTableWidget* t = d.componentTable(0);
    int row = -1;
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == "A2")
            row = r;
    QVERIFY(row >= 0);
    t->setFocus();
    t->setCurrentCell(row, 1);
    t->editItem(t->item(row, 1));
    auto* editor = t->viewport()->findChild<QLineEdit*>();
    QVERIFY(editor);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, "A1");
    QTest::keyClick(editor, Qt::Key_Return);
    // The delegate commits on Return through a queued call.
    QTRY_COMPARE(t->item(row, 1)->text(), QString("A1"));
    QVERIFY(d.okButton()->isEnabled());
    // States: A1T A2T ET EA1 EA2 TE -> A1T A1T ET EA1 EA2 TE: 6 program states become 5.
    QVERIFY(d.summaryLabel()->text().contains("6 program states become 5"));
    auto pc = std::get<step::ProjectComponents>(d.step());
    QCOMPARE(pc.map["0"]["A2"], std::string("A1"));
    QCOMPARE(pc.map.size(), std::size_t{1});
    QVERIFY(pc.drop.empty());

    // Drop component 1 as well: thread 0's trace A1 A1 E E E T -> A1 E T.
    QTest::mouseClick(d.dropBox(1), Qt::LeftButton);
    QVERIFY(d.dropBox(1)->isChecked());
    QVERIFY(d.summaryLabel()->text().contains("6 program states become 3"));
    pc = std::get<step::ProjectComponents>(d.step());
    QCOMPARE(pc.drop, std::vector<std::size_t>{1});
    QCOMPARE(coreCounts(*s, d.step()), std::make_pair(3LL, 3LL));
    testutil::saveShot(&d, "projection_components");

    // Dropping both is refused.
    QTest::mouseClick(d.dropBox(0), Qt::LeftButton);
    QVERIFY(!d.okButton()->isEnabled());
    QVERIFY(d.refusal().contains("At least one component"));
}

void DialogsTest::excludeAndParallel()
{
    auto s = ses();
    ProjectionDialog d(s, ProjectionDialog::Mode::exclude);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QVERIFY(!d.okButton()->isEnabled());
    typeInto(d.excludeGlobs(), "*");
    QVERIFY(!d.okButton()->isEnabled());
    QVERIFY(d.refusal().contains("nothing would remain"));
    typeInto(d.excludeGlobs(), "C");
    toggle(d.excludeList(), "D");
    QVERIFY(d.okButton()->isEnabled());
    const auto ex = std::get<step::Exclude>(d.step());
    QCOMPARE(ex.states, (std::vector<std::string>{"D", "C"}));
    // A B [C] A B [D] A -> A B A B A (B absorbs C's time; B absorbs D's).
    QCOMPARE(coreCounts(*s, d.step()), std::make_pair(2LL, 5LL));

    // Click the Parallel tab, as a person would.
    QTabBar* bar = d.tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {},
                      bar->tabRect(static_cast<int>(ProjectionDialog::Mode::parallel)).center());
    QCOMPARE(d.tabs()->currentIndex(), static_cast<int>(ProjectionDialog::Mode::parallel));
    chooseByKeys(d.parallelFrom(), d.parallelFrom()->findData("A"));
    chooseByKeys(d.parallelTo(), d.parallelTo()->findData("A"));
    QCOMPARE(d.parallelTo()->currentData().toString(), QString("A"));
    QVERIFY(!d.okButton()->isEnabled());
    QVERIFY(d.refusal().contains("two different"));
    chooseByKeys(d.parallelTo(), d.parallelTo()->findData("D"));
    QVERIFY(d.okButton()->isEnabled());
    typeInto(d.parallelName(), "C");
    QVERIFY(!d.okButton()->isEnabled());
    typeInto(d.parallelName(), "AD");
    QVERIFY(d.okButton()->isEnabled());
    const auto par = std::get<step::Parallel>(d.step());
    QCOMPARE(par.from, std::string("A"));
    QCOMPARE(par.to, std::string("D"));
    QCOMPARE(par.as, std::string("AD"));
    testutil::saveShot(&d, "projection_parallel");
}

void DialogsTest::sampleTraceFilters()
{
    const QString path = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n3-x1000.pes");
    if (!QFile::exists(path))
        QSKIP("sample trace not generated");
    auto s = std::make_shared<const Ses>(Ses::from_trace(load_trace(path.toStdString())));
    for (auto domain : {FilterDialog::Domain::time, FilterDialog::Domain::event}) {
        FilterDialog d(s, domain);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        typeInto(d.thresholdBox(), domain == FilterDialog::Domain::time ? "2" : "50");
        QTRY_VERIFY(d.previewStates() >= 0);
        const auto [st, el] = coreCounts(*s, d.step());
        QCOMPARE(d.previewStates(), st);
        QCOMPARE(d.previewElements(), el);
        QVERIFY(el < static_cast<long long>(s->size())); // something was merged
        testutil::saveShot(&d, domain == FilterDialog::Domain::time ? "sample_filter_time" : "sample_filter_event");
    }
    ProjectionDialog p(s, ProjectionDialog::Mode::components);
    p.show();
    QVERIFY(QTest::qWaitForWindowExposed(&p));
    QCOMPARE(p.componentCount(), 3);
    testutil::saveShot(&p, "sample_projection_components");
}

QTEST_MAIN(DialogsTest)
#include "dialogs_test.moc"
