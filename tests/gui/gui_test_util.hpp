// Small helpers shared by the QtTest programs of the dialogs, the model window and the
// state details panel.
#pragma once

#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/trace/ses.hpp"
#include "jobs/turn_queue.hpp"
#include "jobs/worker_pool.hpp"

#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QThreadPool>
#include <QTimer>
#include <QString>
#include <QTest>
#include <QWidget>

#include <functional>
#include <memory>
#include <string>

namespace chitra::testutil {

// Waits until the workbench has nothing left in hand: no background job on the workers'
// pool, nothing queued for a later turn, every posted event delivered. A finished job
// posts its result, which may queue more, so it must be seen idle on two checks in a row.
// Tests wait for this, never for a duration, before comparing pictures or asserting that
// a dropped result did not arrive.
inline bool settleWorkbench(int timeoutMs = 60000)
{
    int calm = 0;
    return QTest::qWaitFor(
        [&] {
            QCoreApplication::sendPostedEvents();
            const bool idle = app::workerPool()->activeThreadCount() == 0 && app::TurnQueue::instance().idle();
            calm = idle ? calm + 1 : 0;
            return calm >= 2;
        },
        timeoutMs);
}

// A SES from PES text (the reader is the one the GUI uses).
inline std::shared_ptr<const Ses> sesFromText(const std::string& text)
{
    return std::make_shared<const Ses>(Ses::from_trace(read_pes_text(text, "test.pes")));
}

// A two-state square wave in ns: A for 1 ms, B for 1 ms, `periods` times (500 Hz).
inline std::shared_ptr<const Trace> squareWave(int periods)
{
    std::string text;
    long long t = 0;
    for (int i = 0; i < periods; ++i) {
        text += std::to_string(t) + " A\n";
        t += 1000000;
        text += std::to_string(t) + " B\n";
        t += 1000000;
    }
    text = "# chitra-pes 1\n# timebase: ns\n# end: " + std::to_string(t) + "\n" + text;
    return std::make_shared<const Trace>(read_pes_text(text, "square.pes"));
}

// A trace of three lanes as an importer makes it (Trace::lanes kept), in ns, whose first
// change is at 5 ms (the origin): "rank 0" runs main with compute, MPI_Send and MPI_Recv
// nested in it and poll inside MPI_Recv (depth 3); "rank 1" runs main with MPI_Recv and
// compute (depth 2); "io thread" reads and writes (depth 1). Times below are after the origin.
inline std::shared_ptr<const Trace> nestedLanesTrace()
{
    LaneTraceBuilder b("nested.json", "chrome");
    const std::size_t r0 = b.add_lane("rank 0"), r1 = b.add_lane("rank 1"), io = b.add_lane("io thread");
    const LaneStateId main = b.state("main"), compute = b.state("compute"), send = b.state("MPI_Send"),
                      recv = b.state("MPI_Recv"), poll = b.state("poll"), read = b.state("read"),
                      write = b.state("write");
    const Time o = 5000000;
    b.push(r0, o + 0, main);
    b.push(r0, o + 100, compute);
    b.pop(r0, o + 400);
    b.push(r0, o + 450, send);
    b.pop(r0, o + 600);
    b.push(r0, o + 700, recv);
    b.push(r0, o + 750, poll);
    b.pop(r0, o + 800);
    b.pop(r0, o + 900);
    b.pop(r0, o + 1000);
    b.push(r1, o + 50, main);
    b.push(r1, o + 100, recv);
    b.pop(r1, o + 650);
    b.push(r1, o + 700, compute);
    b.pop(r1, o + 950);
    b.pop(r1, o + 1000);
    b.push(io, o + 200, read);
    b.pop(io, o + 300);
    b.push(io, o + 800, write);
    b.pop(io, o + 850);
    auto lanes = std::make_shared<LaneTrace>(b.finish());
    Trace t = to_trace(*lanes, {0, 1, 2});
    t.lanes = std::move(lanes);
    return std::make_shared<const Trace>(std::move(t));
}

// Opens a popup menu with `open` and picks its entry whose text starts with `text` as a
// person does with the keyboard (Down until it is highlighted, Return). Returns the
// entry's full text, or an empty string when there was no menu or no entry.
inline QString chooseFromPopup(const std::function<void()>& open, const QString& text)
{
    QString chosen;
    QTimer::singleShot(0, [&chosen, text] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (int i = 0; i < 30; ++i) {
            QTest::keyClick(menu, Qt::Key_Down);
            if (menu->activeAction() && menu->activeAction()->text().startsWith(text)) {
                chosen = menu->activeAction()->text();
                QTest::keyClick(menu, Qt::Key_Return);
                return;
            }
        }
        QTest::keyClick(menu, Qt::Key_Escape);
    });
    open();
    QCoreApplication::processEvents();
    return chosen;
}

// Right-clicks `widget` at `pos` and picks the context menu's entry starting with `text`.
inline QString chooseFromContextMenu(QWidget* widget, QPoint pos, const QString& text)
{
    return chooseFromPopup(
        [widget, pos] {
            // The right button, then the context menu event the window system sends for it
            // (QTest hands mouse events to the widget directly, past the window that makes it).
            QTest::mouseClick(widget, Qt::RightButton, {}, pos);
            QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, pos, widget->mapToGlobal(pos));
            QCoreApplication::sendEvent(widget, &menuEvent);
        },
        text);
}

// With CHITRA_SCREENSHOT_DIR set, saves what the widget shows there (for looking at it).
inline void saveShot(QWidget* widget, const QString& name)
{
    const QByteArray dir = qgetenv("CHITRA_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(QString::fromLocal8Bit(dir));
    // Let pending layout requests run, as they would before the next paint on screen.
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    widget->grab().save(QString::fromLocal8Bit(dir) + "/" + name + ".png");
}

// Input as a person gives it: select what the box holds, type the new text.
inline void typeInto(QDoubleSpinBox* spin, const QString& text)
{
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(spin, Qt::Key_Delete);
    QTest::keyClicks(spin, text);
}

inline void typeInto(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
}

// Clicks row `row` of a list (scrolled into view first, as a person would).
inline void clickRow(QAbstractItemView* list, int row)
{
    const QModelIndex index = list->model()->index(row, 0);
    list->scrollTo(index);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(index).center());
}

// Picks item `index` of a combo box with the keyboard (Home, then Down arrows).
inline void chooseByKeys(QComboBox* box, int index)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(box, Qt::Key_Down);
}

} // namespace chitra::testutil
