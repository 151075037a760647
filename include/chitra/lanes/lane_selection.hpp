// Which lanes of an imported trace become the components of a PES, and the PES they
// make (interfaces.md: `--components all|LIST|/REGEX/`, `--per-component DIR`).
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chitra {

// `all` (every lane with at least one state event), a comma-separated list of 1-based
// lane numbers or lane names, or /REGEX/ (ECMAScript, searched in the lane name).
struct LaneSelection {
    std::string spec = "all";
};

// The chosen lanes' indices in lane order. Throws InputError for a number out of range,
// a name no lane has, a bad regular expression, or a choice of no lane at all.
std::vector<std::size_t> choose_lanes(const LaneTrace& trace, const LaneSelection& selection);

// The PES of the chosen lanes: one component per lane (renumbered from 1 in lane order),
// one record at each time where a chosen lane's state changes, holding the states after
// it; state names joined by `|`; times in ns minus `origin` (default: the first record's
// time); the header names each lane (`# lane: K NAME`) and keeps `# origin:`.
Trace to_trace(const LaneTrace& trace, const std::vector<std::size_t>& lanes,
               std::optional<Time> origin = std::nullopt);

// to_trace's trace without naming its states, for what only counts them (`info`): on busy
// lanes nearly every record is a new vector of lane states, and joining their names is
// most of to_trace's time. `trace` has to_trace's header, times and fields, no state
// column and an empty symbol table; `states` is the number of symbols to_trace would make.
struct UnnamedTrace {
    Trace trace;
    std::size_t states = 0;
};
UnnamedTrace to_unnamed_trace(const LaneTrace& trace, const std::vector<std::size_t>& lanes,
                              std::optional<Time> origin = std::nullopt);

// The absolute time of the first record of the chosen lanes (nullopt when none changes).
std::optional<Time> first_change(const LaneTrace& trace, const std::vector<std::size_t>& lanes);

// The lanes of any trace: an imported one's own (trace.lanes), else one lane per
// component of its states (named by its `# lane:` header lines, or "component K"), in
// state "-" at depth 0 where the component is "-", else at depth 1.
std::shared_ptr<const LaneTrace> lanes_of(const Trace& trace);
// The names of those lanes, without building them.
std::vector<std::string> lane_names(const Trace& trace);

// The time the trace's record times count from (`# origin:`; 0 when absent).
Time trace_origin(const Trace& trace);

// The chosen lanes alone (in the given order), with only the records where one of them
// changes, the fields they or no lane record, and the messages between them. Throws InputError for a lane out of range.
LaneTrace select_lanes(const LaneTrace& trace, const std::vector<std::size_t>& lanes);

// `trace` projected onto some of its lanes (indices into lanes_of(trace)): the PES of
// those lanes (to_trace) in the trace's own time base and with its origin, so that its
// times line up with the whole trace's. An imported trace's projection keeps the chosen
// lanes (Trace::lanes, with their nesting). Throws InputError for a lane out of range
// or none. `all`: lanes_of(trace) when the caller has it already (a split makes many).
Trace project_lanes(const Trace& trace, const std::vector<std::size_t>& lanes,
                    std::shared_ptr<const LaneTrace> all = nullptr);

} // namespace chitra
