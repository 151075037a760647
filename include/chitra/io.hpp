// Readers and writers of trace files (docs/file-formats.md).
#pragma once

#include "chitra/trace.hpp"

#include <iosfwd>
#include <string>
#include <string_view>

namespace chitra {

// PES text (interfaces.md). Every malformed input throws InputError("FILE:LINE: reason").
Trace read_pes_file(const std::string& path);
Trace read_pes_text(std::string_view text, const std::string& source);
void write_pes(const Trace& trace, std::ostream& out);

// Binary trace: header with version and counts, then the columns; read by mmap.
Trace read_binary_file(const std::string& path);
void write_binary_file(const Trace& trace, const std::string& path);

// Reads either format, chosen by the file's magic bytes.
Trace load_trace(const std::string& path);

} // namespace chitra
