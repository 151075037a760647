// Internal: the occupancy-histogram binning rule shared by fit_chain and make_histogram.
#pragma once

#include "chitra/chain/chain.hpp"

#include <optional>
#include <string>
#include <vector>

namespace chitra::detail {

struct Binning {
    const char* rule = "integer";
    Time origin = 0;
    Time width = 1;
    std::size_t bins = 1;
};

// `quartile_sample` holds the occupancies the IQR is taken from (all of them, or an
// evenly strided sample for large counts); it is reordered. Only consulted when the
// range is not small.
Binning choose_binning(std::uint64_t count, Time min, Time max, double stddev, std::vector<Time>& quartile_sample);

// The same rule with the interquartile range given (nullopt: none, Scott's rule).
Binning choose_binning_iqr(std::uint64_t count, Time min, Time max, double stddev, std::optional<double> iqr);

// The name of the end state: OTHER, or OTHER_k when a state already has that name.
std::string end_state_name(const std::vector<ChainState>& states);

// Quantile with linear interpolation between order statistics (R type 7, NumPy's
// default); `values` is reordered. Requires a non-empty vector.
double quantile(std::vector<Time>& values, double q);

// Bin index of `occupancy` for a binning (origin <= occupancy <= origin + bins * width).
inline std::size_t bin_of(const Binning& b, Time occupancy)
{
    return static_cast<std::size_t>((occupancy - b.origin) / b.width);
}

} // namespace chitra::detail
