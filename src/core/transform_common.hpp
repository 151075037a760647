// Shared building blocks of the transforms (private to the core).
#pragma once

#include "chitra/ses.hpp"
#include "chitra/transforms.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace chitra::detail {

// Appends elements to an SES under construction; finish() closes it with the input's end.
class SesBuilder {
public:
    SesBuilder(std::shared_ptr<const SymbolTable> table, std::size_t capacity)
    {
        ses_.symbols = std::move(table);
        ses_.symbol.reserve(capacity);
        ses_.bounds.reserve(capacity + 1);
        ses_.records.reserve(capacity + 1);
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
        ses_.symbol.insert(ses_.symbol.end(), in.symbol.begin() + begin, in.symbol.begin() + end);
        ses_.bounds.insert(ses_.bounds.end(), in.bounds.begin() + begin, in.bounds.begin() + end);
        ses_.records.insert(ses_.records.end(), in.records.begin() + begin, in.records.begin() + end);
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

// Maps every element's symbol through `remap` and merges each run of equal output
// symbols s with merge[s] set (the run's entry, its records, its summed occupancy).
Ses map_merge(const Ses& in, std::shared_ptr<const SymbolTable> table, std::span<const SymbolId> remap,
              std::span<const std::uint8_t> merge);

// Distinct symbols of the SES in order of first appearance.
std::vector<SymbolId> symbols_in_order(const Ses& in);

// Quoted name for messages.
inline std::string quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

bool has_glob_chars(std::string_view text);

// Records a replaced path for a filter or parallel composite: distinct paths with their
// count and mean total occupancy, in order of first appearance; hashes spans so that no
// vector is allocated for a path already seen.
class PathRecorder {
public:
    // Paths hold symbols of a table with `symbol_count` entries (the transform's input).
    explicit PathRecorder(std::size_t symbol_count) : symbol_count_(symbol_count) {}
    void add(SymbolId composite, std::span<const SymbolId> path, Time total);
    // Writes the paths into the table's composites (merging with paths already there).
    void store(SymbolTable& table) const;

private:
    struct Entry {
        SymbolId composite;
        std::uint32_t length;
        std::size_t offset; // into symbols_
        std::uint64_t hash;  // 0: a one-symbol path counted in single_count_/single_total_
        std::uint64_t count;
        Time total;          // sums of disjoint stretches of one SES: cannot overflow
        std::size_t direct;  // index into single_* for hash 0
    };
    std::vector<Entry> entries_;
    std::vector<SymbolId> symbols_;       // every distinct path, back to back
    std::vector<std::uint32_t> slots_;    // open addressing: entry index + 1, 0 = empty
    // Most runs are one element long: those find their entry by direct indexing
    // (composite's local number * symbol_count + symbol), no hashing.
    std::size_t symbol_count_;
    std::vector<std::uint32_t> local_;    // composite id -> local number + 1
    std::vector<std::uint32_t> single_;   // entry index + 1, 0 = none
    std::vector<std::uint64_t> single_count_;
    std::vector<Time> single_total_;
    void grow();
    std::uint32_t insert(SymbolId composite, std::span<const SymbolId> path, std::uint64_t hash, Time total);
};

} // namespace chitra::detail
