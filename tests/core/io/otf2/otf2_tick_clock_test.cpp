// OTF2 ticks to nanoseconds: the shortcuts for common timer resolutions give exactly the
// 128-bit ratio of interfaces.md, round((ticks - offset) x 10^9 / resolution).
#include "io/otf2/otf2_tick_clock.hpp"

#include <gtest/gtest.h>

#include <random>

using chitra::detail::Otf2TickClock;
using chitra::detail::scaled_ratio;

TEST(Otf2TickClock, ExamplesOfEachPath)
{
    EXPECT_EQ(Otf2TickClock(1'000'000'000, 0).ns(123), 123); // ns ticks
    EXPECT_EQ(Otf2TickClock(1'000'000, 10).ns(12), 2000);    // us ticks: x1000
    EXPECT_EQ(Otf2TickClock(1'000'000, 10).ns(9), -1000);
    EXPECT_EQ(Otf2TickClock(4'000'000'000, 0).ns(2), 1);   // /4: 0.5 -> 1
    EXPECT_EQ(Otf2TickClock(4'000'000'000, 10).ns(8), -1); // -0.5 -> -1
    EXPECT_EQ(Otf2TickClock(4'000'000'000, 0).ns(5), 1);   // 1.25 -> 1
    EXPECT_EQ(Otf2TickClock(3, 0).ns(1), 333'333'333);     // general ratio
    EXPECT_EQ(Otf2TickClock(3, 0).ns(2), 666'666'667);
    EXPECT_EQ(Otf2TickClock(2'400'000'000, 0).ns(6), 3); // 2.5 -> 3
}

TEST(Otf2TickClock, OutOfRangeIsRefused)
{
    EXPECT_FALSE(Otf2TickClock(1, 0).ns(10'000'000'000).has_value()); // 10^19 ns
    EXPECT_FALSE(Otf2TickClock(1'000'000'000, 0).ns(UINT64_MAX).has_value());
    EXPECT_FALSE(Otf2TickClock(1'000'000'000, UINT64_MAX).ns(0).has_value());
    EXPECT_EQ(Otf2TickClock(1'000'000'000, 0).ns(INT64_MAX), INT64_MAX);
    EXPECT_FALSE(Otf2TickClock(1'000'000, 0).ns(INT64_MAX).has_value()); // x1000 overflows
}

TEST(Otf2TickClock, AgreesWithTheExactRatioOnRandomInputs)
{
    std::mt19937_64 rng(7);
    const std::uint64_t resolutions[] = {1,
                                         3,
                                         1000,
                                         1'000'000,
                                         2'500'000,
                                         1'000'000'000,
                                         2'000'000'000,
                                         2'400'000'000,
                                         3'000'000'000,
                                         1'000'000'000'000,
                                         1'000'000'000'007};
    for (std::uint64_t res : resolutions)
        for (int i = 0; i < 20000; ++i) {
            const std::uint64_t offset = rng() >> (rng() % 64);
            const std::uint64_t ticks = rng() >> (rng() % 64);
            const Otf2TickClock clock(res, offset);
            std::optional<chitra::Time> expect;
            const bool fits = ticks >= offset ? ticks - offset <= INT64_MAX : offset - ticks <= INT64_MAX;
            if (fits) {
                const std::int64_t d = ticks >= offset ? static_cast<std::int64_t>(ticks - offset)
                                                       : -static_cast<std::int64_t>(offset - ticks);
                expect = scaled_ratio(d, 1'000'000'000, res);
            }
            ASSERT_EQ(clock.ns(ticks), expect) << res << " " << offset << " " << ticks;
        }
}
