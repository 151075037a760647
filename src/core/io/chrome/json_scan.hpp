// Exact byte-level walking of JSON text that builds nothing: whitespace, strings with
// their escapes, nested values. The Chrome reader needs it where simdjson cannot help:
// to cut a file of any size into chunks of whole events (simdjson wants each document
// in memory with padding), to step over the top-level keys around the event array, and
// to point at the event that holds an error.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace chitra::detail::chrome {

// JSON's four whitespace characters.
inline bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Malformed JSON at byte `offset` of the scanned text; `event` is the index of the event
// that holds it when the thrower knows it.
struct JsonSyntaxError {
    std::size_t offset;
    std::string reason;
    std::size_t event = static_cast<std::size_t>(-1);
};

// The depth simdjson accepts by default; deeper text is refused the same way here.
inline constexpr std::size_t kMaxJsonDepth = 1024;

class JsonScan {
public:
    explicit JsonScan(std::string_view text) : text_(text) {}

    std::string_view text() const { return text_; }
    std::size_t size() const { return text_.size(); }

    // The first position at or after `p` that is not JSON whitespace (size() at the end).
    std::size_t skip_ws(std::size_t p) const;

    // `p` at an opening quote: the position after the closing quote. Throws
    // JsonSyntaxError (at `p`) when the text ends inside the string.
    std::size_t skip_string(std::size_t p) const;

    // `p` at the first byte of a value: the position after the value (objects and
    // arrays with everything in them; scalars up to the next delimiter, their spelling
    // is left to the parser). Throws JsonSyntaxError for a text that ends inside the
    // value, mismatched brackets, a missing value, or nesting beyond kMaxJsonDepth.
    std::size_t skip_value(std::size_t p) const;

    // The line (from 1) of byte `offset`.
    std::size_t line_of(std::size_t offset) const;

private:
    std::string_view text_;
};

} // namespace chitra::detail::chrome
