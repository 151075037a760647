#include "ensemble/ensemble_measurer.hpp"

#include "jobs/worker_pool.hpp"

#include <QPromise>

namespace chitra::app {

using Result = std::shared_ptr<std::vector<MemberMeasurement>>;

EnsembleMeasurer::EnsembleMeasurer(QObject* parent) : QObject(parent)
{
    connect(&watcher_, &QFutureWatcherBase::progressValueChanged, this,
            [this](int value) { emit progress(value, watcher_.progressMaximum()); });
    connect(&watcher_, &QFutureWatcherBase::finished, this, [this] {
        if (watcher_.isCanceled() || watcher_.future().resultCount() == 0)
            return;
        Result result = watcher_.result();
        emit finished(result ? std::move(*result) : std::vector<MemberMeasurement>{});
    });
}

EnsembleMeasurer::~EnsembleMeasurer()
{
    // The worker owns copies of what it reads; it stops at its next check.
    watcher_.cancel();
}

void EnsembleMeasurer::start(std::vector<MemberInput> members, Pipeline pipeline)
{
    watcher_.setFuture(
        runInBackground([members = std::move(members), pipeline = std::move(pipeline)](QPromise<Result>& promise) {
            promise.setProgressRange(0, 2 * static_cast<int>(members.size()));
            auto measured = std::make_shared<std::vector<MemberMeasurement>>(measureMembers(
                members, pipeline, [&promise](int done, int) { promise.setProgressValue(done); },
                [&promise] { return promise.isCanceled(); }));
            promise.addResult(std::move(measured));
        }));
}

} // namespace chitra::app
