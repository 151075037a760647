#include "commands.hpp"

#include <iostream>

namespace chitra::cli {

// Placeholder until the command is written: registered so that --help lists it.
Action add_convert_command(CLI::App& app)
{
    app.add_subcommand("convert", "(not yet available)")->allow_extras();
    return [] {
        std::cerr << "chitra-cli convert: not yet available\n";
        return 2;
    };
}

} // namespace chitra::cli
