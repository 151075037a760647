// Internal: the format parsers behind read_pes_*, read_binary_file and load_trace.
#pragma once

#include "chitra/trace/trace.hpp"
#include "io/mapped_file.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace chitra::detail {

Trace parse_pes(std::string_view text, const std::string& source);
Trace parse_binary(std::shared_ptr<const MappedFile> file, const std::string& source);

// Printable, bounded rendering of untrusted bytes for error messages.
std::string quote_token(std::string_view token);

// Empty when `text` is valid UTF-8 without control characters (the rule for PES state
// tokens); otherwise the reason. Used for names read from other text files (rules).
std::string name_text_problem(std::string_view text);

} // namespace chitra::detail
