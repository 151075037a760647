// Work for the GUI thread that can wait a moment, done one piece per turn of the event
// loop. Each piece waits for a short timer, and only one piece runs when it fires: input,
// painting and the other timers get their turn between two pieces. Timers that expire
// together all run in one go, and Qt's event loop delivers every posted event before it
// looks at timers or input again, so a new view's first replots, its panels' text and
// the bookkeeping of an opened file, each a few milliseconds, used to hold the GUI
// thread back to back (docs/performance.md, "GUI responsiveness").
#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <deque>
#include <functional>

namespace chitra::app {

class TurnQueue : public QObject {
public:
    // The application's queue (made on first use; call on the GUI thread).
    static TurnQueue& instance();

    // Runs `work` on a later turn, after the pieces queued before it. Dropped if `owner`
    // is destroyed first.
    void post(QObject* owner, std::function<void()> work);
    // Nothing is waiting for its turn (tests wait for this before they compare pictures).
    bool idle() const { return pieces_.empty(); }

private:
    TurnQueue();
    void runOne();

    struct Piece {
        QPointer<QObject> owner;
        std::function<void()> work;
    };
    std::deque<Piece> pieces_;
    QTimer timer_;
    static constexpr int kTurnMs = 2;
};

// Queues `work` on the application's turn queue.
inline void postToLaterTurn(QObject* owner, std::function<void()> work)
{
    TurnQueue::instance().post(owner, std::move(work));
}

// One call of an owner's work on a later turn, however often it is asked for before it
// runs. A member of `owner`, whose destruction drops the call.
class LaterTurnCall {
public:
    LaterTurnCall(QObject* owner, std::function<void()> work) : owner_(owner), work_(std::move(work)) {}

    void request()
    {
        if (pending_)
            return;
        pending_ = true;
        postToLaterTurn(owner_, [this] {
            if (!pending_)
                return; // cancelled meanwhile
            pending_ = false;
            work_(); // may request again
        });
    }
    // The call asked for is no longer needed (the work was done another way).
    void cancel() { pending_ = false; }

private:
    QObject* owner_;
    std::function<void()> work_;
    bool pending_ = false;
};

} // namespace chitra::app
