// The headless command line (`chitra ... --screenshot OUT.png`) run as a real process,
// exactly as scripts/samples/make-tutorial-screenshots.sh runs it: a session with pending
// brushed patterns and the frequency view (crashed at exit in session 2), an aggregated
// session, the periodogram zoom, a filter dialog over the window, undo, and usage errors.
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/session/session.hpp"
#include "chitra/session/session_io.hpp"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <vector>

using namespace chitra;

namespace {

const QString kN2 = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x1000.pes");
const QString kTutorial = QStringLiteral(CHITRA_SOURCE_DIR "/resources/examples"); // the tutorial's pipelines

struct SessionSpec {
    QString pipeline; // pipeline JSON file, or empty
    bool eventAxis = false;
    double x0 = 0, x1 = 0;                          // visible range (0, 0: all)
    std::vector<std::vector<std::string>> patterns; // pending brushed patterns
};

// A session like docs/tutorial/make_session.cpp writes: trace display plus frequency view.
void writeSession(const QString& path, const SessionSpec& spec)
{
    ViewState view;
    view.name = "view 1";
    if (!spec.pipeline.isEmpty())
        view.pipeline = load_pipeline_file(spec.pipeline.toStdString());
    DisplayState display;
    display.id = "d1";
    display.kind = spec.eventAxis ? DisplayKind::event : DisplayKind::time;
    if (spec.x1 > spec.x0)
        display.visible = {spec.x0, spec.x1, 0, 0};
    DisplayState frequency;
    frequency.id = "d2";
    frequency.kind = DisplayKind::frequency;
    const std::uint32_t colours[] = {0x80FFB000u, 0x8000B4DCu};
    for (std::size_t i = 0; i < spec.patterns.size(); ++i)
        view.pattern_colours.push_back({spec.patterns[i], colours[i % 2]});
    view.displays = {display, frequency};
    const std::string dir = QFileInfo(path).absolutePath().toStdString();
    TraceFileRef file = make_file_ref(kN2.toStdString(), dir);
    file.views.push_back(view);
    Session session;
    session.files.push_back(file);
    session.layout.open_displays.push_back({"d1", "centre", 0});
    session.layout.open_displays.push_back({"d2", "centre", 1});
    save_session(path.toStdString(), session);
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> seen;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            seen.insert(image.pixel(x, y));
    return static_cast<int>(seen.size());
}

// Share of sampled pixels that differ between two images of the same size.
double differingShare(const QImage& a, const QImage& b, const QRect& area)
{
    int differ = 0, all = 0;
    for (int y = area.top(); y <= area.bottom(); y += 4)
        for (int x = area.left(); x <= area.right(); x += 4, ++all)
            differ += a.pixel(x, y) != b.pixel(x, y);
    return all ? static_cast<double>(differ) / all : 0;
}

} // namespace

class HeadlessTest : public QObject {
    Q_OBJECT

    QString chitra_;
    QTemporaryDir dir_;

    // Runs chitra with `args`; returns the exit code (-1 on crash or timeout).
    int run(const QStringList& args, QByteArray* err = nullptr)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        p.setProcessEnvironment(env);
        p.start(chitra_, args);
        if (!p.waitForFinished(180000)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        if (err)
            *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

    // Runs a screenshot command line and returns the PNG it wrote (null on failure).
    QImage shoot(const QString& name, QStringList args)
    {
        const QString out = dir_.filePath(name + ".png");
        QFile::remove(out);
        args << "--screenshot" << out << "--size"
             << "1400x900";
        QByteArray err;
        const int code = run(args, &err);
        if (code != 0) {
            qWarning("exit %d: %s", code, err.constData());
            return {};
        }
        return QImage(out);
    }

private slots:
    void initTestCase()
    {
        chitra_ = QCoreApplication::applicationDirPath() + "/../../src/app/chitra";
        QVERIFY2(QFile::exists(chitra_), qPrintable(chitra_));
        QVERIFY(dir_.isValid());
        QVERIFY(QFile::exists(kN2));
    }

    // The tutorial's brush step: pending patterns, event axis, frequency view, run with
    // "--session=FILE" (QApplication takes a separate "--session FILE" as its own).
    void brushedSessionScreenshot()
    {
        const QString s = dir_.filePath("brush.chitra");
        writeSession(s, {kTutorial + "/01-clip.json",
                         true,
                         600,
                         648,
                         {{"A1E", "A1R1", "A1R2", "A1T", "A2T"}, {"EA1", "R1A1", "R2A1", "TA1", "TA2"}}});
        const QImage shot = shoot("brush", {"--session=" + s});
        QVERIFY(!shot.isNull());
        QCOMPARE(shot.size(), QSize(1400, 900));
        QVERIFY2(distinctColours(shot) >= 20, qPrintable(QString::number(distinctColours(shot))));
    }

    // The step after it (aggregated session): the run that segfaulted.
    void aggregatedSessionScreenshot()
    {
        const QString s = dir_.filePath("aggregate.chitra");
        writeSession(s, {kTutorial + "/02-aggregate.json", true, 240, 264, {}});
        for (int i = 0; i < 2; ++i) { // twice: the crash was at teardown and not every time
            const QImage shot = shoot("aggregate", {"--session=" + s});
            QVERIFY(!shot.isNull());
            QVERIFY(distinctColours(shot) >= 20);
        }
    }

    // --frequency-range zooms the periodogram onto the peak: the frequency pane changes.
    void frequencyRange()
    {
        const QImage whole = shoot("whole", {"--open", kN2});
        const QImage peak = shoot("peak", {"--open", kN2, "--frequency-range", "0:3000"});
        QVERIFY(!whole.isNull() && !peak.isNull());
        // The lower half of the centre column holds the frequency view in both.
        const QRect lower(420, 560, 560, 300);
        QVERIFY(differingShare(whole, peak, lower) > 0.2);
        QByteArray err;
        QCOMPARE(run({"--open", kN2, "--frequency-range", "3000:0", "--screenshot", dir_.filePath("x.png")}, &err), 2);
        QVERIFY(err.contains("--frequency-range"));
    }

    // --dialog time-filter paints the filter dialog (histogram, preview) over the window.
    void filterDialogOverWindow()
    {
        const QString pipeline = kTutorial + "/02-aggregate.json";
        const QImage plain = shoot("plain", {"--open", kN2, "--pipeline", pipeline});
        const QImage dialog =
            shoot("dialog", {"--open", kN2, "--pipeline", pipeline, "--dialog", "time-filter", "--threshold", "1"});
        QVERIFY(!plain.isNull() && !dialog.isNull());
        const QRect centre(500, 300, 400, 300);
        QVERIFY(differingShare(plain, dialog, centre) > 0.3);
        QCOMPARE(run({"--open", kN2, "--dialog", "nope", "--screenshot", dir_.filePath("x.png")}), 2);
    }

    // --undo N undoes steps restored from a session: the view differs from the redone one.
    void undoBeforeScreenshot()
    {
        const QString s = dir_.filePath("filter.chitra");
        writeSession(s, {kTutorial + "/03-filter.json", true, 0, 60, {}});
        const QImage done = shoot("done", {"--session=" + s});
        const QImage undone = shoot("undone", {"--session=" + s, "--undo", "1"});
        QVERIFY(!done.isNull() && !undone.isNull());
        QVERIFY(differingShare(done, undone, QRect(0, 0, 1400, 900)) > 0.02);
        QCOMPARE(run({"--session=" + s, "--undo", "x", "--screenshot", dir_.filePath("x.png")}), 2);
    }
};

QTEST_MAIN(HeadlessTest)
#include "headless_test.moc"
