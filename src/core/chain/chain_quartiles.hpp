// Exact quartiles of a state's occupancies in bounded memory, so that a fit bins its
// histograms as the merge of its shards' statistics does (docs/model-formats.md).
#pragma once

#include "chitra/trace/ses.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace chitra::detail {

struct QuartileRequest {
    std::uint64_t count = 0; // the symbol's visits; 0: not requested
    Time min = 0, max = 0;   // of its occupancies
};

// Per symbol id (indexing `requests`): the interquartile range q3 - q1 of the symbol's
// occupancies in `ses`, with the type-7 quantiles of detail::quantile, for every symbol
// with a request; nullopt for the others. A few passes over `ses` count the occupancies
// in buckets of a window that narrows on each quartile's rank (first up to 8192 buckets
// a symbol, 2^22 in all, then 1024), until the window is small enough to collect and
// sort: memory per symbol is the buckets and one small window, not its visits.
std::vector<std::optional<double>> exact_iqrs(const Ses& ses, const std::vector<QuartileRequest>& requests);

} // namespace chitra::detail
