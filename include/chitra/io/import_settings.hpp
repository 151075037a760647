// How a foreign trace is read beyond its lanes, in the text form the command line
// (--fields, --time, --state, --field, --delimiter, --time-unit; docs/formats.md) and
// session files (docs/sessions.md "Import choice") give it. Empty or default values mean
// the importer's defaults, so a default ImportSettings reads as no option given.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

struct ImportOptions; // chitra/io/import.hpp

struct ImportSettings {
    std::string fields;                     // CTF payload fields as data fields (a regex)
    std::string time_column;                // text traces: by name or 1-based number
    std::vector<std::string> state_columns; // one lane each
    std::vector<std::string> field_columns; // gauges
    std::string delimiter;                  // CSV: empty (detect), one character, or "tab"
    std::string time_unit = "ns";           // ns, us, ms or s

    bool is_default() const { return *this == ImportSettings{}; }
    friend bool operator==(const ImportSettings&, const ImportSettings&) = default;
};

// The character a --delimiter value names: one character, "tab" or "\t"; 0 for empty
// (detect); nullopt for anything else.
std::optional<char> parse_delimiter(std::string_view text);
// The --delimiter value of `c`: "" for 0, "tab" for a tab, else the character.
std::string delimiter_text(char c);

// Puts `settings` into `options`; throws InputError("WHERE: ...") for a delimiter or a
// time unit that is not one of the above.
void apply_import_settings(const ImportSettings& settings, ImportOptions& options, const std::string& where);

} // namespace chitra
