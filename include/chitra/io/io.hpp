// Readers and writers of trace files (docs/file-formats.md).
#pragma once

#include "chitra/trace/trace.hpp"

#include <iosfwd>
#include <string>
#include <vector>
#include <string_view>

namespace chitra {

// PES text (interfaces.md). Every malformed input throws InputError("FILE:LINE: reason").
// A file without records (empty, or a header only) is refused: "FILE: no records ...".
Trace read_pes_file(const std::string& path);
Trace read_pes_text(std::string_view text, const std::string& source);
// Throws InputError when a state cannot be written as whitespace-free tokens.
void write_pes(const Trace& trace, std::ostream& out);
// write_pes into `path`, streamed to a temporary file and renamed over it.
void write_pes_file(const Trace& trace, const std::string& path);
// The PES text of some lanes of a foreign trace, as write_pes(to_trace(lanes, chosen))
// writes it, but streamed from the lanes: each record's state is its lanes' tokens, no
// vector state or joined name is formed.
void write_lanes_pes(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, std::ostream& out);
void write_lanes_pes_file(const LaneTrace& lanes, const std::vector<std::size_t>& chosen, const std::string& path);

// Binary trace: header with version and counts, then the columns; read by mmap.
// The returned columns view the mapping (which lives as long as any column does).
Trace read_binary_file(const std::string& path);
// Streamed to a temporary file and renamed over `path`.
void write_binary_file(const Trace& trace, const std::string& path);
// A foreign trace's lanes as a `.ctrace` of version 2 (docs/file-formats.md): each lane's
// change list and the lane state names, no vector states and no joined names, so that a
// busy multi-lane trace converts at import speed. Reading it forms the vector states as
// reading the foreign trace with these lanes would (load_trace); import_lanes gives the
// lanes back. Streamed to a temporary file and renamed over `path`.
void write_binary_lanes(const LaneTrace& lanes, const std::string& path);
// Whether the binary trace `head` begins is one of lanes (version 2); the same of a file.
bool binary_holds_lanes(std::string_view head);
bool binary_file_holds_lanes(const std::string& path);

enum class TraceFormat : std::uint8_t { pes, binary };
std::string_view to_string(TraceFormat format);

// True when `head` (the first bytes of a file) starts with the binary magic.
bool has_binary_magic(std::string_view head);

// Reads any format Chitra knows, detected by content (chitra/io/import.hpp); a foreign
// trace with every lane that has a state event.
Trace load_trace(const std::string& path);
// The same, also saying which format it found.
Trace load_trace(const std::string& path, TraceFormat& format);

} // namespace chitra
