// A queue of background tasks run one at a time, in the order they were queued.
#pragma once

class QThreadPool;

namespace chitra::app {

// A pool of one thread below the GUI thread's priority, a child of the application,
// whose end waits for the tasks still queued. nullptr when there is no application
// object. Call on the application's thread.
QThreadPool* newSerialQueue();

} // namespace chitra::app
