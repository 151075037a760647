// Ranked suggestions: repeated sequences scored by coverage and by how much they shrink
// the chain, with a bonus where the event periodogram peaks at their period, and
// noise steps at natural breaks (docs/suggest.md).
#include "suggest_detail.hpp"

#include "chitra/spectra/spectrum.hpp"
#include "chitra/util/cancel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace chitra {

std::string_view to_string(SuggestionKind kind)
{
    switch (kind) {
    case SuggestionKind::aggregate:
        return "aggregate";
    case SuggestionKind::filter:
        return "filter";
    case SuggestionKind::exclude:
        return "exclude";
    case SuggestionKind::lanes:
        return "project_components";
    }
    return "aggregate";
}

std::string free_sequence_name(const SymbolTable& table)
{
    for (std::size_t k = 1;; ++k) {
        std::string name = "S";
        name += std::to_string(k);
        if (table.find(name) == kNoSymbol)
            return name;
    }
}

namespace suggest_detail {

std::vector<double> spectral_periods(const Ses& ses, std::size_t elements)
{
    constexpr double kStrong = 0.2; // of the strongest bin's power
    constexpr std::size_t kPeaks = 8;
    const Periodogram pg = event_periodogram(ses, 0, std::min(elements, ses.size()));
    const auto strongest = strongest_peak(pg);
    if (!strongest)
        return {};
    std::vector<std::size_t> bins;
    for (std::size_t k = 1; k < pg.power.size(); ++k) {
        const double left = pg.power[k - 1];
        const double right = k + 1 < pg.power.size() ? pg.power[k + 1] : 0.0;
        if (pg.power[k] >= kStrong * strongest->power && pg.power[k] >= left && pg.power[k] >= right)
            bins.push_back(k);
    }
    std::sort(bins.begin(), bins.end(), [&](std::size_t a, std::size_t b) { return pg.power[a] > pg.power[b]; });
    if (bins.size() > kPeaks)
        bins.resize(kPeaks);
    std::vector<double> periods;
    for (std::size_t k : bins)
        periods.push_back(1.0 / pg.frequency[k]);
    return periods;
}

namespace {

constexpr double kPeriodTolerance = 0.1; // relative
constexpr double kSpectralBonus = 0.1;

bool matches_period(const Suggestion& s, std::size_t length, double period)
{
    auto near = [&](double x) { return std::abs(x - period) <= kPeriodTolerance * period; };
    return near(static_cast<double>(length)) || (s.period_elements > 0 && near(s.period_elements));
}

std::string percent(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", 100.0 * fraction);
    return text;
}

std::string counted(std::int64_t n, const std::string& what)
{
    return std::to_string(n) + " " + what + (n == 1 || n == -1 ? "" : "s");
}

// Coverage counts most; shrinking the chain (states and transitions removed, against
// what there was) comes next.
double aggregation_score(const Suggestion& s, std::size_t transitions_before)
{
    const double before = static_cast<double>(s.states_before + transitions_before);
    const double shrink =
        before > 0 ? std::max(0.0, static_cast<double>(s.states_removed + s.transitions_removed) / before) : 0.0;
    return 0.5 * s.coverage_elements + 0.2 * s.coverage_time + 0.3 * shrink;
}

std::string aggregation_reason(const Ses& ses, const std::vector<SymbolId>& pattern, const Suggestion& s)
{
    std::string names;
    for (SymbolId id : pattern)
        names += (names.empty() ? "" : " ") + (*ses.symbols)[id].name;
    return "the sequence " + names + " occurs " + std::to_string(s.count) + " times, covering " +
           percent(s.coverage_elements) + " of elements and " + percent(s.coverage_time) +
           " of time; aggregating it removes " + counted(s.states_removed, "state") + " and " +
           counted(s.transitions_removed, "transition");
}

} // namespace

} // namespace suggest_detail

std::vector<Suggestion> suggest(const Ses& ses, const SuggestOptions& options)
{
    using namespace suggest_detail;
    std::vector<Suggestion> out;
    if (ses.size() < 2)
        return out;
    const std::vector<std::uint64_t> counts = symbol_counts(ses);
    TransitionCounts transitions(ses);
    const std::size_t transitions_before = transitions.distinct();
    throw_if_cancelled();

    const std::string as = free_sequence_name(*ses.symbols);
    std::vector<Suggestion> aggregations;
    std::vector<std::size_t> lengths;
    for (const RepeatCandidate& candidate : repeat_candidates(ses, options.max_pattern, options.candidates)) {
        Suggestion s = evaluate_aggregation(ses, candidate.pattern, counts, transitions);
        if (s.count < 2)
            continue;
        step::Aggregate step{{}, as};
        for (SymbolId id : candidate.pattern)
            step.pattern.push_back((*ses.symbols)[id].name);
        s.step = std::move(step);
        s.score = aggregation_score(s, transitions_before);
        s.reason = aggregation_reason(ses, candidate.pattern, s);
        aggregations.push_back(std::move(s));
        lengths.push_back(candidate.pattern.size());
    }
    throw_if_cancelled();

    // Each strong peak rewards the best candidate whose length or spacing matches it.
    for (double period : spectral_periods(ses, options.spectrum_elements)) {
        Suggestion* best = nullptr;
        for (std::size_t i = 0; i < aggregations.size(); ++i) {
            Suggestion& s = aggregations[i];
            if (!s.spectral_period && matches_period(s, lengths[i], period) && (!best || s.score > best->score))
                best = &s;
        }
        if (best) {
            best->spectral_period = period;
            best->score += kSpectralBonus;
            char text[64];
            std::snprintf(text, sizeof text, "%.2f", period);
            best->reason += std::string("; the event periodogram peaks at period ") + text + " elements";
        }
    }
    throw_if_cancelled();

    out = std::move(aggregations);
    for (Suggestion& s : noise_suggestions(ses, counts, options.min_break_ratio))
        out.push_back(std::move(s));
    for (Suggestion& s : lane_suggestions(ses, counts))
        out.push_back(std::move(s));
    std::stable_sort(out.begin(), out.end(),
                     [](const Suggestion& a, const Suggestion& b) { return a.score > b.score; });
    return out;
}

} // namespace chitra
