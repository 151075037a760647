// chitra-cli compare A B... [--pipeline P.json] [--abs X] [--rel R] [--json] [-o OUT]
// Runs side by side after the pipeline: what is present where, and which statistics differ.
#include "commands.hpp"
#include "pipelined_trace.hpp"

#include "chitra/chain/chain.hpp"
#include "chitra/ensemble/compare.hpp"
#include "chitra/pipeline/pipeline_json.hpp"

#include <memory>

namespace chitra::cli {

namespace {

struct CompareOptions {
    std::vector<std::string> files;
    TraceInput input;
    std::string pipeline;
    CompareThresholds thresholds;
    bool json = false;
    std::string out;
};

} // namespace

Action add_compare_command(CLI::App& app)
{
    auto options = std::make_shared<CompareOptions>();
    CLI::App* sub = app.add_subcommand("compare", "compare the fitted chains of two or more runs");
    sub->add_option("FILES", options->files, "trace files (at least two)")->required()->expected(2, -1);
    add_trace_input_options(sub, options->input);
    sub->add_option("--pipeline", options->pipeline, "pipeline JSON file applied to every run before fitting");
    sub->add_option("--abs", options->thresholds.abs, "list a statistic only when max - min exceeds this")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--rel", options->thresholds.rel,
                    "... and only when max - min exceeds this fraction of the largest value")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_flag("--json", options->json, "one JSON document instead of a table");
    sub->add_option("-o,--output", options->out, "output file (default: stdout)");
    return [options] {
        Pipeline pipeline;
        if (!options->pipeline.empty())
            pipeline = load_pipeline_file(options->pipeline);
        std::vector<SemiMarkovModel> models;
        for (const std::string& file : options->files) {
            PipelinedTrace run = load_pipelined(file, options->input, pipeline, options->pipeline);
            models.push_back(fit_chain(run.ses, run.header.timebase));
        }
        const Comparison comparison = compare_models(options->files, models, options->thresholds);
        emit(options->out, options->json ? comparison_to_json(comparison) : comparison_to_table(comparison));
        return 0;
    };
}

} // namespace chitra::cli
