// The messages display, driven as a person drives it: View ▸ Messages on an OTF2 trace of
// MPI ranks opens a window whose matrix, histograms and late-sender waits are what
// `chitra-cli messages` reports, lanes in the lanes view's order; zooming the lanes view
// counts the range shown; a band over lanes counts that area; clicking a cell picks its
// messages in the lanes view; the colour choice and the area survive a session.
#include "gui_test_util.hpp"
#include "main_window_test_util.hpp"

#include "displays/messages/late_sender_chart.hpp"
#include "displays/messages/message_histogram.hpp"
#include "displays/messages/message_matrix_plot.hpp"
#include "displays/messages/messages_display_state.hpp"
#include "displays/messages/messages_window.hpp"
#include "displays/profile/imbalance_chart.hpp"
#include "displays/profile/profile_display_state.hpp"
#include "displays/profile/profile_table.hpp"
#include "displays/profile/profile_window.hpp"
#include "document/view_document.hpp"
#include "session/session_controller.hpp"
#include "views/lanes/lanes_plottable.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"

#include "chitra/messages/messages.hpp"

#include <QAction>
#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <numeric>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

const QString kMpi = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/mpi-messages-r4/traces.otf2");

MessagesWindow* openMessages(MainWindow* w) { return openDisplayFromMenu<MessagesWindow>(w, kMessagesDisplay); }

// The report of `chitra-cli messages` of the sample, over some lanes (trace order) and a range.
MessageReport cliReport(const std::vector<std::size_t>& lanes, const ProfileRange& range = {})
{
    ImportOptions options;
    ProfileSource source = profile_source(kMpi.toStdString(), options);
    source.chosen = lanes;
    std::sort(source.chosen.begin(), source.chosen.end());
    return message_report(source, range);
}

// The window's matrix cell of trace lanes (a, b).
std::uint64_t countOf(const MessagesWindow& m, std::size_t a, std::size_t b)
{
    const auto& shown = m.shownLanes();
    const auto row = static_cast<std::size_t>(std::find(shown.begin(), shown.end(), a) - shown.begin());
    const auto column = static_cast<std::size_t>(std::find(shown.begin(), shown.end(), b) - shown.begin());
    const MessageMatrix& matrix = m.matrix()->matrix();
    return matrix.count[matrix.cell(row, column)];
}

bool waitsIn(MessagesWindow* m)
{
    return QTest::qWaitFor([m] { return !m->waitsPending(); }, 60000);
}

} // namespace

class MessagesDisplayTest : public QObject {
    Q_OBJECT
private slots:
    void opensFromTheViewMenuWithTheCliFigures()
    {
        auto w = windowWith(kMpi);
        QVERIFY(w->currentView());
        MessagesWindow* m = openMessages(w.get());
        QVERIFY(m);
        QVERIFY(w->currentView()->presentation().displayOpen(kMessagesDisplay));
        // Rows in the lanes view's order.
        LanesView* lanes = w->currentPanel()->lanesView();
        QVERIFY(lanes);
        std::vector<std::size_t> rows;
        for (const LaneRow& r : lanes->rows().rows())
            rows.push_back(r.lane);
        QCOMPARE(m->shownLanes(), rows);
        std::vector<std::size_t> all(rows.size());
        std::iota(all.begin(), all.end(), std::size_t{0});
        const MessageReport cli = cliReport(all);
        QVERIFY(cli.messages > 20);
        const MessageMatrix& matrix = m->matrix()->matrix();
        QCOMPARE(matrix.messages, cli.messages);
        QCOMPARE(matrix.total_bytes, cli.bytes);
        for (std::size_t a = 0; a < all.size(); ++a)
            for (std::size_t b = 0; b < all.size(); ++b)
                QCOMPARE(countOf(*m, a, b), cli.count[a][b]);
        const auto sum = [](const auto& bins) { return std::accumulate(bins.begin(), bins.end(), std::uint64_t{0}); };
        QCOMPARE(sum(m->sizes()->bins()), cli.messages);
        QCOMPARE(sum(m->latencies()->bins()), cli.messages);
        // The late-sender waits, once replayed, are the CLI's, lane by lane.
        QVERIFY(waitsIn(m));
        const std::vector<LaneWait>& waits = m->lanesChart()->waits();
        QCOMPARE(waits.size(), rows.size());
        QVERIFY(cli.late_sender_ns > 0);
        for (std::size_t k = 0; k < rows.size(); ++k)
            QCOMPARE(waits[k].ns, cli.late_sender[rows[k]].ns);
        QCOMPARE(m->lanesChart()->table()->topLevelItemCount(), static_cast<int>(rows.size()));
        // Coloured by bytes from the combo box, as a person picks it.
        m->colourChoice()->setCurrentIndex(1);
        QCOMPARE(m->matrix()->colour(), MatrixColour::Bytes);
        saveShot(m, "messages-window");
        m->close();
        QVERIFY(QTest::qWaitFor([&] { return !w->currentView()->presentation().displayOpen(kMessagesDisplay); }));
    }

    void countsTheRangeTheLanesViewShows()
    {
        auto w = windowWith(kMpi);
        MessagesWindow* m = openMessages(w.get());
        QVERIFY(m);
        const std::size_t lanes = m->shownLanes().size();
        std::vector<std::size_t> all(lanes);
        std::iota(all.begin(), all.end(), std::size_t{0});
        const MessageReport whole = cliReport(all);
        ImportOptions options;
        const ProfileSource source = profile_source(kMpi.toStdString(), options);
        const Time end = source.end - source.origin;
        w->currentView()->presentation().setWindow(kLanesDisplay, XWindow{double(end / 4), double(end / 2)});
        QVERIFY(QTest::qWaitFor([&] { return m->range().has_value(); }));
        QCOMPARE(m->range()->from, end / 4);
        const MessageReport part = cliReport(all, *m->range());
        QVERIFY(part.messages > 0 && part.messages < whole.messages);
        QCOMPARE(m->matrix()->matrix().messages, part.messages);
        for (std::size_t a = 0; a < lanes; ++a)
            for (std::size_t b = 0; b < lanes; ++b)
                QCOMPARE(countOf(*m, a, b), part.count[a][b]);
    }

    void aBandOverLanesCountsThatArea()
    {
        auto w = windowWith(kMpi);
        LanesView* lanes = w->currentPanel()->lanesView();
        QVERIFY(lanes);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        lanes->setBandChooser([](const QPoint&) { return LanesView::BandAction::Messages; });
        QVERIFY(settleWorkbench());
        lanes->replotNow();
        const auto [t0, t1] = lanes->visibleRange();
        // Rows 1 to 3 from the top, the whole time shown.
        const QPoint from = lanes->pixelOf(t0 + (t1 - t0) * 0.001, 0.2), to = lanes->pixelOf(t1, 2.8);
        QTest::mousePress(lanes->plot(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(lanes->plot(), to);
        QTest::mouseRelease(lanes->plot(), Qt::LeftButton, Qt::ShiftModifier, to);
        MessagesWindow* m = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (m = MessagesWindow::find(*w, w->currentView())) != nullptr; }));
        const std::vector<std::size_t> area{lanes->rows().rows()[0].lane, lanes->rows().rows()[1].lane,
                                            lanes->rows().rows()[2].lane};
        QCOMPARE(m->shownLanes(), area); // in the lanes view's order
        QVERIFY(m->range().has_value());
        const MessageReport cli = cliReport(area, *m->range());
        QCOMPARE(m->matrix()->matrix().messages, cli.messages);
        QVERIFY(cli.messages > 0);
    }

    void aCellClickedPicksItsMessagesInTheLanesView()
    {
        auto w = windowWith(kMpi);
        MessagesWindow* m = openMessages(w.get());
        QVERIFY(m);
        QVERIFY(QTest::qWaitForWindowExposed(m));
        m->matrix()->plot()->replot();
        // The busiest pair's cell.
        const MessageMatrix& matrix = m->matrix()->matrix();
        std::size_t best = 0;
        for (std::size_t c = 0; c < matrix.count.size(); ++c)
            if (matrix.count[c] > matrix.count[best])
                best = c;
        const std::size_t row = best / matrix.lanes, column = best % matrix.lanes;
        const QPoint at = m->matrix()->pixelOfCell(row, column);
        QVERIFY(m->matrix()->describeCell(row, column).contains(QString::number(matrix.count[best])));
        QSignalSpy picked(m, &MessagesWindow::messagesPicked);
        QTest::mouseClick(m->matrix()->plot(), Qt::LeftButton, {}, at);
        QCOMPARE(picked.count(), 1);
        LanesView* lanes = w->currentPanel()->lanesView();
        const std::pair<std::size_t, std::size_t> pair{m->shownLanes()[row], m->shownLanes()[column]};
        QCOMPARE(lanes->plottable()->pickedPair(), std::optional(pair));
        QVERIFY(lanes->messagesButton()->isChecked()); // the messages drawn, to show them
        lanes->fitAll();
        lanes->replotNow();
        QVERIFY(lanes->plottable()->lastPickedLines() > 0);
        // Closing the window lets the lanes view draw every message alike again.
        m->close();
        QVERIFY(QTest::qWaitFor([&] { return !lanes->plottable()->pickedPair().has_value(); }));
    }

    // The profile display draws each lane's late-sender wait beside its busy and idle time.
    void theProfileShowsEachLanesWait()
    {
        auto w = windowWith(kMpi);
        w->actions()->displayAction(kProfileDisplay)->trigger();
        ProfileWindow* p = ProfileWindow::find(*w, w->currentView());
        QVERIFY(p);
        const std::size_t lanes = p->table()->profile().lanes.size();
        std::vector<std::size_t> all(lanes);
        std::iota(all.begin(), all.end(), std::size_t{0});
        const MessageReport cli = cliReport(all);
        QCOMPARE(p->table()->lateSenderWaits(), cli.late_sender);
        QCPBars* waits = nullptr;
        QCustomPlot* plot = p->imbalance()->findChild<QCustomPlot*>();
        for (int i = 0; i < plot->plottableCount(); ++i)
            if (plot->plottable(i)->name() == "late-sender wait")
                waits = qobject_cast<QCPBars*>(plot->plottable(i));
        QVERIFY(waits);
        QCOMPARE(waits->data()->size(), static_cast<int>(lanes));
        double drawn = 0;
        for (const QCPBarsData& bar : *waits->data())
            drawn += bar.value;
        QVERIFY(drawn > 0);
        saveShot(p, "profile-waits");
    }

    void colourAndAreaSurviveASession()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("messages.chitra");
        std::vector<std::size_t> area;
        std::optional<ProfileRange> range;
        {
            auto w = windowWith(kMpi);
            MessagesWindow* m = openMessages(w.get());
            QVERIFY(m);
            m->setColour(MatrixColour::Latency);
            area = {m->shownLanes()[2], m->shownLanes()[0]};
            QVERIFY(m->setAreaLanes(area));
            m->setRange(ProfileRange{5000, 30000});
            range = m->range();
            QVERIFY(w->sessionController()->saveSession(path));
        }
        auto w = quietWindow();
        QVERIFY(w->sessionController()->openSession(path));
        QVERIFY(settleWorkbench());
        MessagesWindow* m = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return w->currentView() && (m = MessagesWindow::find(*w, w->currentView())); }));
        QCOMPARE(m->colour(), MatrixColour::Latency);
        QCOMPARE(m->areaLanes(), area);
        QCOMPARE(m->range(), range);
        QVERIFY(w->sessionController()->lastReport().problems.empty());
        // Damaged options are named and the rest applied.
        DisplayOptions damaged = messagesOptions(*m);
        damaged.extra["colour"] = "loudness";
        damaged.extra["lanes"] = "1,99";
        std::vector<QString> problems;
        applyMessagesOptions(*m, damaged, "test", problems);
        QCOMPARE(problems.size(), std::size_t(2));
        QVERIFY(m->areaLanes().empty());
    }
};

QTEST_MAIN(MessagesDisplayTest)
#include "messages_display_test.moc"
