// JSON values checked to the end, for the parts of a Chrome trace the reader does not
// use: On-Demand only skips over a value it is not asked for (matching brackets), so a
// malformed number deep in an event's args, or in a top-level key around the event
// array, would pass unseen. Also the small spelling helpers the decoder shares.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace chitra::detail::chrome {

// Why a chunk, an event or a value was refused.
struct DecodeFailure {
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t event = npos; // index in the chunk, npos when unknown
    std::string reason;
    simdjson::error_code code = simdjson::SUCCESS; // SUCCESS: a rule of the format
};

// Records why a value could not be decoded; false, so that a reader can `return fail(...)`.
inline bool fail(DecodeFailure& failure, std::string reason, simdjson::error_code code = simdjson::SUCCESS)
{
    failure.reason = std::move(reason);
    failure.code = code;
    return false;
}
inline bool fail(DecodeFailure& failure, simdjson::error_code code)
{
    return fail(failure, simdjson::error_message(code), code);
}

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// JSON's number grammar (simdjson does not check the spelling of a token it only peeks at).
bool is_json_number(std::string_view s, bool integer_only);

// A token without the whitespace simdjson's raw_json_token() keeps after it.
inline std::string_view trimmed_token(std::string_view token)
{
    while (!token.empty() &&
           (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' || token.back() == '\r'))
        token.remove_suffix(1);
    return token;
}

// A string's text straight from the buffer when it has no escape (stage 1 has already
// checked its UTF-8 and that it holds no control character): nullopt when it has one, so
// simdjson must unescape it. `raw` starts after the opening quote.
std::optional<std::string_view> plain_string(const char* raw);

// Whether the token simdjson's raw_json_token() gave (with the whitespace after it) is
// followed by `,` or a closing bracket. A scalar only peeked at stays unread, and
// On-Demand, skipping it later, would take `"ph": "X": 1` for a value and a key.
inline bool separated(std::string_view raw_token)
{
    const char next = raw_token.data()[raw_token.size()]; // the buffers are padded
    return next == ',' || next == '}' || next == ']';
}
inline constexpr const char* kNotSeparated = "a value is not followed by ',' or a closing bracket";

// Walks `value` to the end (keys, escapes, numbers, literals). False with `failure` set.
bool check_value(simdjson::ondemand::value& value, DecodeFailure& failure);

// One JSON value held in a string, checked to the end the same way.
class JsonChecker {
public:
    bool check(std::string_view text, DecodeFailure& failure);

private:
    simdjson::ondemand::parser parser_;
    std::string buffer_;
};

} // namespace chitra::detail::chrome
