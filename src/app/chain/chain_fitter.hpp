// Fits the semi-Markov chain of a view and opens its model window: at once for a small
// SES, on a worker for a large one or a view of lanes pooled (document/lane_pool.hpp),
// as a background job. Cancel stops the fit at its next pass; a newer fit abandons the
// result of the one before.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QWidget;

namespace chitra::app {

class BackgroundJobs;
class ViewDocument;

class ChainFitter : public QObject {
    Q_OBJECT
public:
    // Model windows and error messages go to `window`; `openTrace` opens a trajectory a
    // model window simulated.
    ChainFitter(BackgroundJobs* jobs, QWidget* window, std::function<void(const QString&)> openTrace);

    void fit(ViewDocument* view);
    // The model window of the last fit (null while a background fit runs or after it closed).
    QWidget* lastModelWindow() const { return lastModel_.data(); }

private:
    BackgroundJobs* jobs_;
    QWidget* window_;
    std::function<void(const QString&)> openTrace_;
    int generation_ = 0;
    QPointer<QWidget> lastModel_;
};

} // namespace chitra::app
