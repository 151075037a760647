#include "transform_common.hpp"

#include <xxhash.h>

#include <map>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace chitra::detail {

void advise_huge_pages(const void* data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t huge = std::uintptr_t{2} << 20;
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + huge - 1) & ~(huge - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(huge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE); // failure: 4 KiB pages
#else
    (void)data;
    (void)bytes;
#endif
}

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

void PathRecorder::add(SymbolId composite, std::span<const SymbolId> path, Time total)
{
    Pending p{path.data(), static_cast<std::uint32_t>(path.size()), composite, total, 0, false};
    // The direct index is bounded (4 Mi cells) so that huge tables fall back to hashing.
    p.direct = path.size() == 1 && path[0] < symbol_count_ &&
               ((composite < local_.size() && local_[composite] != 0) ||
                cells_.size() + symbol_count_ <= (std::size_t{1} << 22));
    if (p.direct) {
        if (composite >= local_.size())
            local_.resize(composite + 1, 0);
        if (local_[composite] == 0) {
            local_[composite] = static_cast<std::uint32_t>(cells_.size() / symbol_count_ + 1);
            cells_.resize(cells_.size() + symbol_count_, Cell{0, 0});
        }
        p.key = (local_[composite] - 1) * symbol_count_ + path[0];
        __builtin_prefetch(&cells_[p.key], 1);
    } else {
        p.key = XXH3_64bits_withSeed(path.data(), path.size_bytes(), composite) | 1;
        if (!slots_.empty())
            __builtin_prefetch(&slots_[p.key & (slots_.size() - 1)]);
    }
    Pending& slot = pending_[added_ % kLag];
    if (added_ >= kLag)
        count(slot);
    slot = p;
    ++added_;
}

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
                std::equal(p.path, p.path + p.length, symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset))) {
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

    // Every path vector is allocated once, here, into a definition reserved to its size.
    std::vector<std::size_t> per(table.size(), 0);
    for (const Entry& e : entries_)
        ++per[e.composite];
    // Paths already in a reused composite are merged through an index built once, so
    // storing stays linear in the number of paths.
    std::map<SymbolId, std::map<std::vector<SymbolId>, std::size_t>> existing;
    for (SymbolId id = 0; id < per.size(); ++id) {
        if (per[id] == 0)
            continue;
        auto& paths = table.at_mut(id).paths;
        if (!paths.empty()) {
            auto& index = existing[id];
            for (std::size_t i = 0; i < paths.size(); ++i)
                index.emplace(paths[i].symbols, i);
        }
        paths.reserve(paths.size() + per[id]);
    }
    for (const Entry& entry : entries_) {
        Entry e = entry;
        std::vector<SymbolId> path;
        if (e.hash == 0) {
            e.count = cells_[e.offset].count;
            e.total = cells_[e.offset].total;
            path.assign(1, static_cast<SymbolId>(e.offset % symbol_count_));
        } else {
            path.assign(symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset),
                        symbols_.begin() + static_cast<std::ptrdiff_t>(e.offset + e.length));
        }
        auto& paths = table.at_mut(e.composite).paths;
        if (!existing.empty())
            if (auto index = existing.find(e.composite); index != existing.end())
                if (auto hit = index->second.find(path); hit != index->second.end()) {
                    CompositePath& p = paths[hit->second];
                    long double sum =
                        static_cast<long double>(p.mean_total) * p.count + static_cast<long double>(e.total);
                    p.count += e.count;
                    p.mean_total = static_cast<double>(sum / p.count);
                    continue;
                }
        paths.push_back({std::move(path), e.count,
                         static_cast<double>(static_cast<long double>(e.total) / static_cast<long double>(e.count))});
    }
}

} // namespace chitra::detail
