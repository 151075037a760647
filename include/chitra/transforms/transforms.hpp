// Transforms of a symbol execution sequence (semantics.md section 3): pure functions
// SES -> SES that never change their input and keep provenance (docs/pipeline.md).
//
// Errors (a clip beyond the trace, a pattern shorter than 2, a composite name that
// already names a different symbol, a bad rules line, two rules claiming one state)
// throw InputError with the reason only; the pipeline runner prefixes the step
// ("step 3 (aggregate): ..."). A name that matches no symbol of the trace is not an
// error: it is reported in `warnings` (when given) and the step has no effect for it.
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/ses.hpp"

#include <string>
#include <optional>
#include <string_view>
#include <vector>

namespace chitra {

// clip: drop the first `head` and the last `tail` elements (head + tail > size is an error).
Ses clip_count(const Ses& in, std::size_t head, std::size_t tail);
// Keeps the elements whose entry time lies in [t0, t1) (t0 > t1 is an error).
Ses clip_time(const Ses& in, Time t0, Time t1);
// Keeps elements [i0, i1) (i0 > i1 or i1 > size is an error).
Ses clip_event(const Ses& in, std::size_t i0, std::size_t i1);

// Sequence aggregation: leftmost non-overlapping matches of `pattern` become one
// element of the `sequence` composite `as` (reused if `as` is already a sequence
// composite with the identical pattern; any other symbol of that name is an error).
Ses aggregate(const Ses& in, const std::vector<std::string>& pattern, const std::string& as,
              Warnings* warnings = nullptr);

// Set projection: every element of a symbol in `states` becomes `as` (a new
// `projection` composite, or an existing symbol), then runs of `as` merge.
Ses project(const Ses& in, const std::vector<std::string>& states, const std::string& as, Warnings* warnings = nullptr);
Ses project(Ses&& in, const std::vector<std::string>& states, const std::string& as, Warnings* warnings = nullptr);

// Component projection: states are mapped component-wise (then components in `drop`
// are removed); the new tuples are named with the table's separator; then every run
// of equal symbols merges.
Ses project_components(const Ses& in, const step::ProjectComponents& params, Warnings* warnings = nullptr);

// Rules file (static aggregation). `file` only names the file in messages.
Ses apply_rules(const Ses& in, const std::string& file, std::string_view text, Warnings* warnings = nullptr);

// Filters: the selection, then runs of selected symbols become `T<k>` filter composites.
// Given an SES to consume (Ses&&) that owns its columns, they write over it: a pipeline
// step then needs no memory for a second SES.
Ses filter_time(const Ses& in, double below);
Ses filter_time(Ses&& in, double below);
Ses filter_event(const Ses& in, double below);
Ses filter_event(Ses&& in, double below);
Ses filter_event_fraction(const Ses& in, double below_fraction);
Ses filter_event_fraction(Ses&& in, double below_fraction);
Ses filter_frequency(const Ses& in, double f0, double f1, bool event_domain, std::optional<double> interval);
// The common second half: replaces runs of elements whose symbol is in `selected`.
Ses filter_symbols(const Ses& in, const std::vector<SymbolId>& selected);
Ses filter_symbols(Ses&& in, const std::vector<SymbolId>& selected);

// Parallel aggregation: the elements strictly between an `from` and the next `to` with
// no `from` in between become one `parallel` composite `as`.
Ses parallel(const Ses& in, const std::string& from, const std::string& to, const std::string& as,
             Warnings* warnings = nullptr);

// Exclusion: elements whose symbol matches a name or glob in `states` vanish; their
// time goes to the nearest kept element before them.
Ses exclude(const Ses& in, const std::vector<std::string>& states, Warnings* warnings = nullptr);

// Applies one pipeline step (warnings are appended without a step prefix). Given an SES
// to consume, the steps that can write their output over it do so (filters, set
// projection).
Ses apply_step(const Ses& in, const Step& step, Warnings& warnings);
Ses apply_step(Ses&& in, const Step& step, Warnings& warnings);

// Glob with `*` (any run) and `?` (one character); used by exclude and rules.
bool glob_match(std::string_view pattern, std::string_view text);
// Whether any of `patterns` matches `text`.
bool glob_match_any(const std::vector<std::string>& patterns, std::string_view text);

} // namespace chitra
