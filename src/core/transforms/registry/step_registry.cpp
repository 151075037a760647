// Dispatch of a pipeline step to its transform, and glob matching.
#include "transforms/common/transform_common.hpp"

namespace chitra {

namespace {
template <class... F> struct Overloaded : F... {
    using F::operator()...;
};
template <class... F> Overloaded(F...) -> Overloaded<F...>;

void check(const step::FilterEvent& s)
{
    if (s.below.has_value() == s.below_fraction.has_value())
        throw InputError("event filter needs exactly one of \"below\" and \"below_fraction\"");
}
} // namespace

Ses apply_step(const Ses& in, const Step& step, Warnings& warnings)
{
    return std::visit(Overloaded{
                          [&](const step::ClipCount& s) { return clip_count(in, s.head, s.tail); },
                          [&](const step::ClipTime& s) { return clip_time(in, s.t0, s.t1); },
                          [&](const step::ClipEvent& s) { return clip_event(in, s.i0, s.i1); },
                          [&](const step::Aggregate& s) { return aggregate(in, s.pattern, s.as, &warnings); },
                          [&](const step::Project& s) { return project(in, s.states, s.as, &warnings); },
                          [&](const step::ProjectComponents& s) { return project_components(in, s, &warnings); },
                          [&](const step::Rules& s) { return apply_rules(in, s.file, s.text, &warnings); },
                          [&](const step::FilterTime& s) { return filter_time(in, s.below); },
                          [&](const step::FilterEvent& s) {
                              check(s);
                              return s.below ? filter_event(in, *s.below)
                                             : filter_event_fraction(in, *s.below_fraction);
                          },
                          [&](const step::FilterFrequency& s) {
                              return filter_frequency(in, s.f0, s.f1, s.event_domain, s.interval);
                          },
                          [&](const step::Parallel& s) { return parallel(in, s.from, s.to, s.as, &warnings); },
                          [&](const step::Exclude& s) { return exclude(in, s.states, &warnings); },
                      },
                      step);
}

Ses apply_step(Ses&& in, const Step& step, Warnings& warnings)
{
    if (const auto* s = std::get_if<step::Project>(&step))
        return project(std::move(in), s->states, s->as, &warnings);
    if (const auto* s = std::get_if<step::FilterTime>(&step))
        return filter_time(std::move(in), s->below);
    if (const auto* s = std::get_if<step::FilterEvent>(&step)) {
        check(*s);
        return s->below ? filter_event(std::move(in), *s->below)
                        : filter_event_fraction(std::move(in), *s->below_fraction);
    }
    return apply_step(std::as_const(in), step, warnings);
}

bool glob_match(std::string_view pattern, std::string_view text)
{
    // Iterative matcher with one backtrack point: linear in practice, no recursion.
    std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace chitra
