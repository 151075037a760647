// Exact quartiles of a state's occupancies in bounded memory, so that a fit bins its
// histograms as the merge of its shards' statistics does (docs/model-formats.md).
#pragma once

#include "chain/visit_columns.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace chitra::detail {

struct QuartileRequest {
    std::uint64_t count = 0; // the symbol's visits; 0: not requested
    Time min = 0, max = 0;   // of its occupancies
};

// How the quartiles are searched; the answer does not depend on it.
struct QuartileSearch {
    // Half-width of each sampled bracket, in standard deviations of a sample rank.
    double margin = 4.0;
    // Set to the passes over the elements made.
    std::size_t* passes = nullptr;
};

// Per symbol id (indexing `requests`): the interquartile range q3 - q1 of the symbol's
// occupancies, with the type-7 quantiles of detail::quantile, for every symbol with a
// request; nullopt for the others.
//
// A sample of about one element in 32 (at most 2^24) brackets each quartile's rank in a
// window of values; one pass counts the visits below each window and collects those in
// it, which settles every quartile whose rank falls in its window (nearly all). The rest,
// and symbols whose windows would hold too much, are narrowed by passes counting in
// buckets (first up to 8192 a symbol, 2^22 in all, then 1024) until the window is small
// enough to collect and select in. Memory is the sample, the buckets and the windows
// (at most 2^24 values), not the visits.
std::vector<std::optional<double>> exact_iqrs(const VisitColumns& visits, const std::vector<QuartileRequest>& requests,
                                              const QuartileSearch& search = {});

struct QuartileTarget;

// exact_iqrs in steps, so that the counting in sampled windows can share a pass (and its
// threads) with other work: construct (takes the sample), count every element once into
// tallies of consecutive ranges, then finish (any further passes) with the tallies in
// range order.
class QuartileFinder {
public:
    // Per sampled window: the visits below it and the visits in it.
    struct Tally {
        std::vector<std::uint64_t> below;
        std::vector<std::vector<Time>> values;
    };

    QuartileFinder(const VisitColumns& visits, const std::vector<QuartileRequest>& requests,
                   const QuartileSearch& search = {});
    ~QuartileFinder();
    QuartileFinder(const QuartileFinder&) = delete;
    QuartileFinder& operator=(const QuartileFinder&) = delete;

    bool counts_in_windows() const { return !windows_.empty(); }
    // An empty tally for a range holding about `share` of the elements.
    Tally tally(double share) const;
    // Counts elements [first, last) into `tally`: each range once, its own tally.
    void count_range(Tally& tally, std::size_t first, std::size_t last) const;
    std::vector<std::optional<double>> finish(std::vector<Tally> tallies);

private:
    struct Window {
        Time lo = 0;
        std::uint64_t span = 0; // the window is [lo, lo + span]
    };
    void plan_windows();

    VisitColumns visits_;
    const std::vector<QuartileRequest>& requests_;
    QuartileSearch search_;
    std::vector<QuartileTarget> targets_;
    std::vector<std::vector<std::size_t>> of_symbol_; // targets per symbol
    std::vector<Window> windows_;
    std::vector<double> expected_; // visits each window should collect
    std::vector<std::uint32_t> first_window_;
    std::vector<std::uint8_t> window_count_;
    std::vector<std::uint8_t> unbracketed_; // symbols whose targets the windows leave out
};

} // namespace chitra::detail
