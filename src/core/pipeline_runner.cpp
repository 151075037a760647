// Pipeline replay with a cache of every step's result.
#include "chitra/pipeline_runner.hpp"

#include "chitra/transforms.hpp"

#include <algorithm>

namespace chitra {

namespace {
// Applies step `index`, naming it in errors; in strict mode a warning is an error.
Ses apply_labeled(const Ses& in, const Step& step, std::size_t index, bool strict, Warnings& warnings)
{
    try {
        Ses out = apply_step(in, step, warnings);
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
    if (ses.symbols && ses.symbols->separator() != trace.header.separator) {
        auto table = std::make_shared<SymbolTable>(*ses.symbols);
        table->set_separator(trace.header.separator);
        ses.symbols = std::move(table);
    }
    return ses;
}

RunResult run_pipeline(const Ses& base, const Pipeline& pipeline, bool strict)
{
    RunResult result;
    if (pipeline.steps.empty()) {
        result.ses = base;
        return result;
    }
    const Ses* current = &base;
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        Warnings warnings;
        result.ses = apply_labeled(*current, pipeline.steps[i], i, strict, warnings);
        current = &result.ses;
        for (auto& w : warnings)
            result.warnings.push_back(step_label(i, pipeline.steps[i]) + ": " + w);
    }
    return result;
}

PipelineRunner::PipelineRunner(Ses base, bool strict) : strict_(strict)
{
    results_.push_back(std::move(base));
}

void PipelineRunner::push_step(const Step& step)
{
    Warnings warnings;
    Ses next = apply_labeled(results_.back(), step, size(), strict_, warnings);
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
    Ses next = apply_labeled(results_[last], step, last, strict_, warnings);
    results_.back() = std::move(next);
    warnings_.back() = std::move(warnings);
    pipeline_.steps.back() = step;
}

void PipelineRunner::remove_step(std::size_t index)
{
    if (index >= size())
        throw InputError("there is no step " + std::to_string(index + 1) + " to remove");
    const std::string removed = step_label(index, pipeline_.steps[index]);
    std::vector<Ses> replayed;
    std::vector<Warnings> replayed_warnings;
    const Ses* current = &results_[index];
    for (std::size_t j = index + 1; j < size(); ++j) {
        const Step& step = pipeline_.steps[j];
        Warnings warnings;
        try {
            replayed.push_back(apply_labeled(*current, step, j, false, warnings));
        } catch (const InputError& e) {
            throw InputError("cannot remove " + removed + ": " + e.what());
        }
        // A warning the step did not have before means it now names a symbol that no
        // longer exists (or that it matches nothing any more).
        for (const auto& w : warnings)
            if (std::find(warnings_[j].begin(), warnings_[j].end(), w) == warnings_[j].end())
                throw InputError("cannot remove " + removed + ": " + step_label(j, step) +
                                 " depends on it: " + w);
        replayed_warnings.push_back(std::move(warnings));
        current = &replayed.back();
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

void PipelineRunner::set_pipeline(const Pipeline& pipeline)
{
    std::size_t common = 0;
    while (common < size() && common < pipeline.steps.size() && pipeline_.steps[common] == pipeline.steps[common])
        ++common;
    std::vector<Ses> computed;
    std::vector<Warnings> computed_warnings;
    const Ses* current = &results_[common];
    for (std::size_t j = common; j < pipeline.steps.size(); ++j) {
        Warnings warnings;
        computed.push_back(apply_labeled(*current, pipeline.steps[j], j, strict_, warnings));
        computed_warnings.push_back(std::move(warnings));
        current = &computed.back();
    }
    pipeline_ = pipeline;
    results_.resize(common + 1);
    warnings_.resize(common);
    for (std::size_t j = 0; j < computed.size(); ++j) {
        results_.push_back(std::move(computed[j]));
        warnings_.push_back(std::move(computed_warnings[j]));
    }
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
