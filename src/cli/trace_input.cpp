#include "trace_input.hpp"

#include <algorithm>
#include <iostream>

namespace chitra::cli {

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

// One reading option: its flag and help, the checks of its value, whether one trace may
// take it several times, and where a value goes.
struct InputOption {
    const char* name;
    const char* help;
    bool repeatable;
    void (*check)(CLI::Option*);
    void (*store)(TraceInput&, const std::string&);
};

void no_check(CLI::Option*) {}

const std::vector<InputOption>& input_options()
{
    static const std::vector<InputOption> table{
        {"--from", "Input format, instead of detecting it from the content", false,
         [](CLI::Option* o) {
             std::vector<std::string> names;
             for (SourceFormat f : all_source_formats())
                 names.emplace_back(to_string(f));
             o->check(CLI::IsMember(names));
         },
         [](TraceInput& in, const std::string& v) { in.from = v; }},
        {"--components",
         "Lanes of a foreign trace that become components: all (default), a list of 1-based numbers or names "
         "(1,3,worker), or /REGEX/",
         false, no_check, [](TraceInput& in, const std::string& v) { in.components = v; }},
        {"--fields",
         "CTF payload fields that become data fields: a regular expression searched in EVENT.FIELD "
         "(default: none)",
         false, no_check, [](TraceInput& in, const std::string& v) { in.settings.fields = v; }},
        {"--time", "CSV: the time column, by name or 1-based number (default 1)", false, no_check,
         [](TraceInput& in, const std::string& v) { in.settings.time_column = v; }},
        {"--state", "CSV: the state columns COL[,COL...], one lane each (default 2)", false, no_check,
         [](TraceInput& in, const std::string& v) { in.settings.state_columns = split_list(v); }},
        {"--field", "CSV: a column read as a gauge (repeatable)", true, no_check,
         [](TraceInput& in, const std::string& v) { in.settings.field_columns.push_back(v); }},
        {"--delimiter",
         "CSV: the cell delimiter, one character or 'tab' (default: the first of , ; tab in the first row)", false,
         [](CLI::Option* o) {
             o->check(CLI::Validator(
                 [](std::string& d) {
                     return parse_delimiter(d) && !d.empty() ? std::string() : std::string("one character or 'tab'");
                 },
                 "CHAR"));
         },
         [](TraceInput& in, const std::string& v) { in.settings.delimiter = delimiter_text(*parse_delimiter(v)); }},
        {"--time-unit", "CSV and event traces: the unit of times (default ns)", false,
         [](CLI::Option* o) {
             o->check(CLI::IsMember({"ns", "us", "ms", "s"}));
         },
         [](TraceInput& in, const std::string& v) { in.settings.time_unit = v; }},
    };
    return table;
}

} // namespace

void add_trace_input_options(CLI::App* command, TraceInput& input)
{
    for (const InputOption& spec : input_options()) {
        auto store = spec.store;
        CLI::Option* option = command->add_option(
            spec.name,
            [&input, store](const CLI::results_t& values) {
                for (const std::string& v : values)
                    store(input, v);
                return true;
            },
            spec.help);
        option->expected(1)->multi_option_policy(spec.repeatable ? CLI::MultiOptionPolicy::TakeAll
                                                                 : CLI::MultiOptionPolicy::Throw);
        spec.check(option);
    }
}

PerTraceInputOptions::PerTraceInputOptions(CLI::App* command, const std::string& of_what)
{
    const auto& table = input_options();
    for (std::size_t i = 0; i < table.size(); ++i) {
        CLI::Option* option = command->add_option(table[i].name);
        option->description(std::string(table[i].help) + of_what);
        option->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        table[i].check(option);
        options_.emplace_back(option, i);
    }
}

bool PerTraceInputOptions::owns(const CLI::Option* option) const
{
    return std::any_of(options_.begin(), options_.end(), [option](const auto& o) { return o.first == option; });
}

void PerTraceInputOptions::apply(const CLI::Option* option, std::size_t index, TraceInput& input) const
{
    for (const auto& [o, entry] : options_)
        if (o == option)
            input_options()[entry].store(input, o->results().at(index));
}

ImportOptions import_options(const TraceInput& input)
{
    ImportOptions options;
    if (!input.from.empty())
        options.from = parse_source_format(input.from);
    options.components.spec = input.components;
    apply_import_settings(input.settings, options, "the command line");
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
