// Filters (semantics.md section 3): select a set F, then each maximal run of elements
// in F becomes one element of a `filter` composite chosen by (symbol before, symbol after).
#include "chitra/spectra/spectrum.hpp"
#include "transforms/common/transform_common.hpp"

#include <charconv>
#include <unordered_map>

namespace chitra {

namespace {
// The largest k of any symbol named T<k> the view has had (its table only grows).
std::uint64_t largest_t_index(const SymbolTable& table)
{
    std::uint64_t largest = 0;
    for (const Symbol& symbol : table) {
        const std::string& name = symbol.name;
        if (name.size() < 2 || name[0] != 'T')
            continue;
        std::uint64_t k = 0;
        auto [end, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), k);
        if (ec == std::errc() && end == name.data() + name.size() && name[1] != '+' && k > largest)
            largest = k;
    }
    return largest;
}

// Per-symbol totals over the elements of the SES (one pass).
void tally(const Ses& in, std::vector<std::uint64_t>* counts, std::vector<Time>* occupancy)
{
    const std::size_t n = in.size();
    const SymbolId* sym = in.symbol.data();
    const Time* b = in.bounds.data();
    counts->assign(in.symbols->size(), 0);
    if (occupancy) {
        occupancy->assign(in.symbols->size(), 0);
        for (std::size_t i = 0; i < n; ++i) {
            ++(*counts)[sym[i]];
            (*occupancy)[sym[i]] += b[i + 1] - b[i];
        }
    } else {
        for (std::size_t i = 0; i < n; ++i)
            ++(*counts)[sym[i]];
    }
}

// `owned`, when given, is `in` itself, which the caller gives up: the output is written
// over it (every output position is at most its input position) when it owns its columns.
Ses filter_into(const Ses& in, const std::vector<SymbolId>& selected, Ses* owned)
{
    const std::size_t symbol_count = in.symbols->size();
    std::vector<std::uint8_t> in_f(symbol_count, 0);
    for (SymbolId id : selected)
        if (id < in_f.size())
            in_f[id] = 1;
    const std::size_t n = in.size();
    const SymbolId* sym = in.symbol.data();
    std::size_t first = 0;
    while (first < n && !in_f[sym[first]])
        ++first;
    if (first == n) // nothing selected: no composite, no change
        return owned ? std::move(*owned) : in;

    auto table = std::make_shared<SymbolTable>(*in.symbols);
    std::uint64_t next_k = largest_t_index(*table) + 1;
    // A run's neighbours are unselected symbols or the boundary: numbered 1.. and 0, the
    // composite of each pair sits in a small square table (a hash map for huge tables).
    std::vector<std::uint32_t> side_rank(symbol_count, 0);
    std::size_t sides = 1;
    for (SymbolId id = 0; id < symbol_count; ++id)
        if (!in_f[id])
            side_rank[id] = static_cast<std::uint32_t>(sides++);
    const bool square = sides * sides <= (std::size_t{1} << 22);
    std::vector<SymbolId> by_rank(square ? sides * sides : 0, kNoSymbol);
    std::unordered_map<std::uint64_t, SymbolId> by_pair;
    auto composite_of = [&](std::size_t i, std::size_t j) -> SymbolId {
        // The start and the end of the SES are the boundary marker kNoSymbol.
        SymbolId before = i > 0 ? sym[i - 1] : kNoSymbol;
        SymbolId after = j < n ? sym[j] : kNoSymbol;
        SymbolId* slot;
        if (square) {
            slot = &by_rank[(before == kNoSymbol ? 0 : side_rank[before]) * sides +
                            (after == kNoSymbol ? 0 : side_rank[after])];
        } else {
            slot = &by_pair.try_emplace((static_cast<std::uint64_t>(before) << 32) | after, kNoSymbol).first->second;
        }
        if (*slot == kNoSymbol) {
            std::string name;
            do
                name = "T" + std::to_string(next_k++);
            while (table->find(name) != kNoSymbol);
            Symbol symbol;
            symbol.name = std::move(name);
            symbol.kind = SymbolKind::filter;
            *slot = table->add(std::move(symbol));
        }
        return *slot;
    };

    // Pass 1: the exact output size (n minus the selected elements plus one per run).
    const std::uint8_t* f = in_f.data();
    std::size_t selected_count = 0, runs = 0;
    {
        std::uint8_t prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint8_t cur = f[sym[i]];
            selected_count += cur;
            runs += cur & (prev ^ 1);
            prev = cur;
        }
    }
    const std::size_t out_size = n - selected_count + runs;

    // Pass 2: where each run starts and ends (at slots that advance without a branch).
    std::vector<std::size_t> starts(runs + 1), ends(runs + 1);
    {
        std::size_t rs = 0, re = 0;
        std::uint8_t prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint8_t cur = f[sym[i]];
            starts[rs] = i;
            rs += cur & (prev ^ 1);
            ends[re] = i;
            re += prev & (cur ^ 1);
            prev = cur;
        }
        ends[re] = n; // a run reaching the end of the SES
    }

    // Pass 3: each run's composite and path, read before anything is written.
    detail::PathRecorder paths(symbol_count);
    std::vector<SymbolId> composites(runs);
    {
        const Time* bounds = in.bounds.data();
        for (std::size_t k = 0; k < runs; ++k) {
            const std::size_t i = starts[k], j = ends[k];
            composites[k] = composite_of(i, j);
            paths.add(composites[k], std::span<const SymbolId>(sym + i, j - i), bounds[j] - bounds[i]);
        }
    }
    paths.store(*table);

    // Pass 4, without a branch per element: every element is written at the output
    // position, which advances unless the element continues a run (the next one then
    // overwrites it). Over the input itself when the caller gave it up and it owns its
    // columns: the output position never passes the element being read.
    const bool in_place = owned && detail::owns_columns(in);
    Ses out;
    const RecordIndex end_record = in.records.back();
    const Time end_time = in.bounds.back();
    if (in_place) {
        out = std::move(*owned);
    } else {
        out.symbol.reserve(out_size + 1);
        out.bounds.reserve(out_size + 1);
        out.records.reserve(out_size + 1, end_record); // boundaries never decrease: the last is the largest
        detail::advise_huge_pages(out.symbol.data(), out.symbol.capacity() * sizeof(SymbolId));
        detail::advise_huge_pages(out.bounds.data(), out.bounds.capacity() * sizeof(Time));
        detail::advise_huge_pages(out.records.storage(), out.records.capacity_bytes());
        out.symbol.resize(out_size + 1); // + 1: an element continuing a final run is written there
        out.bounds.resize(out_size + 1);
        out.records.resize(out_size + 1);
    }
    const Ses& from = in_place ? out : in;
    {
        SymbolId* os = out.symbol.edit().data();
        Time* ob = out.bounds.edit().data();
        const SymbolId* s_in = from.symbol.data();
        const Time* b = from.bounds.data();
        out.records.edit([&](auto* orec) {
            from.records.read([&](const auto& r) {
                std::size_t o = 0;
                std::uint8_t prev = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const SymbolId s = s_in[i];
                    const std::uint8_t cur = f[s];
                    os[o] = s;
                    ob[o] = b[i];
                    orec[o] = static_cast<std::remove_reference_t<decltype(*orec)>>(r[i]);
                    o += (cur & prev) ^ 1;
                    prev = cur;
                }
            });
            ob[out_size] = end_time;
            orec[out_size] = static_cast<std::remove_reference_t<decltype(*orec)>>(end_record);
        });
    }
    out.symbol.resize(out_size);
    out.bounds.resize(out_size + 1);
    out.records.resize(out_size + 1);
    out.symbols = table;

    // Each run's composite at its output position: its start minus the elements merged
    // away by the runs before it.
    SymbolId* out_symbol = out.symbol.edit().data();
    std::size_t merged_away = 0;
    for (std::size_t k = 0; k < runs; ++k) {
        out_symbol[starts[k] - merged_away] = composites[k];
        merged_away += ends[k] - starts[k] - 1;
    }
    return out;
}

// Symbols whose share of the time is below `below` (none when the SES spans no time).
std::vector<SymbolId> rare_in_time(const Ses& in, double below)
{
    const Time total = in.total();
    std::vector<SymbolId> selected;
    if (total <= 0)
        return selected;
    std::vector<Time> occupancy;
    std::vector<std::uint64_t> counts;
    tally(in, &counts, &occupancy);
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0 && static_cast<double>(occupancy[id]) / static_cast<double>(total) < below)
            selected.push_back(id);
    return selected;
}

// Symbols with fewer than `below` elements.
std::vector<SymbolId> rare_in_events(const Ses& in, double below)
{
    std::vector<std::uint64_t> counts;
    tally(in, &counts, nullptr);
    std::vector<SymbolId> selected;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0 && static_cast<double>(counts[id]) < below)
            selected.push_back(id);
    return selected;
}
} // namespace

Ses filter_symbols(const Ses& in, const std::vector<SymbolId>& selected) { return filter_into(in, selected, nullptr); }

Ses filter_symbols(Ses&& in, const std::vector<SymbolId>& selected) { return filter_into(in, selected, &in); }

Ses filter_time(const Ses& in, double below) { return filter_symbols(in, rare_in_time(in, below)); }

Ses filter_time(Ses&& in, double below)
{
    const std::vector<SymbolId> selected = rare_in_time(in, below);
    return filter_symbols(std::move(in), selected);
}

Ses filter_event(const Ses& in, double below) { return filter_symbols(in, rare_in_events(in, below)); }

Ses filter_event(Ses&& in, double below)
{
    const std::vector<SymbolId> selected = rare_in_events(in, below);
    return filter_symbols(std::move(in), selected);
}

Ses filter_event_fraction(const Ses& in, double below_fraction)
{
    return filter_event(in, below_fraction * static_cast<double>(in.size()));
}

Ses filter_event_fraction(Ses&& in, double below_fraction)
{
    const double below = below_fraction * static_cast<double>(in.size());
    return filter_event(std::move(in), below);
}

Ses filter_frequency(const Ses& in, double f0, double f1, bool event_domain, std::optional<double> interval)
{
    if (f0 > f1)
        throw InputError("band [" + std::to_string(f0) + ", " + std::to_string(f1) + "] has f0 > f1");
    if (interval && !(*interval > 0))
        throw InputError("sampling interval must be positive");
    if (in.empty())
        return in;
    return filter_symbols(in, symbols_peaking_in_band(in, f0, f1, event_domain, interval));
}

} // namespace chitra
