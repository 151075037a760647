#include "jobs/background_job.hpp"

#include <algorithm>

namespace chitra::app {

void BackgroundJobs::start(const void* key, const QString& text, std::function<void()> cancel)
{
    auto it = std::find_if(jobs_.begin(), jobs_.end(), [key](const Job& j) { return j.key == key; });
    if (it != jobs_.end())
        jobs_.erase(it);
    jobs_.push_back(Job{key, text, std::move(cancel)});
    emit changed();
}

void BackgroundJobs::progress(const void* key, int done, int total)
{
    for (auto& j : jobs_)
        if (j.key == key) {
            j.done = done;
            j.total = total;
            emit changed();
        }
}

void BackgroundJobs::finish(const void* key)
{
    auto it = std::find_if(jobs_.begin(), jobs_.end(), [key](const Job& j) { return j.key == key; });
    if (it == jobs_.end())
        return;
    jobs_.erase(it);
    emit changed();
}

void BackgroundJobs::cancelAll()
{
    // Cancelling calls finish(), which edits the list: work on a copy.
    const std::vector<Job> jobs = jobs_;
    for (const auto& j : jobs)
        if (j.cancel)
            j.cancel();
        else
            finish(j.key);
}

} // namespace chitra::app
