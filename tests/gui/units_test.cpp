// Readable numbers: the time and frequency axis tickers, SI formatting of durations
// and frequencies, the model table and state details in SI, and a frequency band
// chosen on a Hz axis still reaching the filter in cycles per tick.
#include "gui_test_util.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "plotting/histogram_widget.hpp"
#include "chain/model_window.hpp"
#include "text/number_format.hpp"
#include "text/step_text.hpp"
#include "panels/state_details_panel.hpp"
#include "plotting/time_axis_ticker.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_document.hpp"
#include "views/view_panel.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/io/io.hpp"

#include <qcustomplot.h>

#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QtTest>

#include <cmath>
#include <random>

using namespace chitra;
using namespace chitra::app;
using chitra::testutil::squareWave;

namespace {
const QChar kThin(0x202F); // the digit group separator of formatCount
const QString kMicro = QString(QChar(0x00B5));

struct Ticks {
    QVector<double> ticks;
    QVector<QString> labels;
};

Ticks generate(const QSharedPointer<QCPAxisTicker>& ticker, double lo, double hi)
{
    Ticks t;
    QVector<double> sub;
    ticker->generate(QCPRange(lo, hi), QLocale::c(), 'g', 6, t.ticks, &sub, &t.labels);
    // generate() keeps one tick beyond each end for the sub ticks; labels are for all.
    Ticks in;
    for (int i = 0; i < t.ticks.size(); ++i)
        if (t.ticks[i] >= lo - 1e-9 * (hi - lo) && t.ticks[i] <= hi + 1e-9 * (hi - lo)) {
            in.ticks << t.ticks[i];
            in.labels << t.labels[i];
        }
    return in;
}

QStringList list(const QVector<QString>& v) { return QStringList(v.begin(), v.end()); }

} // namespace

class UnitsTest : public QObject {
    Q_OBJECT
private slots:
    void niceStepsAre125()
    {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> exp10(-9.0, 12.0);
        for (int i = 0; i < 500; ++i) {
            const double span = std::pow(10.0, exp10(rng));
            const double step = niceStep125(span, 6);
            const double mag = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
            const double m = step / mag;
            QVERIFY2(std::fabs(m - 1) < 1e-9 || std::fabs(m - 2) < 1e-9 || std::fabs(m - 5) < 1e-9,
                     qPrintable(QString::number(step)));
            // Between about 3 and 12 ticks over the span.
            QVERIFY(span / step > 2.5 && span / step < 13);
        }
        QCOMPARE(niceStep125(2e9, 6), 5e8);   // 2 s in ns: 0.5 s
        QCOMPARE(niceStep125(3e6, 6), 5e5);   // 3 ms: 0.5 ms
        QCOMPARE(niceStep125(40000, 6), 5e3); // 40 µs: 5 µs
        QCOMPARE(niceStep125(1000, 6), 200.0);
    }

    void timeTicksOfNanosecondTrace()
    {
        const auto ticker = makeTimeTicker(TimeBase::ns);
        // 2 s: step 0.5 s, one decimal in seconds.
        Ticks t = generate(ticker, 0, 2e9);
        QCOMPARE(list(t.labels), (QStringList{"0", "0.5 s", "1.0 s", "1.5 s", "2.0 s"}));
        QCOMPARE(t.ticks[1] - t.ticks[0], 5e8);
        // 3 ms: step 0.5 ms.
        t = generate(ticker, 0, 3e6);
        QCOMPARE(list(t.labels), (QStringList{"0", "0.5 ms", "1.0 ms", "1.5 ms", "2.0 ms", "2.5 ms", "3.0 ms"}));
        // 40 µs: step 5 µs, whole microseconds.
        t = generate(ticker, 0, 40000);
        QCOMPARE(t.labels.size(), 9);
        QCOMPARE(t.labels[1], "5 " + kMicro + "s");
        QCOMPARE(t.labels[8], "40 " + kMicro + "s");
        // 250 µs in a 1 ms window: step 0.2 ms -> "0.2 ms"; 0.05 ms steps go to µs.
        t = generate(ticker, 0, 1e6);
        QCOMPARE(list(t.labels), (QStringList{"0", "0.2 ms", "0.4 ms", "0.6 ms", "0.8 ms", "1.0 ms"}));
        t = generate(ticker, 0, 3e5);
        QCOMPARE(t.labels[1], "50 " + kMicro + "s");
        QCOMPARE(t.labels[5], "250 " + kMicro + "s");
        // 0.8 s: step 0.1 s, but no tick reaches a second: milliseconds.
        t = generate(ticker, 0, 8e8);
        QCOMPARE(t.labels[1], QString("100 ms"));
        QCOMPARE(t.labels.last(), QString("800 ms"));
        // Zoomed far from zero: one unit for all, the integer part grouped.
        t = generate(ticker, 1.5e9, 1.503e9);
        QCOMPARE(t.labels.first(), "1" + QString(kThin) + "500.0 ms");
        QCOMPARE(t.labels[1], "1" + QString(kThin) + "500.5 ms");
        QCOMPARE(t.labels.last(), "1" + QString(kThin) + "503.0 ms");
        // Every label of one axis carries the same unit.
        for (const auto& l : t.labels)
            QVERIFY(l.endsWith(" ms"));
    }

    void timeTicksOfOtherBases()
    {
        // Microsecond base: 12.5 ms ticks of a 25 ms span (step 5 ms -> ms).
        Ticks t = generate(makeTimeTicker(TimeBase::us), 0, 25000);
        QCOMPARE(list(t.labels), (QStringList{"0", "5 ms", "10 ms", "15 ms", "20 ms", "25 ms"}));
        // Seconds base, sub-second span.
        t = generate(makeTimeTicker(TimeBase::s), 0, 0.03);
        QCOMPARE(t.labels[1], "5 ms");
        // Cycles: grouped plain numbers below 10 000 per step, then k/M/G.
        const auto cyc = makeTimeTicker(TimeBase::cycles);
        t = generate(cyc, 0, 30000);
        QCOMPARE(list(t.labels), (QStringList{"0", "5" + QString(kThin) + "000", "10" + QString(kThin) + "000",
                                              "15" + QString(kThin) + "000", "20" + QString(kThin) + "000",
                                              "25" + QString(kThin) + "000", "30" + QString(kThin) + "000"}));
        t = generate(cyc, 0, 3e5);
        QCOMPARE(list(t.labels), (QStringList{"0", "50 k", "100 k", "150 k", "200 k", "250 k", "300 k"}));
        t = generate(cyc, 0, 3e9);
        QCOMPARE(list(t.labels), (QStringList{"0", "0.5 G", "1.0 G", "1.5 G", "2.0 G", "2.5 G", "3.0 G"}));
        // Below one G nothing reaches a G: "100 M", not "0.1 G".
        t = generate(cyc, 0, 5e8);
        QCOMPARE(list(t.labels), (QStringList{"0", "100 M", "200 M", "300 M", "400 M", "500 M"}));
        t = generate(cyc, 0, 600);
        QCOMPARE(list(t.labels), (QStringList{"0", "100", "200", "300", "400", "500", "600"}));
    }

    void frequencyTickLabelsInHertz()
    {
        // Cycles per ns -> Hz: 1e-7 cycles per ns is 100 Hz.
        QCOMPARE(frequencyTickLabels({0, 1e-7, 2e-7}, 1e-7, 1e-9), (QStringList{"0", "100 Hz", "200 Hz"}));
        QCOMPARE(frequencyTickLabels({5e-7, 1e-6, 1.5e-6}, 5e-7, 1e-9), (QStringList{"0.5 kHz", "1.0 kHz", "1.5 kHz"}));
        QCOMPARE(frequencyTickLabels({5e-5, 1e-4}, 5e-5, 1e-9), (QStringList{"50 kHz", "100 kHz"}));
        // Cycles per us: 0.002 is 2 kHz.
        QCOMPARE(frequencyTickLabels({0.002}, 0.001, 1e-6), (QStringList{"2 kHz"}));
        // No seconds: plain numbers with the step's decimals.
        QCOMPARE(frequencyTickLabels({0.05, 0.1, 0.15}, 0.05, std::nullopt), (QStringList{"0.05", "0.10", "0.15"}));
        const Ticks t = generate(makeFrequencyTicker(1e-9), 0, 2.5e-6);
        QCOMPARE(list(t.labels), (QStringList{"0", "0.5 kHz", "1.0 kHz", "1.5 kHz", "2.0 kHz", "2.5 kHz"}));
    }

    void formatSIValues()
    {
        QCOMPARE(formatSI(0.000999, "s"), "999 " + kMicro + "s");
        QCOMPARE(formatSI(1.8349, "s"), QString("1.83 s"));
        QCOMPARE(formatSI(0.0009996, "s"), QString("1 ms")); // rounding carries to the next prefix
        QCOMPARE(formatSI(500.4, "Hz", 4), QString("500.4 Hz"));
        QCOMPARE(formatSI(1.998e-3, "s", 4), QString("1.998 ms"));
        QCOMPARE(formatSI(12.5e-3, "s"), QString("12.5 ms"));
        QCOMPARE(formatSI(2.0, "s"), QString("2 s")); // trailing zeros dropped
        QCOMPARE(formatSI(0.0, "s"), QString("0 s"));
        QCOMPARE(formatSI(-2500, "Hz"), QString("-2.5 kHz"));
        QCOMPARE(formatSI(4.2e-10, "s"), QString("420 ps"));
        QCOMPARE(formatSI(1.83e9, ""), QString("1.83 G"));
        QCOMPARE(formatSI(7.0, ""), QString("7"));
    }

    // The duration-unit preference: every duration and time axis in one unit.
    void fixedDurationUnit()
    {
        struct Reset {
            ~Reset() { setFixedSecondsPrefix(std::nullopt); } // also when a comparison fails
        } reset;
        setFixedSecondsPrefix(-1); // ms
        QCOMPARE(formatDurationSI(1.83e9, TimeBase::ns), QString("1830 ms"));
        QCOMPARE(formatDurationSI(2.5e5, TimeBase::ns), QString("0.25 ms"));
        QCOMPARE(formatSI(-2500, "Hz"), QString("-2.5 kHz")); // other units keep their prefixes
        QCOMPARE(list(generate(makeTimeTicker(TimeBase::ns), 0, 2e9).labels),
                 (QStringList{"0", "500 ms", "1" + QString(kThin) + "000 ms", "1" + QString(kThin) + "500 ms",
                              "2" + QString(kThin) + "000 ms"}));
        setFixedSecondsPrefix(-3); // ns: large values grouped
        QCOMPARE(formatDurationSI(1.83e9, TimeBase::ns),
                 "1" + QString(kThin) + "830" + QString(kThin) + "000" + QString(kThin) + "000 ns");
        setFixedSecondsPrefix(std::nullopt);
        QCOMPARE(formatDurationSI(1.83e9, TimeBase::ns), QString("1.83 s"));
    }

    void smallSharesAndProbabilitiesKeepTheirDigits()
    {
        QCOMPARE(formatShare(0.613), QString("61.3%"));
        QCOMPARE(formatShare(0.0), QString("0.0%"));
        QCOMPARE(formatShare(0.00012), QString("0.012%")); // was "0.0%"
        QCOMPARE(formatShare(0.0000004), QString("0.00004%"));
        QCOMPARE(formatShare(0.00049), QString("0.049%"));
        QCOMPARE(formatDecimal(0.000032, 4), QString("0.000032")); // a rare transition
        QCOMPARE(formatDecimal(0.25, 4), QString("0.2500"));
        QCOMPARE(formatDecimal(0.004, 2), QString("0.004"));
        QCOMPARE(formatDecimal(-0.004, 2), QString("-0.004"));
    }

    void stepsAreDescribedInTheTracesUnits()
    {
        QCOMPARE(describeStep(step::ClipTime{1000000, 2187000000}, TimeBase::ns),
                 QString("clip time [1.000 ms, 2.187 s)"));
        QCOMPARE(describeStep(step::ClipTime{20, 900}, TimeBase::us), QString("clip time [20 us, 900 us)"));
        QCOMPARE(describeStep(step::FilterTime{0.01}, TimeBase::ns), QString("filter time share < 1.0%"));
        QCOMPARE(describeStep(step::FilterFrequency{4e-7, 6e-7, false, std::nullopt}, TimeBase::ns),
                 QString("filter band [400 Hz, 600 Hz]"));
        QCOMPARE(describeStep(step::FilterFrequency{0.08, 0.09, true, std::nullopt}, TimeBase::ns),
                 QString("filter band [0.08, 0.09] per event"));
    }

    void percentHistogramTicksHaveNoExponent()
    {
        HistogramWidget h;
        h.resize(600, 300);
        h.setLogX(true);
        h.setXTickPercent(true);
        h.setBins({1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0}, {3, 8, 6, 0, 1, 2, 2});
        h.show();
        h.plot()->replot();
        const QVector<QString> labels = h.plot()->xAxis->tickVectorLabels();
        QVERIFY(labels.size() >= 5);
        for (const QString& l : labels)
            QVERIFY2(!l.contains('e') && l.endsWith('%'), qPrintable(l));
        QVERIFY2(labels.contains("0.0001%") && labels.contains("10%"),
                 qPrintable(QStringList(labels.begin(), labels.end()).join(", ")));
    }

    void formatDurationsAndFrequencies()
    {
        QCOMPARE(formatDurationSI(1830000000, TimeBase::ns), QString("1.83 s"));
        QCOMPARE(formatDurationSI(999000, TimeBase::ns), "999 " + kMicro + "s");
        QCOMPARE(formatDurationSI(1500, TimeBase::us), QString("1.5 ms"));
        QCOMPARE(formatDurationSI(50.0 / 3.0, TimeBase::us), "16.7 " + kMicro + "s");
        QCOMPARE(formatDurationSI(90, TimeBase::s), QString("90 s"));
        QCOMPARE(formatDurationSI(12345, TimeBase::cycles), "12" + QString(kThin) + "345 cycles");
        QCOMPARE(formatDurationSI(1.83e9, TimeBase::cycles), QString("1.83 G cycles"));
        // 5.004e-7 cycles per ns = 500.4 Hz; 0.002 cycles per us = 2 kHz.
        QCOMPARE(formatFrequency(5.004e-7, TimeBase::ns), QString("500.4 Hz"));
        QCOMPARE(formatFrequency(0.002, TimeBase::us), QString("2 kHz"));
        QCOMPARE(formatFrequency(0.5, TimeBase::s), QString("500 mHz"));
        QCOMPARE(formatFrequency(0.0125, TimeBase::cycles), QString("0.0125 per cycle"));
        // Variance 1300/3 us²: std 20.8 us, so in µs²; 4e6 ns² (std 2 us) is 4 µs².
        QCOMPARE(formatVariance(1300.0 / 3.0, TimeBase::us), "433.3 " + kMicro + "s" + QChar(0x00B2));
        QCOMPARE(formatVariance(4e6, TimeBase::ns), "4 " + kMicro + "s" + QChar(0x00B2));
    }

    void modelTableInSISortedByNumber()
    {
        // Means 999 us, 1830 us and 5 us: as text "1.83 ms" < "5 µs" < "999 µs", as
        // numbers C < A < B.
        auto ses = testutil::sesFromText("# timebase: us\n# end: 2834\n0 A\n999 B\n2829 C\n");
        ModelWindow w(fit_chain(*ses, TimeBase::us), ses);
        auto* proxy = w.statesProxy();
        auto textOf = [&](const QString& name) {
            for (int r = 0; r < proxy->rowCount(); ++r)
                if (proxy->index(r, ModelWindow::Name).data().toString() == name)
                    return proxy->index(r, ModelWindow::Mean).data().toString();
            return QString();
        };
        QCOMPARE(textOf("A"), "999 " + kMicro + "s");
        QCOMPARE(textOf("B"), QString("1.83 ms"));
        QCOMPARE(textOf("C"), "5 " + kMicro + "s");
        proxy->sort(ModelWindow::Mean, Qt::AscendingOrder);
        QStringList order;
        for (int r = 0; r < proxy->rowCount(); ++r) {
            const QString n = proxy->index(r, ModelWindow::Name).data().toString();
            if (n == "A" || n == "B" || n == "C")
                order << n;
        }
        QCOMPARE(order, (QStringList{"C", "A", "B"}));
    }

    void stateDetailsInSI()
    {
        // A's visits: 10, 20 and 50 us -> total 80 us, mean 26.7 us, min 10, max 50.
        StateDetailsPanel p;
        auto ses = testutil::sesFromText("# timebase: us\n# end: 100\n0 A\n50 B\n53 C\n55 A\n75 B\n78 D\n90 A\n");
        p.setSes(ses, TimeBase::us);
        p.chooseState(ses->symbols->find("A"));
        const QString text = p.statsLabel()->text();
        QVERIFY2(text.contains("26.7 " + kMicro + "s"), qPrintable(text));
        QVERIFY(text.contains("80 " + kMicro + "s"));
        QVERIFY(text.contains("50 " + kMicro + "s"));
        QVERIFY(text.contains("433.3 " + kMicro + "s" + QChar(0x00B2)));
    }

    void frequencyViewInHertzBandInCyclesPerTick()
    {
        auto trace = squareWave(100); // 200 ms, 500 Hz
        ViewDocument doc(trace, "square");
        ViewPanel panel(&doc);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TracePlot* tp = panel.tracePlot();
        tp->document()->presentation().setTraceAxis(XAxis::Time);
        tp->fitAll();
        auto* tplot = qobject_cast<QCustomPlot*>(tp->canvas());
        QVERIFY(tplot);
        tplot->replot();
        QCOMPARE(tplot->xAxis->label(), QString("time"));
        const QVector<QString> tl = tplot->xAxis->tickVectorLabels();
        QVERIFY(tl.contains("100 ms"));

        FrequencyPlot* freq = panel.frequencyPlot();
        freq->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!freq->busy() && freq->binCount() > 0, 20000);
        QCOMPARE(freq->domain(), XAxis::Time);
        // The fundamental: 100 periods over 200 ms.
        QVERIFY2(freq->peakText().contains("f = 500 Hz, period = 2 ms"), qPrintable(freq->peakText()));
        QCustomPlot* fp = freq->plot();
        fp->xAxis->setRange(0, 2.5e-6); // cycles per ns: 0 .. 2.5 kHz
        fp->replot();
        QCOMPARE(fp->xAxis->label(), QString("frequency"));
        QVERIFY(fp->xAxis->tickVectorLabels().contains("1.0 kHz"));
        QVERIFY(fp->xAxis->tickVectorLabels().contains("0.5 kHz"));

        // Shift-drag from 400 Hz to 600 Hz: the band is 4e-7 .. 6e-7 cycles per ns.
        QWidget* canvas = freq->canvas();
        const int y = fp->axisRect()->center().y();
        const int x0 = qRound(fp->xAxis->coordToPixel(4e-7)), x1 = qRound(fp->xAxis->coordToPixel(6e-7));
        QTest::mousePress(canvas, Qt::LeftButton, Qt::ShiftModifier, QPoint(x0, y));
        QTest::mouseMove(canvas, QPoint(x1, y));
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::ShiftModifier, QPoint(x1, y));
        QVERIFY(freq->band().has_value());
        const double px = 2.5e-6 / fp->axisRect()->width(); // one pixel in cycles per ns
        QVERIFY(std::fabs(freq->band()->first - 4e-7) <= 1.5 * px);
        QVERIFY(std::fabs(freq->band()->second - 6e-7) <= 1.5 * px);
        const auto s = freq->bandFilterStep();
        QVERIFY(s.has_value());
        const auto& f = std::get<step::FilterFrequency>(*s);
        QVERIFY(!f.event_domain);
        QCOMPARE(f.f0, freq->band()->first);
        QCOMPARE(f.f1, freq->band()->second);
        QVERIFY(f.f1 < 1e-6); // cycles per ns, not Hz
        // Both states have their strongest frequency at 500 Hz: the filter merges them.
        QVERIFY(!freq->applyBandFilter());
        QCOMPARE(doc.ses().size(), std::size_t{1});
    }

    void eventDomainStaysInEvents()
    {
        // A B C B, 64 times: one cycle per 4 events (a cycle of 2 would sit at the highest
        // frequency, which is never named as the period).
        std::string text = "# chitra-pes 1\n# timebase: ns\n";
        for (int i = 0; i < 256; ++i)
            text += std::to_string(i * 1000000LL) + " " + "ABCB"[i % 4] + "\n";
        auto trace = std::make_shared<const Trace>(read_pes_text(text + "# end: 256000000\n", "abcb.pes"));
        ViewDocument doc(trace, "abcb");
        ViewPanel panel(&doc);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        doc.presentation().setTraceAxis(XAxis::Event);
        panel.tracePlot()->fitAll();
        FrequencyPlot* freq = panel.frequencyPlot();
        freq->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!freq->busy() && freq->binCount() > 0, 20000);
        QCOMPARE(freq->domain(), XAxis::Event);
        QVERIFY2(freq->peakText().contains("f = 0.25 cycles per event, period = 4 events"),
                 qPrintable(freq->peakText()));
        QCOMPARE(freq->plot()->xAxis->label(), QString("frequency (cycles per event)"));
        QCOMPARE(freq->describeFrequency(1.0 / 12.0), QString("f = 0.08333 cycles per event, period = 12 events"));
    }

    void logPowerLabelsDoNotOverlap()
    {
        auto trace = squareWave(100);
        ViewDocument doc(trace, "square");
        ViewPanel panel(&doc);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        FrequencyPlot* freq = panel.frequencyPlot();
        freq->setLogPower(true);
        QCustomPlot* fp = freq->plot();
        const int line = QFontMetrics(fp->yAxis->tickLabelFont()).height();
        for (int height : {120, 200, 400}) {
            fp->setFixedHeight(height);
            QCoreApplication::processEvents();
            fp->yAxis->setRange(1e-12, 1e6); // 18 decades
            fp->replot();
            fp->replot(); // the tick count follows the laid-out axis height
            const QVector<double> ticks = fp->yAxis->tickVector();
            QVERIFY2(ticks.size() >= 2, qPrintable(QString::number(height)));
            for (int i = 1; i < ticks.size(); ++i) {
                const double gap = std::fabs(fp->yAxis->coordToPixel(ticks[i]) - fp->yAxis->coordToPixel(ticks[i - 1]));
                QVERIFY2(gap > line, qPrintable(QString("height %1: gap %2 px").arg(height).arg(gap)));
            }
            // Ticks are powers of ten.
            for (double t : ticks) {
                const double e = std::log10(t);
                QVERIFY(std::fabs(e - std::round(e)) < 1e-9);
            }
        }
    }
    // A trace whose every record is a new state (the joined states of lanes that change
    // independently) labels a sample of its state axis, never one label per state.
    void stateLabelsDoNotOverlapWithManyStates()
    {
        constexpr int kStates = 20000;
        std::string text = "# timebase: us\n# end: " + std::to_string(kStates) + "\n";
        for (int i = 0; i < kStates; ++i)
            text += std::to_string(i) + " s" + std::to_string(i) + "\n";
        ViewDocument doc(std::make_shared<const Trace>(read_pes_text(text, "many.pes")), "many");
        ViewPanel panel(&doc);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* plot = qobject_cast<QCustomPlot*>(panel.tracePlot()->canvas());
        QVERIFY(plot);
        plot->replot();
        const QVector<double> ticks = plot->yAxis->tickVector();
        QVERIFY(ticks.size() >= 2);
        const int line = QFontMetrics(plot->yAxis->tickLabelFont()).height();
        for (int i = 1; i < ticks.size(); ++i) {
            const double gap = std::fabs(plot->yAxis->coordToPixel(ticks[i]) - plot->yAxis->coordToPixel(ticks[i - 1]));
            QVERIFY2(gap >= line - 1, qPrintable(QString("%1 labels, gap %2 px").arg(ticks.size()).arg(gap)));
        }
    }
};

QTEST_MAIN(UnitsTest)
#include "units_test.moc"
