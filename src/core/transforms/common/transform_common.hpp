// Shared building blocks of the transforms (private to the core).
#pragma once

#include "util/huge_pages.hpp"
#include "chitra/trace/ses.hpp"
#include "chitra/transforms/transforms.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace chitra::detail {

// Appends elements to an SES under construction; finish() closes it with the input's end.
class SesBuilder {
public:
    // Room for `capacity` elements whose record boundaries are at most `last_record`.
    SesBuilder(std::shared_ptr<const SymbolTable> table, std::size_t capacity, RecordIndex last_record)
    {
        ses_.symbols = std::move(table);
        ses_.symbol.reserve(capacity);
        ses_.bounds.reserve(capacity + 1);
        ses_.records.reserve(capacity + 1, last_record);
        advise_huge_pages(ses_.symbol.data(), ses_.symbol.capacity() * sizeof(SymbolId));
        advise_huge_pages(ses_.bounds.data(), ses_.bounds.capacity() * sizeof(Time));
        advise_huge_pages(ses_.records.storage(), ses_.records.capacity_bytes());
    }
    void push(SymbolId symbol, Time entry, RecordIndex record)
    {
        ses_.symbol.push_back(symbol);
        ses_.bounds.push_back(entry);
        ses_.records.push_back(record);
    }
    // Copies input elements [begin, end) unchanged.
    void copy(const Ses& in, std::size_t begin, std::size_t end)
    {
        if (begin >= end)
            return;
        ses_.symbol.append(in.symbol.begin() + begin, in.symbol.begin() + end);
        ses_.bounds.append(in.bounds.begin() + begin, in.bounds.begin() + end);
        ses_.records.append(in.records.begin() + begin, in.records.begin() + end);
    }
    bool empty() const { return ses_.symbol.empty(); }
    SymbolId last() const { return ses_.symbol.back(); }
    Ses finish(Time end, RecordIndex end_record)
    {
        ses_.bounds.push_back(end);
        ses_.records.push_back(end_record);
        return std::move(ses_);
    }

private:
    Ses ses_;
};

// Whether `ses` holds its columns itself (no view of a trace, record boundaries stored):
// a step given it to consume may then write its output over them.
inline bool owns_columns(const Ses& ses)
{
    return !ses.symbol.is_view() && !ses.bounds.is_view() && !ses.records.is_consecutive();
}

// Maps every element's symbol through `remap` and merges each run of equal output
// symbols s with merge[s] set (the run's entry, its records, its summed occupancy).
Ses map_merge(const Ses& in, std::shared_ptr<const SymbolTable> table, std::span<const SymbolId> remap,
              std::span<const std::uint8_t> merge);
// The same over `in` itself when it owns its columns.
Ses map_merge(Ses&& in, std::shared_ptr<const SymbolTable> table, std::span<const SymbolId> remap,
              std::span<const std::uint8_t> merge);

// Distinct symbols of the SES in order of first appearance.
std::vector<SymbolId> symbols_in_order(const Ses& in);

// Quoted name for messages.
inline std::string single_quoted(std::string_view name)
{
    std::string out;
    out.reserve(name.size() + 2);
    out += '\'';
    out += name;
    out += '\'';
    return out;
}

bool has_glob_chars(std::string_view text);

// Records the replaced paths of filter and parallel composites: distinct paths with their
// count and mean total occupancy, in order of first appearance (semantics.md section 5).
// A trace can have hundreds of thousands of distinct paths, so the cost is cache misses on
// the tables, not arithmetic: add() only finds where a path is counted and prefetches it;
// the path is counted kLag calls later, in the same (FIFO) order, so the order of first
// appearance is unchanged. Nothing is allocated per path until store().
class PathRecorder {
public:
    // Paths hold symbols of a table with `symbol_count` entries (the transform's input).
    explicit PathRecorder(std::size_t symbol_count) : symbol_count_(symbol_count) {}
    // `path` must stay valid until store() (it points into the input SES).
    void add(SymbolId composite, std::span<const SymbolId> path, Time total)
    {
        Pending p{path.data(), static_cast<std::uint32_t>(path.size()), composite, total, 0, false};
        if (path.size() == 1 && composite < local_.size() && local_[composite] != 0 && path[0] < symbol_count_) {
            p.direct = true;
            p.key = (local_[composite] - 1) * symbol_count_ + path[0];
            __builtin_prefetch(&cells_[p.key], 1);
        } else {
            locate(p);
        }
        Pending& slot = pending_[added_ % kLag];
        if (added_ >= kLag)
            count(slot);
        slot = p;
        ++added_;
    }
    // Writes the paths into the table's composites (merging with paths already there).
    void store(SymbolTable& table);

private:
    static constexpr std::size_t kLag = 16;
    struct Pending {
        const SymbolId* path;
        std::uint32_t length;
        SymbolId composite;
        Time total;
        std::uint64_t key; // the hash, or the cell index of a directly indexed path
        bool direct;
    };
    struct Entry {
        std::uint64_t hash; // 0: a one-symbol path counted in cells_[offset]
        std::size_t offset; // into symbols_ (hashed) or cells_ (direct)
        std::uint64_t count;
        Time total; // sums of disjoint stretches of one SES: cannot overflow
        SymbolId composite;
        std::uint32_t length;
    };
    struct Cell {
        std::uint64_t count; // 0 until the path is first seen
        Time total;
    };
    std::vector<Entry> entries_;
    std::vector<SymbolId> symbols_; // every distinct hashed path, back to back
    // Open addressing: (upper 32 bits of the hash << 32) | (entry index + 1), 0 = empty;
    // the tag spares a look at the entry for most non-matching slots.
    std::vector<std::uint64_t> slots_;
    // Most runs are one element long: those are counted by direct indexing
    // (composite's local number * symbol_count + symbol), no hashing.
    std::size_t symbol_count_;
    std::vector<std::uint32_t> local_; // composite id -> local number + 1
    std::vector<Cell> cells_;
    Pending pending_[kLag];
    std::size_t added_ = 0;
    void grow();
    void locate(Pending& p); // the slow half of add(): new composites and hashed paths
    void count(const Pending& p);
};

} // namespace chitra::detail
