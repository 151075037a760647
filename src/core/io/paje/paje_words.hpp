// Internal: Paje text split into lines and words, as PajeNG's decoder splits it. Kept
// apart from the meaning of the words so that the hot loop (one call per line of a file
// of millions of events) stays a few inlined comparisons, with no allocation.
//
// Rules: words are separated by blanks (space, tab, CR, VT, FF); a word that starts with
// `"` runs to the next `"` and is the text between them (no escapes, may be empty); a `#`
// outside a quoted word ends the line (a comment). A line ends at '\n' (a CR before it is
// a blank).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace chitra::detail::paje {

// More words than any event definition has fields (PajeNG allows 20).
inline constexpr std::size_t kMaxWords = 64;

struct Words {
    enum Problem : std::uint8_t { none, too_many, unterminated, glued };
    std::array<std::string_view, kMaxWords> word;
    std::size_t count = 0;
    Problem problem = none;    // more than kMaxWords words; a quoted word with no
                               // closing quote; a closing quote followed by a non-blank
    bool quoted_first = false; // the first word was quoted (never an event id)

    std::string_view operator[](std::size_t i) const { return word[i]; }
    bool bad() const { return problem != none; }
};

// Byte classes for the splitting loop: 1 blank, 2 '#', 3 '\n', 0 anything else (a '"'
// matters only at the start of a word, where it is tested apart).
struct ByteClasses {
    unsigned char of[256] = {};
    constexpr ByteClasses()
    {
        for (unsigned char c : {' ', '\t', '\r', '\v', '\f'})
            of[c] = 1;
        of[static_cast<unsigned char>('#')] = 2;
        of[static_cast<unsigned char>('\n')] = 3;
    }
};
inline constexpr ByteClasses kBytes{};
inline unsigned byte_class(char c) { return kBytes.of[static_cast<unsigned char>(c)]; }
inline bool is_blank(char c) { return byte_class(c) == 1; }

// The start of the line after the one `p` is in.
inline const char* next_line(const char* p, const char* end)
{
    const auto* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    return nl ? nl + 1 : end;
}

// Splits the line that starts at `p` into `out`, in one pass; returns the start of the
// next line.
inline const char* split_line(const char* p, const char* end, Words& out)
{
    out.count = 0;
    out.problem = Words::none;
    out.quoted_first = false;
    for (;;) {
        while (p < end && byte_class(*p) == 1)
            ++p;
        if (p == end)
            return end;
        const unsigned c = byte_class(*p);
        if (c == 3)
            return p + 1;
        if (c == 2)
            return next_line(p, end);
        std::string_view w;
        if (*p == '"') {
            const char* s = ++p;
            while (p < end && *p != '"' && *p != '\n')
                ++p;
            if (p == end || *p == '\n') {
                out.problem = Words::unterminated;
                return p == end ? end : p + 1;
            }
            w = std::string_view(s, static_cast<std::size_t>(p - s));
            ++p; // past the closing quote
            if (p < end && byte_class(*p) == 0) {
                out.problem = Words::glued;
                return next_line(p, end);
            }
            if (out.count == 0)
                out.quoted_first = true;
        } else {
            const char* s = p;
            while (p < end && byte_class(*p) == 0)
                ++p;
            w = std::string_view(s, static_cast<std::size_t>(p - s));
        }
        if (out.count == kMaxWords) {
            out.problem = Words::too_many;
            return next_line(p, end);
        }
        out.word[out.count++] = w;
    }
}

} // namespace chitra::detail::paje
