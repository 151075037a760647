// CSV rows as RFC 4180 writes them: cells split at the delimiter, quoted cells with `""`
// for a quote and line breaks inside, lines ending in LF or CRLF. Unquoted cells are views
// into the text; only quoted cells are copied.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail::csv {

class Rows {
public:
    Rows(std::string_view text, const std::string& source, char delimiter);

    // The next row that is not empty into `cells` (valid until the following call), false
    // at the end; line() is then the row's first line. Throws InputError on a quote left
    // open or text right after a closing quote.
    bool next(std::vector<std::string_view>& cells);
    std::size_t line() const { return row_line_; }
    const char* position() const { return p_; }

private:
    std::string_view quoted_cell();

    const char* p_;
    const char* end_;
    const std::string& source_;
    char delimiter_;
    std::size_t line_ = 0; // lines consumed
    std::size_t row_line_ = 0;
    std::deque<std::string> quoted_;
    std::size_t quoted_used_ = 0;
};

// The delimiter of a CSV whose first row is at the start of `text`: the first `,` `;` or
// tab outside quotes on the first line, `,` when there is none.
char guess_delimiter(std::string_view text);

// Cell text without the spaces and tabs around it.
std::string_view trim(std::string_view cell);

} // namespace chitra::detail::csv
