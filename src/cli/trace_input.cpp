#include "trace_input.hpp"

#include <iostream>

namespace chitra::cli {

void add_trace_input_options(CLI::App* command, TraceInput& input)
{
    std::vector<std::string> names;
    for (SourceFormat f : all_source_formats())
        names.emplace_back(to_string(f));
    command->add_option("--from", input.from, "Input format, instead of detecting it from the content")
        ->check(CLI::IsMember(names));
    command->add_option("--components", input.components,
                        "Lanes of a foreign trace that become components: all (default), a list of "
                        "1-based numbers or names (1,3,worker), or /REGEX/");
    command->add_option("--fields", input.fields,
                        "CTF payload fields that become data fields: a regular expression searched in "
                        "EVENT.FIELD (default: none)");
}

ImportOptions import_options(const TraceInput& input)
{
    ImportOptions options;
    if (!input.from.empty())
        options.from = parse_source_format(input.from);
    options.components.spec = input.components;
    options.fields = input.fields;
    return options;
}

Trace load_input(const std::string& path, const TraceInput& input, SourceFormat* format)
{
    return load_input(path, import_options(input), format);
}

Trace load_input(const std::string& path, ImportOptions options, SourceFormat* format)
{
    std::vector<std::string> warnings;
    options.warnings = &warnings;
    Trace trace = load_trace(path, options, format);
    for (const std::string& w : warnings)
        std::cerr << "warning: " << w << '\n';
    return trace;
}

} // namespace chitra::cli
