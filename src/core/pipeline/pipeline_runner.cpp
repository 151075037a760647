// Pipeline replay with a cache of every step's result.
#include "chitra/pipeline/pipeline_runner.hpp"

#include "chitra/transforms/transforms.hpp"

#include <algorithm>
#include <stdexcept>

namespace chitra {

namespace {
// Applies step `index` to `in` (an SES to read, or to consume: Ses&&), naming the step
// in errors; in strict mode a warning is an error.
template <class In> Ses apply_labeled(In&& in, const Step& step, std::size_t index, bool strict, Warnings& warnings)
{
    try {
        Ses out = apply_step(std::forward<In>(in), step, warnings);
        if (strict && !warnings.empty())
            throw InputError(warnings.front() + " (strict mode)");
        return out;
    } catch (const InputError& e) {
        throw InputError(step_label(index, step) + ": " + e.what());
    }
}
} // namespace

Ses base_ses(const Trace& trace)
{
    Ses ses = Ses::from_trace(trace);
    ses.symbols = symbols_with_header_separator(trace);
    return ses;
}

namespace {
// Step `index` applied to `in`, into result.ses. `in` may be result.ses: read, it is
// replaced once the step's output is whole; consumed (Ses&&), the step may write over it.
template <class In>
void apply_into(RunResult& result, In&& in, const Pipeline& pipeline, std::size_t index, bool strict)
{
    Warnings warnings;
    result.ses = apply_labeled(std::forward<In>(in), pipeline.steps[index], index, strict, warnings);
    for (auto& w : warnings)
        result.warnings.push_back(step_label(index, pipeline.steps[index]) + ": " + w);
}

// Every step of a non-empty pipeline in order; `release()` once the first step has read
// `base`.
template <class Release> RunResult run_steps(const Ses& base, const Pipeline& pipeline, bool strict, Release release)
{
    RunResult result;
    apply_into(result, base, pipeline, 0, strict);
    release();
    for (std::size_t i = 1; i < pipeline.steps.size(); ++i)
        apply_into(result, std::move(result.ses), pipeline, i, strict);
    return result;
}
} // namespace

RunResult run_pipeline(const Ses& base, const Pipeline& pipeline, bool strict)
{
    if (pipeline.steps.empty())
        return RunResult{base, {}};
    return run_steps(base, pipeline, strict, [] {});
}

RunResult run_pipeline(Ses&& base, const Pipeline& pipeline, bool strict)
{
    if (pipeline.steps.empty())
        return RunResult{std::move(base), {}};
    // Freed after the first step: at most two SES are alive at a time.
    return run_steps(base, pipeline, strict, [&base] { base = Ses(); });
}

using SesPtr = std::shared_ptr<const Ses>;

PipelineRunner::PipelineRunner(Ses base, bool strict)
    : PipelineRunner(std::make_shared<const Ses>(std::move(base)), strict)
{
}

PipelineRunner::PipelineRunner(std::shared_ptr<const Ses> base, bool strict) : strict_(strict)
{
    if (!base)
        throw std::invalid_argument("PipelineRunner: no base SES");
    results_.push_back(std::move(base));
}

void PipelineRunner::push_step(const Step& step)
{
    Warnings warnings;
    auto next = std::make_shared<const Ses>(apply_labeled(*results_.back(), step, size(), strict_, warnings));
    results_.push_back(std::move(next));
    warnings_.push_back(std::move(warnings));
    pipeline_.steps.push_back(step);
}

void PipelineRunner::pop_step()
{
    if (pipeline_.steps.empty())
        return;
    pipeline_.steps.pop_back();
    warnings_.pop_back();
    results_.pop_back();
}

void PipelineRunner::replace_last(const Step& step)
{
    if (pipeline_.steps.empty()) {
        push_step(step);
        return;
    }
    const std::size_t last = size() - 1;
    Warnings warnings;
    auto next = std::make_shared<const Ses>(apply_labeled(*results_[last], step, last, strict_, warnings));
    results_.back() = std::move(next);
    warnings_.back() = std::move(warnings);
    pipeline_.steps.back() = step;
}

void PipelineRunner::remove_step(std::size_t index)
{
    if (index >= size())
        throw InputError("there is no step " + std::to_string(index + 1) + " to remove");
    const std::string removed = step_label(index, pipeline_.steps[index]);
    std::vector<SesPtr> replayed;
    std::vector<Warnings> replayed_warnings;
    const Ses* current = results_[index].get();
    for (std::size_t j = index + 1; j < size(); ++j) {
        const Step& step = pipeline_.steps[j];
        Warnings warnings;
        try {
            replayed.push_back(std::make_shared<const Ses>(apply_labeled(*current, step, j, false, warnings)));
        } catch (const InputError& e) {
            throw InputError("cannot remove " + removed + ": " + e.what());
        }
        // A warning the step did not have before means it now names a symbol that no
        // longer exists (or that it matches nothing any more).
        for (const auto& w : warnings)
            if (std::find(warnings_[j].begin(), warnings_[j].end(), w) == warnings_[j].end())
                throw InputError("cannot remove " + removed + ": " + step_label(j, step) + " depends on it: " + w);
        replayed_warnings.push_back(std::move(warnings));
        current = replayed.back().get();
    }
    // Commit: nothing above changed the runner.
    pipeline_.steps.erase(pipeline_.steps.begin() + static_cast<std::ptrdiff_t>(index));
    results_.resize(index + 1);
    warnings_.resize(index);
    for (std::size_t j = 0; j < replayed.size(); ++j) {
        results_.push_back(std::move(replayed[j]));
        warnings_.push_back(std::move(replayed_warnings[j]));
    }
}

std::size_t PipelineRunner::common_prefix(const Pipeline& target) const
{
    std::size_t common = 0;
    while (common < size() && common < target.steps.size() && pipeline_.steps[common] == target.steps[common])
        ++common;
    return common;
}

double PipelineRunner::replay_cost(const Pipeline& target) const
{
    const std::size_t common = common_prefix(target);
    // Steps only shrink or keep the SES, so the prefix's size bounds every input.
    const double elements = static_cast<double>(results_[common]->size());
    double cost = 0;
    for (std::size_t j = common; j < target.steps.size(); ++j)
        cost += elements * step_cost(target.steps[j]);
    return cost;
}

void PipelineRunner::set_pipeline(const Pipeline& pipeline)
{
    const std::size_t common = common_prefix(pipeline);
    commit(replay_pipeline(results_[common], pipeline, common, strict_));
}

void PipelineRunner::commit(Replay replay)
{
    const std::size_t common = replay.common;
    if (common > size() || replay.results.size() + common != replay.target.steps.size() ||
        replay.warnings.size() != replay.results.size() ||
        !std::equal(replay.target.steps.begin(), replay.target.steps.begin() + static_cast<std::ptrdiff_t>(common),
                    pipeline_.steps.begin()))
        throw std::logic_error("pipeline replay does not fit the runner's current pipeline");
    pipeline_ = std::move(replay.target);
    results_.resize(common + 1);
    warnings_.resize(common);
    for (std::size_t j = 0; j < replay.results.size(); ++j) {
        results_.push_back(std::move(replay.results[j]));
        warnings_.push_back(std::move(replay.warnings[j]));
    }
}

Replay replay_pipeline(std::shared_ptr<const Ses> start, const Pipeline& target, std::size_t common, bool strict,
                       const CancelFlag* cancel, const std::function<void(std::size_t, std::size_t)>& progress)
{
    CancelScope scope(cancel); // seen by loops deep inside the transforms
    Replay replay;
    replay.target = target;
    replay.common = common;
    const Ses* current = start.get();
    const std::size_t total = target.steps.size() > common ? target.steps.size() - common : 0;
    for (std::size_t j = common; j < target.steps.size(); ++j) {
        throw_if_cancelled();
        Warnings warnings;
        replay.results.push_back(
            std::make_shared<const Ses>(apply_labeled(*current, target.steps[j], j, strict, warnings)));
        replay.warnings.push_back(std::move(warnings));
        current = replay.results.back().get();
        if (progress)
            progress(j + 1 - common, total);
    }
    throw_if_cancelled(); // a result that finished after the cancel is still abandoned
    return replay;
}

double step_cost(const Step& step)
{
    // The frequency filter runs one FFT per symbol, a linear step one pass
    // (docs/performance.md, "Transforms").
    return std::holds_alternative<step::FilterFrequency>(step) ? 100.0 : 1.0;
}

std::vector<std::string> PipelineRunner::warnings() const
{
    std::vector<std::string> all;
    for (std::size_t i = 0; i < warnings_.size(); ++i)
        for (const auto& w : warnings_[i])
            all.push_back(step_label(i, pipeline_.steps[i]) + ": " + w);
    return all;
}

} // namespace chitra
