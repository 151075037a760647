#include "io/paraver/paraver_names.hpp"

#include "io/import/text_scan.hpp"
#include "io/import/name_text.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace chitra::detail::paraver {

namespace {

using text::fail;

// A name as the PES will hold it: valid text, else an error of its line.
std::string checked(std::string_view name, const std::string& source, std::size_t n)
{
    const std::string problem = name_text_problem(name);
    if (!problem.empty())
        fail(source, n, "name " + quote_token(name) + ": " + problem);
    return std::string(name);
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && text::is_blank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && text::is_blank(s.back()))
        s.remove_suffix(1);
    return s;
}

// `NUMBER NAME...` of a STATES line.
void state_line(std::string_view line, const std::string& source, std::size_t n, Names& names)
{
    std::string_view rest = line;
    const auto value = text::parse_unsigned(text::next_word(rest));
    if (!value || trim(rest).empty())
        fail(source, n, "a STATES line is NUMBER NAME");
    names.states[*value] = checked(trim(rest), source, n);
}

// `NUMBER {R,G,B}` of a STATES_COLOR line (components 0-255).
void state_colour_line(std::string_view line, const std::string& source, std::size_t n, Names& names)
{
    std::string_view rest = line;
    const auto value = text::parse_unsigned(text::next_word(rest));
    rest = trim(rest);
    const auto bad = [&] { fail(source, n, "a STATES_COLOR line is NUMBER {R,G,B}"); };
    if (!value || rest.size() < 2 || rest.front() != '{' || rest.back() != '}')
        bad();
    rest = rest.substr(1, rest.size() - 2);
    std::uint32_t rgb = 0;
    for (int c = 0; c < 3; ++c) {
        const std::size_t comma = rest.find(',');
        if ((comma == std::string_view::npos) != (c == 2))
            bad();
        const auto part = text::parse_unsigned(trim(rest.substr(0, comma)));
        if (!part || *part > 255)
            fail(source, n, "a STATES_COLOR component is a number from 0 to 255");
        rgb = rgb << 8 | static_cast<std::uint32_t>(*part);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
    names.state_colours[*value] = rgb;
}

// `GRADIENT TYPE NAME...` of an EVENT_TYPE line; the type joins the section's `types`.
void event_type_line(std::string_view line, const std::string& source, std::size_t n, Names& names,
                     std::vector<std::uint64_t>& types)
{
    std::string_view rest = line;
    const auto gradient = text::parse_unsigned(text::next_word(rest));
    const auto type = text::parse_unsigned(text::next_word(rest));
    if (!gradient || !type || trim(rest).empty())
        fail(source, n, "an EVENT_TYPE line is GRADIENT TYPE NAME");
    names.event_types[*type] = checked(trim(rest), source, n);
    types.push_back(*type);
}

// `VALUE NAME...` of a VALUES line, for every type of the EVENT_TYPE section before it.
void value_line(std::string_view line, const std::string& source, std::size_t n, Names& names,
                const std::vector<std::uint64_t>& types)
{
    std::string_view rest = line;
    const auto value = text::parse_unsigned(text::next_word(rest));
    if (!value || trim(rest).empty())
        fail(source, n, "a VALUES line is NUMBER NAME");
    const std::string name = checked(trim(rest), source, n);
    for (std::uint64_t type : types)
        names.event_values[type][*value] = name;
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

void parse_pcf(std::string_view text, const std::string& source, Names& names)
{
    enum class Section { other, states, state_colours, event_type, values } section = Section::other;
    std::vector<std::uint64_t> types; // of the current EVENT_TYPE section
    const char* p = text.data();
    const char* const end = p + text.size();
    std::size_t n = 0;
    while (p < end) {
        const std::string_view line = trim(text::next_line(p, end));
        ++n;
        if (line.empty()) {
            section = Section::other;
            continue;
        }
        if (line == "STATES")
            section = Section::states;
        else if (line == "STATES_COLOR")
            section = Section::state_colours;
        else if (line == "EVENT_TYPE") {
            section = Section::event_type;
            types.clear();
        } else if (line == "VALUES")
            section = Section::values;
        else if (section == Section::states)
            state_line(line, source, n, names);
        else if (section == Section::state_colours)
            state_colour_line(line, source, n, names);
        else if (section == Section::event_type)
            event_type_line(line, source, n, names, types);
        else if (section == Section::values)
            value_line(line, source, n, names, types);
        else if (section == Section::other && line.front() >= 'A' && line.front() <= 'Z')
            section = Section::other; // DEFAULT_OPTIONS, GRADIENT_COLOR, ...: not read
    }
    names.have_pcf = true;
}

void parse_row(std::string_view text, const std::string& source, Names& names)
{
    const char* p = text.data();
    const char* const end = p + text.size();
    std::size_t n = 0;
    while (p < end) {
        std::string_view line = trim(text::next_line(p, end));
        ++n;
        if (!line.starts_with("LEVEL THREAD SIZE"))
            continue;
        line.remove_prefix(17);
        const auto size = text::parse_unsigned(trim(line));
        if (!size)
            fail(source, n, "LEVEL THREAD SIZE is not followed by a number");
        names.threads.clear();
        const std::size_t first = n;
        for (std::uint64_t i = 0; i < *size; ++i) {
            if (p >= end)
                fail(source, n,
                     "LEVEL THREAD SIZE " + std::to_string(*size) + " (line " + std::to_string(first) +
                         ") but the file ends after " + std::to_string(i) + " names");
            ++n;
            names.threads.push_back(checked(trim(text::next_line(p, end)), source, n));
        }
        return;
    }
}

Names read_names(const std::string& prv_path, std::vector<std::string>& warnings)
{
    Names names;
    std::string base = prv_path;
    if (base.size() > 4 && base.ends_with(".prv"))
        base.resize(base.size() - 4);
    const auto read_one = [&](const std::string& path, void (*parse)(std::string_view, const std::string&, Names&),
                              const char* what) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) {
            warnings.push_back(path + ": missing (" + what + " shown as numbers)");
            return;
        }
        try {
            Names read = names; // kept only when the whole file parses
            parse(slurp(path), path, read);
            names = std::move(read);
        } catch (const InputError& e) {
            warnings.push_back(std::string(e.what()) + " (" + what + " shown as numbers)");
        }
    };
    read_one(base + ".pcf", parse_pcf, "states and event types");
    read_one(base + ".row", parse_row, "threads");
    return names;
}

} // namespace chitra::detail::paraver
