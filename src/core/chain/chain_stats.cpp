// Sufficient statistics of a chain fit: collecting them over a range of a SES, merging
// them, and turning them into the model (docs/scale-out.md).
#include "chitra/chain/chain_stats.hpp"

#include "chain/chain_histogram.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace chitra {

namespace {

WideSum checked_square(Time o)
{
    const WideSum w = o;
    return w * w; // |o| < 2^63, so the square fits in 127 bits
}

void add_checked(WideSum& into, WideSum value, const char* what)
{
    if (__builtin_add_overflow(into, value, &into))
        throw InputError(std::string("statistics: the ") + what + " overflows 128 bits");
}

// Type 7 quantile (as detail::quantile) of the visits a value-count map describes.
double map_quantile(const std::vector<std::pair<Time, std::uint64_t>>& values, std::uint64_t count, double q)
{
    const double pos = q * static_cast<double>(count - 1);
    const auto lo = static_cast<std::uint64_t>(std::floor(pos));
    const double frac = pos - static_cast<double>(lo);
    // The order statistics at ranks lo and lo + 1.
    double a = 0.0, b = 0.0;
    std::uint64_t seen = 0;
    bool have_a = false;
    for (const auto& [value, n] : values) {
        if (!have_a && lo < seen + n) {
            a = static_cast<double>(value);
            have_a = true;
        }
        if (lo + 1 < seen + n) {
            b = static_cast<double>(value);
            break;
        }
        seen += n;
    }
    if (frac == 0.0 || lo + 1 >= count)
        return a;
    return a + frac * (b - a);
}

// Each distinct value of `values` with its number of occurrences, ascending.
std::vector<std::pair<Time, std::uint64_t>> value_counts(std::vector<Time>& values)
{
    std::sort(values.begin(), values.end());
    std::vector<std::pair<Time, std::uint64_t>> out;
    for (Time v : values) {
        if (out.empty() || out.back().first != v)
            out.emplace_back(v, 0);
        ++out.back().second;
    }
    return out;
}

// Two ascending value-count lists as one.
std::vector<std::pair<Time, std::uint64_t>> add_value_counts(const std::vector<std::pair<Time, std::uint64_t>>& a,
                                                             const std::vector<std::pair<Time, std::uint64_t>>& b)
{
    std::vector<std::pair<Time, std::uint64_t>> out;
    out.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && a[i].first < b[j].first))
            out.push_back(a[i++]);
        else if (i == a.size() || b[j].first < a[i].first)
            out.push_back(b[j++]);
        else {
            out.emplace_back(a[i].first, a[i].second + b[j].second);
            ++i;
            ++j;
        }
    }
    return out;
}

// Sample variance from exact sums: sum (o - mean)^2 = sum_sq - sum^2 / count, written
// with sum = q count + r so that only r^2 / count (below count) is not an integer.
double sample_variance(std::uint64_t count, WideSum sum, WideSum sum_squares)
{
    if (count < 2)
        return 0.0;
    const auto n = static_cast<WideSum>(count);
    WideSum q = sum / n, r = sum % n;
    if (r < 0) {
        r += n;
        --q;
    }
    const WideSum whole = sum_squares - q * q * n - 2 * q * r;
    const double deviations =
        static_cast<double>(whole) - static_cast<double>(r) * static_cast<double>(r) / static_cast<double>(count);
    return std::max(0.0, deviations) / static_cast<double>(count - 1);
}

} // namespace

std::size_t FitStats::find(std::string_view name) const
{
    for (std::size_t i = 0; i < states.size(); ++i)
        if (states[i].name == name)
            return i;
    return kNoState;
}

std::pair<std::uint64_t, std::uint64_t> shard_records(std::uint64_t records, std::uint64_t shard, std::uint64_t shards)
{
    const auto bound = [&](std::uint64_t k) {
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(records) * k / shards);
    };
    return {bound(shard - 1), bound(shard)};
}

FitStats collect_stats(const Ses& ses, TimeBase timebase)
{
    CollectRange all;
    all.first_record = 0;
    all.end_record = std::numeric_limits<std::uint64_t>::max();
    return collect_stats(ses, timebase, all);
}

FitStats collect_stats(const Ses& ses, TimeBase timebase, const CollectRange& range)
{
    FitStats stats;
    stats.timebase = timebase;
    const SymbolTable& table = *ses.symbols;
    std::vector<std::size_t> local(table.size(), kNoState);
    std::vector<std::vector<Time>> visits; // per local state, sorted into value counts at the end
    // Transition counts by symbol id: a dense matrix unless the table is large.
    const std::size_t table_size = table.size();
    const bool dense = table_size <= 1024;
    std::vector<std::uint64_t> dense_counts(dense ? table_size * table_size : 0);
    std::unordered_map<std::uint64_t, std::uint64_t> sparse_counts;
    const auto owned = [&](std::size_t i) {
        const RecordIndex r = ses.records[i];
        return r >= range.first_record && r < range.end_record;
    };
    const auto state_of = [&](std::size_t i) {
        const SymbolId s = ses.symbol[i];
        if (local[s] == kNoState) {
            local[s] = stats.states.size();
            StateStats st;
            st.name = table[s].name;
            st.kind = table[s].kind;
            st.components = table[s].components;
            st.min = std::numeric_limits<Time>::max();
            st.max = std::numeric_limits<Time>::min();
            st.definition = describe_symbol(table, s);
            stats.states.push_back(std::move(st));
            visits.emplace_back();
        }
        return local[s];
    };
    std::size_t first = kNoState, last = kNoState;
    for (std::size_t i = 0; i < ses.size(); ++i) {
        if (!owned(i))
            continue;
        if (first == kNoState)
            first = i;
        last = i;
        const std::size_t l = state_of(i);
        StateStats& st = stats.states[l];
        const Time o = ses.occupancy(i);
        ++st.count;
        add_checked(st.sum, o, "sum of occupancies");
        add_checked(st.sum_squares, checked_square(o), "sum of squared occupancies");
        st.min = std::min(st.min, o);
        st.max = std::max(st.max, o);
        visits[l].push_back(o);
        ++stats.elements;
        add_checked(stats.total_time, o, "total time");
        if (i + 1 < ses.size()) {
            state_of(i + 1);
            const SymbolId from = ses.symbol[i], to = ses.symbol[i + 1];
            if (dense)
                ++dense_counts[static_cast<std::size_t>(from) * table_size + to];
            else
                ++sparse_counts[(static_cast<std::uint64_t>(from) << 32) | to];
        }
        // Records within `margin` of an edge that is not the sequence's own start or end:
        // a step that looks across that edge may have seen a different context.
        if (range.margin > 0) {
            const auto [a, b] = ses.provenance(i);
            const bool near_lo = range.first_record > 0 && a < range.first_record + range.margin;
            const bool near_hi = range.end_record < range.total_records && b + range.margin > range.end_record;
            if (near_lo || near_hi)
                ++stats.near_edge;
        }
    }
    // A successor that is not owned is listed with no visits, so that the transition
    // has both ends; the part that owns it brings its visits.
    if (first == kNoState)
        return stats;
    if (range.begins && first == 0)
        stats.initial = local[ses.symbol[first]];
    if (range.ends && last + 1 == ses.size())
        stats.ends.push_back(local[ses.symbol[last]]);
    for (std::size_t l = 0; l < stats.states.size(); ++l) {
        stats.states[l].occupancies = value_counts(visits[l]);
        std::vector<Time>().swap(visits[l]);
    }
    const auto add_transition = [&](std::uint64_t from, std::uint64_t to, std::uint64_t count) {
        stats.transitions.push_back({local[from], local[to], count});
    };
    if (dense) {
        for (std::size_t k = 0; k < dense_counts.size(); ++k)
            if (dense_counts[k] != 0)
                add_transition(k / table_size, k % table_size, dense_counts[k]);
    } else {
        for (const auto& [key, count] : sparse_counts)
            add_transition(key >> 32, key & 0xFFFFFFFFu, count);
    }
    std::sort(stats.transitions.begin(), stats.transitions.end(),
              [](const TransitionStats& a, const TransitionStats& b) {
                  return a.from != b.from ? a.from < b.from : a.to < b.to;
              });
    return stats;
}

void merge_into(FitStats& into, const FitStats& other)
{
    if (!into.parts.empty() || !into.states.empty()) {
        if (into.timebase != other.timebase)
            throw InputError("statistics: time base " + std::string(to_string(other.timebase)) + " differs from " +
                             std::string(to_string(into.timebase)));
    } else {
        into.timebase = other.timebase;
    }
    std::vector<std::size_t> map(other.states.size());
    for (std::size_t i = 0; i < other.states.size(); ++i) {
        const StateStats& s = other.states[i];
        std::size_t j = into.find(s.name);
        if (j == kNoState) {
            j = into.states.size();
            StateStats fresh = s;
            fresh.count = 0;
            fresh.sum = fresh.sum_squares = 0;
            fresh.occupancies.clear();
            fresh.min = std::numeric_limits<Time>::max();
            fresh.max = std::numeric_limits<Time>::min();
            if (fresh.definition)
                for (auto& p : fresh.definition->paths)
                    p.count = 0;
            into.states.push_back(std::move(fresh));
        } else if (into.states[j].kind != s.kind) {
            throw InputError("statistics: state '" + s.name + "' is a " + std::string(to_string(s.kind)) +
                             " state in one part and a " + std::string(to_string(into.states[j].kind)) +
                             " state in another");
        }
        map[i] = j;
        StateStats& t = into.states[j];
        if (s.count > 0) {
            t.count += s.count;
            add_checked(t.sum, s.sum, "sum of occupancies");
            add_checked(t.sum_squares, s.sum_squares, "sum of squared occupancies");
            t.min = std::min(t.min, s.min);
            t.max = std::max(t.max, s.max);
            t.occupancies = add_value_counts(t.occupancies, s.occupancies);
        }
        // Composite paths: counts added, mean totals weighted by count.
        if (s.definition && t.definition && &t != &s) {
            for (const DefinitionPath& p : s.definition->paths) {
                auto& paths = t.definition->paths;
                auto it = std::find_if(paths.begin(), paths.end(),
                                       [&](const DefinitionPath& q) { return q.symbols == p.symbols; });
                if (it == paths.end()) {
                    paths.push_back(p);
                } else if (it->count + p.count > 0) {
                    it->mean_total = (it->mean_total * static_cast<double>(it->count) +
                                      p.mean_total * static_cast<double>(p.count)) /
                                     static_cast<double>(it->count + p.count);
                    it->count += p.count;
                }
            }
        }
    }
    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> transitions;
    for (const auto& t : into.transitions)
        transitions[{t.from, t.to}] += t.count;
    for (const auto& t : other.transitions)
        transitions[{map.at(t.from), map.at(t.to)}] += t.count;
    into.transitions.clear();
    for (const auto& [key, count] : transitions)
        into.transitions.push_back({key.first, key.second, count});
    if (into.initial == kNoState && other.initial != kNoState)
        into.initial = map.at(other.initial);
    for (std::size_t e : other.ends)
        into.ends.push_back(map.at(e));
    into.elements += other.elements;
    add_checked(into.total_time, other.total_time, "total time");
    into.near_edge += other.near_edge;
    into.parts.insert(into.parts.end(), other.parts.begin(), other.parts.end());
}

SemiMarkovModel model_from_stats(const FitStats& stats)
{
    SemiMarkovModel model;
    model.timebase = stats.timebase;
    if (stats.elements == 0)
        return model; // as fit_chain on an empty SES
    if (stats.total_time > std::numeric_limits<Time>::max())
        throw InputError("statistics: the total time does not fit in 64 bits");
    model.elements = stats.elements;
    model.total_time = static_cast<Time>(stats.total_time);
    const double total_time = static_cast<double>(model.total_time);

    // States that were only seen as a successor in one part are visited in another; a
    // state never visited at all (malformed input) has no place in the model.
    std::vector<std::size_t> index(stats.states.size(), kNoState);
    for (std::size_t i = 0; i < stats.states.size(); ++i) {
        const StateStats& s = stats.states[i];
        if (s.count == 0)
            continue;
        index[i] = model.states.size();
        ChainState st;
        st.name = s.name;
        st.kind = s.kind;
        st.components = s.components;
        st.count = s.count;
        if (s.sum > std::numeric_limits<Time>::max() || s.sum < std::numeric_limits<Time>::min())
            throw InputError("statistics: the total occupancy of '" + s.name + "' does not fit in 64 bits");
        st.total = static_cast<Time>(s.sum);
        st.share = total_time > 0 ? static_cast<double>(st.total) / total_time : 0.0;
        st.mean = static_cast<double>(st.total) / static_cast<double>(s.count);
        st.variance = sample_variance(s.count, s.sum, s.sum_squares);
        st.stddev = std::sqrt(st.variance);
        st.min = s.min;
        st.max = s.max;
        // The core's binning rule on all visits; the quartiles are exact.
        std::optional<double> iqr;
        if (s.max - s.min >= OccupancyHistogram::kIntegerBinRange)
            iqr = map_quantile(s.occupancies, s.count, 0.75) - map_quantile(s.occupancies, s.count, 0.25);
        const detail::Binning b = detail::choose_binning_iqr(s.count, s.min, s.max, st.stddev, iqr);
        st.histogram.binning = b.rule;
        st.histogram.origin = b.origin;
        st.histogram.width = b.width;
        st.histogram.counts.assign(b.bins, 0);
        for (const auto& [value, n] : s.occupancies)
            st.histogram.counts[detail::bin_of(b, value)] += n;
        st.histogram.pmf.resize(b.bins);
        for (std::size_t k = 0; k < b.bins; ++k)
            st.histogram.pmf[k] = static_cast<double>(st.histogram.counts[k]) / static_cast<double>(s.count);
        if (s.definition) {
            st.definition = *s.definition;
            st.definition->chain = build_prefix_chain(st.definition->paths);
        }
        model.states.push_back(std::move(st));
    }

    // OTHER: one visit of occupancy 0 after the end of each sequence.
    ChainState other;
    other.name = detail::end_state_name(model.states);
    other.kind = SymbolKind::other;
    const auto sequences = static_cast<std::uint64_t>(stats.ends.size());
    other.count = sequences;
    other.histogram.binning = "integer";
    other.histogram.counts = {sequences};
    other.histogram.pmf = {1.0};
    other.definition = StateDefinition{};
    model.states.push_back(std::move(other));
    const std::size_t other_index = model.states.size() - 1;

    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> counts;
    for (const auto& t : stats.transitions)
        if (index[t.from] != kNoState && index[t.to] != kNoState)
            counts[{index[t.from], index[t.to]}] += t.count;
    for (std::size_t e : stats.ends)
        if (index[e] != kNoState)
            counts[{index[e], other_index}] += 1;
    std::vector<std::uint64_t> out(model.states.size(), 0);
    for (const auto& [key, count] : counts) {
        model.transitions.push_back({key.first, key.second, count, 0.0});
        out[key.first] += count;
    }
    for (auto& t : model.transitions)
        t.probability = static_cast<double>(t.count) / static_cast<double>(out[t.from]);

    model.initial = stats.initial < index.size() ? index[stats.initial] : kNoState;
    model.steady = solve_steady_state(model);
    return model;
}

} // namespace chitra
