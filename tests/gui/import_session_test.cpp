// A real foreign trace through the whole workbench, as an analyst works with it: the
// SimGrid Paje sample is imported with some of its lanes, one lane is projected from the
// lanes view, the projection is clipped with the mouse, and the session is saved and
// opened in a new window, which must read the same lanes again and come back the same.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_choice.hpp"
#include "chitra/session/session_io.hpp"
#include "loading/import_choice.hpp"
#include "text/number_format.hpp"
#include "dialogs/import_dialog.hpp"
#include "document/view_document.hpp"
#include "document/workspace.hpp"
#include "session/session_controller.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/trace/trace_plot.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_window.hpp"
#include "workbench/trace_opener.hpp"

#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

const QString kPaje = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/smpi-halo-r4.paje");

std::unique_ptr<MainWindow> window() { return quietWindow(); }

QStringList rowLabels(const LanesView* lanes)
{
    QStringList out;
    for (const LaneRow& row : lanes->rows().rows())
        out << QString::fromStdString(lanes->rows().rowLabel(row));
    return out;
}

// Chooses Project from the context menu at the middle of the view's time range, at
// height `row` (row k spans [k, k + 1)); returns the action's text.
QString projectFromRow(LanesView* lanes, double row)
{
    QCoreApplication::processEvents();
    lanes->replotNow();
    const auto [t0, t1] = lanes->visibleRange();
    return chooseFromContextMenu(lanes->plot(), lanes->pixelOf((t0 + t1) / 2, row), "Project");
}

} // namespace

class ImportSessionTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void importProjectClipSaveAndRestore()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto a = window();

        // Import two of the four ranks as one trace.
        a->openFiles({kPaje});
        QTRY_VERIFY_WITH_TIMEOUT(a->opener()->dialog() != nullptr, 20000);
        ImportDialog* dialog = a->opener()->dialog();
        typeInto(dialog->filter(), "/rank-[13]/");
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(a->workspace()->files().size() == 1 && !a->loading(), 20000);
        const ImportChoice choice = a->workspace()->files()[0].choice;
        const std::size_t records = a->workspace()->files()[0].trace->size();
        QCOMPARE(choice.components, std::string("/rank-[13]/"));
        QCOMPARE(a->workspace()->files()[0].trace->header.components, std::size_t{2});
        LanesView* lanes = a->currentPanel()->lanesView();
        QVERIFY(lanes);
        QCOMPARE(rowLabels(lanes), (QStringList{"rank-1", "rank-3"}));

        // Project onto rank-3 from the lanes view's context menu.
        QCOMPARE(projectFromRow(lanes, 1.5), QString("Project onto rank-3 (new view)"));
        QTRY_VERIFY_WITH_TIMEOUT(a->workspace()->files().size() == 2 && !a->loading(), 20000);
        QCOMPARE(a->workspace()->files()[1].lanes, (std::vector<std::size_t>{1}));
        ViewDocument* projection = a->workspace()->files()[1].views.front();
        QCOMPARE(a->currentView(), projection);
        QVERIFY(projection->ses().size() > 20);

        // Clip the projection to elements [2, 10) with a Shift-drag band in the event view.
        TracePlot* plot = a->panelOf(projection)->tracePlot();
        a->setXAxis(XAxis::Event);
        plot->setVisibleRange(0, 20, false);
        plot->setBandChooser([](QPoint) { return BandAction::Clip; });
        plot->replotNow();
        QTest::mousePress(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, plot->pixelOf(2.2, 0));
        QTest::mouseMove(plot->canvas(), plot->pixelOf(9.8, 0));
        QTest::mouseRelease(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, plot->pixelOf(9.8, 0));
        QTRY_COMPARE_WITH_TIMEOUT(projection->ses().size(), std::size_t{8}, 20000);
        QCOMPARE(projection->steps().size(), std::size_t{1});
        const std::vector<Time> clippedEntries = [&] {
            std::vector<Time> out;
            for (std::size_t i = 0; i <= projection->ses().size(); ++i)
                out.push_back(projection->ses().entry(i));
            return out;
        }();

        // Saved: the import choice and the projected lanes are in the file.
        const QString path = dir.filePath("imported.chitra");
        QVERIFY(a->sessionController()->saveSession(path));
        const chitra::Session saved = load_session(path.toStdString()).session;
        QCOMPARE(saved.files.size(), std::size_t{2});
        QCOMPARE(saved.files[0].import_components, std::string("/rank-[13]/"));
        QCOMPARE(saved.files[1].import_components, std::string("/rank-[13]/"));

        // Restored in a new window: read again with the same lanes, no dialog.
        auto b = window();
        QVERIFY(b->sessionController()->openSession(path));
        QVERIFY2(b->sessionController()->lastReport().problems.empty(),
                 qPrintable(b->sessionController()->lastReport().summary()));
        QVERIFY(b->opener()->dialog() == nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!b->loading(), 20000);
        const auto& files = b->workspace()->files();
        QCOMPARE(files.size(), std::size_t{2});
        QCOMPARE(files[0].choice, choice);
        QCOMPARE(files[0].trace->size(), records);
        QCOMPARE(files[1].lanes, (std::vector<std::size_t>{1}));
        QCOMPARE(files[1].title(), a->workspace()->files()[1].title());
        LanesView* restoredLanes = b->panelOf(files[0].views.front())->lanesView();
        QVERIFY(restoredLanes);
        QCOMPARE(rowLabels(restoredLanes), (QStringList{"rank-1", "rank-3"}));
        ViewDocument* restored = files[1].views.front();
        QCOMPARE(restored->steps().size(), std::size_t{1});
        QTRY_COMPARE_WITH_TIMEOUT(restored->ses().size(), std::size_t{8}, 20000);
        for (std::size_t i = 0; i < clippedEntries.size(); ++i)
            QCOMPARE(restored->ses().entry(i), clippedEntries[i]);
        const chitra::Session sa = a->sessionController()->capture(), sb = b->sessionController()->capture();
        QVERIFY(sa.files == sb.files);
    }

    // Lanes that would form more distinct states than the views show: the states are those
    // of the leading lanes within the limit, the lanes view still shows every lane, a
    // projection reaches the others, and the session restores the same states even when
    // the limit has changed since.
    void manyStatesAreFormedFromTheLeadingLanes()
    {
        QSettings().clear(); // the choice remembered from the test above chose two lanes
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto lanes = std::make_shared<const LaneTrace>(import_lanes(kPaje.toStdString()));
        QCOMPARE(lanes->lanes.size(), std::size_t{4});
        const std::uint64_t two = lane_choice_figures(*lanes, {0, 1}).states;
        const LaneChoiceFigures all = lane_choice_figures(*lanes, {0, 1, 2, 3});
        QVERIFY(lane_choice_figures(*lanes, {0, 1, 2}).states > two);
        const std::uint64_t before = mostVectorStates();
        setMostVectorStates(two);

        auto a = window();
        a->openFiles({kPaje});
        QTRY_VERIFY_WITH_TIMEOUT(a->opener()->dialog() != nullptr, 20000);
        ImportDialog* dialog = a->opener()->dialog();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->previewLabel()->text().contains("formed from the first 2 lanes chosen"),
                                 20000);
        QVERIFY2(dialog->previewLabel()->text().contains(formatCount(static_cast<long long>(all.states))),
                 qPrintable(dialog->previewLabel()->text()));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(a->workspace()->files().size() == 1 && !a->loading(), 20000);
        const auto& file = a->workspace()->files()[0];
        QCOMPARE(file.choice.stateLanes, std::string("1,2"));
        QCOMPARE(file.trace->header.components, std::size_t{2});
        const std::size_t records = file.trace->size();
        QCOMPARE(static_cast<std::uint64_t>(file.trace->symbols->size()), two);
        LanesView* view = a->currentPanel()->lanesView();
        QVERIFY(view);
        QCOMPARE(rowLabels(view).size(), 4);

        // The states of rank-3, which the views do not form, by a projection.
        QCOMPARE(projectFromRow(view, 3.5), QString("Project onto rank-3 (new view)"));
        QTRY_VERIFY_WITH_TIMEOUT(a->workspace()->files().size() == 2 && !a->loading(), 20000);
        QCOMPARE(a->workspace()->files()[1].lanes, (std::vector<std::size_t>{3}));
        QCOMPARE(a->workspace()->files()[1].trace->header.components, std::size_t{1});

        const QString path = dir.filePath("many.chitra");
        QVERIFY(a->sessionController()->saveSession(path));
        QCOMPARE(load_session(path.toStdString()).session.files[0].import_state_lanes, std::string("1,2"));
        setMostVectorStates(before); // restoring reads what was saved, not the limit of the day
        auto b = window();
        QVERIFY(b->sessionController()->openSession(path));
        QTRY_VERIFY_WITH_TIMEOUT(!b->loading(), 20000);
        QCOMPARE(b->workspace()->files().size(), std::size_t{2});
        QCOMPARE(b->workspace()->files()[0].trace->header.components, std::size_t{2});
        QCOMPARE(b->workspace()->files()[0].trace->size(), records);
        QCOMPARE(b->workspace()->files()[1].lanes, (std::vector<std::size_t>{3}));
        QCOMPARE(rowLabels(b->panelOf(b->workspace()->files()[0].views.front())->lanesView()).size(), 4);
    }

    // A session among opened files (a double-clicked or dropped .chitra) opens as a
    // session, the traces beside it as traces.
    void aSessionFileOpensAsASession()
    {
        const QString session = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/tutorial.chitra");
        const QString trace = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x100.pes");
        QVERIFY(is_session_file(session.toStdString()));
        QVERIFY(!is_session_file(trace.toStdString()));
        auto w = window();
        w->openFiles({session, trace});
        const std::size_t inSession = load_session(session.toStdString()).session.files.size();
        QTRY_VERIFY_WITH_TIMEOUT(!w->loading() && w->workspace()->files().size() == inSession + 1, 20000);
        QCOMPARE(w->sessionController()->sessionPath(), session);
        QCOMPARE(w->workspace()->files().back().label, QString("philosophers-n2-x100.pes"));
    }
};

QTEST_MAIN(ImportSessionTest)
#include "import_session_test.moc"
