#include "chitra/lanecompare/pooled_lanes.hpp"

#include "chitra/lanes/lane_selection.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

namespace chitra {

Ses lane_base_ses(const Trace& trace, std::size_t lane, std::shared_ptr<const LaneTrace> all)
{
    return base_ses(project_lanes(trace, {lane}, std::move(all)));
}

FitStats pooled_lane_stats(const Trace& trace, const std::vector<std::size_t>& lanes, const Pipeline& pipeline,
                           std::shared_ptr<const LaneTrace> all, const CancelFlag* cancel,
                           const std::function<void(std::size_t, std::size_t)>& progress)
{
    if (lanes.empty())
        throw InputError("no lane to pool");
    if (!all)
        all = lanes_of(trace);
    const CancelScope scope(cancel);
    FitStats pooled;
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        throw_if_cancelled();
        const std::size_t lane = lanes[k];
        FitStats one;
        try {
            const RunResult run = run_pipeline(lane_base_ses(trace, lane, all), pipeline);
            one = collect_stats(run.ses, trace.header.timebase);
        } catch (const InputError& e) {
            throw InputError(std::string(e.what()) + " (on lane " + std::to_string(lane + 1) + " " +
                             all->lanes.at(lane).name + ")");
        }
        if (k == 0)
            pooled = std::move(one);
        else
            merge_into(pooled, one);
        if (progress)
            progress(k + 1, lanes.size());
    }
    return pooled;
}

} // namespace chitra
