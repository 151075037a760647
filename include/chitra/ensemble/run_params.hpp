// Parameters of a run (interfaces.md "Parameters of a run"): `# param: NAME=VALUE ...`
// header lines of a trace, or values taken from its file name with `--param NAME=REGEX`.
#pragma once

#include "chitra/trace/trace.hpp"

#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chitra {

// Parameter name -> value as written; a value is a number or a word.
using RunParams = std::map<std::string, std::string>;

// The value as a number when all of it is one (finite), else nullopt (a word).
std::optional<double> numeric_value(std::string_view text);

// "NAME=VALUE" split at the first '='; throws InputError "WHERE: reason" when the name
// or the value is empty or the name holds whitespace.
std::pair<std::string, std::string> parse_assignment(std::string_view text, const std::string& where);

// Every `# param:` line of the header (all of them, in order; a later value of a name
// replaces an earlier one). Throws InputError "SOURCE: param line 'TEXT': reason".
RunParams params_from_header(const TraceHeader& header, const std::string& source);

// `--param NAME=REGEX`: the parameter's value is the regular expression's first capture
// group in the file name (the last path component).
struct FileNameParam {
    std::string name;
    std::string pattern;
    std::regex regex;
};
// Throws InputError on a bad form, a bad regular expression or one without a group.
FileNameParam parse_file_name_param(const std::string& spec);
// Sets each parameter from `path`'s file name; throws InputError "PATH: ..." when a
// regular expression does not match it.
void add_file_name_params(RunParams& params, const std::string& path, const std::vector<FileNameParam>& specs);

} // namespace chitra
