#include "transform_common.hpp"

#include <xxhash.h>

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

std::uint64_t PathRecorder::hash(SymbolId composite, std::span<const SymbolId> path) const
{
    return XXH3_64bits_withSeed(path.data(), path.size_bytes(), composite);
}

void PathRecorder::grow()
{
    std::size_t size = buckets_.empty() ? 64 : buckets_.size() * 2;
    std::vector<std::vector<std::uint32_t>> next(size);
    for (std::uint32_t e = 0; e < entries_.size(); ++e)
        next[hash(entries_[e].composite, entries_[e].path) % size].push_back(e);
    buckets_ = std::move(next);
}

void PathRecorder::add(SymbolId composite, std::span<const SymbolId> path, Time total)
{
    if (entries_.size() + 1 > buckets_.size())
        grow();
    auto& bucket = buckets_[hash(composite, path) % buckets_.size()];
    for (std::uint32_t e : bucket) {
        Entry& entry = entries_[e];
        if (entry.composite == composite && std::equal(path.begin(), path.end(), entry.path.begin(), entry.path.end())) {
            ++entry.count;
            entry.total += static_cast<long double>(total);
            return;
        }
    }
    bucket.push_back(static_cast<std::uint32_t>(entries_.size()));
    entries_.push_back({composite, std::vector<SymbolId>(path.begin(), path.end()), 1, static_cast<long double>(total)});
}

void PathRecorder::store(SymbolTable& table) const
{
    for (const Entry& e : entries_) {
        auto& paths = table.at_mut(e.composite).paths;
        bool merged = false;
        for (CompositePath& p : paths)
            if (p.symbols == e.path) {
                long double sum = static_cast<long double>(p.mean_total) * p.count + e.total;
                p.count += e.count;
                p.mean_total = static_cast<double>(sum / p.count);
                merged = true;
                break;
            }
        if (!merged)
            paths.push_back({e.path, e.count, static_cast<double>(e.total / e.count)});
    }
}

} // namespace chitra::detail
