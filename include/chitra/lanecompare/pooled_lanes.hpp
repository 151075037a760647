// Lanes of one trace fitted as one ensemble, as `chitra-cli fit --pool-lanes` does
// (interfaces.md "Lanes compared"): each lane alone through the pipeline, the statistics
// merged in lane order with no transition between lanes. What the workbench fits for a
// view that analyses a group of lanes pooled.
#pragma once

#include "chitra/chain/chain_stats.hpp"
#include "chitra/lanes/lane_trace.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/trace.hpp"
#include "chitra/util/cancel.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace chitra {

// The SES of lane `lane` of `trace` alone (project_lanes, the trace's time base and
// origin), as a pipeline starts from it. `all`: lanes_of(trace) when the caller has it.
Ses lane_base_ses(const Trace& trace, std::size_t lane, std::shared_ptr<const LaneTrace> all = nullptr);

// The merged statistics of `lanes` (indices into lanes_of(trace)), each lane's base SES
// through `pipeline`. Throws InputError "step N (op): reason (on lane K NAME)" when the
// pipeline refuses a lane, and Cancelled when `cancel` becomes true (checked between
// lanes). `progress(done, total)` after each lane.
FitStats pooled_lane_stats(const Trace& trace, const std::vector<std::size_t>& lanes, const Pipeline& pipeline,
                           std::shared_ptr<const LaneTrace> all = nullptr, const CancelFlag* cancel = nullptr,
                           const std::function<void(std::size_t, std::size_t)>& progress = {});

} // namespace chitra
