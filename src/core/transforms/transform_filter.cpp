// Filters (semantics.md section 3): select a set F, then each maximal run of elements
// in F becomes one element of a `filter` composite chosen by (symbol before, symbol after).
#include "chitra/spectra/spectrum.hpp"
#include "transforms/transform_common.hpp"

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
} // namespace

Ses filter_symbols(const Ses& in, const std::vector<SymbolId>& selected)
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
    if (first == n)
        return in; // nothing selected: no composite, no change

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

    // Pass 2, without a branch per element: every element is written at the output
    // position, which advances unless the element continues a run (the next one then
    // overwrites it); run starts and ends are noted at slots that advance likewise.
    Ses out;
    out.symbols = table;
    out.symbol.reserve(out_size + 1);
    out.bounds.reserve(out_size + 1);
    out.records.reserve(out_size + 1);
    detail::advise_huge_pages(out.symbol.data(), out.symbol.capacity() * sizeof(SymbolId));
    detail::advise_huge_pages(out.bounds.data(), out.bounds.capacity() * sizeof(Time));
    detail::advise_huge_pages(out.records.data(), out.records.capacity() * sizeof(RecordIndex));
    out.symbol.resize(out_size + 1); // + 1: an element continuing a final run is written there
    out.bounds.resize(out_size + 1);
    out.records.resize(out_size + 1);
    std::vector<std::size_t> starts(runs + 1), ends(runs + 1);
    {
        SymbolId* os = out.symbol.edit().data();
        Time* ob = out.bounds.edit().data();
        RecordIndex* orec = out.records.data();
        const Time* b = in.bounds.data();
        const RecordIndex* r = in.records.stored_data(); // nullptr: consecutive from r0
        const RecordIndex r0 = r ? 0 : in.records.front();
        std::size_t o = 0, rs = 0, re = 0;
        std::uint8_t prev = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const SymbolId s = sym[i];
            const std::uint8_t cur = f[s];
            os[o] = s;
            ob[o] = b[i];
            orec[o] = r ? r[i] : r0 + i;
            o += (cur & prev) ^ 1;
            starts[rs] = i;
            rs += cur & (prev ^ 1);
            ends[re] = i;
            re += prev & (cur ^ 1);
            prev = cur;
        }
        ends[re] = n; // a run reaching the end of the SES
        ob[o] = in.bounds.back();
        orec[o] = in.records.back();
        out.symbol.pop_back();
    }

    // Pass 3: each run becomes its composite; its output position is its start minus the
    // elements merged away by the runs before it.
    detail::PathRecorder paths(symbol_count);
    const Time* bounds = in.bounds.data();
    std::size_t merged_away = 0;
    SymbolId* out_symbol = out.symbol.edit().data();
    for (std::size_t k = 0; k < runs; ++k) {
        const std::size_t i = starts[k], j = ends[k];
        const SymbolId composite = composite_of(i, j);
        paths.add(composite, std::span<const SymbolId>(sym + i, j - i), bounds[j] - bounds[i]);
        out_symbol[i - merged_away] = composite;
        merged_away += j - i - 1;
    }
    paths.store(*table);
    return out;
}

Ses filter_time(const Ses& in, double below)
{
    const Time total = in.total();
    if (total <= 0)
        return in; // nothing is selected when T is 0
    std::vector<Time> occupancy;
    std::vector<std::uint64_t> counts;
    tally(in, &counts, &occupancy);
    std::vector<SymbolId> selected;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0 && static_cast<double>(occupancy[id]) / static_cast<double>(total) < below)
            selected.push_back(id);
    return filter_symbols(in, selected);
}

Ses filter_event(const Ses& in, double below)
{
    std::vector<std::uint64_t> counts;
    tally(in, &counts, nullptr);
    std::vector<SymbolId> selected;
    for (SymbolId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0 && static_cast<double>(counts[id]) < below)
            selected.push_back(id);
    return filter_symbols(in, selected);
}

Ses filter_event_fraction(const Ses& in, double below_fraction)
{
    return filter_event(in, below_fraction * static_cast<double>(in.size()));
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
