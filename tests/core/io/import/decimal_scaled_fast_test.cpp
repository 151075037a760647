// decimal_scaled's fast path (plain decimals of at most 18 digits, no more places than the
// scale) against an independent reading: the digits with the point removed and zeros
// appended, parsed as one integer.
#include "io/import/exact_time.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <random>
#include <string>

using chitra::detail::decimal_scaled;

namespace {

std::optional<std::int64_t> reference(const std::string& text, int scale)
{
    std::string digits;
    int places = -1;
    bool minus = false;
    for (char c : text) {
        if (c == '-')
            minus = true;
        else if (c == '.')
            places = 0;
        else if (c != '+') {
            digits += c;
            places += places >= 0 ? 1 : 0;
        }
    }
    digits.append(static_cast<std::size_t>(scale - std::max(places, 0)), '0');
    std::int64_t v = 0;
    const std::string all = (minus ? "-" : "") + digits;
    auto [p, ec] = std::from_chars(all.data(), all.data() + all.size(), v);
    if (ec != std::errc() || p != all.data() + all.size())
        return std::nullopt;
    return v;
}

} // namespace

TEST(DecimalScaledFastPath, AgreesWithTheDigitsReadAsOneInteger)
{
    std::mt19937_64 rng(11);
    for (int i = 0; i < 200000; ++i) {
        const int scale = static_cast<int>(rng() % 10);
        const int digits = 1 + static_cast<int>(rng() % 18);
        const int places = static_cast<int>(rng() % (std::min(digits, scale) + 1));
        std::string text = rng() % 4 == 0 ? "-" : (rng() % 8 == 0 ? "+" : "");
        for (int d = 0; d < digits; ++d) {
            if (d == digits - places && places > 0)
                text += (d == 0 ? "0." : ".");
            text += static_cast<char>('0' + rng() % 10);
        }
        if (places == 0 && rng() % 8 == 0)
            text += '.';
        EXPECT_EQ(decimal_scaled(text, scale), reference(text, scale)) << text << " scale " << scale;
    }
}

TEST(DecimalScaledFastPath, EdgesOfTheFastPath)
{
    EXPECT_EQ(decimal_scaled("922337203685477580.7", 1), 9223372036854775807);
    EXPECT_FALSE(decimal_scaled("922337203685477580.8", 1).has_value());
    EXPECT_EQ(decimal_scaled("999999999999999999", 0), 999999999999999999);   // 18 digits
    EXPECT_EQ(decimal_scaled("9999999999999999999", 0), std::nullopt);        // 19: general path
    EXPECT_EQ(decimal_scaled("1234567890123456789", 0), 1234567890123456789); // 19, fits
    EXPECT_EQ(decimal_scaled("12.3456", 3), 12346);                           // more places: rounds
    EXPECT_EQ(decimal_scaled("-0", 3), 0);
    EXPECT_EQ(decimal_scaled("00012.5", 3), 12500);
    EXPECT_FALSE(decimal_scaled(".", 3).has_value());
    EXPECT_FALSE(decimal_scaled("-", 3).has_value());
    EXPECT_FALSE(decimal_scaled("1.2.", 3).has_value());
}
