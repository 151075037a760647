// OTF2 timestamps to nanoseconds (interfaces.md): ns = round((ticks - global offset) x
// 10^9 / timer resolution), exact, halves away from zero. Run once per event, so the
// common resolutions take a shortcut that gives the same result as the 128-bit ratio:
// a resolution that divides 10^9 is a multiplication, a multiple of 10^9 a division.
#pragma once

#include "io/import/exact_time.hpp"

#include <cstdint>
#include <optional>

namespace chitra::detail {

class Otf2TickClock {
public:
    // `resolution` ticks per second (not 0), `offset` the global offset in ticks.
    Otf2TickClock(std::uint64_t resolution, std::uint64_t offset) : resolution_(resolution), offset_(offset)
    {
        constexpr std::uint64_t kGiga = 1'000'000'000;
        if (resolution != 0 && kGiga % resolution == 0)
            multiply_ = kGiga / resolution;
        else if (resolution % kGiga == 0)
            divide_ = resolution / kGiga;
    }

    // nullopt when the result does not fit in 64 bits.
    std::optional<Time> ns(std::uint64_t ticks) const
    {
        Time t;
        return convert(ticks, t) ? std::optional<Time>(t) : std::nullopt;
    }

    // The same, for the event loop: false when the result does not fit.
    bool convert(std::uint64_t ticks, Time& out) const
    {
        std::int64_t d;
        if (ticks >= offset_) {
            if (ticks - offset_ > static_cast<std::uint64_t>(INT64_MAX))
                return false;
            d = static_cast<std::int64_t>(ticks - offset_);
        } else {
            if (offset_ - ticks > static_cast<std::uint64_t>(INT64_MAX))
                return false;
            d = -static_cast<std::int64_t>(offset_ - ticks);
        }
        if (multiply_ != 0)
            return !__builtin_mul_overflow(d, static_cast<std::int64_t>(multiply_), &out);
        if (divide_ != 0) {
            const std::uint64_t m = d < 0 ? static_cast<std::uint64_t>(-(d + 1)) + 1 : static_cast<std::uint64_t>(d);
            std::uint64_t q = m / divide_;
            if ((m % divide_) * 2 >= divide_) // halves away from zero
                ++q;
            const auto v = static_cast<std::int64_t>(q);
            out = d < 0 ? -v : v;
            return true;
        }
        const std::optional<Time> t = scaled_ratio(d, 1'000'000'000, resolution_);
        if (t)
            out = *t;
        return t.has_value();
    }

private:
    std::uint64_t resolution_;
    std::uint64_t offset_;
    std::uint64_t multiply_ = 0; // 10^9 / resolution when exact
    std::uint64_t divide_ = 0;   // resolution / 10^9 when exact
};

} // namespace chitra::detail
