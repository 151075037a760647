// chitra-cli dump FILE [--pipeline P.json] [-o OUT] [--derivation OUT2]: Traceview's two
// dumps of a view: its elements record by record (time, state, fields as shown) and how
// the view was derived from the raw trace (docs/traceview.md "Dumps").
#include "commands.hpp"
#include "trace_input.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"
#include "chitra/traceview/traceview.hpp"

#include <iostream>
#include <memory>
#include <sstream>

namespace chitra::cli {

namespace {

struct DumpOptions {
    std::string file;
    TraceInput input;
    std::string pipeline;
    std::string out;
    std::string derivation;
};

} // namespace

Action add_dump_command(CLI::App& app)
{
    auto options = std::make_shared<DumpOptions>();
    CLI::App* sub =
        app.add_subcommand("dump", "write a view record by record (time, state, fields) and its derivation");
    sub->add_option("FILE", options->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, options->input);
    sub->add_option("--pipeline", options->pipeline, "pipeline JSON file defining the view (default: the raw trace)");
    sub->add_option("-o,--output", options->out, "view dump file (default: stdout)");
    sub->add_option("--derivation", options->derivation, "also write how the view was derived into this file");
    return [options] {
        Pipeline pipeline;
        if (!options->pipeline.empty())
            pipeline = load_pipeline_file(options->pipeline);
        Trace trace = load_input(options->file, options->input);
        RunResult result;
        try {
            result = run_pipeline(base_ses(trace), pipeline);
        } catch (const InputError& e) {
            throw InputError(options->pipeline + ": " + e.what());
        }
        for (const auto& w : result.warnings)
            std::cerr << options->pipeline << ": warning: " << w << '\n';
        std::ostringstream dump;
        write_view_dump(dump, trace, result.ses);
        emit(options->out, dump.str());
        if (!options->derivation.empty()) {
            std::ostringstream how;
            write_derivation(how, trace, pipeline);
            emit(options->derivation, how.str());
        }
        return 0;
    };
}

} // namespace chitra::cli
