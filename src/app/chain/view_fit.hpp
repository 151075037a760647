// What fitting a view means: the chain of its SES or, for a view of lanes pooled
// (document/lane_pool.hpp), those lanes each through the view's pipeline, fitted as one
// ensemble (`chitra-cli fit --pool-lanes`). Taken from the view on the GUI thread, fitted
// on any thread; used by the model window's fit and by the headless model display.
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/lanes/lane_trace.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/util/cancel.hpp"

#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace chitra::app {

class ViewDocument;

struct ViewFit {
    std::shared_ptr<const Ses> ses;
    TimeBase timebase = TimeBase::us;
    // A pool: the trace, its lanes, the lanes pooled and the pipeline each goes through.
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const LaneTrace> lanes;
    std::vector<std::size_t> pooled;
    Pipeline pipeline;
    QString title;   // "Model of VIEW", "Pooled model of group 2 pooled (7 lanes) of VIEW"
    QString pooling; // what the model window says of a pool above its tables; empty: none

    bool pools() const { return !pooled.empty(); }
    // Throws InputError (the pipeline refused a lane) and Cancelled (`cancel` was set:
    // checked between lanes and the fit's passes). `progress(done, total)` per lane.
    SemiMarkovModel fit(const CancelFlag* cancel = nullptr,
                        const std::function<void(std::size_t, std::size_t)>& progress = {}) const;
};

ViewFit viewFit(const ViewDocument& view);

} // namespace chitra::app
