#include "step_engine.hpp"

#include "chitra/pattern.hpp"
#include "chitra/transforms.hpp"
#include "chitra/types.hpp"

#include <algorithm>
#include <string>

namespace chitra::app {

StepEngine::StepEngine(std::shared_ptr<const Ses> base) { cache_.push_back(std::move(base)); }

void StepEngine::push(const Step& step)
{
    auto next = std::make_shared<const Ses>(applyStep(*cache_.back(), step));
    steps_.push_back(step);
    cache_.push_back(std::move(next));
}

void StepEngine::pop()
{
    if (steps_.empty())
        return;
    steps_.pop_back();
    cache_.pop_back();
}

std::vector<std::size_t> findPatternMatches(const Ses& ses, const std::vector<SymbolId>& pattern)
{
    return find_pattern(ses, std::span<const SymbolId>(pattern)).starts;
}

Ses applyStep(const Ses& in, const Step& s)
{
    Warnings warnings; // names that match nothing: the step then has no effect for them
    return apply_step(in, s, warnings);
}

} // namespace chitra::app
