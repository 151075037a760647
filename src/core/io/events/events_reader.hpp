// Event traces (docs/formats.md "Event traces"): one event per line, `TIME FROM TO [TYPE
// [NAME=VALUE...]]`; the one lane leaves FROM and enters TO at TIME.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_trace.hpp"

#include <string>
#include <string_view>

namespace chitra::detail {

// Reads the whole text; `source` names the file in messages and, by its stem, the lane.
LaneTrace read_events_text(std::string_view text, const std::string& source, const ImportOptions& options);

// Whether the first lines of `head` look like an event trace: at least two events, each
// one's FROM the previous one's TO, and no PES header.
bool looks_like_events(std::string_view head);

} // namespace chitra::detail
