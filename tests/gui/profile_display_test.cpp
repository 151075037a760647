// The profile display, driven as a person drives it: View ▸ Profile on the OTF2 sample opens
// a window whose table holds what `chitra-cli profile` computes; zooming the lanes view
// profiles the range shown; typing in the filter, ticking "one row per lane" and clicking a
// column header change the rows; its options survive a session; it exports what the CLI
// writes.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "displays/display_registry.hpp"
#include "displays/profile/profile_display_state.hpp"
#include "displays/profile/profile_table.hpp"
#include "displays/profile/profile_window.hpp"
#include "document/view_document.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"

#include <QAction>
#include <QCheckBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

const QString kOtf2 = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/taskpool-w4-n1200/traces.otf2");

std::unique_ptr<MainWindow> windowWith(const QString& path)
{
    auto w = quietWindow();
    QString error;
    if (!w->openFileNow(path, &error))
        qWarning("%s", qPrintable(error));
    return w;
}

ProfileWindow* openProfile(MainWindow* w)
{
    QAction* action = w->actions()->displayAction(kProfileDisplay);
    if (!action)
        return nullptr;
    action->trigger();
    return ProfileWindow::find(*w, w->currentView());
}

// The text of column `column` in every row shown.
QStringList column(QTreeView* view, int column)
{
    QStringList out;
    for (int row = 0; row < view->model()->rowCount(); ++row)
        out << view->model()->index(row, column).data().toString();
    return out;
}

} // namespace

class ProfileDisplayTest : public QObject {
    Q_OBJECT
private slots:
    void opensFromTheViewMenuWithTheCliFigures()
    {
        auto w = windowWith(kOtf2);
        QVERIFY(w->currentView());
        ProfileWindow* p = openProfile(w.get());
        QVERIFY(p);
        QVERIFY(w->currentView()->presentation().displayOpen(kProfileDisplay));
        ImportOptions options;
        const Profile cli = profile(profile_source(kOtf2.toStdString(), options));
        QCOMPARE(p->table()->profile().regions.size(), cli.regions.size());
        for (std::size_t r = 0; r < cli.regions.size(); ++r) {
            QCOMPARE(p->table()->profile().regions[r].region, cli.regions[r].region);
            QCOMPARE(p->table()->profile().regions[r].exclusive_ns, cli.regions[r].exclusive_ns);
            QCOMPARE(p->table()->profile().regions[r].calls, cli.regions[r].calls);
        }
        // Sorted by exclusive time, largest first: the table's first row is the CLI's first region.
        QCOMPARE(p->table()->shownRegions().front(), QString::fromStdString(cli.regions.front().region));
        saveShot(p, "profile-window");
        p->close();
        QVERIFY(QTest::qWaitFor([&] { return !w->currentView()->presentation().displayOpen(kProfileDisplay); }));
    }

    void followsTheLanesViewsRange()
    {
        auto w = windowWith(kOtf2);
        ProfileWindow* p = openProfile(w.get());
        QVERIFY(p);
        QSignalSpy profiled(p->table(), &ProfileTable::profiled);
        const Time end = p->table()->profile().to;
        w->currentView()->presentation().setWindow(kLanesDisplay, XWindow{double(end) / 4, double(end) / 2});
        QVERIFY(profiled.count() > 0 || profiled.wait());
        QCOMPARE(p->table()->profile().from, end / 4);
        QCOMPARE(p->table()->profile().to, end / 2);
        for (const LaneBusy& l : p->table()->profile().lanes)
            QCOMPARE(l.busy_ns + l.idle_ns, end / 2 - end / 4);
        // Back to the whole run from the menu.
        p->table()->setRange(std::nullopt);
        QCOMPARE(p->table()->profile().to, end);
    }

    void filterPerLaneAndSortFollowTheUser()
    {
        auto w = windowWith(kOtf2);
        ProfileWindow* p = openProfile(w.get());
        QVERIFY(p);
        ProfileTable* t = p->table();
        auto* filter = t->findChild<QLineEdit*>();
        QVERIFY(filter);
        typeInto(filter, "ta");
        QCOMPARE(t->shownRegions(), QStringList{"take"});
        typeInto(filter, "/^(m|w)/");
        QCOMPARE(t->shownRegions().size(), 3); // main, merge, worker
        typeInto(filter, "");
        const int regions = t->shownRegions().size();

        auto* perLane = t->findChild<QCheckBox*>();
        QVERIFY(perLane);
        QTest::mouseClick(perLane, Qt::LeftButton, {}, QPoint(8, perLane->height() / 2));
        QVERIFY(t->perLane());
        std::size_t rows = 0;
        for (const RegionProfile& r : t->profile().regions)
            rows += r.per_lane.size();
        QCOMPARE(std::size_t(t->shownRegions().size()), rows);
        QVERIFY(t->shownRegions().size() > regions);
        QCOMPARE(t->view()->model()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Lane"));

        // Clicking the Calls header sorts by calls.
        QHeaderView* header = t->view()->header();
        const int calls = 2;
        QTest::mouseClick(
            header->viewport(), Qt::LeftButton, {},
            QPoint(header->sectionViewportPosition(calls) + header->sectionSize(calls) / 2, header->height() / 2));
        QCOMPARE(t->sortColumn(), ProfileTable::Calls);
        QStringList counts = column(t->view(), calls);
        for (int i = 1; i < counts.size(); ++i) {
            const auto number = [](QString s) {
                return s.remove(QChar(' ')).remove(QChar(0x202F)).remove(',').toLongLong();
            };
            if (t->sortOrder() == Qt::AscendingOrder)
                QVERIFY(number(counts[i - 1]) <= number(counts[i]));
            else
                QVERIFY(number(counts[i - 1]) >= number(counts[i]));
        }
    }

    void optionsSurviveASession()
    {
        auto w = windowWith(kOtf2);
        ProfileWindow* p = openProfile(w.get());
        QVERIFY(p);
        ProfileTable* t = p->table();
        t->setPerLane(true);
        t->setFilterText("/o/");
        t->sortBy(ProfileTable::Inclusive, Qt::AscendingOrder);
        t->setRange(ProfileRange{1000, 2000000});
        const DisplayOptions saved = profileOptions(*t);

        ProfileWindow again(w->currentView());
        std::vector<QString> problems;
        applyProfileOptions(*again.table(), saved, "test", problems);
        QVERIFY(problems.empty());
        QCOMPARE(again.table()->perLane(), true);
        QCOMPARE(again.table()->filterText(), QStringLiteral("/o/"));
        QCOMPARE(again.table()->sortColumn(), ProfileTable::Inclusive);
        QCOMPARE(again.table()->sortOrder(), Qt::AscendingOrder);
        QCOMPARE(again.table()->profile().from, 1000);
        QCOMPARE(again.table()->profile().to, 2000000);
        QCOMPARE(again.table()->shownRegions(), t->shownRegions());

        DisplayOptions damaged = saved;
        damaged.extra["sort"] = "colour";
        damaged.extra["range"] = "later";
        applyProfileOptions(*again.table(), damaged, "test", problems);
        QCOMPARE(problems.size(), std::size_t(2));
    }

    void exportsWhatTheCliWrites()
    {
        auto w = windowWith(kOtf2);
        ProfileWindow* p = openProfile(w.get());
        QVERIFY(p);
        QTemporaryDir dir;
        const QString csv = dir.filePath("p.csv"), json = dir.filePath("p.json");
        QVERIFY(p->exportTo(csv).isEmpty());
        QVERIFY(p->exportTo(json).isEmpty());
        const auto slurp = [](const QString& path) {
            std::ifstream in(path.toStdString());
            std::stringstream s;
            s << in.rdbuf();
            return s.str();
        };
        QCOMPARE(slurp(csv), profile_csv(p->table()->profile()));
        QCOMPARE(slurp(json), profile_json(p->table()->profile()));
        QVERIFY(!p->exportTo(dir.filePath("missing/folder/p.csv")).isEmpty());
    }
};

QTEST_MAIN(ProfileDisplayTest)
#include "profile_display_test.moc"
