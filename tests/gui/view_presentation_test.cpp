// A view's ViewPresentation: what it keeps and announces on its own, that the trace display
// draws it and writes to it, and that sessions capture every display from it, so that a
// capture through a host without a single widget gives what the workbench saves.
#include "displays/display_host.hpp"
#include "displays/display_registry.hpp"
#include "displays/gantt/gantt_display.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_document.hpp"
#include "document/view_presentation.hpp"
#include "gui_test_util.hpp"
#include "session/session_controller.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/trace/trace_plot.hpp"
#include "views/view_panel.hpp"
#include "workbench/main_window.hpp"

#include "chitra/io/io.hpp"

#include <QSignalSpy>
#include <QtTest>

#include <map>

using namespace chitra;
using namespace chitra::app;

namespace {

const QString kFields = QString(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000-fields.pes");

// A host with no window and no panel: what a capture sees when it reads no widget.
class NoWidgetsHost final : public DisplayHost {
public:
    QWidget* hostWidget() override { return nullptr; }
    const QWidget* hostWidget() const override { return nullptr; }
    ViewPanel* panelOf(ViewDocument*) const override { return nullptr; }
    ViewDocument* addViewOfSameTrace(ViewDocument*) override { return nullptr; }
    void showModel() override {}
};

std::map<std::string, DisplayState> captureAll(const DisplayHost& host, ViewDocument* view)
{
    std::map<std::string, DisplayState> out;
    for (const QString& name : view->presentation().displays()) {
        const DisplayType* type = DisplayRegistry::find(name);
        if (!type || !view->presentation().displayOpen(name))
            continue;
        DisplayState d;
        d.id = name.toStdString();
        type->capture(host, view, d);
        out[d.id] = d;
    }
    return out;
}

} // namespace

class ViewPresentationTest : public QObject {
    Q_OBJECT
private slots:
    void windowsAndTheirZoomHistory()
    {
        ViewPresentation state({});
        QSignalSpy changed(&state, &ViewPresentation::windowChanged);
        QVERIFY(state.window("trace").empty());
        state.rememberWindow("trace"); // nothing shown yet: nothing to remember
        QVERIFY(state.zoomHistory("trace").empty());

        state.setWindow("trace", {0, 100});
        state.setWindow("trace", {0, 100}); // the same: no signal
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.front().front().toString(), QString("trace"));
        state.rememberWindow("trace");
        state.rememberWindow("trace"); // the last one remembered: not again
        state.setWindow("trace", {10, 20});
        state.rememberWindow("trace");
        state.setWindow("trace", {12, 14});
        QCOMPARE(state.zoomHistory("trace"), (std::vector<XWindow>{{0, 100}, {10, 20}}));
        QVERIFY(state.zoomHistory("gantt").empty()); // each display has its own

        QCOMPARE(state.takeLastWindow("trace"), std::optional<XWindow>(XWindow{10, 20}));
        QCOMPARE(state.takeLastWindow("trace"), std::optional<XWindow>(XWindow{0, 100}));
        QVERIFY(!state.takeLastWindow("trace"));

        // The history keeps the latest windows only.
        for (int k = 0; k < 250; ++k) {
            state.setWindow("gantt", {double(k), double(k) + 1});
            state.rememberWindow("gantt");
        }
        QCOMPARE(state.zoomHistory("gantt").size(), ViewPresentation::kZoomHistoryLength);
        QCOMPARE(state.zoomHistory("gantt").back(), (XWindow{249, 250}));
        QCOMPARE(state.zoomHistory("gantt").front(), (XWindow{50, 51}));
    }

    void patternsKeepTheirColours()
    {
        ViewPresentation state({});
        QSignalSpy changed(&state, &ViewPresentation::patternsChanged);
        BrushedPattern a;
        a.names = {"A", "B"};
        BrushedPattern b;
        b.names = {"C", "D"};
        b.colour = QColor(1, 2, 3);
        QCOMPARE(state.addPattern(a), 0);
        QCOMPARE(state.addPattern(b), 1);
        QVERIFY(state.patterns()[0].colour.isValid());
        QCOMPARE(state.patterns()[1].colour, QColor(1, 2, 3));
        const QColor first = state.patterns()[0].colour;
        state.removePattern(0);
        state.removePattern(7); // no such pattern: nothing happens
        QCOMPARE(state.patterns().size(), std::size_t{1});
        // The next pattern gets the next colour, not the removed pattern's again.
        QCOMPARE(state.addPattern(a), 1);
        QVERIFY(state.patterns()[1].colour != first);
        QCOMPARE(changed.count(), 4);

        // New matches keep names and colours, and announce nothing (the document does).
        std::vector<BrushedPattern> matched = state.patterns();
        matched[0].starts = {4, 9};
        matched[0].names = {"other"};
        matched[0].colour = Qt::red;
        state.setPatternMatches(matched);
        QCOMPARE(changed.count(), 4);
        QCOMPARE(state.patterns()[0].starts, (std::vector<std::size_t>{4, 9}));
        QCOMPARE(state.patterns()[0].names, (std::vector<std::string>{"C", "D"}));
        QCOMPARE(state.patterns()[0].colour, QColor(1, 2, 3));
    }

    void displaysOpenAndClose()
    {
        ViewPresentation state({"trace", "frequency"});
        QSignalSpy changed(&state, &ViewPresentation::displaysChanged);
        QVERIFY(state.displayOpen("frequency"));
        QVERIFY(!state.displayOpen("gantt"));
        state.setDisplayOpen("gantt", false); // never opened: stays unlisted
        QCOMPARE(changed.count(), 0);
        state.setDisplayOpen("gantt", true);
        state.setDisplayOpen("frequency", false);
        state.setDisplayOpen("trace", false); // the view itself cannot close
        QCOMPARE(state.displays(), (std::vector<QString>{"trace", "frequency", "gantt"}));
        QVERIFY(state.displayOpen("gantt"));
        QVERIFY(!state.displayOpen("frequency"));
        QVERIFY(state.displayOpen("trace"));
        QCOMPARE(changed.count(), 2);
    }

    void changesAreAnnouncedOnce()
    {
        ViewPresentation state({});
        QSignalSpy order(&state, &ViewPresentation::yOrderChanged);
        QSignalSpy lanes(&state, &ViewPresentation::laneChoicesChanged);
        QSignalSpy options(&state, &ViewPresentation::displayOptionsChanged);
        QSignalSpy selection(&state, &ViewPresentation::selectionChanged);
        QSignalSpy picked(&state, &ViewPresentation::pickedStateChanged);
        state.setYOrder(YOrder::Name);
        state.setYOrder(YOrder::Name);
        state.setCustomOrder({"B", "A"});
        QCOMPARE(state.yOrder(), YOrder::Custom);
        LaneChoices c;
        c.hidden = {2};
        state.setLaneChoices(c);
        state.setLaneChoices(c);
        DisplayOptions o;
        o.colour_map = "hot";
        state.setDisplayOptions("gantt", o);
        state.setDisplayOptions("gantt", o);
        QCOMPARE(state.displayOptions("gantt").colour_map, std::string("hot"));
        QCOMPARE(state.displayOptions("rate"), DisplayOptions{});
        state.setSelection({3, 9});
        state.setSelection({3, 9});
        state.setPickedState("EAT");
        state.setPickedState("EAT");
        QCOMPARE(order.count(), 2);
        QCOMPARE(lanes.count(), 1);
        QCOMPARE(options.count(), 1);
        QCOMPARE(selection.count(), 1);
        QCOMPARE(picked.count(), 1);
    }

    // The time view draws the state's window and writes the user's zooms into it.
    void theTraceDisplayFollowsAndWritesTheState()
    {
        auto trace = std::make_shared<const Trace>(read_pes_file(kFields.toStdString()));
        ViewDocument doc(trace, "fields");
        ViewPresentation& state = doc.presentation();
        // Set before any display shows the view: the panel made later starts there.
        state.setWindow(kTraceDisplay, {1e8, 5e8});
        ViewPanel panel(&doc);
        panel.resize(1000, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TracePlot* plot = panel.tracePlot();
        QCOMPARE(plot->visibleRange(), std::make_pair(1e8, 5e8));

        plot->applyBand(BandAction::Zoom, 2e8, 3e8); // what the rubber band's Zoom does
        QCOMPARE(state.window(kTraceDisplay), (XWindow{2e8, 3e8}));
        QCOMPARE(state.zoomHistory(kTraceDisplay).back(), (XWindow{1e8, 5e8}));
        plot->undoZoom();
        QCOMPARE(state.window(kTraceDisplay), (XWindow{1e8, 5e8}));
        QVERIFY(state.zoomHistory(kTraceDisplay).empty());

        // Set from outside (a restore): the plot follows, kept inside the trace.
        state.setWindow(kTraceDisplay, {1.5e8, 2.5e8});
        QCOMPARE(plot->visibleRange(), std::make_pair(1.5e8, 2.5e8));
        state.setTraceAxis(XAxis::Event);
        QCOMPARE(plot->axis(), XAxis::Event);
        const auto [e0, e1] = plot->visibleRange();
        QVERIFY(e1 - e0 < static_cast<double>(doc.ses().size())); // the same elements, not all
        QCOMPARE(state.window(kTraceDisplay), (XWindow{e0, e1}));
    }

    // Every display's state is captured from the ViewPresentation: a host that shows no widget
    // gives the same capture as the window showing them all, after changes in each.
    void sessionsCaptureWithoutWidgets()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.sessionController()->setRestoreDialogs({});
        QString error;
        QVERIFY2(w.openFileNow(kFields, &error), qPrintable(error));
        ViewDocument* view = w.currentView();
        for (const DisplayType* type : DisplayRegistry::all())
            if (type->name() != "model") // fitted when shown; its state is only "open"
                type->open(w, view);
        ViewPanel* panel = w.panelOf(view);
        QVERIFY(panel && panel->lanesView());
        panel->tracePlot()->setVisibleRange(1e8, 9e8);
        panel->tracePlot()->setVisibleRange(2e8, 4e8);
        view->presentation().setConnectors(false);
        view->presentation().setYOrder(YOrder::Name);
        panel->lanesView()->rows().setHidden(1, true);
        panel->lanesView()->rowsChanged();
        TraceviewWindow* gantt = TraceviewWindow::find(w, view, TraceviewWindow::Kind::Gantt);
        QVERIFY(gantt && gantt->gantt());
        gantt->gantt()->setColourMap(GanttDisplay::ColourMap::Grey);
        gantt->gantt()->zoomTo(1e9, 2e9);

        const auto withWidgets = captureAll(w, view);
        const auto without = captureAll(NoWidgetsHost{}, view);
        QCOMPARE(without.size(), withWidgets.size());
        for (const auto& [id, d] : withWidgets)
            QVERIFY2(without.at(id) == d, id.c_str());
        QCOMPARE(withWidgets.at("gantt").options.colour_map, std::string("grey"));
        QCOMPARE(withWidgets.at("gantt").zoom_history.size(), std::size_t{1});
        QCOMPARE(withWidgets.at("trace").visible.x0, 2e8);
        QVERIFY(!withWidgets.at("trace").options.connectors);
        QCOMPARE(withWidgets.at("lanes").options.extra.at("hidden"), std::string("1"));
    }
};

QTEST_MAIN(ViewPresentationTest)
#include "view_presentation_test.moc"
