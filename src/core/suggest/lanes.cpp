// One lane at a time: in a trace whose states join several lanes (threads, philosophers),
// the joined chain multiplies the lanes' own chains; keeping one lane shows that lane's
// chain, whose cycle the next suggestion can aggregate (docs/suggest.md).
#include "suggest_detail.hpp"

#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/util/cancel.hpp"

#include <algorithm>

namespace chitra::suggest_detail {

std::vector<Suggestion> lane_suggestions(const Ses& ses, const std::vector<std::uint64_t>& counts)
{
    std::size_t lanes = 0;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0 && (*ses.symbols)[id].kind == SymbolKind::program)
            lanes = std::max(lanes, (*ses.symbols)[id].components.size());
    std::vector<Suggestion> out;
    if (lanes < 2)
        return out;
    const std::size_t before = present_states(counts);
    std::size_t busiest = 0; // the most elements any one lane keeps
    for (std::size_t keep = 0; keep < std::min(lanes, kMaxLaneSuggestions); ++keep) {
        throw_if_cancelled();
        step::ProjectComponents step;
        for (std::size_t lane = 0; lane < lanes; ++lane)
            if (lane != keep)
                step.drop.push_back(lane);
        std::size_t after = 0, elements = 0;
        try {
            const Ses one = run_pipeline(ses, Pipeline{{step}}).ses;
            after = present_states(symbol_counts(one));
            elements = one.size();
        } catch (const InputError&) {
            continue; // a lane this trace's states cannot be projected on
        }
        if (after >= before)
            continue;
        busiest = std::max(busiest, elements);
        Suggestion s;
        s.kind = SuggestionKind::lanes;
        s.step = step;
        s.states_before = before;
        s.states_after = after;
        s.states_removed = static_cast<std::int64_t>(before) - static_cast<std::int64_t>(after);
        s.score = kLaneWeight * (1.0 - static_cast<double>(after) / static_cast<double>(before));
        s.count = elements; // weighed against the busiest lane below
        s.reason = "keeping lane " + std::to_string(keep) + " alone (of " + std::to_string(lanes) +
                   ") leaves its own " + std::to_string(after) + (after == 1 ? " state" : " states") + " instead of " +
                   std::to_string(before) + " joined ones; a view per lane shows each lane's cycle";
        out.push_back(std::move(s));
    }
    // A lane that barely changes state says little: the busiest lanes come first.
    for (Suggestion& s : out) {
        s.score *= busiest > 0 ? static_cast<double>(s.count) / static_cast<double>(busiest) : 1.0;
        s.count = 0;
    }
    return out;
}

} // namespace chitra::suggest_detail
