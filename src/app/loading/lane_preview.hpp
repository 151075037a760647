// The import dialog's preview: what the current lane choice would give (records and
// distinct states, per trace when each lane becomes a trace of its own). Small choices
// are counted at once; large ones on a worker, a newer request cancelling the older.
#pragma once

#include "chitra/lanes/lane_choice.hpp"
#include "chitra/util/cancel.hpp"

#include <QObject>

#include <cstdint>
#include <memory>
#include <vector>

namespace chitra::app {

struct LanePreviewFigures {
    std::size_t traces = 0;        // 1, or the number of lanes when each is a trace
    LaneChoiceFigures total;       // one trace: its figures
    LaneChoiceFigures least, most; // separate traces: the smallest and largest figures
    // One trace whose lanes form more than mostVectorStates() distinct states: its states
    // are formed from the first `stateLanes` chosen lanes (LaneChoice::stateLanes), which
    // give `formed`; 0 when every chosen lane forms them.
    std::size_t stateLanes = 0;
    LaneChoiceFigures formed;
};

class LanePreview : public QObject {
    Q_OBJECT
public:
    LanePreview(std::shared_ptr<const LaneTrace> lanes, QObject* parent = nullptr);
    ~LanePreview() override;

    // Counted on the GUI thread up to this many lane changes (tests lower it).
    void setSyncLimit(std::uint64_t changes) { syncLimit_ = changes; }
    void request(std::vector<std::size_t> lanes, bool separate);
    bool busy() const { return busy_; }

    static LanePreviewFigures compute(const LaneTrace& trace, const std::vector<std::size_t>& lanes, bool separate);

signals:
    void ready(const chitra::app::LanePreviewFigures& figures);
    void busyChanged(bool busy);

private:
    void setBusy(bool busy);

    std::shared_ptr<const LaneTrace> lanes_;
    std::uint64_t syncLimit_ = 2'000'000;
    std::shared_ptr<CancelFlag> running_; // the worker's flag, set to drop it
    int generation_ = 0;
    bool busy_ = false;
};

} // namespace chitra::app
