// Internal: the Paje reader's entry points. Text in memory (the importer maps the file;
// the fuzzer and the tests pass bytes), lanes out.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_trace.hpp"

#include <string>
#include <string_view>

namespace chitra::detail {

// Reads a whole Paje trace. Throws InputError("SOURCE:LINE: reason") for malformed input
// and chitra::Cancelled when the thread's cancel flag is set; calls options.progress.
LaneTrace read_paje_text(std::string_view text, const std::string& source, const ImportOptions& options = {});

// Whether the first bytes of a file look like Paje: after blank lines and `#` comments,
// the first line is an event definition (`%EventDef` or `% EventDef`).
bool looks_like_paje(std::string_view head);

} // namespace chitra::detail
