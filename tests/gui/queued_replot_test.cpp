// The turn queue runs one piece of GUI work per turn of the event loop, and
// QueuedResizePlot's queued replots (its first, a resize, queueReplot) go through it: not
// made by the posted events of the current batch, and requests in a row draw once.
#include "gui_test_util.hpp"
#include "jobs/turn_queue.hpp"
#include "plotting/queued_resize_plot.hpp"

#include <QtTest>

using namespace chitra;
using namespace chitra::app;

class QueuedReplotTest : public QObject {
    Q_OBJECT
private slots:
    // Another timer gets its turn between two pieces; none runs in the posted events.
    void piecesRunOnePerTurn()
    {
        QTimer tick;
        tick.setTimerType(Qt::PreciseTimer);
        int ticks = 0;
        connect(&tick, &QTimer::timeout, this, [&] { ++ticks; });
        tick.start(1);
        QTRY_VERIFY(ticks > 0);
        std::vector<int> seen;
        QObject owner;
        for (int i = 0; i < 3; ++i)
            postToLaterTurn(&owner, [&] { seen.push_back(ticks); });
        QCoreApplication::sendPostedEvents();
        QVERIFY(seen.empty());
        QTRY_COMPARE(seen.size(), std::size_t{3});
        QVERIFY2(seen[0] < seen[1] && seen[1] < seen[2], "a tick between two pieces");
    }

    void aPieceWhoseOwnerIsGoneIsDropped()
    {
        int ran = 0;
        auto* gone = new QObject;
        QObject kept;
        postToLaterTurn(gone, [&] { ran += 1; });
        postToLaterTurn(&kept, [&] { ran += 10; });
        delete gone;
        QTRY_COMPARE(ran, 10);
        QVERIFY(testutil::settleWorkbench()); // the queue is empty: nothing else will run
        QCOMPARE(ran, 10);
    }

    void queuedReplotsWaitForTheTimerAndDrawOnce()
    {
        QueuedResizePlot plot;
        int replots = 0;
        connect(&plot, &QCustomPlot::afterReplot, this, [&] { ++replots; });
        plot.resize(300, 200);
        plot.show();
        // The posted events (QCustomPlot's own first replot among them, before) draw nothing.
        QCoreApplication::sendPostedEvents();
        QCOMPARE(replots, 0);
        QTRY_COMPARE(replots, 1);
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(replots, 1);

        // Three requests and a resize in a row: one replot, after the posted events.
        plot.queueReplot();
        plot.queueReplot();
        plot.resize(320, 200);
        queueReplot(&plot);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(replots, 1);
        QTRY_COMPARE(replots, 2);
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(replots, 2);

        // A replot made meanwhile makes the queued one unnecessary.
        plot.queueReplot();
        plot.replot();
        QCOMPARE(replots, 3);
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(replots, 3);
    }

    void aPlainPlotGetsQCustomPlotsQueuedReplot()
    {
        QCustomPlot plot;
        QVERIFY(testutil::settleWorkbench()); // its own first replot is done
        int replots = 0;
        connect(&plot, &QCustomPlot::afterReplot, this, [&] { ++replots; });
        queueReplot(&plot);
        QCOMPARE(replots, 0);
        QTRY_COMPARE(replots, 1);
    }
};

QTEST_MAIN(QueuedReplotTest)
#include "queued_replot_test.moc"
