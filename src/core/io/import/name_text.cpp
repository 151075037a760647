#include "io/import/name_text.hpp"

#include <algorithm>
#include <cstdint>

namespace chitra::detail {

std::string quote_token(std::string_view token)
{
    constexpr std::size_t kMax = 40;
    std::string out = "'";
    static const char* hex = "0123456789abcdef";
    for (std::size_t i = 0; i < token.size() && i < kMax; ++i) {
        auto c = static_cast<unsigned char>(token[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += static_cast<char>(c);
        } else if (c == '\\') {
            out += "\\\\";
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (token.size() > kMax)
        out += "...";
    out += "'";
    return out;
}

std::size_t utf8_sequence_length(const unsigned char* p, const unsigned char* end)
{
    const unsigned char c = *p;
    std::size_t n;
    std::uint32_t cp;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        cp = c & 0x07;
    } else
        return 0;
    if (static_cast<std::size_t>(end - p) < n)
        return 0;
    for (std::size_t i = 1; i < n; ++i) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

std::string text_problem(std::string_view text, bool allow_tab)
{
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* end = p + text.size();
    while (p < end) {
        unsigned char c = *p;
        if (c < 0x80) {
            if (c == 0)
                return "NUL byte (binary data?)";
            if ((c < 0x20 && !(allow_tab && c == '\t')) || c == 0x7f)
                return "control character " + quote_token(std::string_view(reinterpret_cast<const char*>(p), 1));
            ++p;
            continue;
        }
        const std::size_t n = utf8_sequence_length(p, end);
        if (n == 0)
            return "invalid UTF-8";
        p += n;
    }
    return {};
}

std::string name_text_problem(std::string_view text) { return text_problem(text, false); }

std::string encode_name(std::string_view name, std::string_view separator)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    // Most names are printable ASCII that needs no escape: one pass to find out, and then
    // a plain copy. Other bytes take the loop below (UTF-8 is checked there).
    const auto plain = [&](unsigned char u) {
        return u > 0x20 && u < 0x7f && u != '%' && (separator.empty() || u != static_cast<unsigned char>(separator[0]));
    };
    if (!name.empty() && name[0] != '#' &&
        std::all_of(name.begin(), name.end(), [&](char c) { return plain(static_cast<unsigned char>(c)); }))
        return std::string(name);
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto u = static_cast<unsigned char>(name[i]);
        const bool in_separator = !separator.empty() && name.substr(i).starts_with(separator);
        if (in_separator) {
            for (char c : separator) {
                out += '%';
                out += hex[static_cast<unsigned char>(c) >> 4];
                out += hex[static_cast<unsigned char>(c) & 15];
            }
            i += separator.size() - 1;
        } else if (u <= 0x20 || u == 0x7f || u == '%' || (i == 0 && u == '#')) {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        } else if (u >= 0x80) {
            // A name decoded from %XX may hold bytes that are not UTF-8; they are written
            // encoded, so that the PES reads back.
            const auto* at = reinterpret_cast<const unsigned char*>(name.data()) + i;
            const std::size_t n =
                utf8_sequence_length(at, reinterpret_cast<const unsigned char*>(name.data()) + name.size());
            if (n == 0) {
                out += '%';
                out += hex[u >> 4];
                out += hex[u & 15];
            } else {
                out.append(name.substr(i, n));
                i += n - 1;
            }
        } else {
            out += name[i];
        }
    }
    return out;
}

std::string decode_name(std::string_view token)
{
    if (token.find('%') == std::string_view::npos)
        return std::string(token);
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    };
    std::string out;
    out.reserve(token.size());
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '%' && i + 2 < token.size()) {
            const int hi = digit(token[i + 1]), lo = digit(token[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += static_cast<char>(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += token[i];
    }
    return out;
}

std::string join_components(const std::vector<std::string>& components, std::string_view separator)
{
    if (components.size() == 1)
        return components[0];
    std::string out;
    for (std::size_t c = 0; c < components.size(); ++c) {
        if (c)
            out += separator;
        if (separator.empty() || components[c].find(separator) == std::string::npos) {
            out += components[c];
        } else {
            std::string_view rest = components[c];
            for (std::size_t at; (at = rest.find(separator)) != std::string_view::npos;) {
                out += rest.substr(0, at);
                out += encode_name(separator, separator);
                rest.remove_prefix(at + separator.size());
            }
            out += rest;
        }
    }
    return out;
}

} // namespace chitra::detail
