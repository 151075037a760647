// Exact time conversions of the importers (interfaces.md "Foreign trace formats").
#include "io/import/exact_time.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using chitra::detail::decimal_scaled;
using chitra::detail::scaled_ratio;

TEST(DecimalScaled, ReadsDecimalTextExactly)
{
    EXPECT_EQ(decimal_scaled("12", 3), 12000);
    EXPECT_EQ(decimal_scaled("1.0005", 3), 1001); // half away from zero
    EXPECT_EQ(decimal_scaled("-1.0005", 3), -1001);
    EXPECT_EQ(decimal_scaled("1.0004999", 3), 1000);
    EXPECT_EQ(decimal_scaled("0.1", 9), 100000000); // 0.1 s: no binary floating point error
    EXPECT_EQ(decimal_scaled("1.25e3", 0), 1250);
    EXPECT_EQ(decimal_scaled("7E-2", 3), 70);
    EXPECT_EQ(decimal_scaled(".5", 0), 1);
    EXPECT_EQ(decimal_scaled("2.", 0), 2);
    EXPECT_EQ(decimal_scaled("+3", 0), 3);
    EXPECT_EQ(decimal_scaled("0.000000000000000000000000000000000000000000001", 9), 0);
    EXPECT_EQ(decimal_scaled("1726000000.123456789", 9), 1726000000123456789);
    EXPECT_EQ(decimal_scaled("9223372036854775807", 0), 9223372036854775807);
}

TEST(DecimalScaled, RefusesWhatIsNotANumberOrTooLarge)
{
    for (const char* bad : {"", "-", "abc", "1.2.3", "1e", "1e+", "1x", " 1", "0x10", "nan", "inf"})
        EXPECT_FALSE(decimal_scaled(bad, 3).has_value()) << bad;
    EXPECT_FALSE(decimal_scaled("9223372036854775808", 0).has_value());
    EXPECT_FALSE(decimal_scaled("1e30", 0).has_value());
    EXPECT_FALSE(decimal_scaled("1e99999999", 0).has_value());
}

TEST(ScaledRatio, RoundsHalvesAwayFromZeroWith128BitProducts)
{
    EXPECT_EQ(scaled_ratio(3, 1, 2), 2);
    EXPECT_EQ(scaled_ratio(-3, 1, 2), -2);
    EXPECT_EQ(scaled_ratio(5, 1, 4), 1);
    EXPECT_EQ(scaled_ratio(1'000'000'000'000, 1'000'000'000, 1'000'000'000), 1'000'000'000'000);
    // 2.5 GHz timer: 10^18 ticks is 4 * 10^17 ns; the product 10^27 overflows 64 bits.
    EXPECT_EQ(scaled_ratio(1'000'000'000'000'000'000, 1'000'000'000, 2'500'000'000), 400'000'000'000'000'000);
    EXPECT_FALSE(scaled_ratio(1, 1, 0).has_value());
    EXPECT_FALSE(scaled_ratio(9'000'000'000'000'000'000, 10, 1).has_value());
}

// Property: for random decimal texts with up to 9 fraction digits, scaling by 10^9 agrees
// with integer arithmetic on the digits.
TEST(DecimalScaled, AgreesWithIntegerArithmetic)
{
    std::mt19937_64 rng(3);
    for (int i = 0; i < 10000; ++i) {
        const std::int64_t whole = static_cast<std::int64_t>(rng() % 1'000'000'000);
        const int places = static_cast<int>(rng() % 13);
        std::int64_t frac = 0;
        std::string f;
        for (int p = 0; p < places; ++p) {
            const int d = static_cast<int>(rng() % 10);
            f += static_cast<char>('0' + d);
        }
        const std::string text = std::to_string(whole) + (places ? "." + f : "");
        // Expected: whole * 10^9 + round(f / 10^(places-9)).
        std::int64_t expected = whole * 1'000'000'000;
        if (places <= 9) {
            for (int p = 0; p < 9; ++p)
                frac = frac * 10 + (p < places ? f[static_cast<std::size_t>(p)] - '0' : 0);
            expected += frac;
        } else {
            for (int p = 0; p < 9; ++p)
                frac = frac * 10 + (f[static_cast<std::size_t>(p)] - '0');
            const std::string rest = f.substr(9);
            const bool up = rest[0] >= '5';
            expected += frac + (up ? 1 : 0);
        }
        EXPECT_EQ(decimal_scaled(text, 9), expected) << text;
    }
}

// Property: texts as trace writers print them (sign, leading zeros, a point, up to 20
// digits) read the same at every scale as an independent 128-bit reading of the digits
// (the common case takes a 64-bit fast path inside decimal_scaled).
TEST(DecimalScaled, AgreesWithA128BitReferenceAtEveryScale)
{
    std::mt19937_64 rng(5);
    for (int i = 0; i < 20000; ++i) {
        std::string whole, frac;
        for (int n = static_cast<int>(rng() % 12); n > 0; --n)
            whole += static_cast<char>('0' + rng() % 10);
        for (int n = static_cast<int>(rng() % 12); n > 0; --n)
            frac += static_cast<char>('0' + rng() % 10);
        if (whole.empty() && frac.empty())
            whole = "0";
        const bool negative = rng() % 4 == 0;
        const bool point = !frac.empty() || rng() % 2;
        const std::string text = (negative ? "-" : "") + whole + (point ? "." : "") + frac;
        const int scale = static_cast<int>(rng() % 10);
        // Reference: digits as a 128-bit integer, then * 10^(scale - places), halves up.
        unsigned __int128 v = 0;
        for (char c : whole + frac)
            v = v * 10 + static_cast<unsigned>(c - '0');
        int shift = scale - static_cast<int>(frac.size());
        for (; shift > 0; --shift)
            v *= 10;
        if (shift < 0) {
            unsigned __int128 d = 1;
            for (; shift < 0; ++shift)
                d *= 10;
            const unsigned __int128 q = v / d, r = v % d;
            v = r * 2 >= d ? q + 1 : q;
        }
        if (v > static_cast<unsigned __int128>(std::numeric_limits<std::int64_t>::max())) {
            EXPECT_FALSE(decimal_scaled(text, scale).has_value()) << text << " scale " << scale;
            continue;
        }
        const auto expected = static_cast<std::int64_t>(v);
        EXPECT_EQ(decimal_scaled(text, scale), negative ? -expected : expected) << text << " scale " << scale;
    }
}
