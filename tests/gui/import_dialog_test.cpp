// The import dialog, driven like a person: the lane list, the name filter (text and
// /regex/), check boxes, All/None, the preview figures, one or separate traces, and the
// choice remembered per format.
#include "gui_test_util.hpp"
#include "import_test_util.hpp"

#include "chitra/lanes/lane_choice.hpp"
#include "dialogs/import_dialog.hpp"
#include "loading/lane_preview.hpp"
#include "text/number_format.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTreeWidget>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

std::shared_ptr<const LaneTrace> ranks() { return std::make_shared<const LaneTrace>(ranksTrace("ranks.json")); }

// Checks or unchecks a lane as a person does: click its name, press Space.
void toggleRow(QTreeWidget* list, int row)
{
    QTreeWidgetItem* item = list->topLevelItem(row);
    list->scrollToItem(item);
    QRect r = list->visualItemRect(item);
    r.setLeft(list->header()->sectionPosition(1));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
    QTest::keyClick(list, Qt::Key_Space);
}

QStringList shownNames(QTreeWidget* list)
{
    QStringList names;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (!list->topLevelItem(i)->isHidden())
            names << list->topLevelItem(i)->text(1);
    return names;
}

QString count(std::uint64_t n) { return formatCount(static_cast<long long>(n)); }

} // namespace

class ImportDialogTest : public QObject {
    Q_OBJECT
private slots:
    void init() { QSettings().clear(); }

    void listsEveryLaneWithItsNumberNameAndEvents()
    {
        ImportDialog d(ranks(), SourceFormat::chrome, "/data/ranks.json");
        d.show();
        QTreeWidget* list = d.laneList();
        QCOMPARE(list->topLevelItemCount(), 5);
        QCOMPARE(list->topLevelItem(3)->text(0), QString("4"));
        QCOMPARE(list->topLevelItem(3)->text(1), QString("rank 2"));
        QCOMPARE(list->topLevelItem(0)->text(2), QString("80")); // 20 x (push, pop, push, pop)
        QCOMPARE(list->topLevelItem(2)->text(2), QString("10"));
        QCOMPARE(list->topLevelItem(4)->text(2), QString("0"));
        // "all" at first: every lane with a state event, not the silent monitor.
        QCOMPARE(d.chosenLanes(), (std::vector<std::size_t>{0, 1, 2, 3}));
        QCOMPARE(d.choice().components, std::string("all"));
        QVERIFY(d.findChild<QLabel*>("importTitle")->text().contains("Chrome Trace Event JSON"));
        QVERIFY(d.findChild<QLabel*>("importTitle")->text().contains("5 lanes"));
        QVERIFY(d.windowTitle().contains("ranks.json"));
    }

    void filterByTextAndRegex()
    {
        ImportDialog d(ranks(), SourceFormat::chrome, "ranks.json");
        d.show();
        typeInto(d.filter(), "RANK");
        QCOMPARE(shownNames(d.laneList()), (QStringList{"rank 0", "rank 1", "rank 2"}));
        // The shown and checked lanes are the choice; a case-sensitive expression of the
        // text chooses the same lanes, so that is what is kept.
        QCOMPARE(d.chosenLanes(), (std::vector<std::size_t>{0, 1, 3}));
        QCOMPARE(d.choice().components, std::string("1,2,4"));
        typeInto(d.filter(), "rank");
        QCOMPARE(d.choice().components, std::string("/rank/"));
        typeInto(d.filter(), "/[02]$/");
        QCOMPARE(shownNames(d.laneList()), (QStringList{"rank 0", "rank 2"}));
        QCOMPARE(d.choice().components, std::string("/[02]$/"));
        // A bad expression says why and hides nothing.
        typeInto(d.filter(), "/rank[/");
        QVERIFY(d.findChildren<QLabel*>().size() > 0);
        QCOMPARE(shownNames(d.laneList()).size(), 5);
        bool said = false;
        for (QLabel* l : d.findChildren<QLabel*>())
            said = said || (l->isVisible() && l->text().contains("bad regular expression"));
        QVERIFY(said);
        d.filter()->clear();
        QCOMPARE(d.choice().components, std::string("all"));
    }

    void checkBoxesAllAndNone()
    {
        ImportDialog d(ranks(), SourceFormat::chrome, "ranks.json");
        d.show();
        toggleRow(d.laneList(), 2); // io thread off
        QCOMPARE(d.chosenLanes(), (std::vector<std::size_t>{0, 1, 3}));
        QCOMPARE(d.choice().components, std::string("1,2,4"));
        toggleRow(d.laneList(), 4); // the silent monitor on
        QCOMPARE(d.choice().components, std::string("1,2,4,5"));
        QTest::mouseClick(d.noneButton(), Qt::LeftButton);
        QVERIFY(d.chosenLanes().empty());
        QVERIFY(!d.okButton()->isEnabled());
        QVERIFY(d.previewLabel()->text().contains("No lane chosen"));
        // All and None act on the lanes shown.
        typeInto(d.filter(), "rank");
        QTest::mouseClick(d.allButton(), Qt::LeftButton);
        QVERIFY(d.okButton()->isEnabled());
        QCOMPARE(d.chosenLanes(), (std::vector<std::size_t>{0, 1, 3}));
        d.filter()->clear();
        QCOMPARE(d.chosenLanes(), (std::vector<std::size_t>{0, 1, 3}));
        QCOMPARE(d.choice().components, std::string("1,2,4"));
    }

    void previewShowsRecordsAndStates()
    {
        const auto lanes = ranks();
        ImportDialog d(lanes, SourceFormat::chrome, "ranks.json");
        d.show();
        const LaneChoiceFigures all = lane_choice_figures(*lanes, {0, 1, 2, 3});
        QVERIFY(d.previewLabel()->text().contains(QString("4 of 5 lanes → one trace of %1 records, %2 distinct states")
                                                      .arg(count(all.records), count(all.states))));
        toggleRow(d.laneList(), 2);
        const LaneChoiceFigures ranksOnly = lane_choice_figures(*lanes, {0, 1, 3});
        QVERIFY2(d.previewLabel()->text().contains(
                     QString("%1 records, %2 distinct states").arg(count(ranksOnly.records), count(ranksOnly.states))),
                 qPrintable(d.previewLabel()->text()));
        // Separate traces: each rank alone has 60 records (compute, its MPI call, "-", 20
        // times: the call begins as compute ends) and those 3 states.
        QTest::mouseClick(d.separateButton(), Qt::LeftButton);
        QVERIFY(d.choice().separate);
        QCOMPARE(d.previewLabel()->text(), QString("3 lanes → 3 traces of 60 records, 3 distinct states each"));
        toggleRow(d.laneList(), 2);
        QCOMPARE(d.previewLabel()->text(),
                 QString("4 lanes → 4 traces of 10 – 60 records, 2 – 3 distinct states each"));
    }

    // Two lanes stepping through 400 and 401 states at different times make 160,400 joined
    // states, past the 100,000 the views show: the preview says so, and that the states
    // will be those of the first lane.
    void independentLanesAreNamedAsSuch()
    {
        LaneTraceBuilder b("busy.json", "chrome");
        const std::size_t a = b.add_lane("a"), c = b.add_lane("c");
        std::vector<LaneStateId> as, cs;
        for (int i = 0; i < 400; ++i)
            as.push_back(b.state("a" + std::to_string(i)));
        for (int i = 0; i < 401; ++i)
            cs.push_back(b.state("c" + std::to_string(i)));
        for (int i = 0; i < 150000; ++i) {
            b.set(a, 10 * i, as[static_cast<std::size_t>(i) % as.size()]);
            b.set(c, 10 * i + 5, cs[static_cast<std::size_t>(i) % cs.size()]);
        }
        ImportDialog d(std::make_shared<const LaneTrace>(b.finish()), SourceFormat::chrome, "busy.json");
        d.show();
        QTRY_VERIFY(d.previewLabel()->text().contains("distinct states"));
        QVERIFY2(d.previewLabel()->text().contains("change independently"), qPrintable(d.previewLabel()->text()));
        // Past the views' limit, the states are those of the leading lanes that fit it.
        QVERIFY2(d.previewLabel()->text().contains("formed from the first lane chosen (400 states)"),
                 qPrintable(d.previewLabel()->text()));
        toggleRow(d.laneList(), 1); // one lane alone: 400 states
        QTRY_VERIFY(d.previewLabel()->text().contains("400 distinct states"));
        QVERIFY(!d.previewLabel()->text().contains("independently"));
    }

    void largeChoicesAreCountedOnAWorker()
    {
        const auto lanes = ranks();
        ImportDialog d(lanes, SourceFormat::chrome, "ranks.json");
        d.show();
        d.preview()->setSyncLimit(0);
        toggleRow(d.laneList(), 2);
        QVERIFY(d.preview()->busy() || d.previewLabel()->text().contains("records"));
        const LaneChoiceFigures f = lane_choice_figures(*lanes, {0, 1, 3});
        QTRY_VERIFY(d.previewLabel()->text().contains(QString("one trace of %1 records").arg(count(f.records))));
        QVERIFY(!d.preview()->busy());
    }

    void rememberedPerFormat()
    {
        {
            ImportDialog d(ranks(), SourceFormat::chrome, "ranks.json");
            d.show();
            typeInto(d.filter(), "/rank/");
            QTest::mouseClick(d.separateButton(), Qt::LeftButton);
            QTest::mouseClick(d.okButton(), Qt::LeftButton);
            QCOMPARE(d.result(), int(QDialog::Accepted));
        }
        QCOMPARE(QSettings().value("import/chrome/components").toString(), QString("/rank/"));
        ImportDialog again(ranks(), SourceFormat::chrome, "other.json");
        QCOMPARE(again.filter()->text(), QString("/rank/"));
        QCOMPARE(again.chosenLanes(), (std::vector<std::size_t>{0, 1, 3}));
        QVERIFY(again.separateButton()->isChecked());
        // Another format keeps its own (none yet: all lanes, one trace).
        ImportDialog paje(ranks(), SourceFormat::paje, "ranks.trace");
        QVERIFY(paje.filter()->text().isEmpty());
        QCOMPARE(paje.choice(), (LaneChoice{"all", false}));
        // A remembered list this trace has no lanes for falls back to all.
        ImportDialog::remember(SourceFormat::otf2, LaneChoice{"9,12", false});
        ImportDialog otf2(ranks(), SourceFormat::otf2, "a.otf2");
        QCOMPARE(otf2.choice().components, std::string("all"));
        ImportDialog::remember(SourceFormat::otf2, LaneChoice{"1,3", false});
        ImportDialog otf2b(ranks(), SourceFormat::otf2, "a.otf2");
        QCOMPARE(otf2b.chosenLanes(), (std::vector<std::size_t>{0, 2}));
    }

    // The picture in docs/gui.md: a hybrid MPI + OpenMP run, the master threads chosen.
    void manualPicture()
    {
        const auto lanes = std::make_shared<const LaneTrace>(hybridTrace("/data/runs/cg-solver.otf2", 8));
        ImportDialog d(lanes, SourceFormat::otf2, "/data/runs/cg-solver.otf2");
        d.resize(640, 600);
        d.show();
        QCOMPARE(d.laneList()->topLevelItemCount(), 25);
        typeInto(d.filter(), "/Master/");
        QCOMPARE(d.chosenLanes().size(), std::size_t{8});
        toggleRow(d.laneList(), 21); // rank 7
        QCOMPARE(d.choice().components, std::string("1,4,7,10,13,16,19"));
        toggleRow(d.laneList(), 21);
        QCOMPARE(d.choice().components, std::string("/Master/"));
        d.laneList()->clearSelection();
        d.okButton()->setFocus();
        QCOMPARE(d.previewLabel()->text(),
                 QString("8 of 25 lanes → one trace of %1 records, 180 distinct states").arg(count(1772)));
        d.resize(640, 470);
        saveShot(&d, "import-dialog");
        QTest::mouseClick(d.separateButton(), Qt::LeftButton);
        QCOMPARE(d.previewLabel()->text(), QString("8 lanes → 8 traces of 204 – 239 records, 6 distinct states each"));
    }

    void cancelRemembersNothing()
    {
        ImportDialog d(ranks(), SourceFormat::chrome, "ranks.json");
        d.show();
        typeInto(d.filter(), "io");
        QTest::keyClick(&d, Qt::Key_Escape);
        QCOMPARE(d.result(), int(QDialog::Rejected));
        QVERIFY(!QSettings().contains("import/chrome/components"));
    }
};

QTEST_MAIN(ImportDialogTest)
#include "import_dialog_test.moc"
