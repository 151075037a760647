// The threads that run the workbench's background jobs (reading, replays, spectra,
// fits, suggestions), kept apart from Qt's global thread pool. Qt's raster engine splits
// large fills and image draws of the GUI thread over the global pool and waits for them:
// with that pool's threads held by jobs of seconds, a paint waited as long as the job
// (docs/performance.md, "GUI responsiveness").
#pragma once

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

class QThreadPool;

namespace chitra::app {

// A pool of as many threads as the machine has cores, at a priority below the GUI
// thread's, a child of the application (its end waits for the jobs still running). Call
// on the application's thread first.
QThreadPool* workerPool();

// Makes `pool`'s threads (maxThreadCount of them) now, at a priority below the GUI
// thread's, and keeps them.
void keepThreadsBelowTheGuiThread(QThreadPool* pool);

// QtConcurrent::run on the workers' pool.
template <class Function, class... Args> auto runInBackground(Function&& function, Args&&... args)
{
    return QtConcurrent::run(workerPool(), std::forward<Function>(function), std::forward<Args>(args)...);
}

} // namespace chitra::app
