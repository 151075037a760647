// Internal to the PES text reader: times read eight digits at a time (SWAR) and line
// ends counted in blocks the compiler vectorises.
#pragma once

#include "chitra/trace/types.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace chitra::detail {

// Eight ASCII digits at p as a number, or -1 when they are not all digits (SWAR: three
// multiplies instead of eight).
inline std::int64_t eight_digits(const char* p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    if (((v & 0xF0F0F0F0F0F0F0F0ULL) | (((v + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4)) !=
        0x3333333333333333ULL)
        return -1;
    v -= 0x3030303030303030ULL; // little-endian: the first digit is the low byte
    v = (v * 10) + (v >> 8);
    v = (((v & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
         (((v >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >>
        32;
    return static_cast<std::int64_t>(v);
}

// The number of the n (1 to 8) ASCII digits at p, or -1 when they are not all digits;
// p[0, 8) must be readable. The digits are shifted to the top of the word and the
// bytes below filled with '0', so that eight_digits reads them.
inline std::int64_t up_to_eight_digits(const char* p, unsigned n)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    if (n < 8) {
        const unsigned low = 8 * (8 - n); // bits of the padding
        v = (v << low) | (0x3030303030303030ULL >> (64 - low));
    }
    char bytes[8];
    std::memcpy(bytes, &v, 8);
    return eight_digits(bytes);
}

// A time token of `length` (1 to 16) plain digits at p, the line readable 8 bytes on
// from its start: one or two words instead of a loop per digit.
inline bool token_digits(const char* p, unsigned length, Time& out)
{
    if (length <= 8) {
        const std::int64_t v = up_to_eight_digits(p, length);
        out = v;
        return v >= 0;
    }
    const std::int64_t high = up_to_eight_digits(p, length - 8), low = eight_digits(p + length - 8);
    out = high * 100000000 + low;
    return high >= 0 && low >= 0;
}

// A record's time when it is plain digits (at most 18, so it cannot overflow): the end
// of the digits, or nullptr for std::from_chars to take it (signs, long or bad numbers).
inline const char* parse_digits(const char* p, const char* le, Time& out)
{
    static_assert(std::endian::native == std::endian::little);
    std::int64_t v = 0;
    const char* q = p;
    while (le - q >= 8 && q - p <= 10) {
        const std::int64_t chunk = eight_digits(q);
        if (chunk < 0)
            break;
        v = v * 100000000 + chunk;
        q += 8;
    }
    while (q < le && static_cast<unsigned char>(*q - '0') < 10 && q - p < 18) {
        v = v * 10 + (*q - '0');
        ++q;
    }
    if (q == p || (q < le && static_cast<unsigned char>(*q - '0') < 10))
        return nullptr; // no digits, or more than 18
    out = v;
    return q;
}

// The '\n' bytes of `text`, counted in blocks whose 16-bit sums the compiler vectorises
// (std::count widens every comparison to 64 bits).
inline std::size_t count_newlines(std::string_view text)
{
    std::size_t total = 0;
    const char* p = text.data();
    for (std::size_t left = text.size(); left > 0;) {
        const std::size_t block = std::min<std::size_t>(left, 65535);
        std::uint16_t in_block = 0;
        for (std::size_t i = 0; i < block; ++i)
            in_block = static_cast<std::uint16_t>(in_block + (p[i] == '\n' ? 1 : 0));
        total += in_block;
        p += block;
        left -= block;
    }
    return total;
}

} // namespace chitra::detail
