// A loaded program execution sequence (PES): columnar, integer-coded, immutable.
#pragma once

#include "chitra/trace/column.hpp"
#include "chitra/trace/symbols.hpp"
#include "chitra/trace/types.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chitra {

struct LaneTrace; // chitra/lanes/lane_trace.hpp

enum class FieldKind : std::uint8_t { gauge, counter };
std::string_view to_string(FieldKind kind);

struct FieldInfo {
    std::string name;
    FieldKind kind = FieldKind::gauge;
};

struct TraceHeader {
    TimeBase timebase = TimeBase::us;
    std::string separator; // joins components into a state name
    std::size_t components = 1;
    std::vector<FieldInfo> fields;
    std::optional<Time> end;                                // declared end time
    std::vector<std::pair<std::string, std::string>> extra; // unknown header keys, kept
};

// Records are (time, state[, fields]) in non-decreasing time order. State ids index
// `symbols`, which holds only program states, numbered in order of first appearance.
struct Trace {
    std::string source; // path it was read from (for messages)
    TraceHeader header;
    Column<Time> times;
    Column<SymbolId> states;
    // The times followed by the declared end (size() + 1 values), when the reader holds
    // them together; the SES of the trace then views them instead of copying the times.
    Column<Time> times_and_end;
    std::vector<Column<double>> fields; // one column per header.fields entry
    // Per field: a counter's own samples (time as the records', value) when its source
    // records them apart from the records (a foreign trace, where other lanes' events make
    // records too); empty when every record is one of its samples. Counter rates spread
    // each increase between the samples that bracket it (traceview.hpp).
    std::vector<std::vector<std::pair<Time, double>>> field_samples;
    std::shared_ptr<const SymbolTable> symbols;
    // For a trace imported from a foreign format: its lanes as the source records them
    // (the lanes view draws them); the components are some of these lanes.
    std::shared_ptr<const LaneTrace> lanes;

    std::size_t size() const { return times.size(); }
};

} // namespace chitra
