// A CTF trace's `metadata` file checked for completeness before babeltrace2 parses it:
// babeltrace2 2.0 runs without end on a metadata file cut short. Packetized metadata
// (LTTng's) must be whole packets with consistent headers; the text (packetized or not)
// must close every block it opens and end with a complete declaration.
#pragma once

#include <string>
#include <string_view>

namespace chitra::detail {

// Throws InputError("TRACE_DIR/metadata: reason") for an incomplete or damaged file.
void check_ctf_metadata(const std::string& trace_dir);

// The text of metadata `bytes` (the packets' contents, or the text itself); throws
// InputError("FILE: byte N: reason") for a damaged packet. `file` is for messages.
std::string ctf_metadata_text(std::string_view bytes, const std::string& file);

// Throws InputError("FILE:LINE: reason") when `text` leaves a block, a comment or a string
// open, closes what is not open, or does not end where a declaration ends (`;`).
void check_ctf_metadata_text(std::string_view text, const std::string& file);

} // namespace chitra::detail
