// Whether a file is an OTF2 anchor file (the `.otf2` of an archive), by its first bytes.
#pragma once

#include <string>
#include <string_view>

namespace chitra::detail {

// Every file the OTF2 library writes starts with a chunk header byte (3) and the byte
// order mark ('B' or 'L'); an anchor file goes on with the string "OTF2" and its NUL.
// A file named `.otf2` that holds binary data (a control byte other than tab or a line
// end in `head`) is taken for one too, so that a damaged anchor gets the OTF2 library's
// message, not a PES parse error.
bool is_otf2_anchor(const std::string& path, std::string_view head);

} // namespace chitra::detail
