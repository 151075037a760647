// Sessions in the workbench (issue 6): build a session through the GUI, save it, restore
// it in a fresh main window and compare every field, the fitted models and a picture of
// each display; a missing trace, a damaged file, the unsaved-changes marker, the close
// prompt, autosave, merge, bookmarks and `chitra --session FILE --screenshot OUT.png`.
#include "panels/bookmarks_panel.hpp"
#include "chitra/chain/chain.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/session/session_io.hpp"
#include "workbench/error_reporter.hpp"
#include "views/frequency/frequency_plot.hpp"
#include "displays/gantt/gantt_display.hpp"
#include "displays/rate/rate_display.hpp"
#include "displays/traceview_window.hpp"
#include "workbench/main_window.hpp"
#include "plotting/palette.hpp"
#include "panels/patterns_panel.hpp"
#include "document/workspace.hpp"
#include "session/session_capture.hpp"
#include "session/session_controller.hpp"
#include "views/trace/trace_plot.hpp"
#include "document/view_bookmarks.hpp"
#include "document/view_document.hpp"
#include "gui_test_util.hpp"
#include "views/view_panel.hpp"

#include <QDockWidget>
#include <QFile>
#include <QWheelEvent>
#include <qcustomplot.h>
#include <QImage>
#include <QListWidget>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace chitra;
using namespace chitra::app;

namespace {

QString sample(const char* name) { return QString(CHITRA_SOURCE_DIR "/sample_traces/") + name; }

QString copyTo(const QTemporaryDir& dir, const QString& from, const QString& name)
{
    const QString to = dir.filePath(name);
    QFile::remove(to);
    QFile::copy(from, to);
    return to;
}

// Shares of pixels that differ between two images of the same size.
double differingShare(const QImage& a, const QImage& b)
{
    long differ = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            differ += a.pixel(x, y) != b.pixel(x, y);
    return static_cast<double>(differ) / (static_cast<double>(a.width()) * a.height());
}

QStringList dockWidths(MainWindow* w)
{
    QStringList widths;
    for (auto* d : w->findChildren<QDockWidget*>())
        if (w->tabifiedDockWidgets(d).isEmpty()) // a dock behind another's tab has no laid-out size
            widths << QString("%1 %2x%3").arg(d->objectName()).arg(d->width()).arg(d->height());
    return widths;
}

MainWindow* freshWindow()
{
    auto* w = new MainWindow;
    w->resize(1200, 800);
    // Away from the screen's edge: Qt moves a restored window whose title bar would be
    // off screen, which is a placement rule, not a restore error.
    w->move(100, 100);
    w->show();
    if (!QTest::qWaitForWindowExposed(w))
        qWarning("window not exposed");
    // Tests never see a message box: missing files are not located, damaged files ask.
    w->sessionController()->setRestoreDialogs({});
    return w;
}

void waitLoaded(MainWindow* w, int views)
{
    QTRY_VERIFY_WITH_TIMEOUT(w->workspace()->viewCount() >= views && !w->loading(), 20000);
}

// Brushes elements [a, b) of the event view with the mouse, as a person does.
void brush(TracePlot* plot, double a, double b)
{
    plot->setVisibleRange(0, 20, false);
    plot->replotNow();
    plot->setBandChooser([](QPoint) { return BandAction::Brush; });
    const QPoint from = plot->pixelOf(a + 0.2, 0), to = plot->pixelOf(b - 0.2, 0);
    QTest::mousePress(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, from);
    QTest::mouseMove(plot->canvas(), to);
    QTest::mouseRelease(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, to);
}

QImage settledShot(MainWindow* w, ViewDocument* view)
{
    w->setCurrentView(view);
    ViewPanel* panel = w->panelOf(view);
    panel->frequencyPlot()->recompute();
    // The spectrum, the overview strip's image and the queued replots done, then drawn now.
    if (!QTest::qWaitFor([&] { return !panel->frequencyPlot()->busy(); }, 20000))
        qWarning("the periodogram did not end");
    testutil::settleWorkbench();
    panel->tracePlot()->replotNow();
    return panel->tracePlot()->grab().toImage();
}

} // namespace

class SessionGuiTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(dir_.isValid());
        qputenv("XDG_STATE_HOME", dir_.filePath("state").toLocal8Bit());
        setErrorHook([this](QWidget*, const QString& title, const QString& text) { errors_ << title + ": " + text; });
    }

    void saveAndRestoreExactly()
    {
        const QString trace = copyTo(dir_, sample("philosophers-n2-x100.pes"), "phil2.pes");
        MainWindow* a = freshWindow();
        a->openFiles({trace});
        waitLoaded(a, 1);
        ViewDocument* doc = a->currentView();
        TracePlot* plot = a->currentPanel()->tracePlot();
        const std::size_t before = doc->ses().size();

        // Brush the first two elements and aggregate them (the suggested name).
        a->setXAxis(XAxis::Event);
        plot->fitAll();
        brush(plot, 0, 2);
        QCOMPARE(doc->presentation().patterns().size(), std::size_t{1});
        a->patternsPanel()->setCurrentPattern(0);
        a->patternsPanel()->setNamePrompt([](const QString& s, const QString&) -> std::optional<QString> { return s; });
        a->patternsPanel()->aggregateCurrent();
        QVERIFY(doc->ses().size() < before);
        // Clip to elements [5, 60) of the event view with a band.
        plot->setVisibleRange(0, 100, false);
        plot->setBandChooser([](QPoint) { return BandAction::Clip; });
        plot->replotNow();
        QTest::mousePress(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, plot->pixelOf(5.2, 0));
        QTest::mouseMove(plot->canvas(), plot->pixelOf(59.8, 0));
        QTest::mouseRelease(plot->canvas(), Qt::LeftButton, Qt::ShiftModifier, plot->pixelOf(59.8, 0));
        QCOMPARE(doc->steps().size(), std::size_t{2});
        QCOMPARE(doc->ses().size(), std::size_t{55});
        // A pending brushed pattern (kept with its colour), then two zooms.
        plot->fitAll();
        brush(plot, 3, 5);
        QCOMPARE(doc->presentation().patterns().size(), std::size_t{1});
        const QColor patternColour(0x12, 0x34, 0x56); // not one the palette would give
        doc->presentation().setPatternColour(0, patternColour);
        plot->applyBand(BandAction::Zoom, 4, 40);
        plot->applyBand(BandAction::Zoom, 10, 30);
        QVERIFY(plot->zoomDepth() >= 2);
        doc->presentation().setYOrder(YOrder::Name);
        doc->setPickedState(doc->laneSymbol(1));
        // A bookmark at the centre of the visible range (Ctrl+B) and a named one; a note.
        BookmarksPanel* marks = a->bookmarksPanel();
        QTest::keyClick(a, Qt::Key_B, Qt::ControlModifier);
        marks->addBookmarkAt(doc->ses().entry(12), "lock");
        marks->addNote("philosopher 1 starves here");
        QCOMPARE(ViewBookmarks::of(doc)->bookmarks().size(), std::size_t{2});
        QCOMPARE(ViewBookmarks::of(doc)->bookmarks()[0].time, doc->ses().entry(20)); // centre of 10..30
        QCOMPARE(marks->list()->count(), 3);
        QCOMPARE(plot->bookmarkMarkerXs().size(), std::size_t{2});
        QCOMPARE(plot->bookmarkMarkerXs()[1], 12.0);
        // A second view of the file in the time view, frequency display closed.
        a->addViewOfCurrentFile();
        ViewDocument* second = a->currentView();
        QVERIFY(second != doc);
        second->setName("time view");
        // It aggregates its first two states (the first view's composite is clipped away),
        // so a composite is on screen when the colours are compared below.
        {
            const Ses& ses = second->ses();
            const std::string first = (*ses.symbols)[ses.symbol[0]].name, next = (*ses.symbols)[ses.symbol[1]].name;
            QVERIFY(!second->pushStep(step::Aggregate{{first, next}, "PAIR"}));
        }
        second->presentation().setDisplayOpen("frequency", false);
        a->setCurrentView(doc);

        QVERIFY(a->windowTitle().contains('*'));
        const QString path = dir_.filePath("work/built.chitra");
        QDir().mkpath(dir_.filePath("work"));
        // Save the layout as shown: a's docks take their width from their contents only
        // when its queued layout requests run, which a loaded machine can delay past this
        // point (b then restored the unsettled 260 px faithfully while a grew afterwards).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
        QVERIFY(a->sessionController()->saveSession(path));
        QVERIFY(!a->windowTitle().contains('*'));
        QVERIFY(a->windowTitle().startsWith("built"));
        path_ = path;

        MainWindow* b = freshWindow();
        QVERIFY(b->sessionController()->openSession(path));
        QVERIFY2(b->sessionController()->lastReport().problems.empty(),
                 qPrintable(b->sessionController()->lastReport().summary()));
        QVERIFY(!b->windowTitle().contains('*'));

        const chitra::Session sa = a->sessionController()->capture();
        const chitra::Session sb = b->sessionController()->capture();
        QCOMPARE(sb.files.size(), std::size_t{1});
        QCOMPARE(sb.files[0].views.size(), std::size_t{2});
        for (std::size_t v = 0; v < 2; ++v) {
            const ViewState& x = sa.files[0].views[v];
            const ViewState& y = sb.files[0].views[v];
            QCOMPARE(y.name, x.name);
            QVERIFY(y.pipeline == x.pipeline);
            QCOMPARE(y.y_order, x.y_order);
            QVERIFY(y.pattern_colours == x.pattern_colours);
            QCOMPARE(y.composite_colours, x.composite_colours);
            QVERIFY(y.selection == x.selection);
            QVERIFY(y.bookmarks == x.bookmarks);
            QVERIFY(y.notes == x.notes);
            QCOMPARE(y.displays.size(), x.displays.size());
            for (std::size_t d = 0; d < x.displays.size(); ++d) {
                const VisibleRange &rx = x.displays[d].visible, &ry = y.displays[d].visible;
                QVERIFY2(ry == rx, qPrintable(QString("%1: %2 %3 %4 %5 vs %6 %7 %8 %9")
                                                  .arg(QString::fromStdString(x.displays[d].id))
                                                  .arg(ry.x0)
                                                  .arg(ry.x1)
                                                  .arg(ry.y0)
                                                  .arg(ry.y1)
                                                  .arg(rx.x0)
                                                  .arg(rx.x1)
                                                  .arg(rx.y0)
                                                  .arg(rx.y1)));
                QVERIFY(y.displays[d].zoom_history == x.displays[d].zoom_history);
                QVERIFY(y.displays[d].options == x.displays[d].options);
                QVERIFY(y.displays[d] == x.displays[d]);
            }
        }
        QVERIFY(sb.layout.open_displays == sa.layout.open_displays);
        QCOMPARE(sb.layout.current_view, sa.layout.current_view);
        QCOMPARE(sb.files[0].path_absolute, sa.files[0].path_absolute);
        QCOMPARE(sb.files[0].size, sa.files[0].size);
        QCOMPARE(sb.files[0].mtime_ns, sa.files[0].mtime_ns);
        QCOMPARE(sb.files[0].content_hash, sa.files[0].content_hash);
        QCOMPARE(sb.files[0].path_relative, sa.files[0].path_relative);
        // Every field, the file identity and the window layout included (geometry and dock
        // state once both windows' layouts have settled).
        // (Generous: on a loaded machine the restored docks settle late.)
        QVERIFY(QTest::qWaitFor([&] { return b->sessionController()->capture() == a->sessionController()->capture(); },
                                20000));
        QCOMPARE(dockWidths(b), dockWidths(a));
        QCOMPARE(b->geometry(), a->geometry());
        QVERIFY(b->sessionController()->capture() == a->sessionController()->capture());

        // Colours. The pending pattern keeps the colour it was given; the composite made by
        // aggregating is drawn in the colour it had before saving (states are coloured by
        // symbol id and the replayed pipeline gives the composite the same id).
        {
            ViewDocument* vb = b->workspace()->files()[0].views[0];
            QCOMPARE(vb->presentation().patterns().size(), std::size_t{1});
            QCOMPARE(vb->presentation().patterns()[0].colour.rgba(), patternColour.rgba());
            QCOMPARE(vb->presentation().patterns()[0].names, doc->presentation().patterns()[0].names);
            const chitra::Session file = load_session(path.toStdString()).session;
            const ViewState& saved = file.files[0].views[0];
            QCOMPARE(saved.pattern_colours.size(), std::size_t{1});
            QCOMPARE(saved.pattern_colours[0].argb, static_cast<std::uint32_t>(patternColour.rgba()));
            int composites = 0;
            for (std::size_t view = 0; view < 2; ++view) {
                ViewDocument* doc = a->workspace()->files()[0].views[view];
                ViewDocument* vb = b->workspace()->files()[0].views[view];
                const ViewState& saved = file.files[0].views[view];
                for (SymbolId s = 0; s < doc->ses().symbols->size(); ++s) {
                    const Symbol& sym = (*doc->ses().symbols)[s];
                    if (sym.kind == SymbolKind::program || doc->laneOf(s) < 0)
                        continue;
                    ++composites;
                    SymbolId t = kNoSymbol;
                    for (SymbolId u = 0; u < vb->ses().symbols->size(); ++u)
                        if ((*vb->ses().symbols)[u].name == sym.name)
                            t = u;
                    QVERIFY2(t != kNoSymbol, sym.name.c_str());
                    QCOMPARE(vb->stateColour(t).rgba(), doc->stateColour(s).rgba());
                    QCOMPARE(saved.composite_colours.at(sym.name),
                             static_cast<std::uint32_t>(doc->stateColour(s).rgba()));
                    // Its lane, in the restored picture, is painted in that colour.
                    QCOMPARE(vb->laneOf(t), doc->laneOf(s));
                }
            }
            QCOMPARE(composites, 1); // PAIR, in the second view
        }

        // The same fitted models and the same pictures.
        for (std::size_t v = 0; v < 2; ++v) {
            ViewDocument* va = a->workspace()->files()[0].views[v];
            ViewDocument* vb = b->workspace()->files()[0].views[v];
            const TimeBase base = va->trace().header.timebase;
            QCOMPARE(model_to_json(fit_chain(vb->ses(), base)), model_to_json(fit_chain(va->ses(), base)));
            const QImage ia = settledShot(a, va), ib = settledShot(b, vb);
            QCOMPARE(ib.size(), ia.size());
            QCOMPARE(differingShare(ia, ib), 0.0);
        }
        // Undo works on the replayed pipeline: back to the clip-less view.
        b->setCurrentView(b->workspace()->files()[0].views[0]);
        b->currentView()->undoStack()->undo();
        QCOMPARE(b->currentView()->steps().size(), std::size_t{1});
        QVERIFY(b->windowTitle().contains('*'));
        b->currentView()->undoStack()->redo(); // (fit-all after a replay changes the zoom: still unsaved)

        // A click in the bookmarks panel centres the view on the bookmark.
        BookmarksPanel* bm = b->bookmarksPanel();
        QCOMPARE(bm->list()->count(), 3);
        TracePlot* pb = b->currentPanel()->tracePlot();
        pb->setVisibleRange(30, 40, false);
        const auto [w0, w1] = pb->visibleRange();
        QTest::mouseClick(bm->list()->viewport(), Qt::LeftButton, {},
                          bm->list()->visualItemRect(bm->list()->item(1)).center());
        const auto [c0, c1] = pb->visibleRange();
        QCOMPARE(c1 - c0, w1 - w0);
        QCOMPARE(0.5 * (c0 + c1), 12.5);
        delete a;
        delete b;
    }

    void missingTraceRestoresTheRest()
    {
        const QString t1 = copyTo(dir_, sample("philosophers-n2-x100.pes"), "keep.pes");
        const QString t2 = copyTo(dir_, sample("philosophers-n3-x100.pes"), "gone.pes");
        MainWindow* a = freshWindow();
        a->openFiles({t1, t2});
        waitLoaded(a, 2);
        const QString path = dir_.filePath("two.chitra");
        QVERIFY(a->sessionController()->saveSession(path));
        delete a;
        QVERIFY(QFile::remove(t2));

        errors_.clear();
        MainWindow* b = freshWindow();
        QVERIFY(b->sessionController()->openSession(path));
        QCOMPARE(b->workspace()->files().size(), std::size_t{1});
        QVERIFY(b->workspace()->files()[0].path.endsWith("keep.pes"));
        const auto& problems = b->sessionController()->lastReport().problems;
        QCOMPARE(problems.size(), std::size_t{1});
        QVERIFY2(problems[0].contains("gone.pes"), qPrintable(problems[0]));
        QCOMPARE(errors_.size(), 1); // one message listing the problems
        QVERIFY(errors_[0].contains("gone.pes"));
        delete b;
    }

    void movedTraceIsFoundOrLocated()
    {
        const QString t1 = copyTo(dir_, sample("philosophers-n2-x100.pes"), "before.pes");
        MainWindow* a = freshWindow();
        a->openFiles({t1});
        waitLoaded(a, 1);
        const QString path = dir_.filePath("moved.chitra");
        QVERIFY(a->sessionController()->saveSession(path));
        delete a;
        QDir().mkpath(dir_.filePath("elsewhere"));
        QVERIFY(QFile::rename(t1, dir_.filePath("elsewhere/after.pes")));
        // The user is asked to locate it and picks the new place.
        MainWindow* b = freshWindow();
        QStringList asked;
        RestoreDialogs dialogs;
        dialogs.locate = [&](const TraceFileRef&, const QString& message) {
            asked << message;
            return dir_.filePath("elsewhere/after.pes");
        };
        b->sessionController()->setRestoreDialogs(dialogs);
        QVERIFY(b->sessionController()->openSession(path));
        QCOMPARE(asked.size(), 1);
        QVERIFY(asked[0].contains("before.pes"));
        QCOMPARE(b->workspace()->files().size(), std::size_t{1});
        QVERIFY(b->sessionController()->lastReport().problems.empty());
        // The session now refers to the new place.
        QVERIFY(b->sessionController()->capture().files[0].path_absolute.ends_with("elsewhere/after.pes"));
        delete b;
    }

    void damagedFileAsksAndLoadsIntactParts()
    {
        QVERIFY(!path_.isEmpty());
        QFile f(path_);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        // Cut the file inside its last display: the archive no longer parses.
        const qsizetype cut = text.lastIndexOf("f0v1-model");
        QVERIFY(cut > 0);
        const QString damaged = dir_.filePath("work/damaged.chitra");
        QFile out(damaged);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.left(cut));
        out.close();

        errors_.clear();
        MainWindow* b = freshWindow();
        QStringList questions;
        b->sessionController()->setAsker([&](SessionController::Question q, const QString& t) {
            if (q == SessionController::Question::LoadIntactParts)
                questions << t;
            return SessionController::Answer::No;
        });
        QVERIFY(!b->sessionController()->openSession(damaged));
        QCOMPARE(questions.size(), 1);
        QVERIFY2(questions[0].contains("damaged.chitra"), qPrintable(questions[0]));
        QCOMPARE(b->workspace()->viewCount(), 0);

        b->sessionController()->setAsker(
            [](SessionController::Question, const QString&) { return SessionController::Answer::Yes; });
        QVERIFY(b->sessionController()->openSession(damaged));
        QCOMPARE(b->workspace()->files().size(), std::size_t{1});
        QVERIFY(b->workspace()->viewCount() >= 1);
        // The intact first view came back with its pipeline; what was lost is listed.
        QCOMPARE(b->workspace()->files()[0].views[0]->steps().size(), std::size_t{2});
        QVERIFY(!b->sessionController()->lastReport().problems.empty());
        QVERIFY(b->windowTitle().contains('*')); // the damaged file is not what is shown
        delete b;
    }

    void dirtyMarkerClosePromptAndAutosave()
    {
        const QString t1 = copyTo(dir_, sample("philosophers-n2-x100.pes"), "dirty.pes");
        MainWindow* w = freshWindow();
        SessionController* c = w->sessionController();
        QVERIFY(w->windowTitle().startsWith("untitled"));
        w->openFiles({t1});
        waitLoaded(w, 1);
        QVERIFY(w->windowTitle().startsWith("untitled*"));
        const QString path = dir_.filePath("dirty.chitra");
        QVERIFY(c->saveSession(path));
        QCOMPARE(w->windowTitle(), QString("dirty — Chitra"));

        // A bookmark is a change; autosave writes the recovery file; saving removes it.
        w->bookmarksPanel()->addBookmarkAt(100, "here");
        QCOMPARE(w->windowTitle(), QString("dirty* — Chitra"));
        const QString recovery = c->recoveryPath();
        QVERIFY(recovery.startsWith(dir_.filePath("state")));
        QVERIFY(!QFile::exists(recovery));
        c->autosaveNow();
        QVERIFY(QFile::exists(recovery));
        const LoadedSession rec = load_session(recovery.toStdString());
        QCOMPARE(rec.session.files.size(), std::size_t{1});
        QCOMPARE(rec.session.files[0].views[0].bookmarks.size(), std::size_t{1});
        QCOMPARE(rec.session.files[0].views[0].bookmarks[0].name, std::string("here"));
        QCOMPARE(c->autosaveTimer()->interval(), 3 * 60 * 1000);
        QVERIFY(c->autosaveTimer()->isActive());

        // Start-up after a "crash": the recovery file is offered and restores the work.
        MainWindow* next = freshWindow();
        QStringList offers;
        next->sessionController()->setAsker([&](SessionController::Question q, const QString& t) {
            if (q == SessionController::Question::RestoreRecovery)
                offers << t;
            return SessionController::Answer::Yes;
        });
        // While the run that wrote it lives, its recovery file is not a crash's leftover.
        next->sessionController()->offerRecovery();
        QCOMPARE(offers.size(), 0);
        QVERIFY(QFile::exists(recovery));
        // The writer is gone (the pid of a process that has ended): now it is offered.
        QProcess gone;
        gone.start("true", {});
        QVERIFY(gone.waitForFinished());
        const qint64 deadPid = gone.processId() ? gone.processId() : 999999;
        QFile origin(recovery + ".origin");
        QVERIFY(origin.open(QIODevice::ReadOnly));
        QStringList lines = QString::fromUtf8(origin.readAll()).split('\n');
        origin.close();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[1].toLongLong(), QCoreApplication::applicationPid());
        lines[1] = QString::number(deadPid);
        QVERIFY(origin.open(QIODevice::WriteOnly | QIODevice::Truncate));
        origin.write(lines.join('\n').toUtf8());
        origin.close();
        next->sessionController()->offerRecovery();
        QCOMPARE(offers.size(), 1);
        QVERIFY(offers[0].contains(path));
        QCOMPARE(next->workspace()->files().size(), std::size_t{1});
        QCOMPARE(ViewBookmarks::of(next->currentView())->bookmarks().size(), std::size_t{1});
        QVERIFY(next->windowTitle().startsWith("dirty*"));
        // Handled: the crash's file is gone; the restored, unsaved work has this run's own.
        QVERIFY(origin.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(origin.readAll()).split('\n').value(1).toLongLong(),
                 QCoreApplication::applicationPid());
        origin.close();
        offers.clear();
        next->sessionController()->offerRecovery();
        QCOMPARE(offers.size(), 0);
        next->sessionController()->setAsker([](SessionController::Question, const QString&) {
            return SessionController::Answer::No; // discard on close
        });
        delete next;

        // Closing with unsaved changes asks: Cancel keeps the window, Save saves.
        int asked = 0;
        auto answer = SessionController::Answer::Cancel;
        c->setAsker([&](SessionController::Question q, const QString&) {
            asked += q == SessionController::Question::SaveChanges;
            return answer;
        });
        QVERIFY(!w->close());
        QCOMPARE(asked, 1);
        QVERIFY(w->isVisible());
        answer = SessionController::Answer::Yes;
        QVERIFY(w->close());
        QCOMPARE(asked, 2);
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(!c->isDirty());
        QCOMPARE(load_session(path.toStdString()).session.files[0].views[0].bookmarks.size(), std::size_t{1});
        delete w;
    }

    void mergeAsksOnClash()
    {
        QVERIFY(!path_.isEmpty());
        MainWindow* w = freshWindow();
        QVERIFY(w->sessionController()->openSession(path_));
        int asked = 0;
        w->sessionController()->setMergeResolver([&](const TraceFileRef&, const ViewState&, const ViewState&) {
            ++asked;
            return MergePolicy::rename;
        });
        QVERIFY(w->sessionController()->mergeSession(path_));
        QCOMPARE(asked, 2); // both views clash
        QCOMPARE(w->workspace()->files().size(), std::size_t{1});
        QStringList names;
        for (ViewDocument* v : w->workspace()->files()[0].views)
            names << v->name();
        QCOMPARE(names.size(), 4);
        QVERIFY2(names.contains("time view (2)"), qPrintable(names.join("|")));
        QVERIFY(w->windowTitle().contains('*'));
        w->sessionController()->setAsker(
            [](SessionController::Question, const QString&) { return SessionController::Answer::No; });
        delete w;
    }

    // A session keeps its views' state colours (the composites' and those of the palette's
    // primary colours): a colour written into the file, even one no palette has, is the
    // colour its state has again after the restore.
    void savedStateColoursComeBack()
    {
        QVERIFY(!path_.isEmpty());
        chitra::Session s = load_session(path_.toStdString()).session;
        auto& colours = s.files[0].views[1].composite_colours; // PAIR (saveAndRestoreExactly)
        QVERIFY(colours.count("PAIR"));
        QVERIFY(colours.size() >= 2); // and the primary colours of the program states
        const std::uint32_t recoloured = colours["PAIR"] ^ 0x00FFFFFFu;
        colours["PAIR"] = recoloured;
        const QString other = QFileInfo(path_).dir().filePath("recoloured.chitra");
        save_session(other.toStdString(), s);
        MainWindow* w = freshWindow();
        QVERIFY(w->sessionController()->openSession(other));
        const auto& problems = w->sessionController()->lastReport().problems;
        QVERIFY2(problems.empty(), qPrintable(problems.empty() ? QString() : problems.front()));
        ViewDocument* doc = w->workspace()->files()[0].views[1];
        const SymbolId pair = doc->ses().symbols->find("PAIR");
        QVERIFY(pair != kNoSymbol);
        QCOMPARE(static_cast<std::uint32_t>(doc->stateColour(pair).rgba()), recoloured);
        for (const auto& [name, argb] : colours)
            if (const SymbolId id = doc->ses().symbols->find(name); id != kNoSymbol && doc->laneOf(id) >= 0)
                QCOMPARE(static_cast<std::uint32_t>(doc->stateColour(id).rgba()), argb);
        delete w;
    }

    void frequencyGanttAndRateOptionsRoundTrip()
    {
        const QString t1 = copyTo(dir_, sample("philosophers-n4-x1000-fields.pes"), "opts.pes");
        MainWindow* a = freshWindow();
        a->openFiles({t1});
        waitLoaded(a, 1);
        ViewDocument* doc = a->currentView();
        FrequencyPlot* fp = a->currentPanel()->frequencyPlot();
        fp->setLogPower(false);
        fp->setSamplingInterval(5000);
        fp->setAutoUpdate(false);
        fp->setLogFrequency(true);
        fp->setZoomToPeak(true);
        a->openDisplay(doc, "gantt");
        a->openDisplay(doc, "rate");
        TraceviewWindow *ganttWindow = nullptr, *rateWindow = nullptr;
        for (TraceviewWindow* t : a->findChildren<TraceviewWindow*>())
            (t->kind() == TraceviewWindow::Kind::Gantt ? ganttWindow : rateWindow) = t;
        QVERIFY(ganttWindow && rateWindow && ganttWindow->gantt() && rateWindow->rate());
        GanttDisplay* g = ganttWindow->gantt();
        QVERIFY(g->chartTotal() >= 2);
        g->setDensity(0, GanttDisplay::Density::Point);
        g->setChartShown(1, false);
        g->setColourMap(GanttDisplay::ColourMap::Hot);
        g->setAverageWindowPercent(7);
        const auto full = g->visibleRange();
        const auto [f0, f1] = full;
        // Two zooms: the history is [full, mid], and undo must walk it back after restore.
        g->zoomTo(f0 + 0.1 * (f1 - f0), f0 + 0.7 * (f1 - f0));
        const auto mid = g->visibleRange();
        g->zoomTo(f0 + 0.25 * (f1 - f0), f0 + 0.5 * (f1 - f0));
        const auto zoomed = g->visibleRange();
        QCOMPARE(g->zoomDepth(), 2);
        rateWindow->rate()->setState(doc->laneSymbol(0));
        const std::string rateState = (*doc->ses().symbols)[doc->laneSymbol(0)].name;
        // Short-visit thresholds other than the default: saved in options.extra.
        g->setMinVisitSeconds(2.5e-4);
        rateWindow->rate()->setMinVisitSeconds(0);
        const QString path = dir_.filePath("opts.chitra");
        QVERIFY(a->sessionController()->saveSession(path));

        // The file holds what was set, in the documented fields.
        const chitra::Session saved = load_session(path.toStdString()).session;
        const auto& ds = saved.files[0].views[0].displays;
        auto find = [&](DisplayKind k) {
            auto it = std::find_if(ds.begin(), ds.end(), [k](const DisplayState& d) { return d.kind == k; });
            return it == ds.end() ? nullptr : &*it;
        };
        QVERIFY(find(DisplayKind::frequency) && find(DisplayKind::gantt) && find(DisplayKind::rate));
        QCOMPARE(find(DisplayKind::frequency)->options.log_axis, false);
        QCOMPARE(find(DisplayKind::frequency)->options.sampling_interval.value_or(0), 5000.0);
        QCOMPARE(find(DisplayKind::gantt)->options.density_bar, std::string("point"));
        QCOMPARE(find(DisplayKind::gantt)->options.colour_map, std::string("hot"));
        QCOMPARE(find(DisplayKind::gantt)->options.averaging_width_percent, 7.0);
        QCOMPARE(find(DisplayKind::gantt)->visible.x0, zoomed.first);
        QCOMPARE(find(DisplayKind::gantt)->zoom_history.size(), std::size_t{2});
        QCOMPARE(find(DisplayKind::gantt)->zoom_history[0].x0, full.first);
        QCOMPARE(find(DisplayKind::gantt)->zoom_history[0].x1, full.second);
        QCOMPARE(find(DisplayKind::gantt)->zoom_history[1].x0, mid.first);
        QCOMPARE(find(DisplayKind::gantt)->zoom_history[1].x1, mid.second);
        QCOMPARE(find(DisplayKind::rate)->options.chosen_state, rateState);
        QCOMPARE(std::stod(find(DisplayKind::gantt)->options.extra.at(kMinVisitKey)), 2.5e-4);
        QCOMPARE(std::stod(find(DisplayKind::rate)->options.extra.at(kMinVisitKey)), 0.0);

        MainWindow* b = freshWindow();
        QVERIFY(b->sessionController()->openSession(path));
        QVERIFY2(b->sessionController()->lastReport().problems.empty(),
                 qPrintable(b->sessionController()->lastReport().summary()));
        FrequencyPlot* fb = b->currentPanel()->frequencyPlot();
        QVERIFY(!fb->logPower());
        QCOMPARE(fb->samplingInterval(), 5000.0);
        QVERIFY(!fb->autoUpdate());
        QVERIFY(fb->logFrequency());
        QVERIFY(fb->zoomToPeak());
        TraceviewWindow *gb = nullptr, *rb = nullptr;
        for (TraceviewWindow* t : b->findChildren<TraceviewWindow*>())
            (t->kind() == TraceviewWindow::Kind::Gantt ? gb : rb) = t;
        QVERIFY(gb && rb);
        QCOMPARE(gb->gantt()->density(0), GanttDisplay::Density::Point);
        QVERIFY(!gb->gantt()->chartShown(1));
        QCOMPARE(gb->gantt()->colourMap(), GanttDisplay::ColourMap::Hot);
        QCOMPARE(gb->gantt()->averageWindowPercent(), 7.0);
        QCOMPARE(gb->gantt()->visibleRange(), zoomed);
        QCOMPARE(rb->rate()->state(), doc->laneSymbol(0));
        QCOMPARE(gb->gantt()->minVisitSeconds(), 2.5e-4);
        QCOMPARE(rb->rate()->minVisitSeconds(), 0.0);
        const chitra::Session sa = a->sessionController()->capture(), sb = b->sessionController()->capture();
        QVERIFY(sb.files[0].views[0].displays == sa.files[0].views[0].displays);
        // The same pictures of the Gantt and rate displays (same window size first).
        {
            TraceviewWindow *ga = ganttWindow, *ra = rateWindow;
            for (auto [x, y] : {std::pair{ga, gb}, std::pair{ra, rb}}) {
                y->resize(x->size());
                testutil::settleWorkbench();
                const QImage ix = x->grab().toImage(), iy = y->grab().toImage();
                QCOMPARE(iy.size(), ix.size());
                QVERIFY2(differingShare(ix, iy) == 0.0, qPrintable(QString::number(differingShare(ix, iy))));
            }
        }
        // A threshold that is not a number is reported and the default used; a session
        // without the key (all older ones) gets the default silently.
        {
            chitra::Session edited = load_session(path.toStdString()).session;
            for (DisplayState& d : edited.files[0].views[0].displays) {
                if (d.kind == DisplayKind::gantt)
                    d.options.extra[kMinVisitKey] = "soon";
                if (d.kind == DisplayKind::rate)
                    d.options.extra.erase(kMinVisitKey);
            }
            const QString bad = dir_.filePath("opts-bad.chitra");
            save_session(bad.toStdString(), edited);
            MainWindow* c = freshWindow();
            QVERIFY(c->sessionController()->openSession(bad));
            const auto& problems = c->sessionController()->lastReport().problems;
            QCOMPARE(problems.size(), std::size_t{1});
            QVERIFY2(problems[0].contains("short-visit threshold"), qPrintable(problems[0]));
            for (TraceviewWindow* t : c->findChildren<TraceviewWindow*>())
                QCOMPARE(t->gantt() ? t->gantt()->minVisitSeconds() : t->rate()->minVisitSeconds(),
                         kDefaultMinVisitSeconds);
            c->sessionController()->setAsker(
                [](SessionController::Question, const QString&) { return SessionController::Answer::No; });
            delete c;
        }
        // The restored Gantt display undoes its zooms as the saved one would.
        QCOMPARE(gb->gantt()->zoomDepth(), 2);
        gb->gantt()->undoZoom();
        QCOMPARE(gb->gantt()->visibleRange(), mid);
        gb->gantt()->undoZoom();
        QCOMPARE(gb->gantt()->visibleRange(), full);
        QCOMPARE(gb->gantt()->zoomDepth(), 0);
        for (MainWindow* w : {a, b})
            w->sessionController()->setAsker(
                [](SessionController::Question, const QString&) { return SessionController::Answer::No; });
        delete a;
        delete b;
    }

    // Zoom and pan of the frequency view are saved, so they mark the session unsaved
    // (as the trace display's do); a click that moves nothing does not.
    void frequencyZoomAndPanMarkModified()
    {
        const QString trace = copyTo(dir_, sample("philosophers-n2-x100.pes"), "freqdirty.pes");
        MainWindow* w = freshWindow();
        w->openFiles({trace});
        waitLoaded(w, 1);
        SessionController* c = w->sessionController();
        FrequencyPlot* fp = w->currentPanel()->frequencyPlot();
        QVERIFY(w->currentView()->presentation().displayOpen("frequency"));
        fp->recompute();
        QTRY_VERIFY_WITH_TIMEOUT(!fp->busy() && fp->binCount() > 0, 20000);
        testutil::settleWorkbench();
        QVERIFY(c->saveSession(dir_.filePath("freqdirty.chitra")));
        QVERIFY(!c->isDirty());
        QVERIFY(!w->windowTitle().contains('*'));
        QCustomPlot* cp = fp->plot();
        cp->replot();
        const QPointF centre = QPointF(cp->axisRect()->center());
        const QPointF global = cp->mapToGlobal(centre.toPoint());

        auto send = [&](QEvent::Type type, QPointF at, Qt::MouseButtons buttons) {
            QMouseEvent e(type, at, cp->mapToGlobal(at.toPoint()), Qt::LeftButton, buttons, Qt::NoModifier);
            QApplication::sendEvent(cp, &e);
        };
        // A click (press and release in place): nothing moved, still clean.
        send(QEvent::MouseButtonPress, centre, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, centre, Qt::NoButton);
        QVERIFY(!c->isDirty());

        // A drag pans the x axis: modified.
        const QCPRange before = cp->xAxis->range();
        const QPointF to = centre + QPointF(60, 0);
        send(QEvent::MouseButtonPress, centre, Qt::LeftButton);
        send(QEvent::MouseMove, centre + QPointF(30, 0), Qt::LeftButton);
        send(QEvent::MouseMove, to, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, to, Qt::NoButton);
        QVERIFY(cp->xAxis->range().lower != before.lower);
        QVERIFY(c->isDirty());
        QVERIFY(w->windowTitle().contains('*'));

        // Saved again, a wheel zoom marks it too.
        QVERIFY(c->saveSession(dir_.filePath("freqdirty.chitra")));
        QVERIFY(!c->isDirty());
        const QCPRange panned = cp->xAxis->range();
        QWheelEvent wheel(centre, global, QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                          false);
        QApplication::sendEvent(cp, &wheel);
        QVERIFY(cp->xAxis->range().size() < panned.size());
        QVERIFY(c->isDirty());
        // What was marked is what is saved: the zoomed range is in the file.
        QVERIFY(c->saveSession(dir_.filePath("freqdirty.chitra")));
        const chitra::Session saved = load_session(dir_.filePath("freqdirty.chitra").toStdString()).session;
        bool found = false;
        for (const DisplayState& d : saved.files[0].views[0].displays)
            if (d.kind == DisplayKind::frequency) {
                found = true;
                QCOMPARE(d.visible.x0, cp->xAxis->range().lower);
                QCOMPARE(d.visible.x1, cp->xAxis->range().upper);
            }
        QVERIFY(found);
        delete w;
    }

    void commandLineScreenshot()
    {
        QVERIFY(!path_.isEmpty());
        const QString chitra = QCoreApplication::applicationDirPath() + "/../../src/app/chitra";
        QVERIFY2(QFile::exists(chitra), qPrintable(chitra));
        const QString out = dir_.filePath("shot.png");
        QProcess p;
        // (This session's frequency view and docks need at least ~1120 pixels across:
        // a smaller --size gives that minimum, see docs/sessions.md.)
        p.start(chitra, {"--session", path_, "--screenshot", out, "--size", "1300x800"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QImage shot(out);
        QCOMPARE(shot.size(), QSize(1300, 800));
        // A missing session file is bad input (exit 3) with a message naming it.
        p.start(chitra, {"--session", dir_.filePath("nope.chitra"), "--screenshot", out});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 3);
        QVERIFY(p.readAllStandardError().contains("nope.chitra"));
    }

private:
    QTemporaryDir dir_;
    QString path_;
    QStringList errors_;
};

QTEST_MAIN(SessionGuiTest)
#include "session_gui_test.moc"
