// Parameters of a run from its header and its file name (interfaces.md "Parameters of a run").
#include "chitra/ensemble/run_params.hpp"

#include "chitra/trace/types.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>

namespace chitra {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::vector<std::string_view> words(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i]))
            ++i;
        std::size_t j = i;
        while (j < text.size() && !is_space(text[j]))
            ++j;
        if (j > i)
            out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

} // namespace

std::optional<double> numeric_value(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    const char* begin = text.data();
    if (*begin == '+')
        ++begin; // "+3" is a number too
    double value = 0.0;
    auto [end, ec] = std::from_chars(begin, text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::pair<std::string, std::string> parse_assignment(std::string_view text, const std::string& where)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        throw InputError(where + ": expected NAME=VALUE, got '" + std::string(text) + "'");
    std::string name(text.substr(0, eq));
    std::string value(text.substr(eq + 1));
    if (name.empty())
        throw InputError(where + ": empty parameter name in '" + std::string(text) + "'");
    for (char c : name)
        if (is_space(c))
            throw InputError(where + ": parameter name '" + name + "' holds whitespace");
    if (value.empty())
        throw InputError(where + ": parameter " + name + " has no value");
    return {std::move(name), std::move(value)};
}

RunParams params_from_header(const TraceHeader& header, const std::string& source)
{
    RunParams params;
    for (const auto& [key, value] : header.extra) {
        if (key != "param")
            continue;
        const std::string where = source + ": param line '" + value + "'";
        const auto assignments = words(value);
        if (assignments.empty())
            throw InputError(where + ": no NAME=VALUE");
        for (std::string_view a : assignments) {
            auto [name, v] = parse_assignment(a, where);
            params[name] = v;
        }
    }
    return params;
}

FileNameParam parse_file_name_param(const std::string& spec)
{
    auto [name, pattern] = parse_assignment(spec, "--param " + spec);
    FileNameParam param{name, pattern, {}};
    try {
        param.regex = std::regex(pattern, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        throw InputError("--param " + spec + ": bad regular expression (" + e.what() + ")");
    }
    if (param.regex.mark_count() < 1)
        throw InputError("--param " + spec + ": the regular expression needs a capture group");
    return param;
}

void add_file_name_params(RunParams& params, const std::string& path, const std::vector<FileNameParam>& specs)
{
    const std::string file_name = std::filesystem::path(path).filename().string();
    for (const FileNameParam& spec : specs) {
        std::smatch match;
        if (!std::regex_search(file_name, match, spec.regex) || !match[1].matched || match[1].length() == 0)
            throw InputError(path + ": --param " + spec.name + "=" + spec.pattern + " does not match the file name");
        params[spec.name] = match[1].str();
    }
}

} // namespace chitra
