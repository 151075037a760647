// One shard's statistics (docs/scale-out.md "Shards").
#include "chitra/scaleout/shard_stats.hpp"

#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/scaleout/filter_figures.hpp"
#include "chitra/transforms/transforms.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>

namespace chitra {

namespace {

std::uint64_t parse_positive(std::string_view text, const std::string& whole)
{
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value == 0)
        throw InputError("--shard " + whole + ": expected K/N with 1 <= K <= N");
    return value;
}

} // namespace

ShardSpec parse_shard(const std::string& text)
{
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos)
        throw InputError("--shard " + text + ": expected K/N with 1 <= K <= N");
    ShardSpec spec;
    spec.shard = parse_positive(std::string_view(text).substr(0, slash), text);
    spec.shards = parse_positive(std::string_view(text).substr(slash + 1), text);
    if (spec.shard > spec.shards)
        throw InputError("--shard " + text + ": expected K/N with 1 <= K <= N");
    return spec;
}

Ses slice_ses(const Ses& ses, std::size_t lo, std::size_t hi)
{
    return clip_count(ses, lo, ses.size() - hi); // a view of a view, as any clip
}

ShardPart shard_part(const Ses& base, std::uint64_t records, const ShardSpec& spec, bool piped)
{
    ShardPart out;
    std::tie(out.first, out.end) = shard_records(records, spec.shard, spec.shards);
    // Element i of a trace's base SES is record i; the SES may lack the last record.
    const std::uint64_t m = base.size();
    const std::uint64_t reach = piped ? std::max<std::uint64_t>(spec.margin, 1) : 1;
    out.lo = std::min(m, piped ? out.first - std::min(out.first, spec.margin) : out.first);
    out.hi = std::min(m, out.end > m - std::min(m, reach) ? m : out.end + reach);
    out.ses = slice_ses(base, static_cast<std::size_t>(out.lo), static_cast<std::size_t>(std::max(out.lo, out.hi)));
    return out;
}

FitStats shard_stats(const Ses& base, TimeBase timebase, std::uint64_t records, const ShardSpec& spec,
                     const Pipeline* pipeline, bool strict, std::vector<std::string>& warnings,
                     const FilterFigures* figures)
{
    const bool piped = pipeline != nullptr && !pipeline->steps.empty();
    ShardPart part = shard_part(base, records, spec, piped);
    std::map<std::string, FilterOrigin> origins;
    if (piped) {
        RunResult result =
            figures ? run_pipeline_with_figures(part.ses, *pipeline, *figures, strict, &origins, {part.first, part.end})
                    : run_pipeline(part.ses, *pipeline, strict);
        warnings.insert(warnings.end(), result.warnings.begin(), result.warnings.end());
        part.ses = std::move(result.ses);
    }
    CollectRange range;
    range.first_record = part.first;
    range.end_record = part.end;
    range.begins = part.lo == 0;
    range.ends = part.hi == base.size();
    range.margin = piped ? spec.margin : 0;
    range.total_records = records;
    FitStats stats = collect_stats(part.ses, timebase, range);
    for (StateStats& s : stats.states)
        if (const auto it = origins.find(s.name); it != origins.end() && s.kind == SymbolKind::filter)
            s.origin = it->second;
    return stats;
}

std::vector<std::string> inexact_on_shards(const Pipeline& pipeline, const FilterFigures* figures)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        const Step& step = pipeline.steps[i];
        if (figures && figures->step == i)
            continue; // selected from the whole trace's figures
        const char* why = nullptr;
        if (std::holds_alternative<step::ClipCount>(step) || std::holds_alternative<step::ClipEvent>(step))
            why = "counts positions from each shard's own start and end";
        else if (std::holds_alternative<step::ClipTime>(step))
            why = "keeps the initial state and the end of the sequence only when the window's edges lie in the "
                  "first and the last shard";
        else if (std::holds_alternative<step::FilterTime>(step) || std::holds_alternative<step::FilterEvent>(step) ||
                 std::holds_alternative<step::FilterFrequency>(step))
            why = "selects states from each shard's own counts, times or spectrum";
        if (why)
            out.push_back(step_label(i, step) + ": " + why);
    }
    return out;
}

} // namespace chitra
