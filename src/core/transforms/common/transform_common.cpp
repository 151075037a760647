#include "transforms/common/transform_common.hpp"

#include <xxhash.h>

#include <map>

namespace chitra::detail {

Ses map_merge(const Ses& in, std::shared_ptr<const SymbolTable> table, std::span<const SymbolId> remap,
              std::span<const std::uint8_t> merge)
{
    const std::size_t n = in.size();
    SesBuilder out(std::move(table), n, in.records.back());
    const SymbolId* sym = in.symbol.data();
    SymbolId last = kNoSymbol;
    for (std::size_t i = 0; i < n; ++i) {
        SymbolId s = remap[sym[i]];
        if (s == last && merge[s])
            continue;
        out.push(s, in.bounds[i], in.records[i]);
        last = s;
    }
    return out.finish(in.bounds.back(), in.records.back());
}

Ses map_merge(Ses&& in, std::shared_ptr<const SymbolTable> table, std::span<const SymbolId> remap,
              std::span<const std::uint8_t> merge)
{
    if (!owns_columns(in))
        return map_merge(std::as_const(in), std::move(table), remap, merge);
    // Over the input: element i is read before output position o <= i is written.
    const std::size_t n = in.size();
    SymbolId* sym = in.symbol.edit().data();
    Time* bounds = in.bounds.edit().data();
    const std::size_t o = in.records.edit([&](auto* records) {
        SymbolId last = kNoSymbol;
        std::size_t o = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const SymbolId s = remap[sym[i]];
            if (s == last && merge[s])
                continue;
            sym[o] = s;
            bounds[o] = bounds[i];
            records[o] = records[i];
            ++o;
            last = s;
        }
        bounds[o] = bounds[n];
        records[o] = records[n];
        return o;
    });
    in.symbol.resize(o);
    in.bounds.resize(o + 1);
    in.records.resize(o + 1);
    in.symbols = std::move(table);
    return std::move(in);
}

std::vector<SymbolId> symbols_in_order(const Ses& in)
{
    std::vector<std::uint8_t> seen(in.symbols->size(), 0);
    std::vector<SymbolId> order;
    for (SymbolId s : in.symbol)
        if (!seen[s]) {
            seen[s] = 1;
            order.push_back(s);
        }
    return order;
}

bool has_glob_chars(std::string_view text) { return text.find_first_of("*?") != std::string_view::npos; }

void PathRecorder::grow()
{
    std::vector<std::uint64_t> next(slots_.empty() ? 1024 : slots_.size() * 2, 0);
    const std::size_t mask = next.size() - 1;
    for (std::size_t e = 0; e < entries_.size(); ++e) {
        const std::uint64_t h = entries_[e].hash;
        if (h == 0)
            continue; // counted in cells_
        std::size_t slot = h & mask;
        while (next[slot] != 0)
            slot = (slot + 1) & mask;
        next[slot] = (h & 0xffffffff00000000u) | (e + 1);
    }
    slots_ = std::move(next);
}

void PathRecorder::locate(Pending& p)
{
    // The direct index is bounded (4 Mi cells) so that huge tables fall back to hashing.
    p.direct = p.length == 1 && p.path[0] < symbol_count_ &&
               ((p.composite < local_.size() && local_[p.composite] != 0) ||
                cells_.size() + symbol_count_ <= (std::size_t{1} << 22));
    if (p.direct) {
        if (p.composite >= local_.size())
            local_.resize(p.composite + 1, 0);
        if (local_[p.composite] == 0) {
            local_[p.composite] = static_cast<std::uint32_t>(cells_.size() / symbol_count_ + 1);
            cells_.resize(cells_.size() + symbol_count_, Cell{0, 0});
        }
        p.key = (local_[p.composite] - 1) * symbol_count_ + p.path[0];
        __builtin_prefetch(&cells_[p.key], 1);
    } else {
        p.key = XXH3_64bits_withSeed(p.path, p.length * sizeof(SymbolId), p.composite) | 1;
        if (!slots_.empty())
            __builtin_prefetch(&slots_[p.key & (slots_.size() - 1)]);
    }
}

namespace {
// Paths are short: a plain loop beats a call to memcmp.
bool same_symbols(const SymbolId* a, const SymbolId* b, std::size_t length)
{
    for (std::size_t k = 0; k < length; ++k)
        if (a[k] != b[k])
            return false;
    return true;
}
} // namespace

void PathRecorder::count(const Pending& p)
{
    if (p.direct) {
        Cell& cell = cells_[p.key];
        if (cell.count++ == 0) // first seen: the entry fixes its place in the order
            entries_.push_back({0, p.key, 0, 0, p.composite, 1});
        cell.total += p.total;
        return;
    }
    if ((entries_.size() + 1) * 2 > slots_.size())
        grow();
    const std::uint64_t h = p.key;
    const std::uint64_t tag = h & 0xffffffff00000000u;
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = h & mask;
    while (slots_[slot] != 0) {
        if ((slots_[slot] & 0xffffffff00000000u) == tag) {
            Entry& e = entries_[(slots_[slot] & 0xffffffffu) - 1];
            if (e.hash == h && e.composite == p.composite && e.length == p.length &&
                same_symbols(p.path, symbols_.data() + e.offset, p.length)) {
                ++e.count;
                e.total += p.total;
                return;
            }
        }
        slot = (slot + 1) & mask;
    }
    slots_[slot] = tag | (entries_.size() + 1);
    entries_.push_back({h, symbols_.size(), 1, p.total, p.composite, p.length});
    symbols_.insert(symbols_.end(), p.path, p.path + p.length);
}

void PathRecorder::store(SymbolTable& table)
{
    for (std::size_t k = added_ > kLag ? added_ - kLag : 0; k < added_; ++k)
        count(pending_[k % kLag]);
    added_ = 0;

    // Entries grouped by composite (stably, so each definition keeps the order of first
    // appearance): the path vectors are then allocated in the order in which the table
    // is later destroyed, so that freeing them walks memory sequentially instead of
    // missing the cache once per path.
    std::vector<std::size_t> start(table.size() + 1, 0);
    for (const Entry& e : entries_)
        ++start[e.composite + 1];
    for (std::size_t id = 0; id < table.size(); ++id)
        start[id + 1] += start[id];
    std::vector<std::uint32_t> order(entries_.size());
    {
        std::vector<std::size_t> next(start.begin(), start.end() - 1);
        for (std::size_t k = 0; k < entries_.size(); ++k)
            order[next[entries_[k].composite]++] = static_cast<std::uint32_t>(k);
    }
    for (SymbolId id = 0; id < table.size(); ++id) {
        if (start[id] == start[id + 1])
            continue;
        auto& paths = table.at_mut(id).paths;
        // Paths already in a reused composite are merged through an index built once, so
        // storing stays linear in the number of paths.
        std::map<std::vector<SymbolId>, std::size_t> existing;
        for (std::size_t i = 0; i < paths.size(); ++i)
            existing.emplace(paths[i].symbols, i);
        paths.reserve(paths.size() + (start[id + 1] - start[id]));
        for (std::size_t k = start[id]; k < start[id + 1]; ++k) {
            // Entries of one composite are scattered: fetch a few ahead.
            if (k + 8 < start[id + 1])
                __builtin_prefetch(&entries_[order[k + 8]]);
            if (k + 4 < start[id + 1]) {
                const Entry& ahead = entries_[order[k + 4]];
                __builtin_prefetch(ahead.hash == 0 ? static_cast<const void*>(&cells_[ahead.offset])
                                                   : static_cast<const void*>(&symbols_[ahead.offset]));
            }
            Entry e = entries_[order[k]];
            std::vector<SymbolId> path;
            if (e.hash == 0) {
                e.count = cells_[e.offset].count;
                e.total = cells_[e.offset].total;
                path.assign(1, static_cast<SymbolId>(e.offset % symbol_count_));
            } else {
                path.assign(symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset),
                            symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset + e.length));
            }
            if (!existing.empty())
                if (auto hit = existing.find(path); hit != existing.end()) {
                    CompositePath& p = paths[hit->second];
                    long double sum =
                        static_cast<long double>(p.mean_total) * p.count + static_cast<long double>(e.total);
                    p.count += e.count;
                    p.mean_total = static_cast<double>(sum / p.count);
                    continue;
                }
            paths.push_back(
                {std::move(path), e.count,
                 static_cast<double>(static_cast<long double>(e.total) / static_cast<long double>(e.count))});
        }
    }
}

} // namespace chitra::detail

namespace chitra {

bool glob_match(std::string_view pattern, std::string_view text)
{
    // Iterative matcher with one backtrack point: linear in practice, no recursion.
    std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

bool glob_match_any(const std::vector<std::string>& patterns, std::string_view text)
{
    for (const std::string& p : patterns)
        if (glob_match(p, text))
            return true;
    return false;
}

} // namespace chitra
