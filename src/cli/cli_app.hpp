// chitra-cli's command line run in this process: what the program's main() does, and
// what the Python module (src/python) calls so that a notebook and a script get the same
// documents. Output goes to std::cout and std::cerr.
#pragma once

#include <string>
#include <vector>

namespace chitra::cli {

// Parses `args` (without the program's name) and runs the command they name; the exit
// status: 0 success, 2 usage error, 3 bad input.
int run_command_line(const std::vector<std::string>& args);

} // namespace chitra::cli
