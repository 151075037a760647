// chitra-cli transform FILE --pipeline P.json [--format pes|ses-json] [-o OUT] [--strict]
#include "commands.hpp"
#include "trace_input.hpp"

#include "chitra/io/io.hpp"
#include "chitra/pipeline/pipeline_json.hpp"
#include "chitra/pipeline/pipeline_runner.hpp"

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

namespace chitra::cli {

namespace {

struct TransformOptions {
    std::string file;
    TraceInput input;
    std::string pipeline;
    std::string format = "ses-json";
    std::string out;
    bool strict = false;
};

// Streams the SES by hand (it may have millions of elements); names are escaped once
// per symbol by nlohmann-json.
std::string ses_json(const Ses& ses)
{
    std::vector<std::string> quoted(ses.symbols->size());
    std::vector<std::uint8_t> done(ses.symbols->size(), 0);
    for (SymbolId s : ses.symbol)
        if (!done[s]) {
            done[s] = 1;
            quoted[s] = nlohmann::json((*ses.symbols)[s].name).dump();
        }
    const std::size_t n = ses.size();
    std::string out;
    out.reserve(n * 40 + 64);
    out += "{\"symbols\": [";
    for (std::size_t i = 0; i < n; ++i) {
        if (i)
            out += ", ";
        out += quoted[ses.symbol[i]];
    }
    out += "], \"occupancy\": [";
    for (std::size_t i = 0; i < n; ++i) {
        if (i)
            out += ", ";
        out += std::to_string(ses.occupancy(i));
    }
    out += "], \"entry\": [";
    for (std::size_t i = 0; i < n; ++i) {
        if (i)
            out += ", ";
        out += std::to_string(ses.entry(i));
    }
    out += "],\n \"provenance\": [";
    for (std::size_t i = 0; i < n; ++i) {
        if (i)
            out += ", ";
        out += '[';
        out += std::to_string(ses.records[i]);
        out += ", ";
        out += std::to_string(ses.records[i + 1]);
        out += ']';
    }
    out += "]}\n";
    return out;
}

// One record per element with the symbol's name as its single component; the last
// exit becomes the declared end, so reading the file back gives the same SES.
std::string ses_pes(const Ses& ses, TimeBase timebase, const std::string& pipeline_file)
{
    std::string out = "# chitra-pes 1\n# timebase: ";
    out += to_string(timebase);
    out += "\n# end: " + std::to_string(ses.bounds.back()) + "\n";
    // A state token has no blanks or control characters: refuse a name (e.g. a composite
    // named "A B") that would read back as another trace.
    std::vector<std::uint8_t> checked(ses.symbols->size(), 0);
    for (SymbolId s : ses.symbol) {
        if (checked[s])
            continue;
        checked[s] = 1;
        const std::string& name = (*ses.symbols)[s].name;
        bool bad = name.empty();
        for (unsigned char c : name)
            bad = bad || c <= 0x20 || c == 0x7f;
        if (bad)
            throw InputError(pipeline_file + ": cannot write symbol " + nlohmann::json(name).dump() +
                             " as a PES state (a state token has no blanks or control characters); "
                             "use --format ses-json");
    }
    for (std::size_t i = 0; i < ses.size(); ++i) {
        out += std::to_string(ses.entry(i));
        out += ' ';
        out += ses.name(i);
        out += '\n';
    }
    return out;
}

} // namespace

Action add_transform_command(CLI::App& app)
{
    auto options = std::make_shared<TransformOptions>();
    CLI::App* sub = app.add_subcommand("transform", "apply a pipeline to a trace and write the resulting SES");
    sub->add_option("FILE", options->file, "trace file (any format Chitra reads)")->required();
    add_trace_input_options(sub, options->input);
    sub->add_option("--pipeline", options->pipeline, "pipeline JSON file")->required();
    sub->add_option("--format", options->format, "output format")
        ->check(CLI::IsMember({"ses-json", "pes"}))
        ->capture_default_str();
    sub->add_option("-o,--output", options->out, "output file (default: stdout)");
    sub->add_flag("--strict", options->strict, "treat warnings (names matching no symbol) as errors");
    return [options] {
        // The pipeline first: a malformed pipeline is reported without reading the trace.
        Pipeline pipeline = load_pipeline_file(options->pipeline);
        Trace trace = load_input(options->file, options->input);
        RunResult result;
        try {
            result = run_pipeline(base_ses(trace), pipeline, options->strict);
        } catch (const InputError& e) {
            throw InputError(options->pipeline + ": " + e.what()); // "P.json: step 3 (aggregate): ..."
        }
        for (const auto& w : result.warnings)
            std::cerr << options->pipeline << ": warning: " << w << '\n';
        emit(options->out, options->format == "pes" ? ses_pes(result.ses, trace.header.timebase, options->pipeline)
                                                    : ses_json(result.ses));
        return 0;
    };
}

} // namespace chitra::cli
