// floor(num / den) without a division: the fit's passes ask one per visit, and at 10^8
// visits a 64-bit division was the larger part of their time.
#pragma once

#include <cstdint>

namespace chitra::detail {

// `inverse` is 1.0 / den (den > 0). The floating-point estimate num * inverse is off by
// at most one while |num / den| stays far below 2^52, and is corrected exactly in
// integers; k * den and (k + 1) * den must fit in 64 bits.
inline std::int64_t floor_quotient(std::int64_t num, std::int64_t den, double inverse)
{
    auto k = static_cast<std::int64_t>(static_cast<double>(num) * inverse);
    if (k * den > num)
        --k;
    else if ((k + 1) * den <= num)
        ++k;
    return k;
}

} // namespace chitra::detail
