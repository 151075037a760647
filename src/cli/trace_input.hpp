// The options of every command that reads a trace (docs/formats.md): --from FORMAT and
// --components all|LIST|/REGEX/, and the one way those commands load a trace with them.
#pragma once

#include "chitra/io/import.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace chitra::cli {

struct TraceInput {
    std::string from;                // empty: detect by content
    std::string components = "all";
    std::string fields;              // CTF payload fields as data fields (/REGEX/)
    // Text traces (CSV, event traces).
    std::string time_column;
    std::string state_columns;               // COL[,COL...]
    std::vector<std::string> field_columns;
    std::string delimiter;
    std::string time_unit = "ns";
};

void add_trace_input_options(CLI::App* command, TraceInput& input);

ImportOptions import_options(const TraceInput& input);

// Loads `path` as the options say; import warnings go to stderr.
Trace load_input(const std::string& path, const TraceInput& input, SourceFormat* format = nullptr);
Trace load_input(const std::string& path, ImportOptions options, SourceFormat* format = nullptr);

} // namespace chitra::cli
