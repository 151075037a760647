// chitra-cli fit FILE [--pipeline P.json] [--format json|dot|csv|transitions-csv|prism]
//                     [-o OUT] [--strict] [--shard K/N [--margin R]] [--stats-out S.json]
//                     [--figures-out F.json | --figures F1.json F2.json ...] [--pool-lanes]
// chitra-cli fit --session S.chitra --view NAME [...]: fits a view of a saved session.
#include "commands.hpp"
#include "lanes_alone.hpp"
#include "model_output.hpp"
#include "trace_input.hpp"

#include "chitra/util/text_file.hpp"
#include "chitra/chain/chain.hpp"
#include "chitra/chain/chain_stats.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanecompare/pooled_lanes.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/scaleout/filter_figures.hpp"
#include "chitra/scaleout/shard_stats.hpp"
#include "chitra/session/session_io.hpp"

#include <iostream>
#include <optional>
#include <memory>
#include <tuple>

namespace chitra::cli {

namespace {

struct FitOptions {
    std::string file;
    TraceInput input;
    std::string pipeline;
    std::string session;
    std::string view;
    bool allow_changed = false;
    std::string format = "json";
    std::string out;
    bool strict = false;
    std::string shard; // "K/N"; empty: the whole trace
    std::uint64_t margin = 256;
    std::string stats_out;
    std::string figures_out;          // the first map pass of a share filter
    std::vector<std::string> figures; // its files, all shards
    bool pool_lanes = false;
};

// The figures of every shard, summed: the whole trace's.
FilterFigures read_figures(const std::vector<std::string>& paths)
{
    FilterFigures sum;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const FilterFigures one = figures_from_json(read_text_file(paths[i], "figures"), paths[i]);
        if (i == 0) {
            sum = one;
        } else {
            try {
                merge_figures(sum, one);
            } catch (const InputError& e) {
                throw InputError(paths[i] + ": " + e.what());
            }
        }
    }
    return sum;
}

// `fit --pool-lanes`: each chosen lane alone through the pipeline, the statistics of
// each (as its own `fit --stats-out` gives them) merged in lane order, no transition
// between lanes.
FitStats pooled_lanes_stats(const FitOptions& o, const Pipeline& pipeline)
{
    const LanesAlone lanes(o.file, o.input);
    std::vector<FitStats> each(lanes.names().size());
    std::vector<std::vector<std::string>> warnings(each.size());
    lanes.forEach({}, o.pipeline, "fit", [&](LaneAlone&& lane) {
        const std::string which = "lane " + std::to_string(lane.index + 1) + " " + lane.name;
        try {
            each[lane.index] = shard_stats(lane.ses, lane.timebase, lane.records, ShardSpec{}, &pipeline, o.strict,
                                           warnings[lane.index]);
        } catch (const InputError& e) {
            if (pipeline.steps.empty())
                throw;
            throw InputError(o.pipeline + ": " + e.what() + " (on " + which + ")");
        }
        StatsPart part;
        part.source = o.file + " (" + which + ")";
        part.end_record = lane.records;
        part.pipeline = pipeline.steps.empty() ? std::string() : o.pipeline;
        each[lane.index].parts.push_back(part);
    });
    for (std::size_t k = 0; k < each.size(); ++k)
        for (const std::string& w : warnings[k])
            std::cerr << o.pipeline << ": warning: " << w << " (on lane " << k + 1 << " " << lanes.names()[k] << ")\n";
    FitStats pooled = std::move(each.front());
    for (std::size_t k = 1; k < each.size(); ++k)
        merge_into(pooled, each[k]);
    return pooled;
}

// The statistics of lanes pooled (--stats-out) and their model (-o, or stdout when
// neither is given).
void write_pooled(const FitStats& pooled, const FitOptions& o)
{
    if (!o.stats_out.empty()) {
        emit(o.stats_out, stats_to_json(pooled));
        if (o.out.empty())
            return;
    }
    write_model(model_from_stats(pooled), o.format, o.out);
}

} // namespace

Action add_fit_command(CLI::App& app)
{
    auto options = std::make_shared<FitOptions>();
    CLI::App* sub = app.add_subcommand("fit", "fit the semi-Markov chain of a trace (after an optional pipeline)");
    CLI::Option* file = sub->add_option("FILE", options->file, "trace file (any format Chitra reads)");
    add_trace_input_options(sub, options->input);
    CLI::Option* pipeline_option =
        sub->add_option("--pipeline", options->pipeline, "pipeline JSON file applied before fitting");
    CLI::Option* session = sub->add_option("--session", options->session, "a saved session (instead of FILE)");
    CLI::Option* view = sub->add_option("--view", options->view, "the session's view to fit: NAME or FILE/NAME");
    sub->add_flag("--allow-changed", options->allow_changed,
                  "fit even if the trace's content changed since the session was saved");
    // A session's view is read with the import choice the session recorded for its file.
    session->excludes(file)->excludes(pipeline_option)->excludes("--from")->excludes("--components")->needs(view);
    view->needs(session);
    sub->add_option("--format", options->format,
                    "json (model), dot (Graphviz), csv (transition matrix), transitions-csv "
                    "(observed transitions for R's SemiMarkov), prism (explicit files; needs -o BASE)")
        ->check(CLI::IsMember({"json", "dot", "csv", "transitions-csv", "prism"}))
        ->capture_default_str();
    sub->add_option("-o,--output", options->out, "output file (default: stdout); for prism the base name");
    sub->add_flag("--strict", options->strict, "treat pipeline warnings (names matching no symbol) as errors");
    CLI::Option* shard =
        sub->add_option("--shard", options->shard, "K/N: fit only the K-th (from 1) of N equal record ranges of FILE")
            ->check([](const std::string& text) {
                try {
                    parse_shard(text);
                    return std::string();
                } catch (const InputError&) {
                    return std::string("expected K/N with 1 <= K <= N");
                }
            });
    sub->add_option("--margin", options->margin,
                    "with --shard and --pipeline: records read beyond each shard edge for steps that look across it")
        ->capture_default_str();
    sub->add_option("--stats-out", options->stats_out,
                    "write the fit's mergeable statistics (docs/scale-out.md) to this file; the model is then "
                    "written only with -o");
    CLI::Option* figures_out = sub->add_option(
        "--figures-out", options->figures_out,
        "first pass for a pipeline with a time or event filter: write this shard's counts of the states at "
        "the filter's input (docs/scale-out.md) and stop");
    CLI::Option* figures = sub->add_option("--figures", options->figures,
                                           "the --figures-out files of every shard: the filter selects states "
                                           "from the whole trace's counts")
                               ->expected(1, CLI::detail::expected_max_vector_size);
    CLI::Option* pool = sub->add_flag("--pool-lanes", options->pool_lanes,
                                      "fit the chosen lanes as one ensemble: each lane alone through the pipeline, "
                                      "their statistics merged (interfaces.md \"Lanes compared\")");
    pool->excludes(session)->excludes(shard)->excludes(figures_out)->excludes(figures);
    figures_out->excludes(figures)->excludes(session)->needs(pipeline_option);
    figures->excludes(session)->needs(pipeline_option);
    shard->excludes(session);
    return [options] {
        if (options->format == "prism" && options->stats_out.empty() && (options->out.empty() || options->out == "-")) {
            std::cerr << "chitra-cli fit: --format prism writes four files and needs -o BASE\n";
            return 2;
        }
        if (options->session.empty() && options->file.empty()) {
            std::cerr << "chitra-cli fit: give a trace FILE or --session S --view NAME\n";
            return 2;
        }
        // The pipeline first: a malformed pipeline is reported without reading the trace.
        Pipeline pipeline;
        std::string trace_path = options->file;
        std::string pipeline_source = options->pipeline;
        ImportOptions import = import_options(options->input);
        std::vector<std::size_t> lanes;  // a session's entry of some lanes of its file
        std::vector<std::size_t> pooled; // the lanes of those its views analyse, pooled
        if (!options->session.empty()) {
            SessionViewTarget target = resolve_session_view(options->session, options->view, options->allow_changed);
            pipeline = std::move(target.pipeline);
            trace_path = target.trace_path;
            import = target.import; // the lanes the session chose
            lanes.assign(target.lanes.begin(), target.lanes.end());
            pooled.assign(target.pooled_lanes.begin(), target.pooled_lanes.end());
            pipeline_source = options->session + ": view " + options->view;
        } else if (!options->pipeline.empty()) {
            pipeline = load_pipeline_file(options->pipeline);
        }
        if (options->pool_lanes) {
            if (options->format == "transitions-csv") {
                std::cerr << "chitra-cli fit: --format transitions-csv lists elements; it does not go with "
                             "--pool-lanes\n";
                return 2;
            }
            write_pooled(pooled_lanes_stats(*options, pipeline), *options);
            return 0;
        }
        Trace trace = load_input(trace_path, import);
        if (!lanes.empty())
            trace = project_lanes(trace, lanes);
        if (!pooled.empty()) { // a view of some lanes apart: fitted as the workbench fits it
            if (options->format == "transitions-csv" || options->figures_out.size() || !options->shard.empty()) {
                std::cerr << "chitra-cli fit: view " << options->view
                          << " analyses lanes pooled: only the model and --stats-out are written\n";
                return 2;
            }
            write_pooled(pooled_lane_stats(trace, pooled, pipeline), *options);
            return 0;
        }
        const bool scale_out = !options->shard.empty() || !options->stats_out.empty();
        if (!options->figures_out.empty()) {
            ShardSpec spec = options->shard.empty() ? ShardSpec{} : parse_shard(options->shard);
            spec.margin = options->margin;
            std::vector<std::string> warnings;
            FilterFigures counted;
            try {
                counted =
                    shard_filter_figures(base_ses(trace), trace.size(), spec, pipeline, options->strict, warnings);
            } catch (const InputError& e) {
                throw InputError(pipeline_source + ": " + e.what());
            }
            for (const auto& w : warnings)
                std::cerr << pipeline_source << ": warning: " << w << '\n';
            emit(options->figures_out, figures_to_json(counted));
            return 0;
        }
        const std::optional<FilterFigures> whole =
            options->figures.empty() ? std::nullopt : std::optional<FilterFigures>(read_figures(options->figures));
        if (scale_out && options->format == "transitions-csv") {
            std::cerr << "chitra-cli fit: --format transitions-csv lists elements; it does not go with --shard or "
                         "--stats-out\n";
            return 2;
        }
        if (!scale_out && pipeline.steps.empty() && options->format != "transitions-csv") {
            write_model(fit_trace(trace), options->format, options->out); // no copy of the trace
            return 0;
        }
        Ses ses = base_ses(trace);
        SemiMarkovModel model;
        if (scale_out) {
            const ShardSpec spec = [&] {
                ShardSpec s = options->shard.empty() ? ShardSpec{} : parse_shard(options->shard);
                s.margin = options->margin;
                return s;
            }();
            if (spec.shards > 1)
                for (const std::string& why : inexact_on_shards(pipeline, whole ? &*whole : nullptr))
                    std::cerr << pipeline_source << ": warning: " << why << " (not exact on shards)\n";
            std::vector<std::string> warnings;
            FitStats stats;
            try {
                stats = shard_stats(ses, trace.header.timebase, trace.size(), spec, &pipeline, options->strict,
                                    warnings, whole ? &*whole : nullptr);
            } catch (const InputError& e) {
                if (pipeline.steps.empty())
                    throw;
                throw InputError(pipeline_source + ": " + e.what());
            }
            for (const auto& w : warnings)
                std::cerr << pipeline_source << ": warning: " << w << '\n';
            StatsPart part;
            part.source = trace_path;
            part.shard = spec.shard;
            part.shards = spec.shards;
            std::tie(part.first_record, part.end_record) = shard_records(trace.size(), spec.shard, spec.shards);
            part.pipeline = pipeline.steps.empty() ? std::string() : pipeline_source;
            part.margin = pipeline.steps.empty() ? 0 : spec.margin;
            stats.parts.push_back(part);
            if (!options->stats_out.empty()) {
                emit(options->stats_out, stats_to_json(stats));
                if (options->out.empty())
                    return 0;
            }
            model = model_from_stats(stats);
        } else {
            if (!pipeline.steps.empty()) {
                const TimeBase timebase = trace.header.timebase;
                trace = Trace(); // its columns are in the SES now
                trace.header.timebase = timebase;
                RunResult result;
                try {
                    result = run_pipeline(std::move(ses), pipeline, options->strict);
                } catch (const InputError& e) {
                    throw InputError(pipeline_source + ": " + e.what()); // "P.json: step 3 (aggregate): ..."
                }
                for (const auto& w : result.warnings)
                    std::cerr << pipeline_source << ": warning: " << w << '\n';
                ses = std::move(result.ses);
            }
            model = fit_chain(ses, trace.header.timebase);
        }

        if (options->format == "transitions-csv") {
            // Streamed: one row per SES element.
            emit_streamed(options->out, [&](std::ostream& out) { write_observed_transitions_csv(ses, model, out); });
        } else {
            write_model(model, options->format, options->out);
        }
        return 0;
    };
}

} // namespace chitra::cli
