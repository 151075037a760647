// How names and untrusted text read from trace files are checked, quoted in messages and
// written as PES tokens: what every reader and writer of names shares.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail {

// Printable, bounded rendering of untrusted bytes for error messages.
std::string quote_token(std::string_view token);

// Empty when `text` is valid UTF-8 without control characters (the rule for PES state
// tokens); otherwise the reason. Used for names read from other text files (rules).
std::string name_text_problem(std::string_view text);
// The same with tabs allowed or not (PES header lines may hold tabs).
std::string text_problem(std::string_view text, bool allow_tab);
// The length of the valid UTF-8 sequence of a non-ASCII lead byte at p, or 0 when the
// bytes there are not one (overlong forms, surrogates and code points beyond U+10FFFF too).
std::size_t utf8_sequence_length(const unsigned char* p, const unsigned char* end);

// PES names from other programs may hold spaces (interfaces.md): in a state token or a
// field name, whitespace and control bytes, `%`, a leading `#` and the bytes of the
// separator are written %XX; decoding turns `%` and two hex digits back into that byte
// and leaves any other `%` as it is.
std::string encode_name(std::string_view name, std::string_view separator);
std::string decode_name(std::string_view token);
// A state's name from its components: joined by the separator, with the separator inside
// a component written %XX so that A|BC and AB|C stay apart; one component is its name.
std::string join_components(const std::vector<std::string>& components, std::string_view separator);

} // namespace chitra::detail
