// chitra-cli convert IN -o OUT [--to binary|pes]: PES text <-> binary .ctrace.
#include "commands.hpp"

#include "chitra/io/io.hpp"

#include <iostream>

namespace chitra::cli {

Action add_convert_command(CLI::App& app)
{
    struct Options {
        std::string in;
        std::string out;
        std::string to;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("convert", "Convert a trace between PES text and the binary .ctrace format");
    cmd->add_option("IN", options->in, "Input trace (PES text or binary, detected by content)")->required();
    cmd->add_option("-o,--output", options->out, "Output file (written atomically)")->required();
    cmd->add_option("--to", options->to, "Output format; default: binary when OUT ends in .ctrace, else pes")
        ->check(CLI::IsMember({"binary", "pes"}));
    return [options] {
        std::string to = options->to;
        if (to.empty())
            to = options->out.ends_with(".ctrace") ? "binary" : "pes";
        if (options->out == "-" && to == "binary") {
            std::cerr << "chitra-cli convert: refusing to write a binary trace to stdout\n";
            return 2;
        }
        Trace trace = load_trace(options->in);
        if (to == "binary") {
            write_binary_file(trace, options->out);
        } else if (options->out == "-") {
            write_pes(trace, std::cout);
            std::cout.flush();
        } else {
            write_pes_file(trace, options->out);
        }
        return 0;
    };
}

} // namespace chitra::cli
