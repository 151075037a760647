// A view's pipeline with the SES after each step cached, so that undo is instant and
// a push replays only the new step. Wraps the core's replay; a step the core refuses
// throws chitra::InputError and leaves the engine as it was.
#pragma once

#include "chitra/pipeline.hpp"
#include "chitra/ses.hpp"

#include <memory>
#include <vector>

namespace chitra::app {

class StepEngine {
public:
    explicit StepEngine(std::shared_ptr<const Ses> base);
    void push(const Step& step); // throws InputError
    void pop();
    const std::vector<Step>& steps() const { return steps_; }
    std::shared_ptr<const Ses> result() const { return cache_.back(); }
    std::shared_ptr<const Ses> base() const { return cache_.front(); }

private:
    std::vector<Step> steps_;
    std::vector<std::shared_ptr<const Ses>> cache_;
};

// Leftmost non-overlapping matches of `pattern` (semantics.md section 3, aggregate):
// the start index of each match.
std::vector<std::size_t> findPatternMatches(const Ses& ses, const std::vector<SymbolId>& pattern);

// Applies one step (the core's transforms when available).
Ses applyStep(const Ses& in, const Step& step);

} // namespace chitra::app
