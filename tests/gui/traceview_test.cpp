// Traceview displays: the Gantt display stacks the state chart and one chart per field,
// density bars and zoom act on all charts, the rate display shows one point per entry
// and marks the hovered visit in the Gantt display, exports write valid files.
#include "chitra/io.hpp"
#include "chitra/traceview.hpp"
#include "display_export.hpp"
#include "gantt_display.hpp"
#include "main_actions.hpp"
#include "main_window.hpp"
#include "rate_display.hpp"
#include "session.hpp"
#include "traceview_window.hpp"
#include "view_definition_dialog.hpp"
#include "view_document.hpp"

#include <qcustomplot.h>

#include <QFile>
#include <QImage>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

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
        const std::size_t i = std::lower_bound(doc_->ses().bounds.begin(), doc_->ses().bounds.end(), t0) -
                              doc_->ses().bounds.begin();
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
        QVERIFY(lo <= 0 && lo > -100);  // the baseline 0 stays (min widened, 6% pad)
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
        w.setCurrentView(w.session()->files().front().views.front());
        QVERIFY(w.currentView());
        QVERIFY(w.actions()->ganttDisplay->isEnabled());
        w.actions()->ganttDisplay->trigger();
        w.actions()->rateDisplay->trigger();
        w.actions()->ganttDisplay->trigger(); // raises the open one
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
