// Traceview displays: the Gantt display stacks the state chart and one chart per field,
// density bars and zoom act on all charts, the rate display shows one point per entry
// and marks the hovered visit in the Gantt display, exports write valid files.
#include "chitra/io/io.hpp"
#include "chitra/traceview/traceview.hpp"
#include "plotting/display_export.hpp"
#include "displays/gantt/chart_scales.hpp"
#include "displays/gantt/gantt_display.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"
#include "displays/min_visit_box.hpp"
#include "displays/rate/rate_display.hpp"
#include "document/workspace.hpp"
#include "displays/traceview_window.hpp"
#include "dialogs/view_definition_dialog.hpp"
#include "document/view_document.hpp"

#include <qcustomplot.h>

#include <QFile>
#include <QImage>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {

// 3000 rounds of: X for 2 ms (counter c +2: 1,000/s), Y for 1 ms (+1), X for 100 us
// (c +1e6: 10^10/s), Y for 1 ms (+1); one Z of 1 ns (c +1e6: 10^15/s) in the middle. The
// short visits of X fill 2.4% of the time, more than robustRange's 0.5%, so only the
// short-visit rule keeps their rates out of the y ranges. Gauge g: 1 in the long X, 5 in
// the short X, 2 in Y, 3 in Z (a gauge has no rule: 5 belongs in its range).
std::shared_ptr<const Trace> shortVisitTrace()
{
    std::string pes = "# chitra-pes 1\n# timebase: ns\n# fields: c:counter g:gauge\n";
    std::string body;
    long long t = 0;
    double c = 0;
    auto rec = [&](const char* state, long long length, double increase, int g) {
        body += std::to_string(t) + ' ' + state + ' ' + std::to_string(static_cast<long long>(c)) + ' ' +
                std::to_string(g) + '\n';
        t += length;
        c += increase;
    };
    for (int k = 0; k < 3000; ++k) {
        rec("X", 2000000, 2, 1);
        rec("Y", 1000000, 1, 2);
        rec("X", 100000, 1e6, 5);
        rec("Y", 1000000, 1, 2);
        if (k == 1500)
            rec("Z", 1, 1e6, 3);
    }
    rec("Y", 0, 0, 2);
    pes += "# end: " + std::to_string(t - 0) + '\n' + body;
    return std::make_shared<const Trace>(read_pes_text(pes, "short-visits.pes"));
}

// Pixels of exactly the short-visit grey inside the chart whose y label is `label` (the
// min-max strokes are drawn without antialiasing, so their colour is exact).
int shortGreyPixels(QCustomPlot* plot, const QString& label)
{
    QRect area;
    for (QCPAxisRect* r : plot->axisRects())
        if (r->axis(QCPAxis::atLeft)->label() == label)
            area = r->rect();
    if (area.isEmpty())
        return -1;
    const QImage img = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRgb grey = shortVisitColour().rgb();
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            n += (img.pixel(x, y) & 0xFFFFFF) == (grey & 0xFFFFFF);
    return n;
}

} // namespace

class TraceviewTest : public QObject {
    Q_OBJECT
    std::shared_ptr<const Trace> trace_;
    std::unique_ptr<ViewDocument> doc_;

private slots:
    void init()
    {
        trace_ = std::make_shared<const Trace>(
            load_trace(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000-fields.pes"));
        doc_ = std::make_unique<ViewDocument>(trace_, "view 1");
    }

    void ganttHasOneChartPerField()
    {
        GanttDisplay g(doc_.get());
        g.resize(1000, 800);
        g.show();
        QCOMPARE(g.chartTotal(), 1 + static_cast<int>(trace_->fields.size()));
        QCOMPARE(g.shownChartCount(), 7);
        QCOMPARE(g.chartRanges().size(), std::size_t{7});
        QCOMPARE(g.chartName(1), QString("meals"));
        // Removing and adding back a chart.
        g.setChartShown(2, false);
        QCOMPARE(g.shownChartCount(), 6);
        QCOMPARE(g.chartRanges().size(), std::size_t{6});
        g.setChartShown(2, true);
        QCOMPARE(g.shownChartCount(), 7);
    }

    void densityBarToggles()
    {
        GanttDisplay g(doc_.get());
        g.resize(1000, 800);
        g.show();
        QCOMPARE(g.densityBarCount(), 0);
        g.setDensity(0, GanttDisplay::Density::Point);
        QCOMPARE(g.densityBarCount(), 1);
        g.setDensity(3, GanttDisplay::Density::Value);
        QCOMPARE(g.densityBarCount(), 2);
        g.setDensity(0, GanttDisplay::Density::Off);
        QCOMPARE(g.densityBarCount(), 1);
        g.setAverage(3, true);
        QVERIFY(g.average(3));
        g.setAverageWindowPercent(12);
        QCOMPARE(g.averageWindowPercent(), 12.0);
        QVERIFY(g.averageTimeWeighted()); // the default (docs/traceview.md)
        g.setAverageTimeWeighted(false);
        QVERIFY(!g.averageTimeWeighted());
        g.setAverageTimeWeighted(true);
        QVERIFY(g.replotNow() >= 0);
    }

    void zoomAllChartsTogetherAndUndo()
    {
        GanttDisplay g(doc_.get());
        g.resize(1000, 800);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        const auto full = g.visibleRange();
        QCOMPARE(full.first, static_cast<double>(doc_->ses().bounds.front()));
        g.zoomTo(1e8, 2e8);
        for (auto r : g.chartRanges()) {
            QCOMPARE(r.first, 1e8);
            QCOMPARE(r.second, 2e8);
        }
        // A rubber band on the canvas zooms again, in every chart.
        QWidget* c = g.canvas();
        const int y = c->height() / 2;
        QTest::mousePress(c, Qt::LeftButton, {}, QPoint(c->width() / 3, y));
        QTest::mouseMove(c, QPoint(c->width() / 2, y));
        QTest::mouseRelease(c, Qt::LeftButton, {}, QPoint(c->width() / 2, y));
        QCOMPARE(g.zoomDepth(), 2);
        const auto band = g.visibleRange();
        QVERIFY(band.first > 1e8 && band.second < 2e8);
        for (auto r : g.chartRanges())
            QCOMPARE(r, band);
        g.undoZoom();
        QCOMPARE(g.visibleRange(), std::make_pair(1e8, 2e8));
        g.zoomTo(1.2e8, 1.3e8);
        g.fullZoom();
        QCOMPARE(g.zoomDepth(), 0);
        QCOMPARE(g.visibleRange(), full);
        for (auto r : g.chartRanges())
            QCOMPARE(r, full);
    }

    void stateChartSpansTheLanesInView()
    {
        GanttDisplay g(doc_.get());
        g.resize(1000, 800);
        g.show();
        QCOMPARE(g.yRange(0), std::make_pair(-0.5, doc_->laneCount() - 0.5)); // full view: all lanes
        // Zoomed: from the lowest to the highest lane entered or held in the range.
        const Ses& ses = doc_->ses();
        const double t0 = 1.87e9, t1 = 1.91e9;
        g.zoomTo(t0, t1);
        int lo = doc_->laneCount(), hi = -1;
        for (std::size_t e = 0; e < ses.size(); ++e)
            if (static_cast<double>(ses.bounds[e + 1]) > t0 && static_cast<double>(ses.bounds[e]) < t1) {
                lo = std::min(lo, doc_->laneOf(ses.symbol[e]));
                hi = std::max(hi, doc_->laneOf(ses.symbol[e]));
            }
        QVERIFY(hi >= lo && hi - lo + 1 < doc_->laneCount());
        QCOMPARE(g.yRange(0), std::make_pair(lo - 0.5, hi + 0.5));
        g.undoZoom();
        QCOMPARE(g.yRange(0), std::make_pair(-0.5, doc_->laneCount() - 0.5));
    }

    void ratePointsEqualEntriesAndHoverMarksVisit()
    {
        GanttDisplay g(doc_.get());
        RateDisplay r(doc_.get());
        connect(&r, &RateDisplay::visitHovered, &g, &GanttDisplay::markElement);
        r.resize(900, 700);
        r.show();
        QVERIFY(QTest::qWaitForWindowExposed(&r));
        QVERIFY(r.setStateName("ETTT"));
        const Ses& ses = doc_->ses();
        const SymbolId s = ses.symbols->find("ETTT");
        std::size_t entries = 0;
        for (SymbolId x : ses.symbol)
            entries += x == s;
        QVERIFY(entries > 10);
        QCOMPARE(r.pointCount(), static_cast<int>(entries));
        QCOMPARE(r.chartCount(), static_cast<int>(trace_->fields.size()) + 1);
        // Values of visit 3 by hand: gauge eating at its record, counter meals as rate.
        const std::size_t e = r.elementOf(3);
        QCOMPARE(ses.symbol[e], s);
        const auto rec = ses.records[e], next = ses.records[e + 1];
        const double dt = static_cast<double>(ses.bounds[e + 1] - ses.bounds[e]);
        const double meals = (trace_->fields[0][next] - trace_->fields[0][rec]) / dt * 1e9;
        QCOMPARE(r.value(0, 3), meals);
        QCOMPARE(r.value(4, 3), trace_->fields[4][rec]);
        double sum = 0;
        for (int f = 0; f < 6; ++f)
            sum += r.value(f, 3);
        QCOMPARE(r.value(6, 3), sum);
        // Hovering the point with the mouse marks that visit in the Gantt display.
        r.plot()->replot(); // lays the charts out, so that pixelOf is where the point is drawn
        const QPoint p = r.pixelOf(0, 3);
        QVERIFY(r.canvas()->rect().contains(p));
        QTest::mouseMove(r.canvas(), p);
        QTRY_COMPARE(r.hoveredEntry(), 3);
        QCOMPARE(g.markedElement(), e);
        QCOMPARE(g.cursorX(), static_cast<double>(ses.bounds[e]));
    }

    void ganttShortVisitsDoNotSetTheYRange()
    {
        ViewDocument doc(shortVisitTrace(), "short");
        GanttDisplay g(&doc);
        g.resize(1000, 700);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        QCOMPARE(g.minVisitSeconds(), kDefaultMinVisitSeconds);
        // Counter c: the long visits run at 1,000/s; the y range holds them and not the
        // 10^10/s and 10^15/s over the visits of 100 us and 1 ns.
        auto [lo, hi] = g.yRange(1);
        QVERIFY2(hi >= 1000 && hi < 2000 && lo <= 1000, qPrintable(QString("%1 %2").arg(lo).arg(hi)));
        // Zoomed in, too (the range follows the visible values).
        g.zoomTo(1.0e9, 1.05e9);
        std::tie(lo, hi) = g.yRange(1);
        QVERIFY2(hi >= 1000 && hi < 2000, qPrintable(QString::number(hi)));
        g.fullZoom();
        // The short visits are drawn, in grey.
        g.replotNow();
        QVERIFY(shortGreyPixels(g.plot(), "c/s") > 100);
        // The rule off: the rates over the short visits now fill more than 0.5% of the
        // time, so they set the range (this is what the rule is for), and nothing is grey.
        g.setMinVisitSeconds(0);
        std::tie(lo, hi) = g.yRange(1);
        QVERIFY2(hi > 1e9, qPrintable(QString::number(hi)));
        g.replotNow();
        QCOMPARE(shortGreyPixels(g.plot(), "c/s"), 0);
        // A threshold below 100 us: those visits are long again, only the 1 ns one is short.
        g.setMinVisitSeconds(1e-5);
        std::tie(lo, hi) = g.yRange(1);
        QVERIFY(hi > 1e9 && hi < 1e12);
        // The gauge's chart has no rule: its values hold at any visit length, and the
        // value 5 of the visits of 100 us fills 2.4% of the time.
        g.setMinVisitSeconds(kDefaultMinVisitSeconds);
        std::tie(lo, hi) = g.yRange(2);
        QVERIFY2(lo <= 1 && hi >= 5 && hi < 6, qPrintable(QString("%1 %2").arg(lo).arg(hi)));
        // Bad input is refused, not kept.
        g.setMinVisitSeconds(std::nan(""));
        QCOMPARE(g.minVisitSeconds(), 0.0);
        g.setMinVisitSeconds(-1);
        QCOMPARE(g.minVisitSeconds(), 0.0);
    }

    void rateDisplayMarksExactlyTheShortVisits()
    {
        // On the real trace: every entry of a state with visits on both sides of the
        // threshold is marked short exactly when its visit is shorter, for two thresholds.
        RateDisplay r(doc_.get());
        r.resize(900, 700);
        r.show();
        const Ses& ses = doc_->ses();
        QCOMPARE(r.minVisitSeconds(), kDefaultMinVisitSeconds);
        {
            // It opens on the most entered state that has a long visit (the most entered
            // of all has only short ones in this trace: its rates would all be grey).
            std::vector<int> entries(ses.symbols->size()), longs(ses.symbols->size());
            for (std::size_t e = 0; e < ses.size(); ++e) {
                ++entries[ses.symbol[e]];
                longs[ses.symbol[e]] +=
                    static_cast<double>(ses.bounds[e + 1] - ses.bounds[e]) * 1e-9 >= kDefaultMinVisitSeconds;
            }
            QVERIFY(r.state() != kNoSymbol && longs[r.state()] > 0);
            for (SymbolId x = 0; x < entries.size(); ++x)
                QVERIFY(entries[x] <= entries[r.state()] || longs[x] == 0);
        }
        for (double threshold : {kDefaultMinVisitSeconds, 1e-5}) {
            std::vector<int> shortOf(ses.symbols->size()), longOf(ses.symbols->size());
            for (std::size_t e = 0; e < ses.size(); ++e)
                ++(static_cast<double>(ses.bounds[e + 1] - ses.bounds[e]) * 1e-9 < threshold ? shortOf
                                                                                             : longOf)[ses.symbol[e]];
            SymbolId both = kNoSymbol;
            for (SymbolId x = 0; x < shortOf.size(); ++x)
                if (shortOf[x] && longOf[x] &&
                    (both == kNoSymbol || shortOf[x] + longOf[x] > shortOf[both] + longOf[both]))
                    both = x;
            QVERIFY(both != kNoSymbol);
            r.setState(both);
            r.setMinVisitSeconds(threshold);
            int shorts = 0;
            for (int k = 0; k < r.pointCount(); ++k) {
                const std::size_t e = r.elementOf(k);
                const double length = static_cast<double>(ses.bounds[e + 1] - ses.bounds[e]) * 1e-9;
                QCOMPARE(r.isShortVisit(k), length < threshold);
                shorts += r.isShortVisit(k);
            }
            QVERIFY2(shorts > 0 && shorts < r.pointCount(), qPrintable(QString::number(shorts)));
        }
        // Counters and the sum are marked, gauges are not.
        for (int f = 0; f < static_cast<int>(trace_->fields.size()); ++f)
            QCOMPARE(r.chartMarksShortVisits(f), trace_->header.fields[f].kind == FieldKind::counter);
        QVERIFY(r.chartMarksShortVisits(r.chartCount() - 1));
        r.setMinVisitSeconds(0);
        for (int k = 0; k < r.pointCount(); ++k)
            QVERIFY(!r.isShortVisit(k));

        // The y range of a counter leaves out the short visits even when they are half of
        // the entries (far more than the 1% the range may drop).
        ViewDocument doc(shortVisitTrace(), "short");
        RateDisplay s(&doc);
        s.resize(900, 700);
        s.show();
        QVERIFY(s.setStateName("X"));
        QCOMPARE(s.pointCount(), 6000);
        for (int k = 0; k < s.pointCount(); ++k)
            QCOMPARE(s.isShortVisit(k), k % 2 == 1);
        auto [lo, hi] = s.yRange(0);
        QVERIFY2(hi >= 1000 && hi < 2000, qPrintable(QString::number(hi)));
        std::tie(lo, hi) = s.yRange(1); // the gauge keeps the short visits' 5
        QVERIFY(hi >= 5);
        s.setMinVisitSeconds(0);
        std::tie(lo, hi) = s.yRange(0);
        QVERIFY(hi > 1e9);
        (void)lo;
    }

    void minVisitBoxKeepsAnyThreshold()
    {
        MinVisitBox box;
        box.setSeconds(1e-3);
        QCOMPARE(box.seconds(), 1e-3);
        const int items = box.count();
        box.setSeconds(2.5e-4); // not in the list: added, in order
        QCOMPARE(box.seconds(), 2.5e-4);
        QCOMPARE(box.count(), items + 1);
        for (int i = 2; i < box.count(); ++i)
            QVERIFY(box.itemData(i - 1).toDouble() < box.itemData(i).toDouble());
        box.setSeconds(-3); // bad input: off
        QCOMPARE(box.seconds(), 0.0);
        box.setTimeBase(TimeBase::cycles);
        QVERIFY(!box.isEnabled());
    }

    void viewDefinitionDialogMakesPipeline()
    {
        ViewDefinitionDialog d(doc_.get());
        d.setRange(100000000, 300000000);
        d.applyPattern("R*", PatternEffect::Exclude);
        const QStringList ex = d.excluded();
        QVERIFY(!ex.isEmpty());
        for (const QString& n : ex)
            QVERIFY(n.startsWith('R'));
        Pipeline p = d.pipeline();
        QCOMPARE(p.steps.size(), std::size_t{2});
        QCOMPARE(std::get<step::ClipTime>(p.steps[0]), (step::ClipTime{100000000, 300000000}));
        QCOMPARE(std::get<step::Exclude>(p.steps[1]).states.size(), static_cast<std::size_t>(ex.size()));
        // Searching forward from the lower bound moves it onto an entry of a matching state.
        QVERIFY(d.searchState("E*", false, true));
        const Time t0 = d.range().first;
        QVERIFY(t0 > 100000000);
        const std::size_t i =
            std::lower_bound(doc_->ses().bounds.begin(), doc_->ses().bounds.end(), t0) - doc_->ses().bounds.begin();
        QVERIFY(doc_->ses().name(i).front() == 'E');
        // Applying it to the view pushes both steps.
        QVERIFY(!ViewDefinitionDialog::applyTo(doc_.get(), d.pipeline()));
        QCOMPARE(doc_->steps().size(), std::size_t{2});
        for (SymbolId s : doc_->ses().symbol)
            QVERIFY(!QString::fromStdString((*doc_->ses().symbols)[s].name).startsWith('R'));
    }

    void rangeBarThumbStretches()
    {
        RangeBar bar;
        bar.resize(400, 22);
        bar.setLimits(0, 1000);
        bar.setWindow(200, 400);
        bar.show();
        const QRect t = bar.thumbRect();
        QTest::mousePress(&bar, Qt::LeftButton, {}, QPoint(t.right(), 10));
        QTest::mouseMove(&bar, QPoint(t.right() + 80, 10));
        QTest::mouseRelease(&bar, Qt::LeftButton, {}, QPoint(t.right() + 80, 10));
        QCOMPARE(bar.window().first, 200.0);
        QVERIFY(bar.window().second > 550); // stretched by about 80 px * 2.5
        const auto before = bar.window();
        const QPoint mid = bar.thumbRect().center();
        QTest::mousePress(&bar, Qt::LeftButton, {}, mid);
        QTest::mouseMove(&bar, mid - QPoint(40, 0));
        QTest::mouseRelease(&bar, Qt::LeftButton, {}, mid - QPoint(40, 0));
        QVERIFY(std::abs((bar.window().second - bar.window().first) - (before.second - before.first)) < 1e-6);
        QVERIFY(bar.window().first < before.first);
    }

    void robustYRangeIgnoresRareSpikes()
    {
        // 1000 values 0..999 and one spike: the spike is left out of the range.
        std::vector<double> y(1001);
        for (int i = 0; i < 1000; ++i)
            y[static_cast<std::size_t>(i)] = i;
        y[500] = 1e9;
        const auto [lo, hi] = robustRange(y, 0, y.size());
        QVERIFY(lo <= 0 && lo > -100); // the baseline 0 stays (min widened, 6% pad)
        QVERIFY(hi >= 990 && hi < 1100);
        // Weighted by occupancy: 300 of 1000 elements are spikes of 1e6 lasting 1 tick,
        // the others are 0..699 lasting 1000 ticks; the spikes hold 0.04% of the time.
        std::vector<double> v(1000), x(1000);
        double t = 0;
        for (std::size_t i = 0; i < v.size(); ++i) {
            x[i] = t;
            const bool spike = i % 10 < 3;
            v[i] = spike ? 1e6 : static_cast<double>(i * 7 / 10);
            t += spike ? 1 : 1000;
        }
        const auto [wlo, whi] = robustRange(v, 0, v.size(), &x, t);
        QVERIFY(wlo <= 0 && whi >= 690 && whi < 800);
        const auto [ulo, uhi] = robustRange(v, 0, v.size()); // unweighted: spikes are 30%
        QVERIFY(uhi > 1e6);
        (void)ulo;
        // Few values: the full range, padded.
        const std::vector<double> few{2, 4, 1e6};
        const auto [flo, fhi] = robustRange(few, 0, few.size());
        QVERIFY(flo < 2 && fhi > 1e6);
    }

    void workbenchMenusOpenLinkedDisplays()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow w;
        w.resize(1000, 700);
        w.show();
        QString error;
        QVERIFY2(w.openFileNow(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000-fields.pes", &error),
                 qPrintable(error));
        w.setCurrentView(w.workspace()->files().front().views.front());
        QVERIFY(w.currentView());
        QVERIFY(w.actions()->displayAction("gantt")->isEnabled());
        w.actions()->displayAction("gantt")->trigger();
        w.actions()->displayAction("rate")->trigger();
        w.actions()->displayAction("gantt")->trigger(); // raises the open one
        const auto windows = w.findChildren<TraceviewWindow*>();
        QCOMPARE(windows.size(), 2);
        TraceviewWindow* g = windows[0]->gantt() ? windows[0] : windows[1];
        TraceviewWindow* r = windows[0]->rate() ? windows[0] : windows[1];
        QVERIFY(g->gantt() && r->rate() && g->document() == w.currentView());
        QCOMPARE(g->gantt()->shownChartCount(), 7);
        // View > Rate display is linked to View > Gantt display of the same view.
        r->rate()->hoverEntry(2);
        QCOMPARE(g->gantt()->markedElement(), r->rate()->elementOf(2));
        g->close();
        r->close();
    }

    void exportsAreValidFiles()
    {
        GanttDisplay g(doc_.get());
        g.setDensity(0, GanttDisplay::Density::Point);
        g.resize(900, 700);
        g.show();
        QTemporaryDir dir;
        QString error;
        QVERIFY2(exportWidget(&g, dir.filePath("g.png"), QSize(800, 600), &error), qPrintable(error));
        QImage png(dir.filePath("g.png"));
        QVERIFY(!png.isNull());
        QCOMPARE(png.size(), QSize(800, 600));
        QVERIFY2(exportWidget(&g, dir.filePath("g.svg"), QSize(800, 600), &error), qPrintable(error));
        QFile svg(dir.filePath("g.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray head = svg.read(200).trimmed();
        QVERIFY(head.startsWith("<?xml") || head.startsWith("<svg"));
        QVERIFY(QSvgRenderer(dir.filePath("g.svg")).isValid());
        // The charts are vectors (QCustomPlot::toPainter), so the axis label is SVG text.
        svg.seek(0);
        const QByteArray all = svg.readAll();
        QVERIFY(all.contains(">time<"));
        RateDisplay r(doc_.get());
        r.resize(700, 500);
        r.show();
        QVERIFY2(exportWidget(&r, dir.filePath("r.pdf"), QSize(700, 500), &error), qPrintable(error));
        QFile pdf(dir.filePath("r.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(pdf.size() > 1000);
        QVERIFY(!exportWidget(&r, dir.filePath("r.gif"), QSize(), &error));
    }
};

QTEST_MAIN(TraceviewTest)
#include "traceview_test.moc"
