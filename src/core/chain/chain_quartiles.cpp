#include "chain/chain_quartiles.hpp"

#include "chain/floor_quotient.hpp"

#include <algorithm>
#include <cmath>

namespace chitra::detail {

namespace {

constexpr std::size_t kBuckets = 1024;
// A window holding at most this many visits is gathered and its rank selected.
constexpr std::uint64_t kGather = 4096;

std::size_t bucket_of(Time v, Time lo, Time hi, std::size_t buckets)
{
    const auto offset = static_cast<std::uint64_t>(v - lo);
    const auto span = static_cast<std::uint64_t>(hi - lo);
    if (span < (std::uint64_t{1} << 46)) // the common case, in 64 bits
        return static_cast<std::size_t>(offset * buckets / (span + 1));
    return static_cast<std::size_t>(static_cast<unsigned __int128>(offset) * buckets /
                                    (static_cast<unsigned __int128>(span) + 1));
}

} // namespace

// bucket_of for one window, with floor_quotient instead of a division per value: the
// estimate's error (about 2^-52 relative, times at most 8192 buckets) stays below one.
// Not file-local: QuartileTarget holds one.
class Bucketing {
public:
    Bucketing() = default;
    Bucketing(Time lo, Time hi, std::size_t buckets)
        : lo_(lo), hi_(hi), buckets_(buckets),
          fast_(static_cast<std::uint64_t>(hi - lo) < (std::uint64_t{1} << 46) && buckets <= 8192),
          span1_(fast_ ? hi - lo + 1 : 1), inverse_(1.0 / static_cast<double>(span1_))
    {
    }
    std::size_t operator()(Time v) const
    {
        if (!fast_) [[unlikely]]
            return bucket_of(v, lo_, hi_, buckets_);
        const Time num = (v - lo_) * static_cast<Time>(buckets_); // < 2^59
        return static_cast<std::size_t>(floor_quotient(num, span1_, inverse_));
    }

private:
    Time lo_ = 0, hi_ = 0;
    std::size_t buckets_ = 1;
    bool fast_ = false;
    Time span1_ = 1; // hi - lo + 1 (fast windows)
    double inverse_ = 1.0;
};

// The rank-th smallest occupancy (0-based) of one symbol, found by narrowing [lo, hi].
struct QuartileTarget {
    SymbolId symbol = 0;
    std::uint64_t rank = 0;
    Time lo = 0, hi = 0;
    std::uint64_t below = 0; // the symbol's visits below lo
    bool gather = false;     // the next pass collects the window's values
    std::vector<std::uint64_t> buckets;
    std::vector<Time> values;
    std::optional<Time> value;
    Bucketing scale; // the window's bucketing for a counting pass
};

namespace {

using Target = QuartileTarget;

// The smallest value of bucket b: the inverse of bucket_of.
Time bucket_start(std::size_t b, Time lo, Time hi, std::size_t buckets)
{
    const auto span = static_cast<unsigned __int128>(static_cast<std::uint64_t>(hi - lo)) + 1;
    return lo + static_cast<Time>((static_cast<unsigned __int128>(b) * span + buckets - 1) / buckets);
}

// After a pass: the value, or a narrower window (the bucket holding the rank) to count
// or gather next. `counts` are the window's buckets (the target's own, or shared).
void settle(Target& t, const std::vector<std::uint64_t>& counts)
{
    if (t.gather) {
        const auto nth = t.values.begin() + static_cast<std::ptrdiff_t>(t.rank - t.below);
        std::nth_element(t.values.begin(), nth, t.values.end());
        t.value = *nth;
        t.values = {};
        return;
    }
    const std::size_t buckets = counts.size();
    std::uint64_t before = 0;
    std::size_t b = 0;
    while (t.below + before + counts[b] <= t.rank)
        before += counts[b++];
    const Time lo = bucket_start(b, t.lo, t.hi, buckets);
    const Time hi = b + 1 < buckets ? bucket_start(b + 1, t.lo, t.hi, buckets) - 1 : t.hi;
    t.below += before;
    t.gather = counts[b] <= kGather;
    t.lo = lo;
    t.hi = hi;
    t.buckets = {};
    if (lo == hi)
        t.value = lo;
}

// Collected values at most, in all, for the sampled windows. A window holds about
// 3.5 n / sqrt(k) of a symbol's n visits for k sampled: with the sample's 2^24 this is
// enough for 100 states of 10^9 visits in all.
constexpr std::size_t kWindowBudget = std::size_t{1} << 24;

std::uint64_t mix(std::uint64_t x) // splitmix64: where in its stride each sample is taken
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// Occupancies of the requested symbols at about one element in 32 (at most 2^24 in all),
// one taken at a pseudo-random place in each stride so that periodic traces are not
// sampled at one phase.
std::vector<std::vector<Time>> sample_occupancies(const VisitColumns& v, const std::vector<QuartileRequest>& requests)
{
    std::vector<std::vector<Time>> sample(requests.size());
    if (v.size == 0)
        return sample;
    const std::size_t wanted = std::clamp<std::size_t>(v.size / 32, 1, std::size_t{1} << 24);
    const std::size_t stride = v.size / wanted;
    for (std::size_t j = 0; j < wanted; ++j) {
        const std::size_t i = j * stride + static_cast<std::size_t>(mix(j) % stride);
        const SymbolId s = v.symbol[i];
        if (s < requests.size() && requests[s].count > 0)
            sample[s].push_back(v.occupancy(i));
    }
    return sample;
}

// The value at `pos` in sorted order of `values`. Everything before `settled` is no
// greater than what follows it; so is everything up to `pos` afterwards, so that a later
// call for a higher position partitions only the values above.
Time select(std::vector<Time>& values, std::size_t pos, std::size_t& settled)
{
    const std::size_t start = pos >= settled ? settled : 0;
    const auto at = values.begin() + static_cast<std::ptrdiff_t>(pos);
    std::nth_element(values.begin() + static_cast<std::ptrdiff_t>(start), at, values.end());
    settled = pos + 1;
    return *at;
}

// The window of values that the ranks [first, last] of a symbol's visits fall in, with
// `margin` standard deviations of the sample's rank on either side.
std::pair<Time, Time> bracket(std::vector<Time>& sample, std::size_t& settled, const QuartileRequest& r,
                              std::uint64_t first, std::uint64_t last, double margin)
{
    const double k = static_cast<double>(sample.size());
    const double n = static_cast<double>(r.count);
    const double p = (static_cast<double>(first) + 0.5) / n;
    const double sd = std::sqrt(k * p * (1.0 - p)) + 1.0;
    const double from = std::floor(static_cast<double>(first) * k / n - margin * sd);
    const double to = std::ceil(static_cast<double>(last + 1) * k / n + margin * sd);
    Time lo = r.min, hi = r.max;
    if (from >= 0.0 && from < k)
        lo = select(sample, static_cast<std::size_t>(from), settled);
    if (to >= 0.0 && to < k)
        hi = select(sample, static_cast<std::size_t>(to), settled);
    return {lo, std::max(lo, hi)};
}

} // namespace

QuartileFinder::QuartileFinder(const VisitColumns& visits, const std::vector<QuartileRequest>& requests,
                               const QuartileSearch& search)
    : visits_(visits), requests_(requests), search_(search), of_symbol_(requests.size()),
      first_window_(requests.size(), 0), window_count_(requests.size(), 0), unbracketed_(requests.size(), 1)
{
    for (SymbolId s = 0; s < requests.size(); ++s) {
        const QuartileRequest& r = requests[s];
        if (r.count == 0)
            continue;
        const std::uint64_t last = r.count - 1;
        for (double q : {0.25, 0.75}) {
            const auto rank = static_cast<std::uint64_t>(std::floor(q * static_cast<double>(last)));
            for (std::uint64_t k : {rank, std::min(rank + 1, last)}) {
                if (std::any_of(of_symbol_[s].begin(), of_symbol_[s].end(),
                                [&](std::size_t t) { return targets_[t].rank == k; }))
                    continue;
                of_symbol_[s].push_back(targets_.size());
                targets_.push_back(Target{s, k, r.min, r.max, 0, r.count <= kGather, {}, {}, std::nullopt, {}});
            }
        }
    }
    plan_windows();
}

QuartileFinder::~QuartileFinder() = default;

// Sampled windows: one around each symbol's lowest and highest target ranks (one window
// if they meet), smallest first while the budget lasts.
void QuartileFinder::plan_windows()
{
    const std::vector<QuartileRequest>& requests = requests_;
    std::vector<std::vector<Time>> sample = sample_occupancies(visits_, requests);
    struct Planned {
        SymbolId symbol;
        Time lo, hi;
        double expected; // visits it should collect
    };
    std::vector<Planned> planned;
    for (SymbolId s = 0; s < requests.size(); ++s) {
        if (of_symbol_[s].empty())
            continue;
        const QuartileRequest& r = requests[s];
        std::uint64_t ranks[4];
        std::size_t count = 0;
        for (std::size_t t : of_symbol_[s])
            ranks[count++] = targets_[t].rank;
        std::sort(ranks, ranks + count);
        const double k = static_cast<double>(sample[s].size());
        auto expect = [&](Time lo, Time hi) {
            if (k == 0)
                return static_cast<double>(r.count);
            const auto inside =
                std::count_if(sample[s].begin(), sample[s].end(), [&](Time o) { return o >= lo && o <= hi; });
            return (static_cast<double>(inside) + 1.0) / k * static_cast<double>(r.count);
        };
        // The low quartile's ranks, then the high quartile's.
        const std::size_t split = count > 2 ? count / 2 : count;
        std::size_t settled = 0;
        auto [lo1, hi1] = bracket(sample[s], settled, r, ranks[0], ranks[split - 1], search_.margin);
        if (split == count) {
            planned.push_back({s, lo1, hi1, expect(lo1, hi1)});
            continue;
        }
        auto [lo2, hi2] = bracket(sample[s], settled, r, ranks[split], ranks[count - 1], search_.margin);
        if (lo2 <= hi1) {
            const Time lo = std::min(lo1, lo2), hi = std::max(hi1, hi2);
            planned.push_back({s, lo, hi, expect(lo, hi)});
        } else {
            planned.push_back({s, lo1, hi1, expect(lo1, hi1)});
            planned.push_back({s, lo2, hi2, expect(lo2, hi2)});
        }
    }
    sample = {};
    std::stable_sort(planned.begin(), planned.end(),
                     [](const Planned& a, const Planned& b) { return a.expected < b.expected; });
    double budget = static_cast<double>(kWindowBudget);
    for (const Planned& p : planned) {
        if (p.expected > budget)
            break;
        budget -= p.expected;
        unbracketed_[p.symbol] = 0;
    }
    // A symbol is bracketed whole or not at all; its windows are kept side by side.
    std::sort(planned.begin(), planned.end(), [](const Planned& a, const Planned& b) {
        return a.symbol != b.symbol ? a.symbol < b.symbol : a.lo < b.lo;
    });
    for (const Planned& p : planned) {
        if (unbracketed_[p.symbol])
            continue;
        if (window_count_[p.symbol] == 0)
            first_window_[p.symbol] = static_cast<std::uint32_t>(windows_.size());
        ++window_count_[p.symbol];
        windows_.push_back({p.lo, static_cast<std::uint64_t>(p.hi) - static_cast<std::uint64_t>(p.lo)});
        expected_.push_back(p.expected);
    }
}

QuartileFinder::Tally QuartileFinder::tally(double share) const
{
    Tally t;
    t.below.assign(windows_.size(), 0);
    t.values.resize(windows_.size());
    for (std::size_t w = 0; w < windows_.size(); ++w)
        t.values[w].reserve(static_cast<std::size_t>(std::min(expected_[w] * share * 1.25 + 16.0, 1e9)));
    return t;
}

void QuartileFinder::count_range(Tally& tally, std::size_t first, std::size_t last) const
{
    // Every array held in a register for the loop.
    const std::size_t symbols = window_count_.size();
    const std::uint32_t* const first_window = first_window_.data();
    const std::uint8_t* const window_count = window_count_.data();
    const Window* const windows = windows_.data();
    std::uint64_t* const below = tally.below.data();
    std::vector<Time>* const values = tally.values.data();
    visits_.for_range(first, last, [&](std::size_t, SymbolId s, Time o) {
        if (s >= symbols)
            return;
        const std::size_t w0 = first_window[s];
        for (std::size_t w = w0, end = w0 + window_count[s]; w < end; ++w) {
            const Window& window = windows[w];
            if (static_cast<std::uint64_t>(o) - static_cast<std::uint64_t>(window.lo) <= window.span) [[unlikely]]
                values[w].push_back(o);
            below[w] += o < window.lo ? 1 : 0;
        }
    });
}

std::vector<std::optional<double>> QuartileFinder::finish(std::vector<Tally> tallies)
{
    std::size_t passes = windows_.empty() ? 0 : 1;
    const std::vector<QuartileRequest>& requests = requests_;
    std::vector<Target>& targets = targets_;
    const std::vector<std::vector<std::size_t>>& of_symbol = of_symbol_;
    auto open = [&] { return std::any_of(targets.begin(), targets.end(), [](const Target& t) { return !t.value; }); };
    // The tallies of consecutive ranges, joined.
    std::vector<std::uint64_t> below(windows_.size(), 0);
    std::vector<std::vector<Time>> values(windows_.size());
    for (Tally& t : tallies)
        for (std::size_t w = 0; w < windows_.size(); ++w) {
            below[w] += t.below[w];
            if (values[w].empty())
                values[w] = std::move(t.values[w]);
            else
                values[w].insert(values[w].end(), t.values[w].begin(), t.values[w].end());
        }
    tallies = {};
    // Each bracketed target is settled in its window, or left with the side of it that
    // holds its rank, for the counting passes below. Targets in rank order, so that each
    // selection in a window only partitions what lies above the one before.
    std::vector<std::size_t> settled(windows_.size(), 0); // for select()
    std::vector<Target*> in_order;
    for (Target& t : targets)
        in_order.push_back(&t);
    std::sort(in_order.begin(), in_order.end(), [](const Target* a, const Target* b) {
        return a->symbol != b->symbol ? a->symbol < b->symbol : a->rank < b->rank;
    });
    for (Target* target : in_order) {
        Target& t = *target;
        if (unbracketed_[t.symbol])
            continue;
        const QuartileRequest& r = requests[t.symbol];
        std::size_t w = first_window_[t.symbol];
        const std::size_t end = w + window_count_[t.symbol];
        std::optional<std::size_t> before; // the window below w
        while (w + 1 < end && t.rank >= below[w] + values[w].size())
            before = w++;
        const Time lo = windows_[w].lo;
        const Time hi = static_cast<Time>(static_cast<std::uint64_t>(lo) + windows_[w].span);
        t.gather = false;
        if (t.rank < below[w]) {
            t.lo =
                before
                    ? static_cast<Time>(static_cast<std::uint64_t>(windows_[*before].lo) + windows_[*before].span) + 1
                    : r.min;
            t.hi = lo - 1;
            t.below = before ? below[*before] + values[*before].size() : 0;
        } else if (t.rank >= below[w] + values[w].size()) {
            t.lo = hi + 1;
            t.hi = r.max;
            t.below = below[w] + values[w].size();
        } else {
            t.value = select(values[w], static_cast<std::size_t>(t.rank - below[w]), settled[w]);
        }
        if (!t.value && t.lo == t.hi)
            t.value = t.lo;
    }
    values = {};

    // Symbols left unbracketed: one pass counts each one's visits over [min, max], for all
    // its targets, in as many buckets as 2^22 counters in all allow (at most 8192 a symbol).
    const VisitColumns& v = visits_;
    std::size_t counted = 0;
    for (SymbolId s = 0; s < requests.size(); ++s)
        counted += unbracketed_[s] && requests[s].count > kGather ? 1 : 0;
    if (counted > 0) {
        ++passes;
        const std::size_t first_buckets = std::clamp<std::size_t>((std::size_t{1} << 22) / counted, kBuckets, 8192);
        std::vector<std::vector<std::uint64_t>> shared(requests.size());
        std::vector<Bucketing> scale(requests.size());
        for (SymbolId s = 0; s < requests.size(); ++s)
            if (unbracketed_[s] && requests[s].count > kGather) {
                shared[s].assign(first_buckets, 0);
                scale[s] = Bucketing(requests[s].min, requests[s].max, first_buckets);
            }
        v.for_each([&](std::size_t, SymbolId s, Time o) {
            if (s < shared.size() && !shared[s].empty())
                ++shared[s][scale[s](o)];
        });
        for (Target& t : targets)
            if (!t.gather && !shared[t.symbol].empty())
                settle(t, shared[t.symbol]);
    }
    std::vector<std::uint8_t> active(requests.size(), 0); // symbols with an open target
    while (open()) {
        std::fill(active.begin(), active.end(), 0);
        for (Target& t : targets)
            if (!t.value) {
                active[t.symbol] = 1;
                if (!t.gather) {
                    t.buckets.assign(kBuckets, 0);
                    t.scale = Bucketing(t.lo, t.hi, kBuckets);
                }
            }
        ++passes;
        v.for_each([&](std::size_t, SymbolId s, Time o) {
            if (s >= active.size() || !active[s])
                return;
            for (std::size_t k : of_symbol[s]) {
                Target& t = targets[k];
                if (t.value || o < t.lo || o > t.hi)
                    continue;
                if (t.gather)
                    t.values.push_back(o);
                else
                    ++t.buckets[t.scale(o)];
            }
        });
        for (Target& t : targets)
            if (!t.value)
                settle(t, t.buckets);
    }
    std::vector<std::optional<double>> out(requests.size());
    // q = v[rank] + frac * (v[rank + 1] - v[rank]), as detail::quantile.
    auto value_at = [&](SymbolId s, std::uint64_t rank) {
        for (std::size_t k : of_symbol[s])
            if (targets[k].rank == rank)
                return static_cast<double>(*targets[k].value);
        return 0.0; // not reached: every rank asked for has a target
    };
    for (SymbolId s = 0; s < requests.size(); ++s) {
        if (requests[s].count == 0)
            continue;
        const std::uint64_t last = requests[s].count - 1;
        double q[2];
        for (int i = 0; i < 2; ++i) {
            const double pos = (i == 0 ? 0.25 : 0.75) * static_cast<double>(last);
            const auto rank = static_cast<std::uint64_t>(std::floor(pos));
            const double frac = pos - static_cast<double>(rank);
            const double a = value_at(s, rank);
            q[i] = frac == 0.0 || rank + 1 > last ? a : a + frac * (value_at(s, rank + 1) - a);
        }
        out[s] = q[1] - q[0];
    }
    if (search_.passes)
        *search_.passes = passes;
    return out;
}

std::vector<std::optional<double>> exact_iqrs(const VisitColumns& visits, const std::vector<QuartileRequest>& requests,
                                              const QuartileSearch& search)
{
    QuartileFinder finder(visits, requests, search);
    std::vector<QuartileFinder::Tally> tallies;
    if (finder.counts_in_windows()) {
        tallies.push_back(finder.tally(1.0));
        finder.count_range(tallies.back(), 0, visits.size);
    }
    return finder.finish(std::move(tallies));
}

} // namespace chitra::detail
