// Noise: filter and exclusion steps at the natural breaks of the states' time shares
// and occurrence counts.
#include "suggest_detail.hpp"

#include "chitra/transforms/transforms.hpp"
#include "chitra/util/cancel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace chitra {

std::optional<NaturalBreak> largest_log_gap(std::vector<double> values)
{
    std::erase_if(values, [](double v) { return !(v > 0.0) || !std::isfinite(v); });
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    if (values.size() < 2)
        return std::nullopt;
    NaturalBreak best{values[0], values[1]};
    for (std::size_t i = 1; i + 1 < values.size(); ++i)
        if (std::log(values[i + 1]) - std::log(values[i]) > std::log(best.high) - std::log(best.low))
            best = {values[i], values[i + 1]};
    return best;
}

namespace suggest_detail {

namespace {

std::string format_number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::size_t states_present(const Ses& ses) { return present_states(symbol_counts(ses)); }

// A threshold strictly inside (low, high): the geometric mean, with as few significant
// digits as keep it inside, so that the step reads well.
double readable_between(double low, double high)
{
    const double mean = std::sqrt(low * high);
    for (int digits = 1; digits <= 17; ++digits) {
        char text[40];
        std::snprintf(text, sizeof text, "%.*g", digits, mean);
        const double rounded = std::strtod(text, nullptr);
        if (rounded > low && rounded < high)
            return rounded;
    }
    return mean;
}

// How much a break is worth: the share of states it removes, weighted by how clear the
// break is (a factor of 100 or more counts fully).
double noise_score(std::size_t before, std::size_t removed, const NaturalBreak& gap)
{
    const double clarity = std::min(1.0, std::log10(gap.high / gap.low) / 2.0);
    return 0.4 * clarity * static_cast<double>(removed) / static_cast<double>(before);
}

struct Selection {
    std::vector<SymbolId> below; // the states under the break
    NaturalBreak gap;
    bool head_tail = false; // a head/tail break, not a gap
};

// The states whose value lies at or under the break's low side, provided the break is
// clear (min_ratio) and at least two states stay above it.
std::optional<Selection> select_below_break(const std::vector<double>& value_by_id,
                                            const std::vector<std::uint64_t>& counts, double min_ratio)
{
    std::vector<double> values;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0)
            values.push_back(value_by_id[id]);
    const auto gap = largest_log_gap(values);
    if (!gap || gap->high / gap->low < min_ratio)
        return std::nullopt;
    Selection selection{{}, *gap};
    std::size_t above = 0;
    for (SymbolId id = 0; id < counts.size(); ++id) {
        if (counts[id] == 0)
            continue;
        if (value_by_id[id] <= gap->low)
            selection.below.push_back(id);
        else
            ++above;
    }
    if (selection.below.empty() || above < 2)
        return std::nullopt;
    return selection;
}

// Head/tail breaks (Jiang 2013), for heavy-tailed values without a clear gap (the time
// shares of a compiler's hundred passes): the values above the mean are the head; a
// break when the head holds under 40% of the values and at least two of them.
std::optional<Selection> select_below_mean(const std::vector<double>& value_by_id,
                                           const std::vector<std::uint64_t>& counts)
{
    double sum = 0.0;
    std::size_t n = 0;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0) {
            sum += value_by_id[id];
            ++n;
        }
    if (n < 3 || !(sum > 0.0))
        return std::nullopt;
    const double mean = sum / static_cast<double>(n);
    Selection selection{{}, {0.0, 0.0}, true};
    std::size_t head = 0;
    double head_least = 0.0, tail_most = 0.0;
    for (SymbolId id = 0; id < counts.size(); ++id) {
        if (counts[id] == 0)
            continue;
        const double v = value_by_id[id];
        if (v > mean) {
            head_least = head++ == 0 ? v : std::min(head_least, v);
        } else {
            selection.below.push_back(id);
            tail_most = std::max(tail_most, v);
        }
    }
    if (head < 2 || 10 * head >= 4 * n || !(tail_most > 0.0))
        return std::nullopt;
    selection.gap = {tail_most, head_least};
    return selection;
}

Suggestion noise_step(const Ses& ses, Step step, SuggestionKind kind, std::size_t before, const Selection& selection,
                      const std::string& what)
{
    Suggestion s;
    s.kind = kind;
    s.step = std::move(step);
    s.states_before = before;
    Warnings warnings;
    s.states_after = states_present(apply_step(ses, s.step, warnings));
    s.states_removed = static_cast<std::int64_t>(before) - static_cast<std::int64_t>(s.states_after);
    s.break_low = selection.gap.low;
    s.break_high = selection.gap.high;
    const std::size_t removed = selection.below.size();
    // A head/tail break is a weaker sign than a clear gap: it counts as a gap of 10.
    s.score = selection.head_tail ? 0.5 * 0.4 * static_cast<double>(removed) / static_cast<double>(before)
                                  : noise_score(before, removed, selection.gap);
    if (kind == SuggestionKind::exclude)
        s.score *= 0.9; // it drops the time of what it removes, a filter keeps it
    s.reason = std::to_string(removed) + (removed == 1 ? " state" : " states") + " with " + what + " at most " +
               format_number(selection.gap.low) +
               (selection.head_tail ? " (under the mean, a head/tail break; the head starts at "
                                    : " (the largest gap on a log scale, up to ") +
               format_number(selection.gap.high) + ") " +
               (kind == SuggestionKind::exclude
                    ? (removed == 1 ? "vanishes" : "vanish")
                    : (removed == 1 ? "merges into a T<k> composite" : "merge into T<k> composites")) +
               "; " + std::to_string(s.states_after) + " states remain";
    return s;
}

bool names_are_plain(const Ses& ses, const std::vector<SymbolId>& ids)
{
    return std::none_of(ids.begin(), ids.end(),
                        [&](SymbolId id) { return (*ses.symbols)[id].name.find_first_of("*?") != std::string::npos; });
}

} // namespace

std::vector<Suggestion> noise_suggestions(const Ses& ses, const std::vector<std::uint64_t>& counts,
                                          double min_break_ratio)
{
    std::vector<Suggestion> out;
    const std::size_t before = present_states(counts);
    std::vector<double> share(counts.size(), 0.0), count_value(counts.size(), 0.0);
    std::vector<Time> held(counts.size(), 0);
    for (std::size_t i = 0; i < ses.size(); ++i)
        held[ses.symbol[i]] += ses.occupancy(i);
    const Time total = ses.total();
    for (SymbolId id = 0; id < counts.size(); ++id) {
        count_value[id] = static_cast<double>(counts[id]);
        if (total > 0)
            share[id] = static_cast<double>(held[id]) / static_cast<double>(total);
    }
    throw_if_cancelled();

    // A clear gap first. When none shrinks the chain (no gap, or it singles out a few tiny
    // states whose merging adds composites), a head/tail break: the heavy tail of a
    // compiler's hundred passes has no gap, and the mean cuts it as a whole.
    const auto shrinks = [&](const Suggestion& s) { return s.states_after < before; };
    if (total > 0) {
        bool shrunk = false;
        if (const auto gap = select_below_break(share, counts, min_break_ratio)) {
            const double below = readable_between(gap->gap.low, gap->gap.high);
            out.push_back(
                noise_step(ses, step::FilterTime{below}, SuggestionKind::filter, before, *gap, "a time share"));
            shrunk = shrinks(out.back());
        }
        throw_if_cancelled();
        if (!shrunk)
            if (const auto head_tail = select_below_mean(share, counts)) {
                const double below = readable_between(head_tail->gap.low, head_tail->gap.high);
                out.push_back(noise_step(ses, step::FilterTime{below}, SuggestionKind::filter, before, *head_tail,
                                         "a time share"));
            }
    }
    throw_if_cancelled();
    bool shrunk = false;
    if (auto selection = select_below_break(count_value, counts, min_break_ratio)) {
        // Counts are whole numbers: any threshold in (low, high] selects the same states.
        const double low = selection->gap.low, high = selection->gap.high;
        const double below = std::clamp(std::round(std::sqrt(low * high)), low + 1.0, high);
        out.push_back(noise_step(ses, step::FilterEvent{below, std::nullopt}, SuggestionKind::filter, before,
                                 *selection, "a count"));
        shrunk = shrinks(out.back());
        throw_if_cancelled();
        if (names_are_plain(ses, selection->below)) {
            step::Exclude exclude;
            for (SymbolId id : selection->below)
                exclude.states.push_back((*ses.symbols)[id].name);
            std::sort(exclude.states.begin(), exclude.states.end());
            out.push_back(noise_step(ses, std::move(exclude), SuggestionKind::exclude, before, *selection, "a count"));
            shrunk = shrunk || shrinks(out.back());
        }
    }
    throw_if_cancelled();
    // Counts by the mean, as a filter only (an exclusion of half the states would lose too
    // much), never merging a state that holds over twice the mean share of time: a rare
    // long state (a compiler's one Frontend) is what the chain is about, not noise.
    if (!shrunk)
        if (auto head_tail = select_below_mean(count_value, counts)) {
            double below = std::floor(head_tail->gap.low) + 1.0; // counts under it go
            const double major_share = 2.0 / static_cast<double>(before);
            for (SymbolId id = 0; id < counts.size(); ++id)
                if (counts[id] > 0 && share[id] > major_share)
                    below = std::min(below, count_value[id]);
            std::erase_if(head_tail->below, [&](SymbolId id) { return count_value[id] >= below; });
            if (!head_tail->below.empty()) {
                head_tail->gap.low = 0.0;
                for (SymbolId id : head_tail->below)
                    head_tail->gap.low = std::max(head_tail->gap.low, count_value[id]);
                out.push_back(noise_step(ses, step::FilterEvent{below, std::nullopt}, SuggestionKind::filter, before,
                                         *head_tail, "a count"));
            }
        }
    return out;
}

} // namespace suggest_detail
} // namespace chitra
