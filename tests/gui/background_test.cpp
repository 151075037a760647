// Background work in the main window: pipeline replay off the GUI thread with progress,
// chaining, refusal and Cancel; fitting in the background.
#include "jobs/background_job.hpp"
#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "workbench/error_reporter.hpp"
#include "workbench/main_window.hpp"
#include "document/workspace.hpp"
#include "session/session_model.hpp"
#include "loading/trace_loader.hpp"
#include "jobs/worker_pool.hpp"
#include "displays/traceview_window.hpp"
#include "document/view_document.hpp"
#include "gui_test_util.hpp"

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QSignalSpy>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <random>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace chitra;
using namespace chitra::app;

namespace {
// `n` records over `states` states, pseudo-random with a fixed seed (every state
// occurs, so the frequency filter runs one FFT per state).
std::shared_ptr<const Trace> syntheticTrace(std::size_t n, int states)
{
    auto table = std::make_shared<SymbolTable>();
    for (int s = 0; s < states; ++s)
        table->add({.name = "S" + std::to_string(s), .components = {"S" + std::to_string(s)}});
    std::vector<Time> times(n);
    std::vector<SymbolId> ids(n);
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> pick(0, states - 1);
    Time t = 0;
    for (std::size_t i = 0; i < n; ++i) {
        times[i] = t;
        t += 1 + static_cast<Time>(rng() % 5);
        ids[i] = static_cast<SymbolId>(i < static_cast<std::size_t>(states) ? static_cast<int>(i) : pick(rng));
    }
    auto trace = std::make_shared<Trace>();
    trace->source = "synthetic";
    trace->times = Column<Time>(std::move(times));
    trace->states = Column<SymbolId>(std::move(ids));
    trace->symbols = table;
    return trace;
}

// 20 x (A B C D) and a closing E.
std::shared_ptr<const Trace> smallTrace()
{
    auto table = std::make_shared<SymbolTable>();
    for (const char* s : {"A", "B", "C", "D", "E"})
        table->add(Symbol{s});
    std::vector<Time> times;
    std::vector<SymbolId> ids;
    for (int r = 0; r < 20; ++r)
        for (SymbolId s = 0; s < 4; ++s) {
            times.push_back(static_cast<Time>(times.size()) * 10);
            ids.push_back(s);
        }
    times.push_back(static_cast<Time>(times.size()) * 10);
    ids.push_back(4);
    auto trace = std::make_shared<Trace>();
    trace->times = Column<Time>(std::move(times));
    trace->states = Column<SymbolId>(std::move(ids));
    trace->symbols = table;
    return trace;
}

std::vector<std::string> namesOf(const Ses& ses)
{
    std::vector<std::string> n;
    for (SymbolId s : ses.symbol)
        n.push_back((*ses.symbols)[s].name);
    return n;
}
// Runs the event loop until `done()` (asked every millisecond, at most `limitMs`) and
// returns the longest time the GUI thread went without running a 1 ms timer: what a
// user sees as a freeze. A real event loop, not QTRY_VERIFY: that sleeps 10 ms between
// rounds of events, which the timer would count as gaps.
qint64 longestGuiGap(const std::function<bool()>& done, qint64 limitMs = 600000)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    QEventLoop loop;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const qint64 now = clock.elapsed();
        worst = std::max(worst, now - last);
        last = now;
        if (done() || now > limitMs)
            loop.quit();
    });
    tick.start(1);
    loop.exec();
    return worst;
}

} // namespace

class BackgroundTest : public QObject {
    Q_OBJECT
private:
    QStringList errors_;

private slots:
    void init()
    {
        errors_.clear();
        setErrorHook([this](QWidget*, const QString&, const QString& text) { errors_ << text; });
    }
    void cleanup() { ViewDocument::setAsyncThreshold(1e6); }

    void pushRunsInBackgroundThenCommits()
    {
        ViewDocument::setAsyncThreshold(0); // force the asynchronous path
        MainWindow mw;
        auto trace = smallTrace();
        ViewDocument* doc = mw.workspace()->addFile("small.pes", trace, 0);
        mw.setCurrentView(doc);
        const auto before = doc->sesPtr();

        QSignalSpy started(doc, &ViewDocument::replayStarted);
        QVERIFY(!doc->pushStep(step::Aggregate{{"A", "B"}, "AB"}));
        // Nothing changed yet: the view shows the previous SES, the stack is empty.
        QVERIFY(doc->replaying());
        QCOMPARE(started.count(), 1);
        QCOMPARE(doc->steps().size(), std::size_t{0});
        QCOMPARE(doc->undoStack()->count(), 0);
        QCOMPARE(doc->sesPtr(), before);
        QVERIFY(mw.jobs()->busy());
        QVERIFY(!mw.cancelButton()->isHidden());

        QTRY_VERIFY(!doc->replaying());
        QCOMPARE(doc->steps().size(), std::size_t{1});
        QCOMPARE(doc->undoStack()->count(), 1);
        // The new SES starts a periodogram of the frequency view: a job of its own.
        QTRY_VERIFY(!mw.jobs()->busy());
        QVERIFY(mw.cancelButton()->isHidden());
        // 20 x (AB C D) (E only closes the last D), as the core computes it synchronously.
        const Ses expected = run_pipeline(base_ses(*trace), doc->pipeline()).ses;
        QCOMPARE(namesOf(doc->ses()), namesOf(expected));
        QCOMPARE(doc->ses().size(), std::size_t{60});

        // Undo reuses the cached base (no work: synchronous); redo recomputes the step
        // in the background and leaves the stack where the redo put it.
        doc->undoStack()->undo();
        QVERIFY(!doc->replaying());
        QCOMPARE(doc->ses().size(), std::size_t{80});
        doc->undoStack()->redo();
        QVERIFY(doc->replaying());
        QTRY_VERIFY(!doc->replaying());
        QCOMPARE(doc->undoStack()->index(), 1);
        QCOMPARE(doc->ses().size(), std::size_t{60});
        QVERIFY(errors_.isEmpty());
    }

    void newerRequestsChainOntoTheRunningOne()
    {
        ViewDocument::setAsyncThreshold(0);
        MainWindow mw;
        auto trace = smallTrace();
        ViewDocument* doc = mw.workspace()->addFile("small.pes", trace, 0);
        QVERIFY(!doc->pushStep(step::Aggregate{{"A", "B"}, "AB"}));
        QVERIFY(!doc->pushStep(step::Exclude{{"D"}}));
        // Removing or editing waits for the running replay.
        QVERIFY(doc->removeStep(0).has_value() || doc->steps().empty());
        QTRY_VERIFY(!doc->replaying());
        QCOMPARE(doc->steps().size(), std::size_t{2});
        QCOMPARE(doc->undoStack()->count(), 2); // one command per request, in order
        const Ses expected = run_pipeline(base_ses(*trace), doc->pipeline()).ses;
        QCOMPARE(namesOf(doc->ses()), namesOf(expected));
        doc->undoStack()->undo();
        QTRY_VERIFY(!doc->replaying());
        QCOMPARE(doc->steps().size(), std::size_t{1});
        QCOMPARE(namesOf(doc->ses()),
                 namesOf(run_pipeline(base_ses(*trace), Pipeline{{step::Aggregate{{"A", "B"}, "AB"}}}).ses));
    }

    void refusalArrivesAndNothingIsPushed()
    {
        ViewDocument::setAsyncThreshold(0);
        MainWindow mw;
        ViewDocument* doc = mw.workspace()->addFile("small.pes", smallTrace(), 0);
        QSignalSpy refused(doc, &ViewDocument::replayRefused);
        QVERIFY(!doc->pushStep(step::ClipCount{50, 50})); // more than the 81 elements
        QTRY_COMPARE(refused.count(), 1);
        QVERIFY(refused.front().front().toString().startsWith("step 1 (clip): "));
        QCOMPARE(errors_.size(), 1); // shown to the user
        QCOMPARE(doc->steps().size(), std::size_t{0});
        QCOMPARE(doc->undoStack()->count(), 0);
        QVERIFY(!mw.jobs()->busy());
    }

    void removeInBackgroundKeepsTheDependencyRule()
    {
        MainWindow mw;
        ViewDocument* doc = mw.workspace()->addFile("small.pes", smallTrace(), 0);
        QVERIFY(!doc->pushStep(step::Aggregate{{"A", "B"}, "Z"}));
        QVERIFY(!doc->pushStep(step::Project{{"Z", "C"}, "P"}));
        QVERIFY(!doc->replaying()); // tiny: synchronous under the default threshold
        ViewDocument::setAsyncThreshold(0);
        QSignalSpy refused(doc, &ViewDocument::replayRefused);
        QVERIFY(!doc->removeStep(0));
        QTRY_COMPARE(refused.count(), 1);
        QVERIFY2(refused.front().front().toString().startsWith("cannot remove step 1 (aggregate): step 2 (project)"),
                 qPrintable(refused.front().front().toString()));
        QCOMPARE(doc->steps().size(), std::size_t{2});
        QCOMPARE(doc->undoStack()->count(), 2);
    }

    void cancelMidwayLeavesPipelineAndStack()
    {
        // 2M elements over 300 states: the frequency filter computes 300 FFTs of 2M
        // samples, far longer than the test takes to cancel it.
        MainWindow mw;
        auto trace = syntheticTrace(2'000'000, 300);
        ViewDocument* doc = mw.workspace()->addFile("big.pes", trace, 0);
        mw.setCurrentView(doc);
        QVERIFY(!doc->pushStep(step::ClipCount{1, 0})); // 2M element-steps: above one frame
        QVERIFY(doc->replaying());
        QTRY_VERIFY(!doc->replaying());
        QCOMPARE(doc->undoStack()->count(), 1);
        const auto before = doc->sesPtr();

        QVERIFY(!doc->pushStep(step::FilterFrequency{0.01, 0.02, true, std::nullopt}));
        QVERIFY(doc->replaying()); // above the default threshold
        QVERIFY(mw.jobs()->busy());

        // The GUI thread keeps processing events while the worker runs.
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, [&ticks] { ++ticks; });
        timer.start(5);
        QTRY_VERIFY(ticks >= 10);
        QVERIFY(doc->replaying());
        QCOMPARE(doc->sesPtr(), before); // the previous SES is still shown

        QTest::mouseClick(mw.cancelButton(), Qt::LeftButton);
        QVERIFY(!doc->replaying());
        QVERIFY(!mw.jobs()->busy());
        QCOMPARE(doc->steps().size(), std::size_t{1});
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->undoStack()->index(), 1);
        QCOMPARE(doc->sesPtr(), before);
        // The worker sees the flag inside the filter's per-state loop and ends.
        // Its (dropped) result arrives; under load the worker may take a while to get there.
        QVERIFY(testutil::settleWorkbench());
        QCOMPARE(doc->steps().size(), std::size_t{1});
        QCOMPARE(doc->undoStack()->count(), 1);
        QVERIFY(errors_.isEmpty());
    }

    void fitRunsInBackground()
    {
        ViewDocument::setAsyncThreshold(0);
        MainWindow mw;
        ViewDocument* doc = mw.workspace()->addFile("small.pes", smallTrace(), 0);
        mw.setCurrentView(doc);
        mw.showModel();
        QVERIFY(!mw.lastModelWindow());
        QVERIFY(mw.jobs()->busy());
        QTRY_VERIFY(mw.lastModelWindow() != nullptr);
        QVERIFY(!mw.jobs()->busy());

        // Cancel abandons a running fit: no window appears.
        mw.lastModelWindow()->close();
        mw.showModel();
        QVERIFY(mw.jobs()->busy());
        QTest::mouseClick(mw.cancelButton(), Qt::LeftButton);
        QVERIFY(!mw.jobs()->busy());
        QTRY_COMPARE(workerPool()->activeThreadCount(), 0);
        QCoreApplication::processEvents();
        QVERIFY(!mw.lastModelWindow());
    }

    // Session tree ▸ view ▸ Add display ▸ Gantt chart / Rate chart: Traceview windows of
    // the view, listed under it in the tree.
    void addDisplayOpensGanttAndRateCharts()
    {
        MainWindow mw;
        ViewDocument* doc = mw.workspace()->addFile("small.pes", smallTrace(), 0);
        SessionModel* model = mw.sessionModel();
        const QModelIndex viewIndex = model->indexOf(doc);
        QCOMPARE(model->rowCount(viewIndex), 3);
        auto trigger = [&](const QString& text) {
            QMenu menu;
            mw.fillSessionMenu(&menu, model->indexOf(doc));
            QMenu* add = nullptr;
            for (QAction* a : menu.actions())
                if (a->menu() && a->text() == "Add display")
                    add = a->menu();
            QVERIFY(add);
            for (QAction* a : add->actions())
                if (a->text() == text) {
                    a->trigger();
                    return;
                }
            QFAIL(qPrintable("no action " + text));
        };
        trigger("Gantt chart");
        auto windows = mw.findChildren<TraceviewWindow*>();
        QCOMPARE(windows.size(), 1);
        QCOMPARE(windows.front()->kind(), TraceviewWindow::Kind::Gantt);
        QCOMPARE(windows.front()->document(), doc);
        QVERIFY(windows.front()->gantt());
        QModelIndex view = model->indexOf(doc);
        QCOMPARE(model->rowCount(view), 4);
        QModelIndex gantt = model->index(3, 0, view);
        QCOMPARE(model->displayOf(gantt), QString("gantt"));
        QCOMPARE(model->data(gantt, Qt::DisplayRole).toString(), QString("Gantt chart"));

        trigger("Rate chart");
        windows = mw.findChildren<TraceviewWindow*>();
        QCOMPARE(windows.size(), 2);
        view = model->indexOf(doc);
        QCOMPARE(model->rowCount(view), 5);
        QCOMPARE(model->displayOf(model->index(4, 0, view)), QString("rate"));

        // Closing the Gantt window shows the row closed; reopening from the tree opens it again.
        for (auto* w : windows)
            if (w->kind() == TraceviewWindow::Kind::Gantt)
                w->close();
        QTRY_COMPARE(mw.findChildren<TraceviewWindow*>().size(), 1);
        view = model->indexOf(doc);
        QVERIFY(!doc->presentation().displayOpen("gantt"));
        QCOMPARE(model->data(model->index(3, 0, view), Qt::DisplayRole).toString(), QString("Gantt chart (closed)"));
        mw.openDisplay(doc, model->displayOf(model->index(3, 0, view)));
        QCOMPARE(mw.findChildren<TraceviewWindow*>().size(), 2);
        QVERIFY(doc->presentation().displayOpen("gantt"));
    }

    // Measurement for docs/performance.md, not a test: with CHITRA_BENCH_ELEMENTS=N set,
    // the longest gap between 1 ms timer ticks on the GUI thread while a step is pushed
    // on an N-element trace, synchronously (the old behaviour) and in the background.
    void measureGuiBlocking()
    {
        const qulonglong n = qEnvironmentVariable("CHITRA_BENCH_ELEMENTS").toULongLong();
        if (n == 0)
            QSKIP("set CHITRA_BENCH_ELEMENTS to measure");
        auto trace = syntheticTrace(n, 40);
        const QList<QPair<QString, Step>> steps = {
            {"aggregate S0 S1", step::Aggregate{{"S0", "S1"}, "S01"}},
            {"exclude S2", step::Exclude{{"S2"}}},
            {"frequency filter (event)", step::FilterFrequency{0.1, 0.2, true, std::nullopt}},
        };
        for (const auto& [name, step] : steps) {
            if (qEnvironmentVariableIsSet("CHITRA_BENCH_SKIP_FFT") && name.startsWith("frequency"))
                continue;
            // Synchronous; background; background with a state picked in State details
            // (whose statistics follow every change of the SES).
            for (int mode : {0, 1, 2}) {
                const bool background = mode > 0;
                ViewDocument::setAsyncThreshold(background ? 0 : 1e300);
                MainWindow mw;
                ViewDocument* doc = mw.workspace()->addFile("big.pes", trace, 0);
                mw.setCurrentView(doc);
                if (mode == 2)
                    doc->setPickedState(doc->ses().symbols->find("S3"));
                QCoreApplication::processEvents();
                QElapsedTimer clock;
                clock.start();
                bool pushed = false; // the push may come late when making the window blocked the loop
                QTimer::singleShot(20, [&] {
                    QVERIFY(!doc->pushStep(step));
                    pushed = true;
                });
                const qint64 worst = longestGuiGap([&] { return pushed && !doc->replaying(); });
                QVERIFY(!doc->replaying());
                const qint64 total = clock.elapsed();
                QCOMPARE(doc->steps().size(), std::size_t{1});
                qInfo("%llu elements, %s, %s: longest GUI-thread gap %lld ms (push to result %lld ms)", n,
                      qPrintable(name),
                      mode == 2    ? "background, S3 picked"
                      : background ? "background"
                                   : "synchronous",
                      static_cast<long long>(worst), static_cast<long long>(total - 20));
            }
        }
    }

    // Qt's raster engine splits a large fill or image draw of the GUI thread over Qt's
    // global thread pool and waits for it. With every worker busy in a long job, a paint
    // still finishes: the jobs are released only after it, and see that in time.
    void aPaintFinishesWhileEveryWorkerIsBusy()
    {
        const int workers = workerPool()->maxThreadCount();
        QSemaphore started, release;
        std::atomic<int> releasedInTime{0};
        std::vector<QFuture<void>> jobs;
        for (int i = 0; i < workers; ++i)
            jobs.push_back(runInBackground([&] {
                started.release();
                if (release.tryAcquire(1, 30000))
                    ++releasedInTime;
            }));
        QVERIFY(started.tryAcquire(workers, 30000));
        // A translucent fill of a large image: one the raster engine splits over threads.
        QImage frame(1600, 1000, QImage::Format_ARGB32_Premultiplied);
        frame.fill(Qt::white);
        {
            QPainter p(&frame);
            p.fillRect(frame.rect(), QColor(0, 0, 0, 128));
        }
        release.release(workers);
        for (auto& job : jobs)
            job.waitForFinished();
        QCOMPARE(releasedInTime.load(), workers);
        QVERIFY(std::abs(qGray(frame.pixel(800, 999)) - 127) <= 1);
    }

    // The workers run below the GUI thread, so that jobs filling every core do not take
    // the GUI thread off its core half-way through a paint.
    void workersRunBelowTheGuiThread()
    {
#ifdef Q_OS_LINUX
        const auto niceOfThisThread = [] { return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid))); };
        const int gui = niceOfThisThread();
        std::vector<QFuture<int>> jobs;
        for (int i = 0; i < 2 * workerPool()->maxThreadCount(); ++i)
            jobs.push_back(runInBackground([&] {
                QThread::msleep(20); // so that the jobs spread over the threads
                return niceOfThisThread();
            }));
        // Waited for without result(): a job not yet started would run on this thread.
        QTRY_VERIFY(std::all_of(jobs.begin(), jobs.end(), [](const QFuture<int>& job) { return job.isFinished(); }));
        for (auto& job : jobs)
            QVERIFY2(job.result() > gui, qPrintable(QString("worker %1, GUI %2").arg(job.result()).arg(gui)));
#else
        QSKIP("thread priorities are checked on Linux");
#endif
    }

    // The freeze when a large trace has been read: the file is read, its SES and lanes
    // built on the loader's worker; the GUI thread only adds the view and draws it.
    void measureOpenBlocking()
    {
        const qulonglong n = qEnvironmentVariable("CHITRA_BENCH_ELEMENTS").toULongLong();
        if (n == 0)
            QSKIP("set CHITRA_BENCH_ELEMENTS to measure");
        // CHITRA_BENCH_FORMAT=ctrace: a binary trace, mapped in place (PES text otherwise).
        const bool binary = qEnvironmentVariable("CHITRA_BENCH_FORMAT") == QLatin1String("ctrace");
        QTemporaryDir dir;
        const QString path = dir.filePath(binary ? "big.ctrace" : "big.pes");
        if (binary)
            write_binary_file(*syntheticTrace(n, 40), path.toStdString());
        else
            write_pes_file(*syntheticTrace(n, 40), path.toStdString());
        MainWindow mw;
        mw.resize(1280, 800);
        mw.show();
        QVERIFY(QTest::qWaitForWindowExposed(&mw));
        QElapsedTimer clock;
        clock.start();
        mw.openFiles({path});
        // Measured on for 300 ms after the view is there: its first replot and what else
        // the new view queued count too.
        qint64 loaded = -1;
        const qint64 worst = longestGuiGap([&] {
            if (loaded < 0 && mw.workspace()->viewCount() == 1 && !mw.loading())
                loaded = clock.elapsed();
            return loaded >= 0 && clock.elapsed() > loaded + 300;
        });
        QCOMPARE(mw.workspace()->viewCount(), 1);
        QCOMPARE(mw.currentView()->ses().size(), std::size_t{n - 1});
        qInfo("%llu records: open to first view %lld ms, longest GUI-thread gap %lld ms", n,
              static_cast<long long>(loaded), static_cast<long long>(worst));
    }

    // Views of one file share the base that the loader made on its worker.
    void viewsOfAFileShareTheBaseTheLoaderMade()
    {
        const LoadResult r =
            loadTraceFile(QStringLiteral(CHITRA_SOURCE_DIR "/sample_traces/philosophers-n2-x1000.pes"));
        QVERIFY2(r.trace && r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.base.ses && r.base.lanes);
        QCOMPARE(namesOf(*r.base.ses), namesOf(base_ses(*r.trace)));
        MainWindow mw;
        ViewDocument* first = mw.workspace()->addFile(r.path, r.trace, r.bytes, r.base);
        QCOMPARE(first->sesPtr(), r.base.ses);
        QCOMPARE(&first->summary(), r.base.lanes->summary.get());
        QCOMPARE(first->totals(), r.base.lanes->totals);
        const LaneLayout fresh = computeLanes(r.base.ses, YOrder::FirstAppearance, {});
        QCOMPARE(first->laneCount(), static_cast<int>(fresh.symbols.size()));
        for (int l = 0; l < first->laneCount(); ++l)
            QCOMPARE(first->laneSymbol(l), fresh.symbols[static_cast<std::size_t>(l)]);
        ViewDocument* second = mw.workspace()->addView(mw.workspace()->fileOf(first));
        QCOMPARE(second->sesPtr(), first->sesPtr());
        // A step on one view leaves the other, and the shared base, as they were.
        QVERIFY(!second->pushStep(step::ClipCount{2, 3}));
        QTRY_VERIFY(!second->replaying());
        QCOMPARE(second->ses().size(), r.base.ses->size() - 5);
        QCOMPARE(first->sesPtr(), r.base.ses);
        QCOMPARE(first->ses().size(), r.base.ses->size());
    }
};

QTEST_MAIN(BackgroundTest)
#include "background_test.moc"
