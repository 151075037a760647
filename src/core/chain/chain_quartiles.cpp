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

// bucket_of for one window, with floor_quotient instead of a division per value: the
// estimate's error (about 2^-52 relative, times at most 8192 buckets) stays below one.
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
struct Target {
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

} // namespace

std::vector<std::optional<double>> exact_iqrs(const Ses& ses, const std::vector<QuartileRequest>& requests)
{
    std::vector<std::optional<double>> out(requests.size());
    std::vector<Target> targets;
    std::vector<std::vector<std::size_t>> of_symbol(requests.size());
    for (SymbolId s = 0; s < requests.size(); ++s) {
        const QuartileRequest& r = requests[s];
        if (r.count == 0)
            continue;
        const std::uint64_t last = r.count - 1;
        for (double q : {0.25, 0.75}) {
            const auto rank = static_cast<std::uint64_t>(std::floor(q * static_cast<double>(last)));
            for (std::uint64_t k : {rank, std::min(rank + 1, last)}) {
                if (std::any_of(of_symbol[s].begin(), of_symbol[s].end(),
                                [&](std::size_t t) { return targets[t].rank == k; }))
                    continue;
                of_symbol[s].push_back(targets.size());
                targets.push_back(Target{s, k, r.min, r.max, 0, r.count <= kGather, {}, {}, std::nullopt, {}});
            }
        }
    }
    auto open = [&] {
        return std::any_of(targets.begin(), targets.end(), [](const Target& t) { return !t.value; });
    };
    // The first pass counts each symbol's visits once, over [min, max], for all its
    // targets, in as many buckets as 2^22 counters in all allow (at most 8192 a symbol).
    {
        std::size_t counted = 0;
        for (const QuartileRequest& r : requests)
            counted += r.count > kGather ? 1 : 0;
        const std::size_t first_buckets =
            std::clamp<std::size_t>((std::size_t{1} << 22) / std::max<std::size_t>(counted, 1), kBuckets, 8192);
        std::vector<std::vector<std::uint64_t>> shared(requests.size());
        std::vector<Bucketing> scale(requests.size());
        for (SymbolId s = 0; s < requests.size(); ++s)
            if (requests[s].count > kGather) {
                shared[s].assign(first_buckets, 0);
                scale[s] = Bucketing(requests[s].min, requests[s].max, first_buckets);
            }
        for (std::size_t i = 0; i < ses.size(); ++i) {
            const SymbolId s = ses.symbol[i];
            if (s < shared.size() && !shared[s].empty())
                ++shared[s][scale[s](ses.bounds[i + 1] - ses.bounds[i])];
        }
        for (Target& t : targets)
            if (!t.gather)
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
        for (std::size_t i = 0; i < ses.size(); ++i) {
            const SymbolId s = ses.symbol[i];
            if (s >= active.size() || !active[s])
                continue;
            const Time o = ses.bounds[i + 1] - ses.bounds[i];
            for (std::size_t k : of_symbol[s]) {
                Target& t = targets[k];
                if (t.value || o < t.lo || o > t.hi)
                    continue;
                if (t.gather)
                    t.values.push_back(o);
                else
                    ++t.buckets[t.scale(o)];
            }
        }
        for (Target& t : targets)
            if (!t.value)
                settle(t, t.buckets);
    }
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
    return out;
}

} // namespace chitra::detail
