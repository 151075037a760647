#include "io/chrome/json_scan.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace chitra::detail::chrome {

namespace {

// Bytes that end a scalar: delimiters, whitespace and the start of another token.
constexpr std::array<bool, 256> kScalarEnd = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : std::string_view(",:[]{}\" \t\n\r"))
        t[c] = true;
    return t;
}();

} // namespace

std::size_t JsonScan::skip_ws(std::size_t p) const
{
    while (p < text_.size() && is_ws(text_[p]))
        ++p;
    return p;
}

std::size_t JsonScan::skip_string(std::size_t p) const
{
    const char* begin = text_.data();
    const char* end = begin + text_.size();
    const char* q = begin + p + 1;
    for (;;) {
        const void* hit = q < end ? std::memchr(q, '"', static_cast<std::size_t>(end - q)) : nullptr;
        if (!hit)
            throw JsonSyntaxError{p, "the text ends inside a string"};
        const char* quote = static_cast<const char*>(hit);
        // The quote is escaped when an odd number of backslashes precede it.
        const char* b = quote;
        while (b > q && b[-1] == '\\')
            --b;
        if ((quote - b) % 2 == 0)
            return static_cast<std::size_t>(quote - begin) + 1;
        q = quote + 1;
    }
}

std::size_t JsonScan::skip_value(std::size_t p) const
{
    const std::size_t n = text_.size();
    if (p >= n)
        throw JsonSyntaxError{p, "the text ends where a value was expected"};
    const char first = text_[p];
    if (first == '"')
        return skip_string(p);
    if (first != '{' && first != '[') {
        std::size_t q = p;
        while (q < n && !kScalarEnd[static_cast<unsigned char>(text_[q])]) {
            if (text_[q] == '\\')
                throw JsonSyntaxError{q, "a backslash outside a string"};
            ++q;
        }
        if (q == p)
            throw JsonSyntaxError{p, std::string("a value was expected, not '") + first + "'"};
        return q;
    }
    // Containers: the closing byte expected at each depth.
    std::array<char, kMaxJsonDepth> closers{};
    std::size_t depth = 0;
    std::size_t q = p;
    while (q < n) {
        const char c = text_[q];
        switch (c) {
        case '"':
            q = skip_string(q);
            continue;
        case '{':
        case '[':
            if (depth == kMaxJsonDepth)
                throw JsonSyntaxError{q, "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
            closers[depth++] = c == '{' ? '}' : ']';
            break;
        case '\\':
            // (simdjson would take the next byte as escaped, even outside a string)
            throw JsonSyntaxError{q, "a backslash outside a string"};
        case '}':
        case ']':
            if (closers[depth - 1] != c)
                throw JsonSyntaxError{q, std::string("'") + c + "' where '" + closers[depth - 1] + "' was expected"};
            if (--depth == 0)
                return q + 1;
            break;
        default:
            break;
        }
        ++q;
    }
    throw JsonSyntaxError{p, std::string("the text ends inside this ") + (first == '{' ? "object" : "array")};
}

std::size_t JsonScan::line_of(std::size_t offset) const
{
    offset = std::min(offset, text_.size());
    return 1 + static_cast<std::size_t>(
                   std::count(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

} // namespace chitra::detail::chrome
