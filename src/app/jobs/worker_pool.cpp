#include "jobs/worker_pool.hpp"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>
#include <QThreadPool>

namespace chitra::app {

QThreadPool* workerPool()
{
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setMaxThreadCount(QThread::idealThreadCount());
        pool->setObjectName(QStringLiteral("chitra workers"));
    }
    return pool;
}

} // namespace chitra::app
