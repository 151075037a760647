#include "io/import/exact_time.hpp"

#include <limits>

namespace chitra::detail {

namespace {

using i128 = __int128;
using u128 = unsigned __int128;

constexpr u128 kLimit = static_cast<u128>(std::numeric_limits<std::int64_t>::max());

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
    // Fast path for the times producers write: [-]DIGITS[.DIGITS], at most 18 digits, at
    // most `scale` of them after the point. Exact in 64 bits, nothing to round; anything
    // else goes the general way below.
    {
        std::size_t k = 0;
        const bool minus = k < text.size() && text[k] == '-';
        k += (minus || (k < text.size() && text[k] == '+')) ? 1 : 0;
        std::uint64_t v = 0;
        int digits = 0, after = -1; // digits after the point; -1 before it
        for (; k < text.size(); ++k) {
            const char c = text[k];
            if (c >= '0' && c <= '9') {
                v = v * 10 + static_cast<unsigned>(c - '0');
                ++digits;
                after += after >= 0 ? 1 : 0;
            } else if (c == '.' && after < 0) {
                after = 0;
            } else {
                break;
            }
        }
        const int places = after < 0 ? 0 : after;
        if (k == text.size() && digits > 0 && digits <= 18 && places <= scale && scale - places <= 18) {
            std::uint64_t p = 1;
            for (int e = places; e < scale; ++e)
                p *= 10;
            const u128 r = static_cast<u128>(v) * p;
            if (r > kLimit)
                return std::nullopt;
            const auto t = static_cast<std::int64_t>(r);
            return minus ? -t : t;
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
