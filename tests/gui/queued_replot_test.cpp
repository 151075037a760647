// QueuedResizePlot: a queued replot (its first, a resize, queueReplot) waits for a short
// timer, not for the posted events of the current batch, and requests in a row draw once.
#include "plotting/queued_resize_plot.hpp"

#include <QtTest>

using namespace chitra::app;

class QueuedReplotTest : public QObject {
    Q_OBJECT
private slots:
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
        QTest::qWait(20);
        QCOMPARE(replots, 1);

        // Three requests and a resize in a row: one replot, after the posted events.
        plot.queueReplot();
        plot.queueReplot();
        plot.resize(320, 200);
        queueReplot(&plot);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(replots, 1);
        QTRY_COMPARE(replots, 2);
        QTest::qWait(20);
        QCOMPARE(replots, 2);

        // A replot made meanwhile makes the queued one unnecessary.
        plot.queueReplot();
        plot.replot();
        QCOMPARE(replots, 3);
        QTest::qWait(20);
        QCOMPARE(replots, 3);
    }

    void aPlainPlotGetsQCustomPlotsQueuedReplot()
    {
        QCustomPlot plot;
        QTest::qWait(20);
        int replots = 0;
        connect(&plot, &QCustomPlot::afterReplot, this, [&] { ++replots; });
        queueReplot(&plot);
        QCOMPARE(replots, 0);
        QTRY_COMPARE(replots, 1);
    }
};

QTEST_MAIN(QueuedReplotTest)
#include "queued_replot_test.moc"
