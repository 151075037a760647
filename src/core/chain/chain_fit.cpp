// Fitting the semi-Markov chain (semantics.md section 4). Three linear passes over the
// SES on dense per-symbol arrays: (1) counts, sums and extremes, (2) squared deviations,
// quartile samples and transition counts, (3) histogram bins.
#include "chitra/chain/chain.hpp"

#include "chain/chain_histogram.hpp"
#include "chain/chain_quartiles.hpp"
#include "chain/floor_quotient.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
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

} // namespace

std::string detail::end_state_name(const std::vector<ChainState>& states)
{
    auto taken = [&](const std::string& name) {
        return std::any_of(states.begin(), states.end(),
                           [&](const ChainState& s) { return s.name == name; });
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

std::size_t SemiMarkovModel::other() const
{
    return states.empty() ? kNoState : states.size() - 1;
}

SemiMarkovModel fit_chain(const Ses& ses, TimeBase timebase)
{
    SemiMarkovModel model;
    model.timebase = timebase;
    const std::size_t m = ses.size();
    if (m == 0)
        return model; // a valid empty model: no states, no transitions, no steady state
    model.elements = m;
    model.total_time = ses.total();

    const SymbolTable& table = *ses.symbols;
    const std::size_t table_size = table.size();
    const SymbolId* sym = ses.symbol.data();
    const Time* bounds = ses.bounds.data();

    // Pass 1: per-symbol counts, sums, extremes.
    std::vector<Acc> acc(table_size);
    for (std::size_t i = 0; i < m; ++i) {
        const SymbolId s = sym[i];
        const Time o = bounds[i + 1] - bounds[i];
        Acc& a = acc[s];
        ++a.count;
        a.sum += o;
        a.min = std::min(a.min, o);
        a.max = std::max(a.max, o);
    }

    // States in order of first appearance.
    std::size_t distinct = 0;
    for (const Acc& a : acc)
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

    // Pass 2: squared deviations from the mean (two-pass variance, no cancellation) and
    // strided samples for the IQR of states whose range is not small.
    std::vector<double> mean(table_size, 0.0), ss(table_size, 0.0);
    std::vector<std::uint64_t> stride(table_size, 0), phase(table_size, 0);
    std::vector<std::vector<Time>> sample(table_size);
    for (SymbolId s : order) {
        const Acc& a = acc[s];
        mean[s] = static_cast<double>(a.sum) / static_cast<double>(a.count);
        // Few visits: all of them, for the IQR; many: exact_iqrs below.
        if (a.max - a.min >= OccupancyHistogram::kIntegerBinRange && a.count <= kQuartileSample) {
            stride[s] = 1;
            sample[s].reserve(static_cast<std::size_t>(a.count));
        }
    }
    // Transition counts between states (local indices): a dense matrix unless there are
    // very many distinct states.
    const std::size_t n = order.size();
    const bool dense = n <= kDenseTransitionLimit;
    std::vector<std::uint64_t> dense_counts(dense ? n * n : 0);
    std::unordered_map<std::uint64_t, std::uint64_t> sparse_counts;
    std::uint64_t* counts = dense_counts.data();
    std::uint32_t prev = local[sym[0]];
    for (std::size_t i = 0; i < m; ++i) {
        const SymbolId s = sym[i];
        const Time o = bounds[i + 1] - bounds[i];
        const double d = static_cast<double>(o) - mean[s];
        ss[s] += d * d;
        if (stride[s] != 0 && ++phase[s] == stride[s]) {
            phase[s] = 0;
            sample[s].push_back(o);
        }
        const std::uint32_t l = local[s];
        if (i > 0) {
            if (dense)
                ++counts[static_cast<std::size_t>(prev) * n + l];
            else
                ++sparse_counts[(static_cast<std::uint64_t>(prev) << 32) | l];
        }
        prev = l;
    }

    // Exact quartiles of the states with many visits and a wide range, in a few more
    // passes, so that the binning is the one merged statistics give (docs/scale-out.md).
    std::vector<detail::QuartileRequest> requests(table_size);
    bool any_request = false;
    for (SymbolId s : order) {
        const Acc& a = acc[s];
        if (a.max - a.min >= OccupancyHistogram::kIntegerBinRange && a.count > kQuartileSample) {
            requests[s] = detail::QuartileRequest{a.count, a.min, a.max};
            any_request = true;
        }
    }
    const std::vector<std::optional<double>> iqr =
        any_request ? detail::exact_iqrs(ses, requests) : std::vector<std::optional<double>>(table_size);

    // Binning per state, then pass 3: the bins.
    std::vector<detail::Binning> binning(table_size);
    std::vector<double> inverse_width(table_size, 1.0);
    std::vector<std::size_t> offset(table_size, 0);
    std::size_t all_bins = 0;
    for (SymbolId s : order) {
        const Acc& a = acc[s];
        const double var = a.count > 1 ? ss[s] / static_cast<double>(a.count - 1) : 0.0;
        binning[s] = iqr[s] ? detail::choose_binning_iqr(a.count, a.min, a.max, std::sqrt(var), iqr[s])
                            : detail::choose_binning(a.count, a.min, a.max, std::sqrt(var), sample[s]);
        inverse_width[s] = 1.0 / static_cast<double>(binning[s].width);
        offset[s] = all_bins;
        all_bins += binning[s].bins;
    }
    std::vector<std::uint64_t> bins(all_bins, 0);
    for (std::size_t i = 0; i < m; ++i) {
        const SymbolId s = sym[i];
        const detail::Binning& b = binning[s];
        const Time x = bounds[i + 1] - bounds[i] - b.origin;
        const Time k = detail::floor_quotient(x, b.width, inverse_width[s]);
        ++bins[offset[s] + static_cast<std::size_t>(k)];
    }

    // States.
    const double total_time = static_cast<double>(model.total_time);
    model.states.reserve(order.size() + 1);
    for (SymbolId s : order) {
        const Acc& a = acc[s];
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
            model.transitions.push_back({static_cast<std::size_t>(key >> 32), static_cast<std::size_t>(key & 0xFFFFFFFFu), c, 0.0});
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

} // namespace chitra
