// Internal: the format parsers behind read_pes_*, read_binary_file and load_trace.
#pragma once

#include "chitra/lanes/lane_trace.hpp"
#include "chitra/trace/trace.hpp"
#include "io/mapped_file.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail {

// Texts of `two_halves_from` bytes or more are read in two halves on two threads (when
// there are two cores); the trace, and any error, are those of one pass either way.
inline constexpr std::size_t kPesTwoHalvesFrom = std::size_t{8} << 20;
Trace parse_pes(std::string_view text, const std::string& source, std::size_t two_halves_from = kPesTwoHalvesFrom);
// The text in two halves, split at a line end past the middle and the first record, read
// on two threads and joined; nullopt when it has no second half of lines, or the halves
// fail or do not join as one text would read (a state name taken twice, time going back
// at the seam, a second end): parse_pes then reads it whole, which names the first
// problem exactly as one pass does.
std::optional<Trace> parse_pes_in_halves(std::string_view text, const std::string& source);
// A `.ctrace` of either version; one of lanes (version 2) with every lane, as
// trace_from_lanes forms it.
Trace parse_binary(std::shared_ptr<const MappedFile> file, const std::string& source);
// The lanes of a `.ctrace` of version 2.
LaneTrace parse_binary_lanes(const MappedFile& file, const std::string& source);
} // namespace chitra::detail
