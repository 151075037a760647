#include "headless.hpp"

#include "chitra/chain.hpp"
#include "error_reporter.hpp"
#include "frequency_plot.hpp"
#include "main_window.hpp"
#include "session.hpp"
#include "session_controller.hpp"
#include "model_window.hpp"
#include "trace_plot.hpp"
#include "view_document.hpp"
#include "view_panel.hpp"
#include "display_export.hpp"
#include "traceview_headless.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QPixmap>
#include <QThread>

#include <algorithm>
#include <cstring>
#include <iostream>

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

int fail(int code, const QString& text)
{
    std::cerr << text.toStdString() << '\n';
    return code;
}

void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
}

} // namespace

int runWorkbench(QApplication& app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Chitra: a workbench for program execution traces");
    parser.addHelpOption();
    parser.addOption({"open", "Open a trace file (repeatable).", "FILE"});
    parser.addOption({{"session", "open-session"}, "Open a saved session (docs/sessions.md).", "FILE"});
    parser.addOption({"pipeline", "Apply a pipeline file to the first view.", "P.json"});
    parser.addOption({"display", "Display to show: time, event, frequency, model, gantt or rate.", "KIND", "time"});
    parser.addOption({"screenshot", "Render offscreen into a PNG and exit.", "OUT.png"});
    parser.addOption({"size", "Window size for the screenshot.", "WxH", "1400x900"});
    parser.addOption({"benchmark-replot", "Print the median replot time of N full-view replots and exit.", "N"});
    parser.addOption({"gantt-range", "Gantt display: zoom to the times [T0, T1) (trace units).", "T0:T1"});
    parser.addOption({"rate-state", "Rate display: the state whose entries are shown.", "NAME"});
    parser.addPositionalArgument("files", "Trace files to open.", "[FILE...]");
    if (!parser.parse(app.arguments()))
        return fail(2, parser.errorText());
    if (parser.isSet("help")) {
        std::cout << parser.helpText().toStdString();
        return 0;
    }
    const QString display = parser.value("display");
    if (!QStringList{"time", "event", "frequency", "model", "gantt", "rate"}.contains(display))
        return fail(2, "chitra: --display must be time, event, frequency, model, gantt or rate");
    QSize size(1400, 900);
    {
        const QStringList wh = parser.value("size").split('x');
        bool okw = false, okh = false;
        if (wh.size() == 2)
            size = QSize(wh[0].toInt(&okw), wh[1].toInt(&okh));
        if (!okw || !okh || size.width() < 200 || size.height() < 150)
            return fail(2, "chitra: --size must be WxH, at least 200x150");
    }
    const QStringList files = parser.values("open") + parser.positionalArguments();
    const bool screenshot = parser.isSet("screenshot");
    const bool bench = parser.isSet("benchmark-replot");
    const bool headless = screenshot || bench;
    if (headless)
        setErrorHook([](QWidget*, const QString&, const QString& text) { std::cerr << text.toStdString() << '\n'; });

    const QString sessionFile = parser.value("session");
    MainWindow window;
    if (!headless) {
        window.show();
        if (!sessionFile.isEmpty())
            window.sessionController()->openSession(sessionFile);
        else
            window.sessionController()->offerRecovery();
        window.openFiles(files);
        if (parser.isSet("pipeline")) {
            const QString pipeline = parser.value("pipeline");
            QObject::connect(&window, &MainWindow::fileLoaded, &window, [&window, pipeline] {
                QString error;
                if (window.session()->viewCount() == 1 && !window.importPipeline(pipeline, &error))
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
        window.setCurrentView(window.session()->files().front().views.front());
    if (parser.isSet("pipeline")) {
        QString error;
        if (!window.importPipeline(parser.value("pipeline"), &error))
            return fail(3, error);
    }
    window.resize(size);
    if (sessionFile.isEmpty() || parser.isSet("display")) // a session keeps its own axis
        window.setXAxis(display == "event" ? XAxis::Event : XAxis::Time);
    window.show();
    if (display == "gantt" || display == "rate") // Traceview displays (traceview_headless.cpp)
        return runTraceviewHeadless(window.currentView(), display, parser.value("screenshot"), size,
                                    bench ? parser.value("benchmark-replot").toInt() : 0,
                                    {parser.value("gantt-range"), parser.value("rate-state")});
    ViewPanel* panel = window.currentPanel();
    const double frameMs = panel->tracePlot()->replotNow();
    const double firstFrameMs = static_cast<double>(firstFrame.elapsed());

    if (bench) {
        bool ok = false;
        const int n = parser.value("benchmark-replot").toInt(&ok);
        if (!ok || n < 1)
            return fail(2, "chitra: --benchmark-replot needs a positive count");
        settle(200);
        std::vector<double> times;
        for (int i = 0; i < n; ++i)
            times.push_back(panel->tracePlot()->replotNow());
        std::sort(times.begin(), times.end());
        std::cout << "elements " << window.currentView()->ses().size() << " first_frame_ms " << firstFrameMs
                  << " first_replot_ms " << frameMs << " median_replot_ms " << times[times.size() / 2]
                  << " min_replot_ms " << times.front() << '\n';
        if (!screenshot)
            return 0;
    }

    QPixmap shot;
    if (display == "model") {
        auto ses = window.currentView()->sesPtr();
        ModelWindow model(fit_chain(*ses, window.currentView()->trace().header.timebase), ses);
        model.resize(size);
        model.show();
        settle(300);
        shot = model.grab();
    } else {
        panel->frequencyPlot()->recompute();
        settle(150);
        for (int i = 0; i < 600 && panel->frequencyPlot()->busy(); ++i)
            settle(50);
        settle(150);
        shot = window.grab();
    }
    const QString out = parser.value("screenshot");
    if (display != "model" && exportFormatFor(out).value_or(ExportFormat::Png) != ExportFormat::Png
            ? !exportWidget(&window, out)
            : !shot.save(out))
        return fail(3, "chitra: cannot write " + parser.value("screenshot"));
    return 0;
}

} // namespace chitra::app
