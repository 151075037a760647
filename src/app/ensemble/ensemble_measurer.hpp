// Measures the members of an ensemble on a worker thread (QtConcurrent), reporting
// progress; the window stays responsive. Destroying it abandons a running measurement.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "ensemble/ensemble_measurement.hpp"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace chitra::app {

class EnsembleMeasurer : public QObject {
    Q_OBJECT
public:
    explicit EnsembleMeasurer(QObject* parent = nullptr);
    ~EnsembleMeasurer() override;

    void start(std::vector<MemberInput> members, Pipeline pipeline);
    bool running() const { return watcher_.isRunning(); }

signals:
    void progress(int done, int total);
    void finished(std::vector<chitra::app::MemberMeasurement> measured);

private:
    QFutureWatcher<std::shared_ptr<std::vector<MemberMeasurement>>> watcher_;
};

} // namespace chitra::app
