// The frequency view's axis controls and its background work: "zoom to peak" shows the
// strongest peak and its harmonics, a log frequency axis labels decades in Hz, a range
// the user zoomed to survives recomputation, and Cancel in the status bar drops a
// running periodogram; a long signal is averaged over segments, which the user may choose.
#include "views/frequency/frequency_display_state.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "gui_test_util.hpp"
#include "workbench/main_window.hpp"
#include "document/workspace.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include "chitra/io/io.hpp"
#include "chitra/spectra/spectrum.hpp"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

#include <QElapsedTimer>
#include <QFile>

#include <cmath>
#include <fstream>
#include <random>
#include <string>

using namespace chitra;
using namespace chitra::app;
using chitra::testutil::squareWave;

namespace {

QCheckBox* checkBox(QWidget* parent, const QString& text)
{
    for (QCheckBox* c : parent->findChildren<QCheckBox*>())
        if (c->text() == text)
            return c;
    return nullptr;
}

// Clicks a check box where a person would: on its indicator.
void click(QCheckBox* box) { QTest::mouseClick(box, Qt::LeftButton, Qt::NoModifier, QPoint(6, box->height() / 2)); }

void wheel(QCustomPlot* plot, int steps)
{
    const QPointF at = QPointF(plot->axisRect()->center());
    QWheelEvent e(at, plot->mapToGlobal(at.toPoint()), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &e);
}

struct Panel {
    std::shared_ptr<const Trace> trace = squareWave(100); // 200 ms at 500 Hz
    ViewDocument doc{trace, "square"};
    ViewPanel panel{&doc};
    Panel()
    {
        panel.resize(1100, 700);
        panel.show();
        doc.presentation().setTraceAxis(XAxis::Time);
        panel.tracePlot()->fitAll();
    }
    FrequencyPlot* freq() { return panel.frequencyPlot(); }
};

bool computed(FrequencyPlot* f) { return !f->busy() && f->binCount() > 0; }

// A /proc/self/status figure in kB (VmRSS, VmHWM).
long long statusKb(const char* key)
{
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key, 0) == 0)
            return std::stoll(line.substr(line.find(':') + 1));
    return -1;
}

// `n` elements over 40 states, seeded: the bench trace of docs/performance.md.
std::shared_ptr<const Trace> randomTrace(std::size_t n)
{
    auto table = std::make_shared<SymbolTable>();
    for (int s = 0; s < 40; ++s)
        table->add(Symbol{"S" + std::to_string(s)});
    std::vector<Time> times(n);
    std::vector<SymbolId> ids(n);
    std::mt19937 rng(7);
    Time t = 0;
    for (std::size_t i = 0; i < n; ++i) {
        times[i] = t;
        t += 1 + static_cast<Time>(rng() % 5);
        ids[i] = static_cast<SymbolId>(i < 40 ? i : rng() % 40);
    }
    auto trace = std::make_shared<Trace>();
    trace->source = "random";
    trace->times = Column<Time>(std::move(times));
    trace->states = Column<SymbolId>(std::move(ids));
    trace->symbols = table;
    return trace;
}

// `n` elements: one long `init`, then A B C D E over and over (a period of 5 events).
std::shared_ptr<const Trace> cycleAfterInit(std::size_t n)
{
    auto table = std::make_shared<SymbolTable>();
    for (const char* s : {"init", "A", "B", "C", "D", "E"})
        table->add(Symbol{s});
    std::vector<Time> times(n);
    std::vector<SymbolId> ids(n);
    for (std::size_t i = 0; i < n; ++i) {
        times[i] = i == 0 ? 0 : static_cast<Time>(1000 + 10 * i);
        ids[i] = i == 0 ? 0 : static_cast<SymbolId>(1 + (i - 1) % 5);
    }
    auto trace = std::make_shared<Trace>();
    trace->source = "cycle";
    trace->header.timebase = TimeBase::ns;
    trace->times = Column<Time>(std::move(times));
    trace->states = Column<SymbolId>(std::move(ids));
    trace->symbols = table;
    return trace;
}
} // namespace

class FrequencyViewTest : public QObject {
    Q_OBJECT
private slots:
    void zoomToPeakShowsPeakAndHarmonics()
    {
        Panel p;
        QVERIFY(QTest::qWaitForWindowExposed(&p.panel));
        FrequencyPlot* f = p.freq();
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(computed(f), 20000);
        QCPAxis* x = f->plot()->xAxis;
        const double fullUpper = x->range().upper;
        const double peak = 1.0 / 2e6;                                             // 500 Hz in cycles per ns
        QVERIFY2(fullUpper > 1000 * peak, qPrintable(QString::number(fullUpper))); // the peak hugs the left edge

        QCheckBox* zoom = checkBox(&p.panel, "zoom to peak");
        QVERIFY(zoom);
        click(zoom);
        QVERIFY(f->zoomToPeak());
        QCOMPARE(x->range().lower, 0.0);
        QVERIFY(std::fabs(x->range().upper - 6.5 * peak) < 1e-3 * peak);
        QVERIFY(!f->userFrequencyRange()); // the automatic range, not a user zoom
        // The power axis fits what is shown: the peak's power is inside it.
        double strongest = 0;
        for (const QCPGraphData& d : *f->plot()->graph(0)->data())
            if (x->range().contains(d.key))
                strongest = std::max(strongest, d.value);
        QVERIFY(f->plot()->yAxis->range().contains(strongest));

        // The same after a recomputation (the trace view panned), without user zoom.
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!f->busy(), 20000);
        QVERIFY(std::fabs(x->range().upper - 6.5 * peak) < 1e-3 * peak);

        click(zoom);
        QVERIFY(!f->zoomToPeak());
        QCOMPARE(x->range().upper, fullUpper);
    }

    // MPI_Init-like: 400 ms in Init, then 100 rounds of A and B at 500 Hz. The lowest bins
    // hold most of the power, but the label names the loop's period and zoom to peak
    // shows it; a trace of one long state and nothing periodic says there is none.
    void aLongFirstPhaseIsNotNamedAsThePeriod()
    {
        std::string text = "# chitra-pes 1\n# timebase: ns\n0 Init\n";
        long long t = 400000000;
        for (int i = 0; i < 100; ++i, t += 2000000)
            text += std::to_string(t) + " A\n" + std::to_string(t + 1000000) + " B\n";
        text += "# end: " + std::to_string(t) + "\n";
        auto trace = std::make_shared<const Trace>(read_pes_text(text, "init-loop.pes"));
        ViewDocument doc{trace, "init-loop"};
        ViewPanel panel{&doc};
        panel.resize(1100, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        doc.presentation().setTraceAxis(XAxis::Time);
        panel.tracePlot()->fitAll();
        FrequencyPlot* f = panel.frequencyPlot();
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(computed(f), 20000);
        QVERIFY2(f->peakText().startsWith("strongest: f = 500"), qPrintable(f->peakText()));
        QVERIFY2(f->peakText().contains("period = 2 ms"), qPrintable(f->peakText()));
        QCheckBox* zoom = checkBox(&panel, "zoom to peak");
        click(zoom);
        const double peak = 1.0 / 2e6; // 500 Hz in cycles per ns
        QVERIFY(std::fabs(f->plot()->xAxis->range().upper - 6.5 * peak) < 1e-2 * peak);

        ViewDocument flat{std::make_shared<const Trace>(read_pes_text(
                              "# chitra-pes 1\n# timebase: ns\n0 Init\n900 Run\n# end: 1000\n", "flat.pes")),
                          "flat"};
        ViewPanel flatPanel{&flat};
        flatPanel.resize(1100, 700);
        flatPanel.show();
        flat.presentation().setTraceAxis(XAxis::Time);
        flatPanel.tracePlot()->fitAll();
        flatPanel.frequencyPlot()->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(computed(flatPanel.frequencyPlot()), 20000);
        QVERIFY2(flatPanel.frequencyPlot()->peakText().startsWith("no clear period"),
                 qPrintable(flatPanel.frequencyPlot()->peakText()));
    }

    void userZoomIsKeptAcrossRecomputation()
    {
        Panel p;
        QVERIFY(QTest::qWaitForWindowExposed(&p.panel));
        FrequencyPlot* f = p.freq();
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(computed(f), 20000);
        QCustomPlot* plot = f->plot();
        wheel(plot, 3);
        const QCPRange zoomed = plot->xAxis->range();
        QVERIFY(f->userFrequencyRange().has_value());
        QCOMPARE(f->userFrequencyRange()->first, zoomed.lower);

        // A pan of the trace view recomputes: the zoomed frequencies stay.
        QSignalSpy done(f, &FrequencyPlot::computed);
        const auto [t0, t1] = p.panel.tracePlot()->visibleRange();
        p.panel.tracePlot()->setVisibleRange(t0, t0 + 0.5 * (t1 - t0), true);
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() >= 1 && !f->busy(), 20000);
        QCOMPARE(plot->xAxis->range().lower, zoomed.lower);
        QCOMPARE(plot->xAxis->range().upper, zoomed.upper);

        // Asking for an automatic range (zoom to peak) replaces it.
        click(checkBox(&p.panel, "zoom to peak"));
        QVERIFY(!f->userFrequencyRange());
        QVERIFY(plot->xAxis->range().upper != zoomed.upper);
    }

    void logFrequencyAxisLabelsDecadesInHertz()
    {
        QCOMPARE(logFrequencyTickLabel(1e-6, 1e-9), QString("1 kHz"));
        QCOMPARE(logFrequencyTickLabel(1e-8, 1e-9), QString("10 Hz"));
        QCOMPARE(logFrequencyTickLabel(0.01, std::nullopt), QString("0.01"));

        Panel p;
        QVERIFY(QTest::qWaitForWindowExposed(&p.panel));
        FrequencyPlot* f = p.freq();
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(computed(f), 20000);
        QCheckBox* log = checkBox(&p.panel, "log frequency");
        QVERIFY(log);
        click(log);
        QVERIFY(f->logFrequency());
        QCustomPlot* plot = f->plot();
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(plot->xAxis->range().lower > 0);
        plot->replot();
        const QVector<QString> labels = plot->xAxis->tickVectorLabels();
        // 200 ms sampled at the default interval: from 5 Hz to the MHz range.
        QVERIFY2(labels.contains("10 Hz") && labels.contains("1 kHz") && labels.contains("100 kHz"),
                 qPrintable(QStringList(labels.begin(), labels.end()).join(", ")));
        click(log);
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(plot->xAxis->range().lower, 0.0);
    }

    void restoredRangeWaitsForTheFirstResult()
    {
        Panel p;
        FrequencyPlot* f = p.freq();
        f->setUserFrequencyRange(1e-7, 9e-7);
        QCOMPARE(f->userFrequencyRange()->first, 1e-7);
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(computed(f), 20000);
        QCOMPARE(f->plot()->xAxis->range().lower, 1e-7);
        QCOMPARE(f->plot()->xAxis->range().upper, 9e-7);
        // Still the user's range once the automatic one is known (a session saved now keeps it).
        QVERIFY(f->userFrequencyRange());
        QCOMPARE(f->userFrequencyRange()->second, 9e-7);
        QCOMPARE(p.doc.presentation().window(kFrequencyDisplay), (XWindow{1e-7, 9e-7}));
    }

    // Above 2^22 samples the view averages segments of 2^20 and says so; the user picks
    // the whole signal or another length in the tool bar, and the choice is the view's.
    void aLongSignalIsAveragedOverSegmentsAndTheUserMayChoose()
    {
        const std::size_t n = (std::size_t{1} << 22) + (std::size_t{1} << 16); // elements: records - 1
        ViewDocument doc(cycleAfterInit(n + 1), "cycle");
        ViewPanel panel(&doc);
        panel.resize(1100, 700);
        panel.show();
        doc.presentation().setTraceAxis(XAxis::Event);
        panel.tracePlot()->fitAll();
        FrequencyPlot* f = panel.frequencyPlot();
        QTRY_VERIFY_WITH_TIMEOUT(computed(f) && f->segmentsText().contains("segments"), 60000);
        QCOMPARE(f->segmentChoice(), FrequencyPlot::kAutoSegments);
        // Counts group their digits with a narrow no-break space (docs/gui.md "Numbers and units").
        QCOMPARE(f->segmentsText(), QStringLiteral("4 segments of 1\u202F048\u202F576 samples averaged"));
        QCOMPARE(f->binCount(), std::size_t{1} << 19 | 1);
        QVERIFY2(f->peakText().contains("period = 5 events"), qPrintable(f->peakText()));
        const QList<QLabel*> status = f->findChildren<QLabel*>();
        QVERIFY(std::any_of(status.begin(), status.end(), [&](QLabel* l) { return l->text() == f->segmentsText(); }));

        QComboBox* segments = nullptr;
        for (QComboBox* box : f->findChildren<QComboBox*>())
            if (box->findText(QStringLiteral("whole signal")) >= 0)
                segments = box;
        QVERIFY(segments);
        testutil::chooseByKeys(segments, segments->findText(QStringLiteral("whole signal")));
        QTRY_VERIFY_WITH_TIMEOUT(computed(f) && f->segmentsText().startsWith("1 periodogram"), 60000);
        QCOMPARE(f->segmentsText(), QStringLiteral("1 periodogram of 4\u202F259\u202F840 samples"));
        QCOMPARE(f->binCount(), n / 2 + 1);
        QVERIFY2(f->peakText().contains("period = 5 events"), qPrintable(f->peakText()));

        testutil::chooseByKeys(segments, segments->findText(QStringLiteral("65\u202F536 samples")));
        QTRY_VERIFY_WITH_TIMEOUT(computed(f) && f->segmentsText().startsWith("65 segments"), 60000);
        QCOMPARE(frequencyOptions(*f).extra.at(kSegmentsKey), "65536");

        // A saved choice comes back; a length the list lacks is added to it.
        DisplayOptions saved = frequencyOptions(*f);
        saved.extra[kSegmentsKey] = "3000";
        applyFrequencyOptions(*f, saved);
        QCOMPARE(f->segmentChoice(), 3000);
        saved.extra.erase(kSegmentsKey);
        applyFrequencyOptions(*f, saved);
        QCOMPARE(f->segmentChoice(), FrequencyPlot::kAutoSegments);
    }

    // docs/performance.md, "Spectra in the frequency view": the view's spectrum of a trace
    // of CHITRA_BENCH_ELEMENTS records in the event domain, with the automatic segments
    // and (CHITRA_BENCH_SEGMENTS=0) the whole signal: wall time from the request to the
    // result, and peak resident memory beyond what the open view held before.
    void measureSpectrumAtScale()
    {
        const qulonglong n = qEnvironmentVariable("CHITRA_BENCH_ELEMENTS").toULongLong();
        if (n == 0)
            QSKIP("set CHITRA_BENCH_ELEMENTS to measure");
        ViewDocument doc(randomTrace(n), "random");
        ViewPanel panel(&doc);
        panel.resize(1100, 700);
        panel.show();
        FrequencyPlot* f = panel.frequencyPlot();
        f->setAutoUpdate(false);
        bool ok = false;
        const qlonglong segments = qEnvironmentVariable("CHITRA_BENCH_SEGMENTS").toLongLong(&ok);
        f->setSegmentChoice(ok ? segments : FrequencyPlot::kAutoSegments);
        doc.presentation().setTraceAxis(XAxis::Event);
        panel.tracePlot()->fitAll();
        QTRY_VERIFY_WITH_TIMEOUT(!f->busy(), 600000);
        QVERIFY(testutil::settleWorkbench());
        QFile clear(QStringLiteral("/proc/self/clear_refs"));
        QVERIFY(clear.open(QIODevice::WriteOnly) && clear.write("5") == 1); // resets VmHWM
        clear.close();
        const long long before = statusKb("VmRSS");
        QSignalSpy done(f, &FrequencyPlot::computed);
        QElapsedTimer clock;
        clock.start();
        f->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 600000);
        const qint64 ms = clock.elapsed();
        qInfo("%llu records: %s in %lld ms, peak RSS %.0f MB beyond the %.0f MB held before", n,
              qPrintable(f->segmentsText()), static_cast<long long>(ms), (statusKb("VmHWM") - before) / 1024.0,
              before / 1024.0);
    }

    void cancelInStatusBarDropsRunningPeriodogram()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ViewDocument* doc = w.workspace()->addFile("square.pes", squareWave(2000), 0);
        w.setCurrentView(doc);
        ViewPanel* panel = w.panelOf(doc);
        QVERIFY(panel);
        FrequencyPlot* f = panel->frequencyPlot();
        f->setAutoUpdate(false);
        doc->presentation().setTraceAxis(XAxis::Time);
        panel->tracePlot()->fitAll();
        QTRY_VERIFY_WITH_TIMEOUT(!f->busy(), 20000);
        QSignalSpy done(f, &FrequencyPlot::computed);
        auto* cancel = w.findChild<QToolButton*>("cancelJobs");
        QVERIFY(cancel);

        // Requested: the status bar offers Cancel (the result can only arrive through the
        // event loop, so it cannot beat the click).
        f->recompute();
        QVERIFY(f->busy());
        QVERIFY(cancel->isVisibleTo(&w));
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(!f->busy());
        QVERIFY(!cancel->isVisibleTo(&w));
        // The worker runs to its end (FFTW cannot be stopped); its result is dropped.
        auto* worker = f->findChild<QFutureWatcherBase*>();
        QVERIFY(worker);
        QTRY_VERIFY_WITH_TIMEOUT(!worker->isRunning(), 20000);
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(done.count(), 0);
        QVERIFY(!f->busy());

        // A new request after the cancel is honoured.
        f->recompute();
        QVERIFY(f->busy());
        QTRY_VERIFY_WITH_TIMEOUT(!f->busy(), 20000);
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(done.count(), 1);
        QVERIFY(f->binCount() > 0);
        QVERIFY(!cancel->isVisibleTo(&w));
    }
};

QTEST_MAIN(FrequencyViewTest)
#include "frequency_view_test.moc"
