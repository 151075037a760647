// Traceview view definitions (range + exclusion list -> clip + exclude steps) and the
// two dumps of a view (docs/traceview.md "View definitions", "Dumps").
#include "chitra/traceview/traceview.hpp"

#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/transforms/transforms.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <set>

namespace chitra {

Pipeline view_pipeline(const ViewDefinition& def, const Ses& input)
{
    Pipeline p;
    if ((def.t0 || def.t1) && !input.empty()) {
        const Time first = input.bounds.front(), last = input.bounds[input.size() - 1];
        const Time t0 = def.t0.value_or(first);
        const Time t1 = def.t1.value_or(last + 1);
        if (t0 > t1)
            throw InputError("the view's range starts after it ends");
        // Keeps every element when no entry lies before t0 or at/after t1.
        if (t0 > first || t1 <= last)
            p.steps.push_back(step::ClipTime{t0, t1});
    }
    if (!def.exclude.empty())
        p.steps.push_back(step::Exclude{def.exclude});
    return p;
}

std::optional<Time> find_state_entry(const Ses& ses, std::string_view glob, Time from, bool forward)
{
    const SymbolTable& table = *ses.symbols;
    std::vector<std::uint8_t> match(table.size(), 0);
    for (SymbolId id = 0; id < table.size(); ++id)
        match[id] = glob_match(glob, table[id].name) ? 1 : 0;
    const auto begin = ses.bounds.begin(), end = ses.bounds.begin() + static_cast<std::ptrdiff_t>(ses.size());
    if (forward) {
        for (auto i = static_cast<std::size_t>(std::upper_bound(begin, end, from) - begin); i < ses.size(); ++i)
            if (match[ses.symbol[i]])
                return ses.bounds[i];
    } else {
        for (auto i = static_cast<std::size_t>(std::lower_bound(begin, end, from) - begin); i-- > 0;)
            if (match[ses.symbol[i]])
                return ses.bounds[i];
    }
    return std::nullopt;
}

std::vector<std::string> apply_pattern(const std::vector<std::string>& names, const std::vector<std::string>& excluded,
                                       std::string_view glob, PatternEffect effect)
{
    std::set<std::string> out(excluded.begin(), excluded.end());
    for (const auto& n : names)
        if (glob_match(glob, n)) {
            if (effect == PatternEffect::Exclude)
                out.insert(n);
            else
                out.erase(n);
        }
    std::vector<std::string> ordered;
    for (const auto& n : names)
        if (out.erase(n))
            ordered.push_back(n);
    ordered.insert(ordered.end(), out.begin(), out.end()); // globs or names not in `names`
    return ordered;
}

namespace {

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

} // namespace

void write_view_dump(std::ostream& out, const Trace& trace, const Ses& ses)
{
    const auto& fields = trace.header.fields;
    std::vector<std::vector<double>> values;
    for (std::size_t f = 0; f < fields.size(); ++f)
        values.push_back(element_field_values(trace, ses, f));
    out << "# chitra view dump of " << trace.source << "\n# " << ses.size() << " elements, time base "
        << to_string(trace.header.timebase) << "; gauges at the element's first record, counters as rates ("
        << rate_unit(trace.header.timebase) << ") over the element's interval\n";
    out << "index\ttime\toccupancy\tstate\trecords";
    for (const auto& f : fields)
        out << '\t' << f.name << (f.kind == FieldKind::counter ? rate_unit(trace.header.timebase) : "");
    out << '\n';
    for (std::size_t i = 0; i < ses.size(); ++i) {
        out << i << '\t' << ses.entry(i) << '\t' << ses.occupancy(i) << '\t' << ses.name(i) << '\t' << ses.records[i]
            << '-' << ses.records[i + 1];
        for (const auto& v : values)
            out << '\t' << number(v[i]);
        out << '\n';
    }
}

void write_derivation(std::ostream& out, const Trace& trace, const Pipeline& pipeline)
{
    Ses in = base_ses(trace);
    out << "# derivation of a view of " << trace.source << "\n";
    out << "raw trace: " << trace.size() << " records, " << in.size() << " elements, " << trace.symbols->size()
        << " states\n";
    out << "fields of a merged element: gauges keep the value at its first record; counters are the "
           "delta over its whole interval divided by its occupancy\n";
    out << "pipeline:\n" << to_pipeline_json(pipeline) << "\n";
    for (std::size_t s = 0; s < pipeline.steps.size(); ++s) {
        const Step& st = pipeline.steps[s];
        Warnings warnings;
        Ses next;
        try {
            next = apply_step(in, st, warnings);
        } catch (const InputError& e) {
            throw InputError(step_label(s, st) + ": " + e.what());
        }
        // Output element i covers the input elements whose records start in its range.
        std::size_t covered = 0, merged = 0, absorbed = 0;
        for (std::size_t i = 0; i < next.size(); ++i) {
            auto a = std::lower_bound(in.records.begin(), in.records.end() - 1, next.records[i]);
            auto b = std::lower_bound(in.records.begin(), in.records.end() - 1, next.records[i + 1]);
            const auto k = static_cast<std::size_t>(b - a);
            covered += k;
            if (k > 1) {
                ++merged;
                absorbed += k;
            }
        }
        std::vector<std::uint8_t> before(in.symbols->size(), 0), after(next.symbols->size(), 0);
        for (SymbolId x : in.symbol)
            before[x] = 1;
        for (SymbolId x : next.symbol)
            after[x] = 1;
        std::vector<std::string> created, removed;
        for (SymbolId id = static_cast<SymbolId>(in.symbols->size()); id < next.symbols->size(); ++id)
            created.push_back((*next.symbols)[id].name);
        for (SymbolId id = 0; id < before.size(); ++id)
            if (before[id] && !after[id])
                removed.push_back((*in.symbols)[id].name);

        out << "\n" << step_label(s, st) << "\n";
        out << "  elements: " << in.size() << " -> " << next.size() << "\n";
        out << "  time: " << in.total() << " -> " << next.total() << " " << to_string(trace.header.timebase) << "\n";
        out << "  records covered: " << in.records.front() << "-" << in.records.back() << " -> " << next.records.front()
            << "-" << next.records.back() << "\n";
        out << "  dropped: " << in.size() - covered << " elements (with their records and time)\n";
        out << "  merged: " << absorbed << " elements into " << merged << " elements\n";
        auto list = [&](const char* what, const std::vector<std::string>& names) {
            out << "  " << what << ": " << names.size();
            for (std::size_t k = 0; k < names.size() && k < 50; ++k)
                out << (k ? ", " : " (") << names[k];
            out << (names.size() > 50 ? ", ...)" : names.empty() ? "" : ")") << "\n";
        };
        list("composites created", created);
        list("states removed", removed);
        for (const auto& w : warnings)
            out << "  warning: " << w << "\n";
        in = std::move(next);
    }
    out << "\nresult: " << in.size() << " elements\n";
}

} // namespace chitra
