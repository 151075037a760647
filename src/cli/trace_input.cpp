#include "trace_input.hpp"

#include <algorithm>
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
    command->add_option("--time", input.time_column, "CSV: the time column, by name or 1-based number (default 1)");
    command->add_option("--state", input.state_columns,
                        "CSV: the state columns COL[,COL...], one lane each (default 2)");
    command->add_option("--field", input.field_columns, "CSV: a column read as a gauge (repeatable)");
    command->add_option("--delimiter", input.delimiter,
                        "CSV: the cell delimiter, one character or 'tab' (default: the first of , ; tab "
                        "in the first row)")
        ->check([](const std::string& d) {
            return d.size() == 1 || d == "tab" || d == "\\t" ? std::string() : std::string("one character or 'tab'");
        });
    command->add_option("--time-unit", input.time_unit, "CSV and event traces: the unit of times (default ns)")
        ->check(CLI::IsMember({"ns", "us", "ms", "s"}));
}

namespace {

std::vector<std::string> split_list(const std::string& list)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        out.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    return out;
}

} // namespace

ImportOptions import_options(const TraceInput& input)
{
    ImportOptions options;
    if (!input.from.empty())
        options.from = parse_source_format(input.from);
    options.components.spec = input.components;
    options.fields = input.fields;
    options.time_column = input.time_column;
    if (!input.state_columns.empty())
        options.state_columns = split_list(input.state_columns);
    options.field_columns = input.field_columns;
    if (!input.delimiter.empty())
        options.delimiter = input.delimiter.size() == 1 ? input.delimiter[0] : '\t';
    options.time_scale = time_unit_scale(input.time_unit).value_or(0);
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
