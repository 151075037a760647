// Command-line reading shared by the trace generators: walking the arguments, option
// values and integers in a range, usage errors (exit status 2), the output options
// every generator takes, and the command as recorded in the trace.
#pragma once

#include "trace_recorder.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace chitra::tools {

// Walks argv; the generator tests each argument against its own options and reads their
// values from here. Every error message starts with the program's name.
class CommandLine {
public:
    CommandLine(std::string program, int argc, char** argv) : program_(std::move(program)), argc_(argc), argv_(argv) {}

    bool next() { return ++i_ < argc_; } // moves to the next argument; false after the last
    std::string_view current() const { return argv_[i_]; }
    bool is(std::string_view name) const { return current() == name; }
    bool is(std::string_view short_name, std::string_view long_name) const
    {
        return current() == short_name || current() == long_name;
    }
    // The argument after the current option, which it consumes.
    std::string_view value();
    // value() as an integer in lo..hi.
    std::int64_t integer(std::int64_t lo, std::int64_t hi);
    // Reads the current argument if it is an output option (--timebase, --separator,
    // -o/--output); false otherwise.
    bool output_option(OutputOptions& out);
    // After the last argument: the output options are usable together.
    void check(const OutputOptions& out) const;
    // Prints "PROGRAM: MESSAGE (see --help)" and exits with status 2.
    [[noreturn]] void usage_error(const std::string& message) const;

private:
    std::string program_;
    int argc_;
    char** argv_;
    int i_ = 0;
};

// The command without its output files (`-o/--output FILE`, `--csv FILE`, `--events
// FILE`: they are not part of the experiment), for the trace's '# generator:' line.
std::string command_line(std::string_view program, int argc, char** argv);

} // namespace chitra::tools
