// A compact binary form of a LaneTrace: every field in declaration order, the long arrays
// (record times, change lists) as their raw bytes. It hands a trace from one process to
// another (io/import/contained_read.hpp) and is the metadata block of a `.ctrace` of
// lanes (docs/file-formats.md, version 2): a change of layout is a new `.ctrace` version.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>

namespace chitra::detail {

// Writes `size` bytes somewhere (a pipe); throws on failure.
using ByteWriter = std::function<void(const void* data, std::size_t size)>;
// Fills `data` with exactly `size` bytes; throws when they cannot be had.
using ByteReader = std::function<void(void* data, std::size_t size)>;

void write_lane_trace(const LaneTrace& trace, const ByteWriter& write);

// Throws InputError("lane trace: ...") when the bytes are not a LaneTrace (a count
// beyond what the encoding or the `size` bytes of the stream allow, a value cut by the
// end of the stream), whatever `read` throws otherwise.
LaneTrace read_lane_trace(const ByteReader& read, std::uint64_t size = std::uint64_t{1} << 44);

} // namespace chitra::detail
