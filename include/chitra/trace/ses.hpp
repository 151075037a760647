// Symbol execution sequence (semantics.md section 2).
#pragma once

#include "chitra/trace/record_indices.hpp"
#include "chitra/trace/ses_column.hpp"
#include "chitra/trace/symbols.hpp"
#include "chitra/trace/trace.hpp"

#include <memory>
#include <utility>
#include <vector>

namespace chitra {

// Every transform keeps elements contiguous in time and in raw records (merging only
// adjacent elements, clipping only the ends), so an SES is stored as boundaries:
// element i is entered at bounds[i], left at bounds[i+1], and stands for raw records
// [records[i], records[i+1]). Both boundary vectors have size() + 1 entries, also
// when the SES is empty.
struct Ses {
    std::shared_ptr<const SymbolTable> symbols;
    SesColumn<SymbolId> symbol; // views the trace's states in the SES of a whole trace
    SesColumn<Time> bounds;     // views the trace's times when it can (Trace::times_and_end)
    RecordIndices records;      // the identity, unstored, for the SES of a whole trace

    std::size_t size() const { return symbol.size(); }
    bool empty() const { return symbol.empty(); }
    Time entry(std::size_t i) const { return bounds[i]; }
    Time occupancy(std::size_t i) const { return bounds[i + 1] - bounds[i]; }
    std::pair<RecordIndex, RecordIndex> provenance(std::size_t i) const { return {records[i], records[i + 1]}; }
    Time total() const { return bounds.back() - bounds.front(); }
    const std::string& name(std::size_t i) const { return (*symbols)[symbol[i]].name; }

    // Builds the SES of a trace: without a declared end the last record only closes
    // the previous state; with one, it becomes an element of its own. The SES views the
    // trace's columns (no copy) unless a declared end must follow the times and the
    // trace does not hold them together.
    static Ses from_trace(const Trace& trace);
};

// The trace's symbol table with its separator set from the trace header (component
// projection names new tuples with it): the table itself, or a copy when they differ.
std::shared_ptr<const SymbolTable> symbols_with_header_separator(const Trace& trace);

} // namespace chitra
