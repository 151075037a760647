// `chitra --open FILE --display lanes --screenshot OUT [--size WxH]` and
// `--benchmark-replot N` for the lanes view, and `--benchmark-navigate M` for the trace
// view, run as real processes (interfaces.md "The workbench without a display").
#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kFour = QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n4-x1000.pes");

} // namespace

class LanesHeadlessTest : public QObject {
    Q_OBJECT

    QString chitra_;
    QTemporaryDir dir_;

    // Runs chitra with `args`; returns the exit code (-1 on crash or timeout).
    int run(const QStringList& args, QByteArray* out = nullptr, QByteArray* err = nullptr)
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
        if (out)
            *out = p.readAllStandardOutput();
        if (err)
            *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

private slots:
    void initTestCase()
    {
        chitra_ = QCoreApplication::applicationDirPath() + "/../../src/app/chitra";
        QVERIFY2(QFile::exists(chitra_), qPrintable(chitra_));
        QVERIFY(dir_.isValid());
    }

    // The window at the size asked, its centre led by the lanes view: the four lanes'
    // states in their colours.
    void screenshot()
    {
        const QString out = dir_.filePath("lanes.png");
        QByteArray err;
        QCOMPARE(run({"--open", kFour, "--display", "lanes", "--screenshot", out, "--size", "1300x850"}, nullptr, &err),
                 0);
        const QImage shot(out);
        QCOMPARE(shot.size(), QSize(1300, 850));
        // The band of the centre column where the lanes are drawn holds the states' colours.
        QSet<QRgb> colours;
        for (int y = 90; y < 300; y += 3)
            for (int x = 450; x < 1000; x += 3)
                colours.insert(shot.pixel(x, y));
        QVERIFY2(colours.size() >= 6, qPrintable(QString::number(colours.size())));
        // Vector formats too.
        const QString svg = dir_.filePath("lanes.svg");
        QCOMPARE(run({"--open", kFour, "--display", "lanes", "--screenshot", svg}), 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("<svg"));
    }

    // One line in the interface's form, then what the lanes view draws.
    void benchmarkReplot()
    {
        QByteArray out;
        QCOMPARE(run({"--open", kFour, "--display", "lanes", "--benchmark-replot", "5"}, &out), 0);
        const QRegularExpression line(
            "^elements (\\d+) first_frame_ms [\\d.]+ first_replot_ms [\\d.]+ median_replot_ms [\\d.]+ "
            "min_replot_ms [\\d.]+ lanes 4 rows 4 changes (\\d+)\n$");
        const auto match = line.match(QString::fromUtf8(out));
        QVERIFY2(match.hasMatch(), out.constData());
        QVERIFY(match.captured(2).toInt() > 10000);
    }

    // The interface's line, then the zooms' and scrolls' replot times; the trace view only.
    void benchmarkNavigate()
    {
        QByteArray out;
        QCOMPARE(run({"--open", kFour, "--benchmark-replot", "1", "--benchmark-navigate", "3"}, &out), 0);
        const QRegularExpression line(
            "^elements \\d+ first_frame_ms [\\d.]+ first_replot_ms [\\d.]+ median_replot_ms [\\d.]+ "
            "min_replot_ms [\\d.]+ zoom_median_ms ([\\d.]+) zoom_max_ms ([\\d.]+) scroll_median_ms ([\\d.]+) "
            "scroll_max_ms ([\\d.]+)\n$");
        const auto match = line.match(QString::fromUtf8(out));
        QVERIFY2(match.hasMatch(), out.constData());
        QVERIFY(match.captured(1).toDouble() <= match.captured(2).toDouble());
        QVERIFY(match.captured(3).toDouble() <= match.captured(4).toDouble());
        QByteArray err;
        QCOMPARE(run({"--open", kFour, "--display", "lanes", "--benchmark-replot", "1", "--benchmark-navigate", "3"},
                     nullptr, &err),
                 2);
        QVERIFY(err.contains("--benchmark-navigate"));
    }

    void unknownDisplayIsAUsageError()
    {
        QByteArray err;
        QCOMPARE(run({"--open", kFour, "--display", "lane", "--screenshot", dir_.filePath("x.png")}, nullptr, &err), 2);
        QVERIFY(err.contains("lanes"));
    }
};

QTEST_MAIN(LanesHeadlessTest)
#include "lanes_headless_test.moc"
