#include "displays/headless_settle.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QThread>

namespace chitra::app {

void settleFor(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
}

} // namespace chitra::app
