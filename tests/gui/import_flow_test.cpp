// Opening foreign traces in the real main window: the import dialog after a background
// read, one or separate traces, cancel, single-lane traces, malformed input, dropped
// files, recent files and sessions reopening the same lanes without asking, and the
// status bar's progress and Cancel while a large file is read. The foreign "format" is
// the stand-in of import_test_util.hpp, read through the workbench's TraceSources.
#include "gui_test_util.hpp"
#include "import_test_util.hpp"

#include "chitra/session/session_io.hpp"
#include "dialogs/import_dialog.hpp"
#include "document/view_document.hpp"
#include "jobs/background_job.hpp"
#include "document/workspace.hpp"
#include "session/session_controller.hpp"
#include "session/session_model.hpp"
#include "workbench/error_reporter.hpp"
#include "workbench/main_window.hpp"
#include "workbench/recent_files.hpp"
#include "workbench/trace_opener.hpp"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStandardPaths>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;
using namespace chitra::testutil;

namespace {

QString laneHeader(const Trace& t, int k)
{
    int seen = 0;
    for (const auto& [key, value] : t.header.extra)
        if (key == "lane" && ++seen == k)
            return QString::fromStdString(value);
    return {};
}

QString extra(const Trace& t, const std::string& key)
{
    for (const auto& [k, v] : t.header.extra)
        if (k == key)
            return QString::fromStdString(v);
    return {};
}

} // namespace

class ImportFlowTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        setTraceSources(fakeSources());
        setErrorHook([this](QWidget*, const QString&, const QString& text) { errors_ << text; });
        QVERIFY(dir_.isValid());
        ranks_ = writeFake(dir_, "ranks.json", "ranks");
    }

    void init()
    {
        QSettings().clear();
        errors_.clear();
        window_ = new MainWindow;
        window_->resize(1100, 700);
        window_->show();
        window_->sessionController()->setRestoreDialogs({});
        QVERIFY(QTest::qWaitForWindowExposed(window_));
    }

    void cleanup()
    {
        delete window_;
        window_ = nullptr;
    }

    // Reads in the background, then asks which lanes; OK opens the chosen ones as one trace.
    void openAsksForLanesThenOpensThem()
    {
        window_->openFiles({ranks_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        ImportDialog* d = window_->opener()->dialog();
        QVERIFY(d->isVisible());
        QVERIFY(window_->workspace()->files().empty());
        typeInto(d->filter(), "/rank/");
        QTest::mouseClick(d->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{1}, 20000);
        const TraceFile& f = window_->workspace()->files().front();
        QCOMPARE(f.trace->header.components, std::size_t{3});
        QCOMPARE(laneHeader(*f.trace, 3), QString("3 rank 2"));
        QCOMPARE(f.choice, (ImportChoice{"", "/rank/", 0}));
        QCOMPARE(f.label, QString("ranks.json"));
        QVERIFY(window_->currentView() != nullptr);
        QVERIFY(errors_.isEmpty());
        // Written on a later turn: wait for the entry before reading it.
        QTRY_COMPARE(recentFiles(kRecentTraces).size(), qsizetype{1});
        QCOMPARE(recentFiles(kRecentTraces).front(), ranks_);
    }

    // One trace per lane, all timed from the chosen lanes' common origin.
    void separateTracesShareOneOrigin()
    {
        window_->openFiles({ranks_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        ImportDialog* d = window_->opener()->dialog();
        typeInto(d->filter(), "rank");
        QTest::mouseClick(d->separateButton(), Qt::LeftButton);
        QTest::mouseClick(d->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{3}, 20000);
        const auto& files = window_->workspace()->files();
        QCOMPARE(files[0].label, QString("ranks.json · rank 0"));
        QCOMPARE(files[2].label, QString("ranks.json · rank 2"));
        for (std::size_t k = 0; k < 3; ++k) {
            QCOMPARE(files[k].choice.lane, k + 1);
            QCOMPARE(files[k].choice.components, std::string("/rank/"));
            QCOMPARE(files[k].trace->header.components, std::size_t{1});
            QCOMPARE(extra(*files[k].trace, "origin"), QString("1000")); // rank 0's first change
        }
        QCOMPARE(files[1].trace->times[0], Time{500}); // rank 1 starts at 1500
        QCOMPARE(files[2].trace->times[0], Time{200});
        const QModelIndex first = window_->sessionModel()->index(0, 0);
        QCOMPARE(first.data().toString(), QString("ranks.json · rank 0"));
        QVERIFY(files[1].views.front()->name().startsWith("ranks.json · rank 1"));
    }

    void cancelOpensNothing()
    {
        window_->openFiles({ranks_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        QTest::keyClick(window_->opener()->dialog(), Qt::Key_Escape);
        QTRY_VERIFY(window_->opener()->dialog() == nullptr);
        QVERIFY(testutil::settleWorkbench());
        QVERIFY(window_->workspace()->files().empty());
        QVERIFY(!window_->loading());
        QVERIFY(errors_.isEmpty());
    }

    // Files are asked about one at a time.
    void twoFilesAskInTurn()
    {
        const QString other = writeFake(dir_, "other.json", "ranks");
        window_->openFiles({ranks_, other});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr && window_->opener()->waiting() == 1, 20000);
        ImportDialog* first = window_->opener()->dialog();
        // The files are read concurrently: whichever is read first is asked about first.
        const QString firstTitle = first->windowTitle();
        QTest::mouseClick(first->okButton(), Qt::LeftButton);
        QTRY_VERIFY(window_->opener()->dialog() != nullptr && window_->opener()->dialog() != first);
        const QString secondTitle = window_->opener()->dialog()->windowTitle();
        QVERIFY(firstTitle.contains("other.json") != secondTitle.contains("other.json"));
        QVERIFY(firstTitle.contains(QFileInfo(ranks_).fileName()) !=
                secondTitle.contains(QFileInfo(ranks_).fileName()));
        QTest::mouseClick(window_->opener()->dialog()->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{2}, 20000);
    }

    void aSingleLaneOpensWithoutAsking()
    {
        const QString one = writeFake(dir_, "one.json", "one");
        window_->openFiles({one});
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{1}, 20000);
        QVERIFY(window_->opener()->dialog() == nullptr);
        QCOMPARE(window_->workspace()->files().front().trace->header.components, std::size_t{1});
    }

    void malformedInputSaysWhereAndOpensNothing()
    {
        const QString bad = writeFake(dir_, "bad.json", "bad");
        window_->openFiles({bad});
        QTRY_COMPARE_WITH_TIMEOUT(errors_.size(), 1, 20000);
        QCOMPARE(errors_.front(), bad + ":3: expected ',' or '}' after an object member");
        QVERIFY(window_->opener()->dialog() == nullptr);
        QVERIFY(window_->workspace()->files().empty());
    }

    // Files dropped on the window open like File ▸ Open.
    void droppedFilesOpen()
    {
        const QString pes = dir_.filePath("drop.pes");
        QFile f(pes);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# chitra-pes 1\n0 A\n5 B\n9 A\n");
        f.close();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(pes), QUrl::fromLocalFile(ranks_)});
        const QPoint at(400, 300);
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(window_, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(window_, &drop);
        QVERIFY(drop.isAccepted());
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        QTest::mouseClick(window_->opener()->dialog()->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{2}, 20000);
        QStringList names;
        for (const TraceFile& file : window_->workspace()->files())
            names << file.label;
        names.sort();
        QCOMPARE(names, (QStringList{"drop.pes", "ranks.json"}));
    }

    // Open recent: the same lanes, no question.
    void recentFilesReopenTheSameLanes()
    {
        window_->openFiles({ranks_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        ImportDialog* d = window_->opener()->dialog();
        typeInto(d->filter(), "/[02]$/");
        QTest::mouseClick(d->separateButton(), Qt::LeftButton);
        QTest::mouseClick(d->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{2}, 20000);
        // The format's memory changes later; the recent file keeps its own choice.
        ImportDialog::remember(SourceFormat::chrome, LaneChoice{"all", false});
        // The recent entry and its choice are written on a later turn.
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(recentFiles(kRecentTraces).size(), qsizetype{1});

        MainWindow next;
        next.show();
        next.opener()->openRecent(ranks_);
        QTRY_COMPARE_WITH_TIMEOUT(next.workspace()->files().size(), std::size_t{2}, 20000);
        QVERIFY(next.opener()->dialog() == nullptr);
        QCOMPARE(next.workspace()->files()[1].label, QString("ranks.json · rank 2"));
        QCOMPARE(next.workspace()->files()[1].choice, (ImportChoice{"", "/[02]$/", 2}));
    }

    // A saved session re-imports the same lanes without asking, reading the file once
    // for all its lanes.
    void sessionsReimportTheSameLanes()
    {
        window_->openFiles({ranks_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        ImportDialog* d = window_->opener()->dialog();
        typeInto(d->filter(), "rank");
        QTest::mouseClick(d->separateButton(), Qt::LeftButton);
        QTest::mouseClick(d->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{3}, 20000);
        window_->openFiles({ranks_});
        QTRY_VERIFY_WITH_TIMEOUT(window_->opener()->dialog() != nullptr, 20000);
        d = window_->opener()->dialog();
        QTest::mouseClick(d->oneTraceButton(), Qt::LeftButton);
        typeInto(d->filter(), "io"); // shown unchecked: the last choice was the ranks
        QTest::mouseClick(d->allButton(), Qt::LeftButton);
        QTest::mouseClick(d->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window_->workspace()->files().size(), std::size_t{4}, 20000);

        const QString path = dir_.filePath("lanes.chitra");
        QVERIFY(window_->sessionController()->saveSession(path));
        const chitra::Session saved = load_session(path.toStdString()).session;
        QCOMPARE(saved.files.size(), std::size_t{4});
        QCOMPARE(saved.files[1].import_components, std::string("/rank/"));
        QCOMPARE(saved.files[1].import_lane, std::uint64_t{2});
        QCOMPARE(saved.files[3].import_components, std::string("/io/"));
        QCOMPARE(saved.files[3].import_lane, std::uint64_t{0});

        MainWindow restored;
        restored.show();
        restored.sessionController()->setRestoreDialogs({});
        const int importsBefore = fakeImports();
        QVERIFY(restored.sessionController()->openSession(path));
        QCOMPARE(fakeImports() - importsBefore, 2); // once per (file, lanes) choice
        QVERIFY(restored.opener()->dialog() == nullptr);
        QVERIFY2(restored.sessionController()->lastReport().problems.empty(),
                 qPrintable(restored.sessionController()->lastReport().summary()));
        const auto& files = restored.workspace()->files();
        QCOMPARE(files.size(), std::size_t{4});
        for (std::size_t k = 0; k < 4; ++k) {
            QCOMPARE(files[k].choice, window_->workspace()->files()[k].choice);
            QCOMPARE(files[k].label, window_->workspace()->files()[k].label);
            QCOMPARE(files[k].trace->size(), window_->workspace()->files()[k].trace->size());
            QCOMPARE(files[k].trace->times[0], window_->workspace()->files()[k].trace->times[0]);
        }
    }

    // A large file: progress and Cancel in the status bar; Cancel stops the import.
    void progressAndCancelWhileImporting()
    {
        const QString slow = writeFake(dir_, "slow.json", "slow");
        window_->openFiles({slow});
        QTRY_VERIFY(window_->jobs()->busy());
        QVERIFY(!window_->cancelButton()->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(window_->jobs()->total() == 1000 && window_->jobs()->done() > 0, 5000);
        QTest::mouseClick(window_->cancelButton(), Qt::LeftButton);
        QVERIFY(!window_->jobs()->busy());
        QVERIFY(!window_->loading());
        QVERIFY(testutil::settleWorkbench()); // the cancelled read has stopped
        QVERIFY(window_->opener()->dialog() == nullptr);
        QVERIFY(window_->workspace()->files().empty());
        QVERIFY(errors_.isEmpty());
    }

private:
    QTemporaryDir dir_;
    QString ranks_;
    MainWindow* window_ = nullptr;
    QStringList errors_;
};

QTEST_MAIN(ImportFlowTest)
#include "import_flow_test.moc"
