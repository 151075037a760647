// The profile display, driven as a person drives it: View ▸ Profile on the OTF2 sample opens
// a window whose table holds what `chitra-cli profile` computes; zooming the lanes view
// profiles the range shown; typing in the filter, ticking "one row per lane" and clicking a
// column header change the rows; its options survive a session; it exports what the CLI
// writes.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "displays/display_registry.hpp"
#include "displays/profile/flame_graph.hpp"
#include "displays/profile/imbalance_chart.hpp"
#include "displays/profile/profile_tree.hpp"
#include "displays/profile/time_profile_chart.hpp"
#include "displays/profile/profile_display_state.hpp"
#include "displays/profile/profile_table.hpp"
#include "displays/profile/profile_window.hpp"
#include "document/view_document.hpp"
#include "session/session_controller.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
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

ProfileWindow* openProfile(MainWindow* w) { return openDisplayFromMenu<ProfileWindow>(w, kProfileDisplay); }

// The text of column `column` in every row shown.
QStringList column(QTreeView* view, int column)
{
    QStringList out;
    for (int row = 0; row < view->model()->rowCount(); ++row)
        out << view->model()->index(row, column).data().toString();
    return out;
}

// The regions `take` on top of a stack: every call of it (it calls nothing).
std::uint64_t take_calls(const Profile& p)
{
    for (const RegionProfile& r : p.regions)
        if (r.region == "take")
            return r.calls;
    return 0;
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
        w->currentView()->presentation().setWindow(kLanesDisplay, XWindow{double(end / 4), double(end / 2)});
        QVERIFY(profiled.count() > 0 || profiled.wait());
        QCOMPARE(p->table()->profile().from, end / 4);
        QCOMPARE(p->table()->profile().to, end / 2);
        for (const LaneBusy& l : p->table()->profile().lanes)
            QCOMPARE(l.busy_ns + l.idle_ns, end / 2 - end / 4);
        // Back to the whole run from the menu.
        p->table()->setRange(std::nullopt);
        QCOMPARE(p->table()->profile().to, end);
    }

    void aBandOverTheLanesViewProfilesThatArea()
    {
        auto w = windowWith(kOtf2);
        QVERIFY(w->currentPanel());
        LanesView* lanes = w->currentPanel()->lanesView();
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        lanes->setBandChooser([](const QPoint&) { return LanesView::BandAction::Profile; });
        QVERIFY(settleWorkbench());
        lanes->replotNow(); // its axes laid out, so that pixels and times match
        const auto [t0, t1] = lanes->visibleRange();
        const double a = t0 + (t1 - t0) * 0.2, b = t0 + (t1 - t0) * 0.6;
        // Rows 2 and 3 from the top, a fifth to three fifths of the time shown.
        const QPoint from = lanes->pixelOf(a, 1.2), to = lanes->pixelOf(b, 2.8);
        QTest::mousePress(lanes->plot(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(lanes->plot(), to);
        QTest::mouseRelease(lanes->plot(), Qt::LeftButton, Qt::ShiftModifier, to);
        ProfileWindow* p = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (p = ProfileWindow::find(*w, w->currentView())) != nullptr; }));
        std::vector<std::size_t> expected{lanes->rows().rows()[1].lane, lanes->rows().rows()[2].lane};
        std::sort(expected.begin(), expected.end());
        QCOMPARE(p->table()->lanes(), expected);
        const Profile& shown = p->table()->profile();
        QCOMPARE(shown.lanes.size(), std::size_t(2));
        // The band's ends, as pixels give them back, in ns (this trace's unit).
        const double from_t = lanes->plot()->xAxis->pixelToCoord(from.x());
        const double to_t = lanes->plot()->xAxis->pixelToCoord(to.x());
        QCOMPARE(shown.from, static_cast<Time>(std::floor(from_t)));
        QCOMPARE(shown.to, static_cast<Time>(std::ceil(to_t)));
        ImportOptions options;
        ProfileSource area = profile_source(kOtf2.toStdString(), options);
        area.chosen = expected;
        const Profile core = profile(area, {shown.from, shown.to});
        QCOMPARE(shown.regions.size(), core.regions.size());
        for (std::size_t r = 0; r < core.regions.size(); ++r) {
            QCOMPARE(shown.regions[r].region, core.regions[r].region);
            QCOMPARE(shown.regions[r].inclusive_ns, core.regions[r].inclusive_ns);
            QCOMPARE(shown.regions[r].calls, core.regions[r].calls);
        }
        QVERIFY(w->currentView()->presentation().displayOpen(kProfileDisplay));
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

    void savedAndRestoredWithTheSession()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("profile.chitra");
        {
            auto w = windowWith(kOtf2);
            ProfileWindow* p = openProfile(w.get());
            QVERIFY(p);
            p->table()->setPerLane(true);
            typeInto(p->table()->findChild<QLineEdit*>(), "/^(take|compute)$/");
            p->table()->sortBy(ProfileTable::Calls, Qt::AscendingOrder);
            p->table()->setRange(ProfileRange{5000000, 90000000});
            // In the call tree, "main" folded and "worker > merge" unfolded by key presses.
            p->tabs()->setCurrentIndex(1);
            ProfileTree* tree = p->tree();
            QVERIFY(tree->selectPath({"worker", "merge"}));
            QTest::keyClick(tree->view(), Qt::Key_Right);
            QVERIFY(tree->selectPath({"main"}));
            QTest::keyClick(tree->view(), Qt::Key_Left);
            QCOMPARE(tree->expandedPaths(), (ProfileTree::Paths{{"worker"}, {"worker", "merge"}}));
            QVERIFY(w->sessionController()->saveSession(path));
        }
        auto w = quietWindow();
        QVERIFY(w->sessionController()->openSession(path));
        QVERIFY(settleWorkbench());
        ProfileWindow* p = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return w->currentView() && (p = ProfileWindow::find(*w, w->currentView())); }));
        QCOMPARE(p->table()->perLane(), true);
        QCOMPARE(p->table()->filterText(), QStringLiteral("/^(take|compute)$/"));
        QCOMPARE(p->table()->sortColumn(), ProfileTable::Calls);
        QCOMPARE(p->table()->sortOrder(), Qt::AscendingOrder);
        QCOMPARE(p->table()->profile().from, 5000000);
        QCOMPARE(p->table()->profile().to, 90000000);
        for (const QString& region : p->table()->shownRegions())
            QVERIFY(region == "take" || region == "compute");
        QVERIFY(w->sessionController()->lastReport().problems.empty());
        p->tabs()->setCurrentIndex(1);
        QTreeView* view = p->tree()->view();
        QCOMPARE(p->tree()->expandedPaths(), (ProfileTree::Paths{{"worker"}, {"worker", "merge"}}));
        QVERIFY(p->tree()->selectPath({"worker", "merge"}));
        QVERIFY(view->isExpanded(view->currentIndex()));
        QVERIFY(p->tree()->selectPath({"main"}));
        QVERIFY(!view->isExpanded(view->currentIndex()));
    }

    void callTreeFlameGraphAndImbalanceFollowTheUser()
    {
        auto w = windowWith(kOtf2);
        ProfileWindow* p = openProfile(w.get());
        QVERIFY(p);
        const Profile& profile = p->table()->profile();
        QVERIFY(!profile.tree.empty());

        // The call tree: a search keeps the paths through a match, unfolded.
        p->tabs()->setCurrentIndex(1);
        ProfileTree* tree = p->tree();
        typeInto(tree->searchBox(), "lock");
        QVERIFY(tree->selectPath({"worker", "merge", "lock"}));
        QCOMPARE(tree->selectedPath(), (std::vector<std::string>{"worker", "merge", "lock"}));
        QCOMPARE(tree->view()->model()->rowCount(), 1); // main holds no lock
        typeInto(tree->searchBox(), "");

        // The flame graph: one frame per path; a click on a frame selects its path in the tree.
        p->tabs()->setCurrentIndex(2);
        FlameGraph* flame = p->flameGraph();
        QCOMPARE(flame->frames().size(), profile.tree.size());
        QVERIFY(QTest::qWaitForWindowExposed(p));
        std::size_t compute = flame->frames().size();
        for (std::size_t i = 0; i < flame->frames().size(); ++i)
            if (flame->frames()[i].path == std::vector<std::string>{"worker", "compute"})
                compute = i;
        QVERIFY(compute < flame->frames().size());
        const QRectF r = flame->frameRect(compute);
        QVERIFY(r.width() > 10);
        QTest::mouseClick(flame, Qt::LeftButton, {}, r.center().toPoint());
        QCOMPARE(flame->selectedPath(), (std::vector<std::string>{"worker", "compute"}));
        QCOMPARE(tree->selectedPath(), (std::vector<std::string>{"worker", "compute"}));
        // ... and its calls found in the lanes view: as many as the path has.
        LanesView* lanesView = w->currentPanel()->lanesView();
        std::uint64_t computeCalls = 0;
        for (const CallPathProfile& c : profile.tree)
            if (c.path == std::vector<std::string>{"worker", "compute"})
                computeCalls = c.calls;
        QVERIFY(computeCalls > 0);
        QCOMPARE(lanesView->found().size(), std::size_t(computeCalls));
        QVERIFY(lanesView->findCount()->text().startsWith(QString::fromUtf8("worker \u203a compute: ")));
        for (const LanesView::Found& f : lanesView->found())
            QCOMPARE(f.depth, 2u);
        saveShot(p, "profile-flame");

        // Imbalance: the region clicked in the table, its lanes sorted by their time in it.
        p->tabs()->setCurrentIndex(0);
        ProfileTable* t = p->table();
        const int row = static_cast<int>(t->shownRegions().indexOf("take"));
        QVERIFY(row >= 0);
        clickRow(t->view(), row);
        QCOMPARE(p->imbalance()->region(), QStringLiteral("take"));
        // ... and found in the lanes view, every region of that name.
        LanesView* lanes = w->currentPanel()->lanesView();
        QCOMPARE(lanes->findEdit()->text(), QStringLiteral("/^take$/"));
        QCOMPARE(lanes->found().size(), std::size_t(take_calls(profile)));
        QVERIFY(p->imbalance()->summary().contains("imbalance"));
        p->imbalance()->setOrder(ImbalanceChart::Order::RegionTime);
        const RegionProfile* take = nullptr;
        for (const RegionProfile& rp : profile.regions)
            if (rp.region == "take")
                take = &rp;
        QVERIFY(take);
        QCOMPARE(p->imbalance()->barLanes().front(), take->max_lane);
        QCOMPARE(p->imbalance()->barLanes().size(), profile.lanes.size());
        saveShot(p, "profile-regions");

        // Over time: the regions that take most time, bottom first, then "other".
        p->tabs()->setCurrentIndex(3);
        const TimeProfile& tp = p->overTime()->timeProfile();
        QCOMPARE(tp.edges.size(), TimeProfileChart::kBins + 1);
        QStringList expected;
        for (std::size_t r = 0; r < std::min(tp.regions.size(), TimeProfileChart::kNamedRegions); ++r)
            expected << QString::fromStdString(tp.regions[r]);
        if (tp.regions.size() > TimeProfileChart::kNamedRegions)
            expected << "other";
        QCOMPARE(p->overTime()->stackNames(), expected);
        QCOMPARE(QString::fromStdString(tp.regions.front()), QString::fromStdString(profile.regions.front().region));
        saveShot(p, "profile-over-time");
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
