// The text form of the reading options (chitra/io/import_settings.hpp).
#include "chitra/io/import_settings.hpp"

#include "chitra/io/import.hpp"
#include "chitra/trace/types.hpp"

namespace chitra {

std::optional<char> parse_delimiter(std::string_view text)
{
    if (text.empty())
        return '\0';
    if (text == "tab" || text == "\\t")
        return '\t';
    if (text.size() == 1 && text[0] != '\n' && text[0] != '\r' && text[0] != '"')
        return text[0];
    return std::nullopt;
}

std::string delimiter_text(char c)
{
    if (c == '\0')
        return {};
    if (c == '\t')
        return "tab";
    return std::string(1, c);
}

void apply_import_settings(const ImportSettings& settings, ImportOptions& options, const std::string& where)
{
    const auto delimiter = parse_delimiter(settings.delimiter);
    if (!delimiter)
        throw InputError(where + ": unknown delimiter '" + settings.delimiter.substr(0, 20) +
                         "' (one character or 'tab')");
    const auto scale = time_unit_scale(settings.time_unit);
    if (!scale)
        throw InputError(where + ": unknown time unit '" + settings.time_unit.substr(0, 20) + "' (ns, us, ms or s)");
    options.fields = settings.fields;
    options.time_column = settings.time_column;
    options.state_columns = settings.state_columns;
    options.field_columns = settings.field_columns;
    options.delimiter = *delimiter;
    options.time_scale = *scale;
}

} // namespace chitra
