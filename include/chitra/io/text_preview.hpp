// The first rows of a text trace (CSV or event trace) as its importer splits them, for
// the import dialog's table: cells per column, whether the first row is a header, and the
// delimiter used. Reads only the head of the file; never throws for bad content.
#pragma once

#include "chitra/io/import.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace chitra {

struct TextTablePreview {
    char delimiter = ',';                       // CSV: the one used (detected when asked 0)
    bool header = false;                        // the first row names the columns
    std::vector<std::string> names;             // one per column: the header cell, else its number
    std::vector<std::vector<std::string>> rows; // the first data rows, cells without surrounding blanks
    std::string problem;                        // why the rows stop early (an unreadable file, a quote left open)
};

// `delimiter` 0: detect as the CSV importer does. Event traces are split at whitespace;
// their columns are named by the format (time, from, to, type, then the NAME=VALUE pairs).
TextTablePreview preview_text_table(const std::string& path, SourceFormat format, char delimiter,
                                    std::size_t max_rows = 20);

} // namespace chitra
