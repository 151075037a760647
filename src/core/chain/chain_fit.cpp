// Fitting the semi-Markov chain (semantics.md section 4). Three linear passes over the
// SES (or a trace's columns, read as its SES) on dense per-symbol arrays, each on two
// halves: (1) counts, sums and extremes, (2) squared deviations, the quartiles' windows
// and transition counts, (3) histogram bins.
#include "chitra/chain/chain.hpp"

#include "chain/chain_histogram.hpp"
#include "chain/chain_quartiles.hpp"
#include "chain/floor_quotient.hpp"
#include "chain/visit_columns.hpp"
#include "chitra/util/cancel.hpp"
#include "chitra/util/two_halves.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <unordered_map>

namespace chitra {

namespace {

// Visits of one symbol, indexed by SymbolId while fitting.
struct Acc {
    std::uint64_t count = 0;
    Time sum = 0;
    Time min = std::numeric_limits<Time>::max();
    Time max = std::numeric_limits<Time>::min();
};

// Up to this many visits a state's occupancies are kept for its IQR; beyond, the exact
// quartiles come from bucket counts (chain_quartiles.hpp).
constexpr std::uint64_t kQuartileSample = 2048;
// Transition counts live in a dense n x n matrix up to this many distinct states.
constexpr std::size_t kDenseTransitionLimit = 1024;
// From this many elements each pass runs its two halves on two threads. Sums of squares
// are added half by half either way, so the model does not depend on how it ran.
constexpr std::size_t kThreadedElements = std::size_t{1} << 20;

template <class F> void in_halves(std::size_t m, F&& f) { detail::in_halves(m, kThreadedElements, std::forward<F>(f)); }

} // namespace

std::string detail::end_state_name(const std::vector<ChainState>& states)
{
    auto taken = [&](const std::string& name) {
        return std::any_of(states.begin(), states.end(), [&](const ChainState& s) { return s.name == name; });
    };
    std::string name = "OTHER";
    for (int k = 1; taken(name); ++k)
        name = "OTHER_" + std::to_string(k);
    return name;
}

std::size_t SemiMarkovModel::find(std::string_view name) const
{
    for (std::size_t i = 0; i < states.size(); ++i)
        if (states[i].name == name)
            return i;
    return kNoState;
}

std::size_t SemiMarkovModel::other() const { return states.empty() ? kNoState : states.size() - 1; }

namespace {

SemiMarkovModel fit_visits(const detail::VisitColumns& visits, TimeBase timebase)
{
    SemiMarkovModel model;
    model.timebase = timebase;
    const std::size_t m = visits.size;
    if (m == 0)
        return model; // a valid empty model: no states, no transitions, no steady state
    model.elements = m;
    model.total_time = visits.total();

    const SymbolTable& table = *visits.table;
    const std::size_t table_size = table.size();
    const SymbolId* sym = visits.symbol;

    // Each pass over the visits starts only when the work is still wanted (a Python
    // caller's Ctrl+C, chitra/util/cancel.hpp): a fit of 10^8 visits stops within a pass.
    throw_if_cancelled();
    // Pass 1: per-symbol counts, sums, extremes.
    std::vector<Acc> acc[2] = {std::vector<Acc>(table_size), std::vector<Acc>(table_size)};
    in_halves(visits.size, [&](int half, std::size_t first, std::size_t last) {
        Acc* const mine = acc[half].data();
        visits.for_range(first, last, [&](std::size_t, SymbolId s, Time o) {
            Acc& a = mine[s];
            ++a.count;
            a.sum += o;
            a.min = std::min(a.min, o);
            a.max = std::max(a.max, o);
        });
    });
    for (std::size_t s = 0; s < table_size; ++s) {
        Acc& a = acc[0][s];
        const Acc& b = acc[1][s];
        a.count += b.count;
        a.sum += b.sum;
        a.min = std::min(a.min, b.min);
        a.max = std::max(a.max, b.max);
    }
    const std::vector<Acc>& all = acc[0];

    // States in order of first appearance.
    std::size_t distinct = 0;
    for (const Acc& a : all)
        distinct += a.count > 0 ? 1 : 0;
    std::vector<std::uint32_t> local(table_size, std::numeric_limits<std::uint32_t>::max());
    std::vector<SymbolId> order;
    order.reserve(distinct);
    for (std::size_t i = 0; i < m && order.size() < distinct; ++i) {
        if (local[sym[i]] == std::numeric_limits<std::uint32_t>::max()) {
            local[sym[i]] = static_cast<std::uint32_t>(order.size());
            order.push_back(sym[i]);
        }
    }

    // Exact quartiles of the states with many visits and a wide range, counted in pass 2
    // (and more passes for the few the sample misses), so that the binning is the one
    // merged statistics give (docs/scale-out.md).
    std::vector<detail::QuartileRequest> requests(table_size);
    bool any_request = false;
    std::vector<double> mean(table_size, 0.0);
    std::vector<std::uint8_t> keep(table_size, 0); // few visits: all of them kept for the IQR
    for (SymbolId s : order) {
        const Acc& a = all[s];
        mean[s] = static_cast<double>(a.sum) / static_cast<double>(a.count);
        if (a.max - a.min >= OccupancyHistogram::kIntegerBinRange) {
            if (a.count > kQuartileSample) {
                requests[s] = detail::QuartileRequest{a.count, a.min, a.max};
                any_request = true;
            } else {
                keep[s] = 1;
            }
        }
    }
    std::optional<detail::QuartileFinder> quartiles;
    if (any_request)
        quartiles.emplace(visits, requests);
    const bool windows = quartiles && quartiles->counts_in_windows();

    // Pass 2: squared deviations from the mean (two-pass variance, no cancellation), the
    // occupancies kept for small IQRs, transition counts between states (local indices:
    // a dense matrix unless there are very many distinct states) and the quartiles' count.
    const std::size_t n = order.size();
    const bool dense = n <= kDenseTransitionLimit;
    struct Pass2 {
        std::vector<double> ss;
        std::vector<std::vector<Time>> kept;
        std::vector<std::uint64_t> dense_counts;
        std::unordered_map<std::uint64_t, std::uint64_t> sparse_counts;
        detail::QuartileFinder::Tally tally;
    };
    Pass2 part[2];
    for (Pass2& p : part) {
        p.ss.assign(table_size, 0.0);
        p.kept.resize(table_size);
        p.dense_counts.assign(dense ? n * n : 0, 0);
        if (windows)
            p.tally = quartiles->tally(0.5);
    }
    throw_if_cancelled();
    in_halves(visits.size, [&](int half, std::size_t first, std::size_t last) {
        Pass2& p = part[half];
        double* const ss = p.ss.data();
        const double* const mu = mean.data();
        const std::uint8_t* const kept = keep.data();
        const std::uint32_t* const index = local.data();
        std::uint64_t* const counts = p.dense_counts.data();
        std::uint32_t prev = index[sym[first > 0 ? first - 1 : 0]];
        visits.for_range(first, last, [&](std::size_t i, SymbolId s, Time o) {
            const double d = static_cast<double>(o) - mu[s];
            ss[s] += d * d;
            if (kept[s]) [[unlikely]]
                p.kept[s].push_back(o);
            const std::uint32_t l = index[s];
            if (dense)
                counts[static_cast<std::size_t>(prev) * n + l] += i > 0 ? 1 : 0;
            else if (i > 0)
                ++p.sparse_counts[(static_cast<std::uint64_t>(prev) << 32) | l];
            prev = l;
        });
        if (windows)
            quartiles->count_range(p.tally, first, last);
    });
    std::vector<double> ss(table_size);
    std::vector<std::vector<Time>>& sample = part[0].kept;
    for (std::size_t s = 0; s < table_size; ++s) {
        ss[s] = part[0].ss[s] + part[1].ss[s];
        sample[s].insert(sample[s].end(), part[1].kept[s].begin(), part[1].kept[s].end());
    }
    std::vector<std::uint64_t>& dense_counts = part[0].dense_counts;
    for (std::size_t k = 0; k < dense_counts.size(); ++k)
        dense_counts[k] += part[1].dense_counts[k];
    std::unordered_map<std::uint64_t, std::uint64_t>& sparse_counts = part[0].sparse_counts;
    for (const auto& [key, c] : part[1].sparse_counts)
        sparse_counts[key] += c;
    std::vector<std::optional<double>> iqr(table_size);
    if (quartiles) {
        std::vector<detail::QuartileFinder::Tally> tallies;
        if (windows)
            for (Pass2& p : part)
                tallies.push_back(std::move(p.tally));
        iqr = quartiles->finish(std::move(tallies));
    }

    // Binning per state, then pass 3: the bins.
    std::vector<detail::Binning> binning(table_size);
    std::vector<double> inverse_width(table_size, 1.0);
    std::vector<std::size_t> offset(table_size, 0);
    std::size_t all_bins = 0;
    for (SymbolId s : order) {
        const Acc& a = all[s];
        const double var = a.count > 1 ? ss[s] / static_cast<double>(a.count - 1) : 0.0;
        binning[s] = iqr[s] ? detail::choose_binning_iqr(a.count, a.min, a.max, std::sqrt(var), iqr[s])
                            : detail::choose_binning(a.count, a.min, a.max, std::sqrt(var), sample[s]);
        inverse_width[s] = 1.0 / static_cast<double>(binning[s].width);
        offset[s] = all_bins;
        all_bins += binning[s].bins;
    }
    std::vector<std::uint64_t> bins(all_bins, 0);
    std::vector<std::uint64_t> other_bins(all_bins, 0);
    throw_if_cancelled();
    in_halves(visits.size, [&](int half, std::size_t first, std::size_t last) {
        std::uint64_t* const mine = half == 0 ? bins.data() : other_bins.data();
        visits.for_range(first, last, [&](std::size_t, SymbolId s, Time o) {
            const detail::Binning& b = binning[s];
            const Time k = detail::floor_quotient(o - b.origin, b.width, inverse_width[s]);
            ++mine[offset[s] + static_cast<std::size_t>(k)];
        });
    });
    for (std::size_t k = 0; k < all_bins; ++k)
        bins[k] += other_bins[k];

    // States.
    const double total_time = static_cast<double>(model.total_time);
    model.states.reserve(order.size() + 1);
    for (SymbolId s : order) {
        const Acc& a = all[s];
        const Symbol& symbol = table[s];
        ChainState st;
        st.name = symbol.name;
        st.kind = symbol.kind;
        st.symbol = s;
        st.components = symbol.components;
        st.count = a.count;
        st.total = a.sum;
        st.share = total_time > 0 ? static_cast<double>(a.sum) / total_time : 0.0;
        st.mean = mean[s];
        st.variance = a.count > 1 ? ss[s] / static_cast<double>(a.count - 1) : 0.0;
        st.stddev = std::sqrt(st.variance);
        st.min = a.min;
        st.max = a.max;
        const detail::Binning& b = binning[s];
        st.histogram.binning = b.rule;
        st.histogram.origin = b.origin;
        st.histogram.width = b.width;
        st.histogram.counts.assign(bins.begin() + static_cast<std::ptrdiff_t>(offset[s]),
                                   bins.begin() + static_cast<std::ptrdiff_t>(offset[s] + b.bins));
        st.histogram.pmf.resize(b.bins);
        for (std::size_t k = 0; k < b.bins; ++k)
            st.histogram.pmf[k] = static_cast<double>(st.histogram.counts[k]) / static_cast<double>(a.count);
        st.definition = describe_symbol(table, s);
        model.states.push_back(std::move(st));
    }

    // OTHER: one visit of occupancy 0 after the last element.
    ChainState other;
    other.name = detail::end_state_name(model.states);
    other.kind = SymbolKind::other;
    other.count = 1;
    other.histogram.binning = "integer";
    other.histogram.counts = {1};
    other.histogram.pmf = {1.0};
    other.definition = StateDefinition{};
    model.states.push_back(std::move(other));
    const std::size_t other_index = model.states.size() - 1;

    // Transitions, ordered by (from, to), with probabilities per row.
    if (dense) {
        for (std::size_t from = 0; from < n; ++from)
            for (std::size_t to = 0; to < n; ++to)
                if (auto c = dense_counts[from * n + to])
                    model.transitions.push_back({from, to, c, 0.0});
    } else {
        for (const auto& [key, c] : sparse_counts)
            model.transitions.push_back(
                {static_cast<std::size_t>(key >> 32), static_cast<std::size_t>(key & 0xFFFFFFFFu), c, 0.0});
    }
    model.transitions.push_back({local[sym[m - 1]], other_index, 1, 0.0});
    std::sort(model.transitions.begin(), model.transitions.end(),
              [](const ChainTransition& a, const ChainTransition& b) {
                  return a.from != b.from ? a.from < b.from : a.to < b.to;
              });
    std::vector<std::uint64_t> out(model.states.size(), 0);
    for (const auto& t : model.transitions)
        out[t.from] += t.count;
    for (auto& t : model.transitions)
        t.probability = static_cast<double>(t.count) / static_cast<double>(out[t.from]);

    model.initial = local[sym[0]];
    model.steady = solve_steady_state(model);
    return model;
}

} // namespace

SemiMarkovModel fit_chain(const Ses& ses, TimeBase timebase)
{
    return fit_visits(detail::VisitColumns::of(ses), timebase);
}

SemiMarkovModel fit_trace(const Trace& trace)
{
    detail::VisitColumns visits = detail::VisitColumns::of(trace);
    const auto symbols = symbols_with_header_separator(trace); // as base_ses names them
    visits.table = symbols.get();
    return fit_visits(visits, trace.header.timebase);
}

} // namespace chitra
