#include "io/import/exact_time.hpp"

#include "chitra/io/import.hpp"

#include <bit>
#include <cstring>
#include <limits>

namespace chitra::detail {

namespace {

using i128 = __int128;
using u128 = unsigned __int128;

constexpr u128 kLimit = static_cast<u128>(std::numeric_limits<std::int64_t>::max());

// Whether the 8 bytes of `chunk` (little-endian, as loaded from text) are all '0'-'9'.
bool all_digits(std::uint64_t chunk)
{
    return (((chunk & 0xF0F0F0F0F0F0F0F0ull) | (((chunk + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) ==
            0x3333333333333333ull);
}

// The value of 8 decimal digits loaded from text (all_digits(chunk) holds).
std::uint64_t eight_digits(std::uint64_t chunk)
{
    chunk -= 0x3030303030303030ull;
    chunk = chunk * 10 + (chunk >> 8);
    return (((chunk & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
            (((chunk >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
           32;
}

// |q| of the rounded quotient n / d (halves away from zero), for n, d > 0.
u128 round_div(u128 n, u128 d)
{
    if (n == 0)
        return 0;
    const u128 q = n / d, r = n % d;
    return (r >= d - r) ? q + 1 : q; // r * 2 >= d, without overflow
}

} // namespace

std::optional<Time> decimal_scaled(std::string_view text, int scale)
{
    // Fast path for what trace writers print ("12.345678901", "-3": at most 18 digits,
    // no exponent, no more fraction digits than `scale`): exact in 64-bit integers, the
    // same result as below. Importers convert every event's time through here.
    {
        static constexpr std::uint64_t kPow10[] = {1,      10,      100,      1000,      10000,
                                                   100000, 1000000, 10000000, 100000000, 1000000000};
        const char* p = text.data();
        const char* const e = p + text.size();
        const bool minus = p < e && *p == '-';
        p += minus ? 1 : 0;
        const char* const first = p;
        std::uint64_t v = 0;
        while (p < e && static_cast<unsigned>(*p - '0') < 10u && p - first < 18)
            v = v * 10 + static_cast<unsigned>(*p++ - '0');
        const auto whole = static_cast<int>(p - first);
        int places = 0;
        if (p < e && *p == '.') {
            const char* const f = ++p;
            // Eight digits at a time when there are (nanosecond fractions have nine).
            std::uint64_t eight;
            if (std::endian::native == std::endian::little && e - p >= 8 && v < 10000000000ull &&
                (std::memcpy(&eight, p, 8), all_digits(eight))) {
                v = v * 100000000 + eight_digits(eight);
                p += 8;
            }
            while (p < e && static_cast<unsigned>(*p - '0') < 10u && p - f < 18)
                v = v * 10 + static_cast<unsigned>(*p++ - '0');
            places = static_cast<int>(p - f);
        }
        if (p == e && whole + places > 0 && whole + places <= 18 && scale >= places && scale <= 9 &&
            whole + scale <= 18) {
            const auto r = static_cast<std::int64_t>(v * kPow10[scale - places]); // < 10^18
            return minus ? -r : r;
        }
    }
    std::size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+'))
        negative = text[i++] == '-';
    // Up to 36 significant digits as an integer with a decimal exponent; further digits
    // (no time source writes them) are dropped.
    u128 digits = 0;
    int exponent = 0;
    bool any = false;
    int kept = 0;
    auto take = [&](char c, bool fraction) {
        any = true;
        if (kept < 36) {
            digits = digits * 10 + static_cast<unsigned>(c - '0');
            if (digits != 0)
                ++kept;
            if (fraction)
                --exponent;
        } else if (!fraction) {
            ++exponent;
        }
    };
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        take(text[i], false);
    if (i < text.size() && text[i] == '.') {
        ++i;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
            take(text[i], true);
    }
    if (!any)
        return std::nullopt;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool eneg = false;
        if (i < text.size() && (text[i] == '-' || text[i] == '+'))
            eneg = text[i++] == '-';
        int e = 0;
        bool edigits = false;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            edigits = true;
            if (e < 100000)
                e = e * 10 + (text[i] - '0');
        }
        if (!edigits)
            return std::nullopt;
        exponent += eneg ? -e : e;
    }
    if (i != text.size())
        return std::nullopt;
    exponent += scale;
    u128 value = digits;
    if (value != 0 && exponent > 0) {
        for (int k = 0; k < exponent; ++k) {
            if (value > kLimit)
                return std::nullopt;
            value *= 10;
        }
    } else if (exponent < 0) {
        if (exponent < -38) {
            value = 0; // digits < 10^36: the quotient is far below one half
        } else {
            u128 d = 1;
            for (int k = 0; k < -exponent; ++k)
                d *= 10;
            value = round_div(value, d);
        }
    }
    if (value > kLimit)
        return std::nullopt;
    const auto v = static_cast<std::int64_t>(value);
    return negative ? -v : v;
}

std::optional<Time> scaled_ratio(std::int64_t value, std::uint64_t num, std::uint64_t den)
{
    if (den == 0)
        return std::nullopt;
    const bool negative = value < 0;
    const u128 magnitude = negative ? static_cast<u128>(-static_cast<i128>(value)) : static_cast<u128>(value);
    // value * num < 2^64 * 2^64 = 2^128: fits.
    const u128 q = round_div(magnitude * num, den);
    if (q > kLimit)
        return std::nullopt;
    const auto v = static_cast<std::int64_t>(q);
    return negative ? -v : v;
}

} // namespace chitra::detail

namespace chitra {

// Here rather than with the importers' registry, so that a reader and its fuzz target
// need only the time helpers.
std::optional<int> time_unit_scale(std::string_view unit)
{
    if (unit == "ns")
        return 0;
    if (unit == "us")
        return 3;
    if (unit == "ms")
        return 6;
    if (unit == "s")
        return 9;
    return std::nullopt;
}

} // namespace chitra
