#include "io/chrome/json_values.hpp"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace chitra::detail::chrome {

namespace ondemand = simdjson::ondemand;

bool is_json_number(std::string_view s, bool integer_only)
{
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && s[i] == '-')
        ++i;
    if (i >= n || !is_digit(s[i]))
        return false;
    if (s[i] == '0')
        ++i;
    else
        while (i < n && is_digit(s[i]))
            ++i;
    if (i < n && s[i] == '.') {
        if (integer_only || ++i >= n || !is_digit(s[i]))
            return false;
        while (i < n && is_digit(s[i]))
            ++i;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        if (integer_only)
            return false;
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (i >= n || !is_digit(s[i]))
            return false;
        while (i < n && is_digit(s[i]))
            ++i;
    }
    return i == n;
}

std::optional<std::string_view> plain_string(const char* raw)
{
#if defined(__SSE2__)
    // Sixteen bytes at a time: the string is closed before the end of the buffer (stage 1
    // checked it) and the buffer has SIMDJSON_PADDING bytes after it, so no load passes it.
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    for (const char* p = raw;; p += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const auto hits = static_cast<unsigned>(
            _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash))));
        if (hits != 0) {
            const char* const at = p + __builtin_ctz(hits);
            if (*at == '\\')
                return std::nullopt;
            return std::string_view(raw, static_cast<std::size_t>(at - raw));
        }
    }
#else
    for (const char* p = raw;; ++p) {
        if (*p == '"')
            return std::string_view(raw, static_cast<std::size_t>(p - raw));
        if (*p == '\\')
            return std::nullopt;
    }
#endif
}

bool check_value(ondemand::value& value, DecodeFailure& failure)
{
    ondemand::json_type type{};
    if (auto e = value.type().get(type))
        return fail(failure, e);
    switch (type) {
    case ondemand::json_type::object: {
        ondemand::object object;
        if (auto e = value.get_object().get(object))
            return fail(failure, e);
        for (auto field : object) {
            std::string_view key;
            if (auto e = field.unescaped_key().get(key))
                return fail(failure, e);
            ondemand::value v;
            if (auto e = field.value().get(v))
                return fail(failure, e);
            if (!check_value(v, failure))
                return false;
        }
        return true;
    }
    case ondemand::json_type::array: {
        ondemand::array array;
        if (auto e = value.get_array().get(array))
            return fail(failure, e);
        for (auto item : array) {
            ondemand::value v;
            if (auto e = item.get(v))
                return fail(failure, e);
            if (!check_value(v, failure))
                return false;
        }
        return true;
    }
    case ondemand::json_type::number: {
        const std::string_view raw = value.raw_json_token();
        if (!is_json_number(trimmed_token(raw), false))
            return fail(failure, "a malformed number", simdjson::NUMBER_ERROR);
        if (!separated(raw))
            return fail(failure, kNotSeparated, simdjson::TAPE_ERROR);
        return true;
    }
    case ondemand::json_type::string: {
        const std::string_view raw = value.raw_json_token();
        if (!separated(raw))
            return fail(failure, kNotSeparated, simdjson::TAPE_ERROR);
        std::string_view s;
        if (plain_string(raw.data() + 1))
            return true;
        if (auto e = value.get_string().get(s))
            return fail(failure, e);
        return true;
    }
    case ondemand::json_type::boolean: {
        bool b = false;
        if (value.get_bool().get(b))
            return fail(failure, "a malformed true or false", simdjson::T_ATOM_ERROR);
        return true;
    }
    case ondemand::json_type::null: {
        const std::string_view raw = value.raw_json_token();
        if (trimmed_token(raw) != "null")
            return fail(failure, "a malformed null", simdjson::N_ATOM_ERROR);
        if (!separated(raw))
            return fail(failure, kNotSeparated, simdjson::TAPE_ERROR);
        return true;
    }
    }
    return fail(failure, simdjson::TAPE_ERROR);
}

bool JsonChecker::check(std::string_view text, DecodeFailure& failure)
{
    failure = DecodeFailure{};
    buffer_.assign("[");
    buffer_.append(text);
    buffer_.append("]");
    const std::size_t length = buffer_.size();
    buffer_.append(simdjson::SIMDJSON_PADDING, '\0');
    ondemand::document doc;
    if (auto e = parser_.iterate(buffer_.data(), length, buffer_.size()).get(doc))
        return fail(failure, e);
    ondemand::array array;
    if (auto e = doc.get_array().get(array))
        return fail(failure, e);
    std::size_t values = 0;
    for (auto item : array) {
        ondemand::value v;
        if (auto e = item.get(v))
            return fail(failure, e);
        if (!check_value(v, failure))
            return false;
        ++values;
    }
    if (values != 1 || doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
        return fail(failure, simdjson::TAPE_ERROR);
    return true;
}

} // namespace chitra::detail::chrome
