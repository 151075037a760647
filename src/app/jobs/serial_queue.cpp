#include "jobs/serial_queue.hpp"

#include <QCoreApplication>
#include <QThreadPool>

namespace chitra::app {

QThreadPool* newSerialQueue()
{
    QCoreApplication* app = QCoreApplication::instance();
    if (!app)
        return nullptr;
    auto* pool = new QThreadPool(app);
    pool->setMaxThreadCount(1);
    return pool;
}

} // namespace chitra::app
