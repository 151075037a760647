// chitra-cli ensemble fit FILES... [--pipeline P.json] [--param NAME=REGEX]... [--by NAME]
//                                  [--format json] [-o OUT]
// chitra-cli ensemble predict OUT.json --param NAME=VALUE [--param ...] [-o OUT]
// Models across the parameters of runs (docs/ensembles.md).
#include "commands.hpp"
#include "pipelined_trace.hpp"

#include "chitra/chain/chain_stats.hpp"
#include "chitra/ensemble/ensemble.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/util/text_file.hpp"

#include <iostream>
#include <memory>

namespace chitra::cli {

namespace {

struct EnsembleFitOptions {
    std::vector<std::string> files;
    TraceInput input;
    std::string pipeline;
    std::vector<std::string> params; // NAME=REGEX
    std::string by;
    std::string format = "json";
    std::string out;
};

struct EnsemblePredictOptions {
    std::string ensemble;
    std::vector<std::string> params; // NAME=VALUE
    std::string out;
};

int run_fit(const EnsembleFitOptions& options)
{
    // The pipeline and the patterns first: malformed ones are reported before any trace is read.
    Pipeline pipeline;
    if (!options.pipeline.empty())
        pipeline = load_pipeline_file(options.pipeline);
    std::vector<FileNameParam> from_names;
    for (const std::string& spec : options.params)
        from_names.push_back(parse_file_name_param(spec));

    std::vector<EnsembleMember> members;
    for (const std::string& file : options.files) {
        PipelinedTrace run = load_pipelined(file, options.input, pipeline, options.pipeline);
        EnsembleMember member;
        member.file = file;
        member.params = params_from_header(run.header, file);
        add_file_name_params(member.params, file, from_names);
        member.stats = collect_stats(run.ses, run.header.timebase);
        member.model = model_from_stats(member.stats);
        members.push_back(std::move(member));
    }
    const std::optional<std::string> by = options.by.empty() ? std::nullopt : std::optional(options.by);
    const Ensemble ensemble = build_ensemble(std::move(members), by);
    emit(options.out, ensemble_to_json(ensemble));
    return 0;
}

int run_predict(const EnsemblePredictOptions& options)
{
    RunParams point;
    for (const std::string& spec : options.params) {
        auto [name, value] = parse_assignment(spec, "--param " + spec);
        point[name] = value;
    }
    emit(options.out, predict_model_json(read_text_file(options.ensemble, "ensemble"), options.ensemble, point));
    return 0;
}

} // namespace

Action add_ensemble_command(CLI::App& app)
{
    CLI::App* ensemble = app.add_subcommand("ensemble", "models across the parameters of several runs");
    ensemble->require_subcommand(1);

    auto fit_options = std::make_shared<EnsembleFitOptions>();
    CLI::App* fit = ensemble->add_subcommand(
        "fit", "fit every run, merge runs with equal parameters, fit formulas of each state against each parameter");
    fit->add_option("FILES", fit_options->files, "trace files (any format Chitra reads)")->required();
    add_trace_input_options(fit, fit_options->input);
    fit->add_option("--pipeline", fit_options->pipeline, "pipeline JSON file applied to every run before fitting");
    fit->add_option("--param", fit_options->params,
                    "NAME=REGEX: the parameter NAME from each file name (the first capture group)");
    fit->add_option("--by", fit_options->by, "fit formulas against this parameter only");
    fit->add_option("--format", fit_options->format, "json (the only form)")
        ->check(CLI::IsMember({"json"}))
        ->capture_default_str();
    fit->add_option("-o,--output", fit_options->out, "output file (default: stdout)");

    auto predict_options = std::make_shared<EnsemblePredictOptions>();
    CLI::App* predict =
        ensemble->add_subcommand("predict", "the model at given parameter values, from an `ensemble fit` document");
    predict->add_option("ENSEMBLE", predict_options->ensemble, "the document `ensemble fit` wrote")->required();
    predict->add_option("--param", predict_options->params, "NAME=VALUE: a parameter's value (repeatable)")->required();
    predict->add_option("-o,--output", predict_options->out, "output file (default: stdout)");

    return [fit, fit_options, predict_options] {
        return fit->parsed() ? run_fit(*fit_options) : run_predict(*predict_options);
    };
}

} // namespace chitra::cli
