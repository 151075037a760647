#include "workbench/headless.hpp"

#include "chitra/session/session_io.hpp"
#include "workbench/error_reporter.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "workbench/main_window.hpp"
#include "document/workspace.hpp"
#include "session/session_controller.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_document.hpp"
#include "views/lanes/lanes_view.hpp"
#include "views/view_panel.hpp"
#include "plotting/display_export.hpp"
#include "displays/display_registry.hpp"
#include "displays/headless_settle.hpp"
#include "dialogs/filter_dialog.hpp"
#include "dialogs/preferences_dialog.hpp"
#include "preferences/preferences.hpp"

#include "qcustomplot.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QPainter>
#include <QPixmap>
#include <QSettings>
#include <QSplitter>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>

namespace chitra::app {

bool wantsHeadless(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--screenshot") || !std::strncmp(argv[i], "--screenshot=", 13) ||
            !std::strcmp(argv[i], "--benchmark-replot") || !std::strncmp(argv[i], "--benchmark-replot=", 19))
            return true;
    return false;
}

void protectSessionOption(int argc, char** argv)
{
    static char renamed[] = "--open-session";
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--session") || !std::strcmp(argv[i], "-session"))
            argv[i] = renamed;
}

namespace {

// A dialog is its own top-level window: painted over the main window's picture where a
// user would see it (centred), with a plain title bar (offscreen windows have no frame).
void paintDialogOver(QPixmap& shot, QWidget& dialog)
{
    const QPixmap over = dialog.grab();
    QPainter painter(&shot);
    const int titleHeight = 26;
    const QRect frame((shot.width() - over.width()) / 2, (shot.height() - over.height() - titleHeight) / 2,
                      over.width(), over.height() + titleHeight);
    painter.fillRect(frame.translated(3, 3), QColor(0, 0, 0, 60)); // a shadow
    painter.fillRect(QRect(frame.topLeft(), QSize(frame.width(), titleHeight)), QColor(220, 220, 220));
    painter.setPen(Qt::black);
    painter.drawText(QRect(frame.topLeft(), QSize(frame.width(), titleHeight)), Qt::AlignCenter, dialog.windowTitle());
    painter.drawPixmap(frame.topLeft() + QPoint(0, titleHeight), over);
    painter.setPen(QColor(90, 90, 90));
    painter.drawRect(frame.adjusted(0, 0, -1, -1));
}

int fail(int code, const QString& text)
{
    std::cerr << text.toStdString() << '\n';
    return code;
}

// The names --display takes: every kind a registered display is saved as.
QStringList displayNames()
{
    QStringList names;
    for (const DisplayType* type : DisplayRegistry::all())
        for (const QString& name : type->headlessNames())
            names << name;
    return names;
}

QString listed(QStringList names)
{
    const QString last = names.takeLast();
    return names.isEmpty() ? last : names.join(", ") + " or " + last;
}

// Zooms into `steps` windows of the whole view (10%, 1% and 0.1% of it in turn, at
// seeded random places) and scrolls each by half a window, with half a second of the
// event loop after each so that the work a range change starts in the background (the
// frequency view's spectrum) runs as it would for a user. Returns the replot times.
std::string benchmarkNavigation(TracePlot* plot, int steps)
{
    const auto [x0, x1] = plot->visibleRange();
    std::mt19937_64 rng(7);
    std::vector<double> zooms, scrolls;
    for (int i = 0; i < steps; ++i) {
        const double w = (x1 - x0) * std::pow(0.1, 1 + i % 3);
        const double start = std::uniform_real_distribution<double>(x0, x1 - 1.5 * w)(rng);
        plot->setVisibleRange(start, start + w, false);
        zooms.push_back(plot->replotNow());
        settleFor(500);
        plot->setVisibleRange(start + w / 2, start + 1.5 * w, false);
        scrolls.push_back(plot->replotNow());
        settleFor(500);
    }
    std::ostringstream out;
    auto figures = [&out](const char* what, std::vector<double> v) {
        std::sort(v.begin(), v.end());
        out << ' ' << what << "_median_ms " << v[v.size() / 2] << ' ' << what << "_max_ms " << v.back();
    };
    figures("zoom", zooms);
    figures("scroll", scrolls);
    return out.str();
}

} // namespace

int runWorkbench(QApplication& app) { return runWorkbench(app, app.arguments()); }

int runWorkbench(QApplication& app, const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Chitra: a workbench for program execution traces");
    parser.addHelpOption();
    parser.addOption({"open", "Open a trace file (repeatable).", "FILE"});
    parser.addOption({{"session", "open-session"}, "Open a saved session (docs/sessions.md).", "FILE"});
    parser.addOption({"pipeline", "Apply a pipeline file to the first view.", "P.json"});
    parser.addOption({"display", "Display to show: " + listed(displayNames()) + ".", "KIND", "time"});
    parser.addOption({"screenshot", "Render offscreen into a PNG and exit.", "OUT.png"});
    parser.addOption({"size", "Window size for the screenshot.", "WxH", "1400x900"});
    parser.addOption({"benchmark-replot", "Print the median replot time of N full-view replots and exit.", "N"});
    parser.addOption({"benchmark-navigate",
                      "With --benchmark-replot: also zoom into N windows (10%, 1%, 0.1% of the trace) and scroll each "
                      "by half a window, half a second apart, and print the replot times.",
                      "N"});
    parser.addOption({"gantt-range", "Gantt display: zoom to the times [T0, T1) (trace units).", "T0:T1"});
    parser.addOption({"frequency-range",
                      "Frequency view: show the frequencies [F0, F1] (Hz for a time base in seconds, else cycles per "
                      "time unit or per event) and give it half the height.",
                      "F0:F1"});
    parser.addOption(
        {"dialog", "Screenshot with a dialog open over the window: time-filter, event-filter or preferences.", "KIND"});
    parser.addOption({"threshold", "Threshold shown in the --dialog filter (its own units).", "V"});
    parser.addOption({"undo", "Undo the last N steps of the view before the screenshot.", "N"});
    parser.addOption({"rate-state", "Rate display: the state whose entries are shown.", "NAME"});
    parser.addOption({"profile-tab", "Profile display: the tab shown: regions, tree, flame or time.", "TAB"});
    parser.addOption(
        {"messages-colour", "Messages display: what colours the matrix: count, bytes or latency.", "WHAT"});
    parser.addOption(
        {"theme", "Colours for this run, not saved: desktop, light or dark (Preferences ▸ Theme).", "THEME"});
    parser.addPositionalArgument("files", "Trace files to open.", "[FILE...]");
    if (!parser.parse(arguments))
        return fail(2, parser.errorText());
    if (parser.isSet("help")) {
        std::cout << parser.helpText().toStdString();
        return 0;
    }
    const QString display = parser.value("display");
    const auto kind = parse_display_kind(display.toStdString());
    const DisplayType* shown = kind ? DisplayRegistry::forKind(*kind) : nullptr;
    if (!shown)
        return fail(2, "chitra: --display must be " + listed(displayNames()));
    const QString theme = parser.value("theme");
    if (parser.isSet("theme") && theme != "desktop" && theme != "light" && theme != "dark")
        return fail(2, "chitra: --theme must be desktop, light or dark");
    const QString dialog = parser.value("dialog");
    if (!dialog.isEmpty() && dialog != "time-filter" && dialog != "event-filter" && dialog != "preferences")
        return fail(2, "chitra: --dialog must be time-filter, event-filter or preferences");
    std::optional<std::pair<double, double>> frequencyRange;
    if (parser.isSet("frequency-range")) {
        const QStringList f = parser.value("frequency-range").split(':');
        bool ok0 = false, ok1 = false;
        if (f.size() == 2)
            frequencyRange = std::pair{f[0].toDouble(&ok0), f[1].toDouble(&ok1)};
        if (!ok0 || !ok1 || !(frequencyRange->first < frequencyRange->second))
            return fail(2, "chitra: --frequency-range must be F0:F1 with F0 < F1");
    }
    QSize size(1400, 900);
    {
        const QStringList wh = parser.value("size").split('x');
        bool okw = false, okh = false;
        if (wh.size() == 2)
            size = QSize(wh[0].toInt(&okw), wh[1].toInt(&okh));
        if (!okw || !okh || size.width() < 200 || size.height() < 150)
            return fail(2, "chitra: --size must be WxH, at least 200x150");
    }
    QStringList files = parser.values("open") + parser.positionalArguments();
    QString sessionFile = parser.value("session");
    // A session given as a file (a double-clicked .chitra) opens as with --session.
    if (sessionFile.isEmpty())
        for (const QString& f : std::as_const(files))
            if (is_session_file(f.toStdString())) {
                sessionFile = f;
                files.removeOne(f);
                break;
            }
    const bool screenshot = parser.isSet("screenshot");
    const bool bench = parser.isSet("benchmark-replot");
    const bool headless = screenshot || bench;
    if (headless)
        setErrorHook([](QWidget*, const QString&, const QString& text) { std::cerr << text.toStdString() << '\n'; });

    MainWindow window;
    if (parser.isSet("theme"))
        applyTheme(theme == "dark" ? Theme::dark : theme == "light" ? Theme::light : Theme::desktop);
    if (!headless) {
        // First start (no saved geometry): maximised, so the trace gets the room.
        if (QSettings().contains(QStringLiteral("window/geometry")))
            window.show();
        else
            window.showMaximized();
        if (!sessionFile.isEmpty())
            window.sessionController()->openSession(sessionFile);
        else
            window.sessionController()->offerRecovery();
        window.openFiles(files);
        if (parser.isSet("pipeline")) {
            const QString pipeline = parser.value("pipeline");
            QObject::connect(&window, &MainWindow::fileLoaded, &window, [&window, pipeline] {
                QString error;
                if (window.workspace()->viewCount() == 1 && !window.importPipeline(pipeline, &error))
                    reportError(&window, QObject::tr("Cannot apply pipeline"), error);
            });
        }
        return app.exec();
    }

    if (files.isEmpty() && sessionFile.isEmpty())
        return fail(2, "chitra: --screenshot and --benchmark-replot need --open FILE or --session FILE");
    QElapsedTimer firstFrame;
    firstFrame.start();
    if (!sessionFile.isEmpty()) {
        // Headless: a damaged file loads its intact parts; moved files are found relative
        // to the session, changed or missing ones are skipped; problems go to stderr.
        SessionController* sessions = window.sessionController();
        sessions->setAsker([](SessionController::Question, const QString& text) {
            std::cerr << text.toStdString() << '\n';
            return SessionController::Answer::Yes;
        });
        sessions->setRestoreDialogs({});
        if (!sessions->openSession(sessionFile, false))
            return 3;
        if (!window.currentView())
            return fail(3, "chitra: " + sessionFile + ": no trace of the session could be opened");
    }
    for (const QString& f : files) {
        QString error;
        if (!window.openFileNow(f, &error))
            return fail(3, error);
    }
    if (sessionFile.isEmpty())
        window.setCurrentView(window.workspace()->files().front().views.front());
    if (parser.isSet("pipeline")) {
        QString error;
        if (!window.importPipeline(parser.value("pipeline"), &error))
            return fail(3, error);
    }
    if (parser.isSet("undo")) {
        bool ok = false;
        const int n = parser.value("undo").toInt(&ok);
        if (!ok || n < 0)
            return fail(2, "chitra: --undo needs a count >= 0");
        for (int i = 0; i < n && window.currentView()->undoStack()->canUndo(); ++i)
            window.currentView()->undoStack()->undo();
        settleFor(100);
    }
    // Large pipelines replay on a worker: the picture must show their result.
    for (const auto& file : window.workspace()->files())
        for (ViewDocument* view : file.views)
            if (!view->waitForReplay())
                return fail(3, "chitra: the pipeline of " + view->name() + " did not finish");
    window.resize(size);
    if (sessionFile.isEmpty() || parser.isSet("display")) // a session keeps its own axis
        window.setXAxis(display == "event" ? XAxis::Event : XAxis::Time);
    window.show();
    // A display that draws itself (in a window of its own) makes its own picture.
    const HeadlessRequest request{window, window.currentView(),
                                  parser, parser.value("screenshot"),
                                  size,   bench ? parser.value("benchmark-replot").toInt() : 0};
    if (const std::optional<int> status = shown->runHeadless(request))
        return *status;
    ViewPanel* panel = window.currentPanel();
    if (shown != &DisplayRegistry::viewsOwn()) {
        shown->open(window, window.currentView());
        settleFor(50); // the panel's splitter gives it its height
    }
    // The lanes view sits above the trace view in the window (open already for a trace
    // of several lanes); its replots are the ones measured when it is the display asked for.
    LanesView* lanes = *kind == DisplayKind::lanes ? panel->lanesView() : nullptr;
    auto replot = [panel, lanes] { return lanes ? lanes->replotNow() : panel->tracePlot()->replotNow(); };
    const double frameMs = replot();
    const double firstFrameMs = static_cast<double>(firstFrame.elapsed());

    if (bench) {
        bool ok = false;
        const int n = parser.value("benchmark-replot").toInt(&ok);
        if (!ok || n < 1)
            return fail(2, "chitra: --benchmark-replot needs a positive count");
        settleFor(200);
        std::vector<double> times;
        for (int i = 0; i < n; ++i)
            times.push_back(replot());
        std::sort(times.begin(), times.end());
        std::string navigation;
        if (parser.isSet("benchmark-navigate")) {
            const int steps = parser.value("benchmark-navigate").toInt(&ok);
            if (!ok || steps < 1 || lanes)
                return fail(2, "chitra: --benchmark-navigate needs a positive count and the time or event view");
            navigation = benchmarkNavigation(panel->tracePlot(), steps);
        }
        std::cout << "elements " << window.currentView()->ses().size() << " first_frame_ms " << firstFrameMs
                  << " first_replot_ms " << frameMs << " median_replot_ms " << times[times.size() / 2]
                  << " min_replot_ms " << times.front();
        if (lanes) { // what the lanes view draws: its rows and the lanes' state changes
            std::size_t changes = 0;
            for (const Lane& lane : lanes->rows().trace().lanes)
                changes += lane.changes.size();
            std::cout << " lanes " << lanes->rows().laneCount() << " rows " << lanes->rows().rows().size()
                      << " changes " << changes;
        }
        std::cout << navigation << '\n';
        if (!screenshot)
            return 0;
    }

    QPixmap shot;
    FrequencyPlot* frequency = panel->frequencyPlot();
    settleFor(50);      // the panes' first shares (view_panel.cpp) before they are set here
    if (frequencyRange) // the periodogram's peak region, in a taller pane
        if (auto* split = panel->findChild<QSplitter*>(); split && split->count() >= 2) {
            // The frequency view (last) gets half; the panes above share the rest.
            const int h = split->height(), above = split->count() - 1;
            QList<int> sizes(above, h / 2 / above);
            sizes << h / 2;
            split->setSizes(sizes);
        }
    // The trace plot asks for a recompute 300 ms after its range settles (restored
    // sessions, the axis switch): let that pass so the spectrum shown is the final one.
    settleFor(400);
    frequency->recompute();
    for (int round = 0; round < 2; ++round) {
        settleFor(round ? 400 : 150);
        for (int i = 0; i < 600 && frequency->busy(); ++i)
            settleFor(50);
    }
    settleFor(100);
    if (frequencyRange) {
        // The axis holds cycles per tick; Hz are converted with the time base.
        double scale = 1;
        if (frequency->domain() == XAxis::Time)
            if (const auto spt = seconds_per_tick(window.currentView()->trace().header.timebase))
                scale = *spt;
        frequency->plot()->xAxis->setRange(frequencyRange->first * scale, frequencyRange->second * scale);
        frequency->plot()->replot();
        settleFor(100);
    }
    shot = window.grab();
    if (dialog == "preferences") {
        PreferencesDialog preferences(window.preferences(), &window);
        preferences.show();
        settleFor(150);
        paintDialogOver(shot, preferences);
    } else if (!dialog.isEmpty()) {
        FilterDialog filter(window.currentView()->sesPtr(),
                            dialog == "event-filter" ? FilterDialog::Domain::event : FilterDialog::Domain::time,
                            &window);
        if (parser.isSet("threshold"))
            filter.setThreshold(parser.value("threshold").toDouble());
        filter.resize(std::min(760, size.width() - 40), std::min(620, size.height() - 40));
        filter.show();
        settleFor(150);
        for (int i = 0; i < 600 && filter.previewStates() < 0; ++i)
            settleFor(50);
        settleFor(150);
        paintDialogOver(shot, filter);
    }
    const QString out = parser.value("screenshot");
    if (dialog.isEmpty() && exportFormatFor(out).value_or(ExportFormat::Png) != ExportFormat::Png
            ? !exportWidget(&window, out)
            : !shot.save(out))
        return fail(3, "chitra: cannot write " + parser.value("screenshot"));
    return 0;
}

} // namespace chitra::app
