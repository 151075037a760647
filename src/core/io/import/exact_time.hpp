// Exact time conversions for importers (interfaces.md: decimal times are read from their
// text without binary floating point, products use 128-bit integers, halves round away
// from zero).
#pragma once

#include "chitra/trace/types.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace chitra::detail {

// The decimal number in `text` ("12", "-3.5", "1.25e3", "7E-2") times 10^scale, rounded
// half away from zero; nullopt when `text` is not such a number or the result does not
// fit in 64 bits. Example: decimal_scaled("1.0005", 3) == 1001 (microseconds to ns: 3).
std::optional<Time> decimal_scaled(std::string_view text, int scale);

// round(value * num / den), halves away from zero, with a 128-bit product; nullopt when
// den is 0 or the result does not fit in 64 bits. OTF2: ns = ratio(ticks - offset, 10^9,
// timer resolution).
std::optional<Time> scaled_ratio(std::int64_t value, std::uint64_t num, std::uint64_t den);

} // namespace chitra::detail
