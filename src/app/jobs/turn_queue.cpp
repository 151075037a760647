#include "jobs/turn_queue.hpp"

#include <QCoreApplication>

namespace chitra::app {

TurnQueue& TurnQueue::instance()
{
    static QPointer<TurnQueue> queue;
    if (!queue)
        queue = new TurnQueue;
    return *queue;
}

TurnQueue::TurnQueue() : QObject(QCoreApplication::instance())
{
    timer_.setSingleShot(true);
    timer_.setInterval(kTurnMs);
    connect(&timer_, &QTimer::timeout, this, &TurnQueue::runOne);
}

void TurnQueue::post(QObject* owner, std::function<void()> work)
{
    pieces_.push_back({owner, std::move(work)});
    if (!timer_.isActive())
        timer_.start();
}

void TurnQueue::runOne()
{
    while (!pieces_.empty()) {
        Piece piece = std::move(pieces_.front());
        pieces_.pop_front();
        if (!piece.owner)
            continue;
        piece.work(); // may post more
        break;
    }
    if (!pieces_.empty() && !timer_.isActive())
        timer_.start();
}

} // namespace chitra::app
