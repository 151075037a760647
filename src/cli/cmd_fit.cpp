// chitra-cli fit FILE [--pipeline P.json] [--format json|dot|csv|transitions-csv|prism]
//                     [-o OUT] [--strict]
// chitra-cli fit --session S.chitra --view NAME [...]: fits a view of a saved session.
#include "commands.hpp"
#include "trace_input.hpp"

#include "chitra/util/atomic_file.hpp"
#include "chitra/chain/chain.hpp"
#include "chitra/io/io.hpp"
#include "chitra/lanes/lane_selection.hpp"
#include "chitra/export/model_export.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/session/session_io.hpp"

#include <iostream>
#include <memory>

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
};

// "-o model" and "-o model.tra" both name the base of model.tra, .sta, .lab, .srew.
std::string prism_base(std::string out)
{
    for (const char* ext : {".tra", ".sta", ".lab", ".srew"}) {
        const std::string e = ext;
        if (out.size() > e.size() && out.compare(out.size() - e.size(), e.size(), e) == 0)
            return out.substr(0, out.size() - e.size());
    }
    return out;
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
    return [options] {
        if (options->format == "prism" && (options->out.empty() || options->out == "-")) {
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
        std::vector<std::size_t> lanes; // a session's entry of some lanes of its file
        if (!options->session.empty()) {
            SessionViewTarget target = resolve_session_view(options->session, options->view, options->allow_changed);
            pipeline = std::move(target.pipeline);
            trace_path = target.trace_path;
            import = target.import; // the lanes the session chose
            lanes.assign(target.lanes.begin(), target.lanes.end());
            pipeline_source = options->session + ": view " + options->view;
        } else if (!options->pipeline.empty()) {
            pipeline = load_pipeline_file(options->pipeline);
        }
        Trace trace = load_input(trace_path, import);
        if (!lanes.empty())
            trace = project_lanes(trace, lanes);
        Ses ses = base_ses(trace);
        if (!pipeline.steps.empty()) {
            RunResult result;
            try {
                result = run_pipeline(ses, pipeline, options->strict);
            } catch (const InputError& e) {
                throw InputError(pipeline_source + ": " + e.what()); // "P.json: step 3 (aggregate): ..."
            }
            for (const auto& w : result.warnings)
                std::cerr << pipeline_source << ": warning: " << w << '\n';
            ses = std::move(result.ses);
        }
        const SemiMarkovModel model = fit_chain(ses, trace.header.timebase);

        const std::string& fmt = options->format;
        if (fmt == "json") {
            emit(options->out, model_to_json(model));
        } else if (fmt == "dot") {
            emit(options->out, model_to_dot(model));
        } else if (fmt == "csv") {
            emit(options->out, model_to_csv(model));
        } else if (fmt == "transitions-csv") {
            // Streamed: one row per SES element.
            if (options->out.empty() || options->out == "-") {
                write_observed_transitions_csv(ses, model, std::cout);
                std::cout.flush();
            } else {
                write_file_atomically(options->out, [&](std::ostream& out) {
                    write_observed_transitions_csv(ses, model, out);
                });
            }
        } else { // prism
            const PrismFiles files = model_to_prism(model);
            const std::string base = prism_base(options->out);
            write_file_atomically(base + ".tra", files.tra);
            write_file_atomically(base + ".sta", files.sta);
            write_file_atomically(base + ".lab", files.lab);
            write_file_atomically(base + ".srew", files.srew);
        }
        return 0;
    };
}

} // namespace chitra::cli
