// chitra-cli suggest FILE [--pipeline P.json] [--json] [--top K] [--strict]
// Ranked pipeline steps worth applying next (interfaces.md "Suggestions", docs/suggest.md).
#include "commands.hpp"
#include "trace_input.hpp"

#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/suggest/suggest.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <memory>

namespace chitra::cli {
namespace {

struct SuggestOptions {
    std::string file;
    TraceInput input;
    std::string pipeline;
    bool json = false;
    std::size_t top = 10;
    bool strict = false;
};

// The step exactly as a pipeline file holds it.
nlohmann::json step_json(const Step& step)
{
    return nlohmann::json::parse(to_pipeline_json(Pipeline{{step}})).at("pipeline").at(0);
}

nlohmann::json suggestion_json(const Suggestion& s)
{
    nlohmann::json j;
    j["step"] = step_json(s.step);
    j["score"] = s.score;
    j["reason"] = s.reason;
    j["kind"] = std::string(to_string(s.kind));
    j["states_before"] = s.states_before;
    j["states_after"] = s.states_after;
    j["states_removed"] = s.states_removed;
    if (s.kind == SuggestionKind::aggregate) {
        j["count"] = s.count;
        j["coverage_elements"] = s.coverage_elements;
        j["coverage_time"] = s.coverage_time;
        j["period"] = {{"elements", s.period_elements}, {"time", s.period_time}};
        j["transitions_removed"] = s.transitions_removed;
        j["spectral_period"] = s.spectral_period ? nlohmann::json(*s.spectral_period) : nlohmann::json(nullptr);
    } else if (s.kind != SuggestionKind::lanes) {
        j["break"] = {s.break_low, s.break_high};
    }
    return j;
}

std::string table(const std::vector<Suggestion>& suggestions)
{
    std::string text = "  #  score  kind       step\n";
    char head[64];
    for (std::size_t i = 0; i < suggestions.size(); ++i) {
        const Suggestion& s = suggestions[i];
        std::snprintf(head, sizeof head, "%3zu  %5.3f  %-9s  ", i + 1, s.score, std::string(to_string(s.kind)).c_str());
        text += head + step_json(s.step).dump() + "\n       " + s.reason + "\n";
    }
    if (suggestions.empty())
        text += "  (no suggestions: nothing repeats and no natural break separates rare states)\n";
    return text;
}

int run_suggest(const SuggestOptions& o)
{
    // The pipeline first: a malformed pipeline is reported without reading the trace.
    const Pipeline pipeline = o.pipeline.empty() ? Pipeline{} : load_pipeline_file(o.pipeline);
    const Trace trace = load_input(o.file, o.input);
    Ses ses = base_ses(trace);
    if (!pipeline.steps.empty()) {
        RunResult result;
        try {
            result = run_pipeline(std::move(ses), pipeline, o.strict);
        } catch (const InputError& e) {
            throw InputError(o.pipeline + ": " + e.what()); // "P.json: step 3 (aggregate): ..."
        }
        for (const auto& w : result.warnings)
            std::cerr << o.pipeline << ": warning: " << w << '\n';
        ses = std::move(result.ses);
    }
    std::vector<Suggestion> suggestions = suggest(ses);
    if (suggestions.size() > o.top)
        suggestions.resize(o.top);
    if (o.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const Suggestion& s : suggestions)
            list.push_back(suggestion_json(s));
        emit("", nlohmann::json{{"suggestions", list}}.dump() + '\n');
    } else {
        emit("", table(suggestions));
    }
    return 0;
}

} // namespace

Action add_suggest_command(CLI::App& app)
{
    auto opts = std::make_shared<SuggestOptions>();
    CLI::App* sub = app.add_subcommand("suggest", "ranked pipeline steps worth applying: repeated sequences to "
                                                  "aggregate, rare states to filter or exclude");
    sub->add_option("FILE", opts->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, opts->input);
    sub->add_option("--pipeline", opts->pipeline, "pipeline file applied first; suggestions continue it");
    sub->add_flag("--json", opts->json, "one JSON document instead of a table");
    sub->add_option("--top", opts->top, "at most K suggestions, best first")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_flag("--strict", opts->strict, "treat pipeline warnings (names matching no symbol) as errors");
    return [opts] { return run_suggest(*opts); };
}

} // namespace chitra::cli
