// The options of every command that reads a trace (docs/formats.md): --from FORMAT,
// --components all|LIST|/REGEX/, --fields, and the text traces' --time, --state, --field,
// --delimiter and --time-unit; registered in one place for every command, and the one
// way those commands load a trace with them.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/io/import_settings.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

namespace chitra::cli {

struct TraceInput {
    std::string from; // empty: detect by content
    std::string components = "all";
    ImportSettings settings; // --fields and the text traces' options
};

// Commands that read one trace: the options fill `input`.
void add_trace_input_options(CLI::App* command, TraceInput& input);

// Commands that take several traces, each followed by its own options (`session new`):
// the same options, each value kept in command-line order for the trace before it.
class PerTraceInputOptions {
public:
    // `of_what` ends each option's help, e.g. " of the preceding --trace".
    PerTraceInputOptions(CLI::App* command, const std::string& of_what);
    bool owns(const CLI::Option* option) const;
    // Stores the `index`-th value of `option` (one of these) in `input`.
    void apply(const CLI::Option* option, std::size_t index, TraceInput& input) const;

private:
    std::vector<std::pair<CLI::Option*, std::size_t>> options_; // the option, its entry in the table
};

ImportOptions import_options(const TraceInput& input);

// Loads `path` as the options say; import warnings go to stderr.
Trace load_input(const std::string& path, const TraceInput& input, SourceFormat* format = nullptr);
Trace load_input(const std::string& path, ImportOptions options, SourceFormat* format = nullptr);

} // namespace chitra::cli
