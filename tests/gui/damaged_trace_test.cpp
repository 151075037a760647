// A trace whose format library dies or hangs on it (babeltrace2 on damaged CTF) does not
// take the workbench down: the decoding runs in a child process, the error is shown, and
// what the user had open stays open (tests/data/ctf-damaged/, docs/formats.md "CTF").
#include "../core/io/ctf/damaged_ctf_cases.hpp"
#include "gui_test_util.hpp"

#include "document/view_document.hpp"
#include "document/workspace.hpp"
#include "workbench/error_reporter.hpp"
#include "workbench/main_window.hpp"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {

// The damaged trace of tests/data/ctf-damaged/`name` in `dir`/TRACE.
QString damagedCopy(const QTemporaryDir& dir, const QString& name)
{
    const auto c = testdata::damaged_ctf_case(name.toStdString());
    return QString::fromStdString(testdata::damaged_ctf_copy(c, dir.path().toStdString()).string());
}

} // namespace

class DamagedTraceTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(dir_.isValid());
        // The hanging case is given up after 2 s instead of 10.
        qputenv("CHITRA_DECODER_WATCHDOG_SECONDS", "2");
        setErrorHook([this](QWidget*, const QString&, const QString& text) { errors_ << text; });
    }

    void init()
    {
        errors_.clear();
        window_ = new MainWindow;
        window_->resize(1100, 700);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        window_->openFiles({QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x100.pes")});
        QTRY_VERIFY_WITH_TIMEOUT(window_->workspace()->viewCount() == 1 && !window_->loading(), 20000);
    }

    void cleanup()
    {
        delete window_;
        window_ = nullptr;
    }

    void theDecoderFailingIsAnErrorAndTheSessionStays_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("reason");
        // babeltrace2 dies of SIGSEGV on it: the child process's death is reported.
        QTest::newRow("crash") << "stream-sequence-length-huge"
                               << "SIGSEGV";
        // babeltrace2 spins on it: the watchdog ends the child.
        QTest::newRow("hang") << "stream-packet-size-zero-without-index"
                              << "made no progress";
    }

    void theDecoderFailingIsAnErrorAndTheSessionStays()
    {
        QFETCH(QString, name);
        QFETCH(QString, reason);
        const QString trace = damagedCopy(dir_, name);
        QVERIFY(!trace.isEmpty());
        ViewDocument* before = window_->currentView();
        window_->openFiles({trace});
        QTRY_COMPARE_WITH_TIMEOUT(errors_.size(), 1, 60000);
        QVERIFY2(errors_.front().startsWith(trace + ": ") && errors_.front().contains(reason),
                 qPrintable(errors_.front()));
        QTRY_VERIFY(!window_->loading());
        // The trace that was open is still there, shown as before.
        QCOMPARE(window_->workspace()->files().size(), std::size_t{1});
        QCOMPARE(window_->workspace()->viewCount(), 1);
        QCOMPARE(window_->currentView(), before);
        QVERIFY(testutil::settleWorkbench());
    }

private:
    QTemporaryDir dir_;
    QStringList errors_;
    MainWindow* window_ = nullptr;
};

QTEST_MAIN(DamagedTraceTest)
#include "damaged_trace_test.moc"
