// Filters (semantics.md section 3): select a set F, then each maximal run of elements
// in F becomes one element of a `filter` composite chosen by (symbol before, symbol after).
#include "chitra/spectrum.hpp"
#include "transform_common.hpp"

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

    detail::PathRecorder paths(symbol_count);
    detail::SesBuilder out(table, n);
    const Time* bounds = in.bounds.data();
    const RecordIndex* records = in.records.data();
    out.copy(in, 0, first);
    std::size_t i = first;
    while (i < n) {
        // A run of selected elements, then the unselected ones up to the next run.
        std::size_t j = i + 1;
        while (j < n && in_f[sym[j]])
            ++j;
        SymbolId composite = composite_of(i, j);
        paths.add(composite, std::span<const SymbolId>(sym + i, j - i), bounds[j] - bounds[i]);
        out.push(composite, bounds[i], records[i]);
        for (; j < n && !in_f[sym[j]]; ++j)
            out.push(sym[j], bounds[j], records[j]);
        i = j;
    }
    paths.store(*table);
    return out.finish(in.bounds.back(), in.records.back());
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
