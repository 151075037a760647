#include "jobs/worker_pool.hpp"

#include <QCoreApplication>
#include <QPointer>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>

#include <memory>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace chitra::app {

namespace {
// Below the GUI thread's priority (and the threads Qt's painting uses), so that on a
// machine whose cores the jobs fill, the GUI thread is not taken off its core half-way
// through a paint: with jobs at the same priority, the GUI thread's work waited for a core
// while a large trace opened (docs/performance.md, "GUI responsiveness").
constexpr int kWorkerNice = 10;

void lowerThisThreadsPriority()
{
#ifdef Q_OS_LINUX
    // QThread priorities do nothing under Linux's default scheduler; a thread's nice value does.
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kWorkerNice);
#endif
}

} // namespace

void keepThreadsBelowTheGuiThread(QThreadPool* pool)
{
    pool->setExpiryTimeout(-1);
    pool->setThreadPriority(QThread::LowPriority); // where QThread priorities count
    // Starts the pool's threads now and keeps them: each lowers its own priority once, and
    // threads made later by the pool would not.
    const int n = pool->maxThreadCount();
    auto started = std::make_shared<QSemaphore>(0);
    auto gate = std::make_shared<QSemaphore>(0);
    for (int i = 0; i < n; ++i)
        pool->start([started, gate] {
            lowerThisThreadsPriority();
            started->release();
            gate->acquire(); // held until every thread has one of these
        });
    started->acquire(n);
    gate->release(n);
}

QThreadPool* workerPool()
{
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("chitra workers"));
        pool->setMaxThreadCount(QThread::idealThreadCount());
        keepThreadsBelowTheGuiThread(pool);
    }
    return pool;
}

} // namespace chitra::app
