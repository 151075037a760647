#include "jobs/serial_queue.hpp"

#include "jobs/worker_pool.hpp"

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
    // Background writes (the desktop's recent list, the summary cache) take their share
    // of the cores after the GUI thread, as the workers do.
    keepThreadsBelowTheGuiThread(pool);
    return pool;
}

} // namespace chitra::app
