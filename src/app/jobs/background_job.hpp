// The status bar's list of running background jobs (loading, pipeline replay, fitting,
// periodograms): each registers with a text and a cancel action; the newest one is
// shown with its progress, and Cancel cancels every job (ui.md: "Long work shows
// progress in the status bar with a cancel button").
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

namespace chitra::app {

class BackgroundJobs : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJobs(QObject* parent = nullptr) : QObject(parent) {}

    // Registers (or, for a known key, restarts) the job `key` (any pointer that
    // identifies its owner). `cancel` must end the job by calling finish(key).
    void start(const void* key, const QString& text, std::function<void()> cancel);
    void progress(const void* key, int done, int total);
    void finish(const void* key);
    void cancelAll();

    bool busy() const { return !jobs_.empty(); }
    QString text() const { return jobs_.empty() ? QString() : jobs_.back().text; }
    int done() const { return jobs_.empty() ? 0 : jobs_.back().done; }
    int total() const { return jobs_.empty() ? 0 : jobs_.back().total; } // 0: unknown

signals:
    void changed();

private:
    struct Job {
        const void* key;
        QString text;
        std::function<void()> cancel;
        int done = 0, total = 0;
    };
    std::vector<Job> jobs_;
};

} // namespace chitra::app
