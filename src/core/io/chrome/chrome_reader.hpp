// Chrome Trace Event JSON (Chrome, Perfetto's JSON export, clang -ftime-trace, Node.js
// --trace-events-enabled) read into lanes: the in-memory entry point of the importer,
// used by it, by the tests and by the fuzzer. docs/formats.md describes the mapping.
#pragma once

#include "chitra/io/import.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace chitra::detail {

// Bytes simdjson parses at a time: large enough that the per-chunk cost vanishes, small
// enough that the chunk, the parser's buffers (about 6 bytes per input byte) and the
// chunk's decoded events stay mostly in the processor's caches (docs/performance.md,
// "Importing Chrome Trace JSON").
inline constexpr std::size_t kChromeChunkBytes = std::size_t{1} << 20;

// Reads the whole trace in `text`; `source` names it in messages (FILE:LINE: ...).
// `chunk_bytes` sets the chunk size (tests cut tiny chunks). `done_before(offset)` is
// called after each chunk: bytes before `offset` are not read again (unless an error is
// reported, to count lines). Throws InputError for malformed input.
LaneTrace read_chrome_json(std::string_view text, const std::string& source, const ImportOptions& options = {},
                           std::size_t chunk_bytes = kChromeChunkBytes,
                           const std::function<void(std::size_t)>& done_before = {});

// Whether `head`, the first bytes of a file, starts a Chrome trace: an array whose first
// element is an object with a "ph" key, or an object with a "traceEvents" array.
bool looks_like_chrome_json(std::string_view head);

} // namespace chitra::detail
