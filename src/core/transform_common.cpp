#include "transform_common.hpp"

#include <xxhash.h>

#include <map>

namespace chitra::detail {

Ses map_merge(const Ses& in, std::shared_ptr<const SymbolTable> table, std::span<const SymbolId> remap,
              std::span<const std::uint8_t> merge)
{
    const std::size_t n = in.size();
    SesBuilder out(std::move(table), n);
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

bool has_glob_chars(std::string_view text)
{
    return text.find_first_of("*?") != std::string_view::npos;
}

void PathRecorder::grow()
{
    std::vector<std::uint32_t> next(slots_.empty() ? 1024 : slots_.size() * 2, 0);
    const std::size_t mask = next.size() - 1;
    for (std::uint32_t e = 0; e < entries_.size(); ++e) {
        if (entries_[e].hash == 0 && entries_[e].length == 1)
            continue; // indexed by single_
        std::size_t slot = entries_[e].hash & mask;
        while (next[slot] != 0)
            slot = (slot + 1) & mask;
        next[slot] = e + 1;
    }
    slots_ = std::move(next);
}

std::uint32_t PathRecorder::insert(SymbolId composite, std::span<const SymbolId> path, std::uint64_t hash, Time total)
{
    entries_.push_back({composite, static_cast<std::uint32_t>(path.size()), symbols_.size(), hash, 1, total, 0});
    symbols_.insert(symbols_.end(), path.begin(), path.end());
    return static_cast<std::uint32_t>(entries_.size());
}

void PathRecorder::add(SymbolId composite, std::span<const SymbolId> path, Time total)
{
    // The direct index is bounded (16 MiB) so that huge tables fall back to hashing.
    const bool direct = path.size() == 1 && path[0] < symbol_count_ &&
                        ((composite < local_.size() && local_[composite] != 0) ||
                         single_.size() + symbol_count_ <= (std::size_t{1} << 22));
    if (direct) {
        if (composite >= local_.size())
            local_.resize(composite + 1, 0);
        if (local_[composite] == 0) {
            local_[composite] = static_cast<std::uint32_t>(single_.size() / symbol_count_ + 1);
            single_.resize(single_.size() + symbol_count_, 0);
            single_count_.resize(single_.size(), 0);
            single_total_.resize(single_.size(), 0);
        }
        const std::size_t index = (local_[composite] - 1) * symbol_count_ + path[0];
        // Only these small arrays are touched per run; the entry once, when it is new.
        ++single_count_[index];
        single_total_[index] += total;
        if (single_[index] == 0) {
            single_[index] = insert(composite, path, 0, 0); // hash 0 marks a directly indexed entry
            entries_.back().direct = index;
        }
        return;
    }
    if ((entries_.size() + 1) * 2 > slots_.size())
        grow();
    const std::uint64_t h = XXH3_64bits_withSeed(path.data(), path.size_bytes(), composite) | 1;
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = h & mask;
    while (slots_[slot] != 0) {
        Entry& e = entries_[slots_[slot] - 1];
        if (e.hash == h && e.composite == composite && e.length == path.size() &&
            std::equal(path.begin(), path.end(), symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset))) {
            ++e.count;
            e.total += total;
            return;
        }
        slot = (slot + 1) & mask;
    }
    slots_[slot] = insert(composite, path, h, total);
}

void PathRecorder::store(SymbolTable& table) const
{
    // Paths already in a reused composite are merged through an index built once, so
    // storing stays linear in the number of paths.
    std::map<SymbolId, std::map<std::vector<SymbolId>, std::size_t>> existing;
    for (Entry e : entries_) {
        if (e.hash == 0) {
            e.count = single_count_[e.direct];
            e.total = single_total_[e.direct];
        }
        auto& paths = table.at_mut(e.composite).paths;
        std::vector<SymbolId> path(symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset),
                                   symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset + e.length));
        auto [index, inserted] = existing.try_emplace(e.composite);
        if (inserted)
            for (std::size_t i = 0; i < paths.size(); ++i)
                index->second.emplace(paths[i].symbols, i);
        auto& by_path = index->second;
        if (auto hit = by_path.find(path); hit != by_path.end()) {
            CompositePath& p = paths[hit->second];
            long double sum = static_cast<long double>(p.mean_total) * p.count + static_cast<long double>(e.total);
            p.count += e.count;
            p.mean_total = static_cast<double>(sum / p.count);
        } else {
            paths.push_back({std::move(path), e.count,
                             static_cast<double>(static_cast<long double>(e.total) / static_cast<long double>(e.count))});
        }
    }
}

} // namespace chitra::detail
