// Internal: one field of a CSV row as RFC 4180 writes it.
#pragma once

#include <string>

namespace chitra::detail {

// Quoted, its quotes doubled, when it holds a comma, a quote, CR or LF; else as it is.
inline std::string csv_field(const std::string& s)
{
    if (s.find_first_of(",\"\r\n") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

} // namespace chitra::detail
