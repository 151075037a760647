// Internal: Paje text split into lines and words, as PajeNG's decoder splits it. Kept
// apart from the meaning of the words so that the hot loop (one call per line of a file
// of millions of events) stays a few inlined comparisons, with no allocation.
//
// Rules: words are separated by blanks (space, tab, CR, VT, FF); a word that starts with
// `"` runs to the next `"` and is the text between them (no escapes, may be empty); a `#`
// outside a quoted word ends the line (a comment).
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>

namespace chitra::detail::paje {

// More words than any event definition has fields (PajeNG allows 20).
inline constexpr std::size_t kMaxWords = 64;

struct Words {
    std::array<std::string_view, kMaxWords> word;
    std::size_t count = 0;
    bool too_many = false;         // more than kMaxWords words on the line
    bool unterminated = false;     // a quoted word with no closing quote
    bool glued = false;            // a closing quote followed by a non-blank
    bool quoted_first = false;     // the first word was quoted (never an event id)

    std::string_view operator[](std::size_t i) const { return word[i]; }
    bool bad() const { return too_many || unterminated || glued; }
};

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Splits [p, end) (one line, without its '\n') into `out`.
inline void split_words(const char* p, const char* end, Words& out)
{
    out.count = 0;
    out.too_many = out.unterminated = out.glued = out.quoted_first = false;
    while (p < end) {
        while (p < end && is_blank(*p))
            ++p;
        if (p == end || *p == '#')
            return;
        std::string_view w;
        if (*p == '"') {
            const char* q = static_cast<const char*>(std::memchr(p + 1, '"', static_cast<std::size_t>(end - p - 1)));
            if (!q) {
                out.unterminated = true;
                return;
            }
            w = std::string_view(p + 1, static_cast<std::size_t>(q - p - 1));
            if (out.count == 0)
                out.quoted_first = true;
            p = q + 1;
            if (p < end && !is_blank(*p) && *p != '#') {
                out.glued = true;
                return;
            }
        } else {
            const char* s = p;
            while (p < end && !is_blank(*p) && *p != '#')
                ++p;
            w = std::string_view(s, static_cast<std::size_t>(p - s));
        }
        if (out.count == kMaxWords) {
            out.too_many = true;
            return;
        }
        out.word[out.count++] = w;
    }
}

} // namespace chitra::detail::paje
