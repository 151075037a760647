// Replays a pipeline on a base SES, caching the SES after every step (docs/pipeline.md).
#pragma once

#include "chitra/util/cancel.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/trace/trace.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace chitra {

// The SES a pipeline starts from: Ses::from_trace, with the symbol table's separator
// set from the trace header (component projection names new tuples with it).
Ses base_ses(const Trace& trace);

struct RunResult {
    Ses ses;
    std::vector<std::string> warnings; // "step 2 (project): state 'X' names no symbol of this trace"
};

// Applies every step in order. Throws InputError "step N (op): reason" (1-based) and
// returns nothing partial; with `strict`, the first warning is thrown as an error.
RunResult run_pipeline(const Ses& base, const Pipeline& pipeline, bool strict = false);
// The same, taking `base` and freeing it after the first step, so that at most two SES
// (a step's input and output) are alive at a time.
RunResult run_pipeline(Ses&& base, const Pipeline& pipeline, bool strict = false);

// A replay of a pipeline's tail computed apart from the runner (on a worker thread):
// the results of steps [common, target.steps.size()).
struct Replay {
    Pipeline target;
    std::size_t common = 0;
    std::vector<std::shared_ptr<const Ses>> results;
    std::vector<std::vector<std::string>> warnings; // without step prefix
};

// Applies steps [common, end) of `target` to `start` (the SES after `common` steps).
// Safe on any thread (it only reads `start`). Throws InputError "step N (op): reason"
// like set_pipeline, and Cancelled when `cancel` becomes true (checked between steps
// and inside the frequency filter). `progress(done, total)` is called after each step.
Replay replay_pipeline(std::shared_ptr<const Ses> start, const Pipeline& target, std::size_t common,
                       bool strict = false, const CancelFlag* cancel = nullptr,
                       const std::function<void(std::size_t, std::size_t)>& progress = {});

// Relative cost of one step per input element: the frequency filter runs one FFT per
// symbol, every other step is a linear pass (docs/performance.md).
double step_cost(const Step& step);

// A view's pipeline with the result of every step cached: undoing or changing the last
// step reuses the result before it; removing an earlier step replays only the steps
// after it. Every mutator either succeeds or throws InputError and leaves the runner
// unchanged.
class PipelineRunner {
public:
    explicit PipelineRunner(Ses base, bool strict = false);
    // A base shared with other runners (views of one trace): it is never modified.
    explicit PipelineRunner(std::shared_ptr<const Ses> base, bool strict = false);

    // Appends a step and applies it to result().
    void push_step(const Step& step);
    // Drops the last step (no recomputation). No effect when there is none.
    void pop_step();
    // Replaces the last step, recomputing only it.
    void replace_last(const Step& step);
    // Removes step `index` (0-based) and replays the later steps on the result before it.
    // Refused (InputError naming the later step) when a later step would then name a
    // symbol that no longer exists, or would fail.
    void remove_step(std::size_t index);
    // Switches to another pipeline, reusing the cached results of the common prefix.
    void set_pipeline(const Pipeline& pipeline);

    // For background replays: the length of the prefix `target` shares with pipeline(),
    // the cached SES after k steps (shared, so a worker can read it while the runner
    // changes), the estimated cost of switching to `target` (input elements times
    // step_cost of every step to recompute), and the commit of a finished replay.
    std::size_t common_prefix(const Pipeline& target) const;
    std::shared_ptr<const Ses> result_ptr(std::size_t k) const { return results_.at(k); }
    double replay_cost(const Pipeline& target) const;
    bool strict() const { return strict_; }
    // Adopts a replay computed from this runner's result_ptr(replay.common). Throws
    // std::logic_error (runner unchanged) when the runner's first `common` steps differ
    // from the replay's target since it was planned.
    void commit(Replay replay);

    const Pipeline& pipeline() const { return pipeline_; }
    std::size_t size() const { return pipeline_.steps.size(); }
    const Ses& base() const { return *results_.front(); }
    const Ses& result() const { return *results_.back(); }
    // The SES after the first k steps (0: the base).
    const Ses& result_at(std::size_t k) const { return *results_.at(k); }
    // Every step's warnings, prefixed with the step, in step order.
    std::vector<std::string> warnings() const;
    // The warnings of step `index` (0-based), without prefix.
    const std::vector<std::string>& step_warnings(std::size_t index) const { return warnings_.at(index); }

private:
    Pipeline pipeline_;
    std::vector<std::shared_ptr<const Ses>> results_; // size() + 1 entries, never null
    std::vector<std::vector<std::string>> warnings_;  // size() entries
    bool strict_ = false;
};

} // namespace chitra
