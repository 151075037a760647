// The OTF2 anchor file (the `.otf2` of an archive) as the importer checks it itself:
// detection by its first bytes, and the fields the OTF2 library trusts before it checks
// anything (a damaged anchor made it allocate gigabytes inside OTF2_Reader_Open).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace chitra::detail {

// Every file the OTF2 library writes starts with a chunk header byte (3) and the byte
// order mark ('B' or 'L'); an anchor file goes on with the string "OTF2" and its NUL.
// A file named `.otf2` that holds binary data (a control byte other than tab or a line
// end in `head`) is taken for one too, so that a damaged anchor gets the OTF2 library's
// message, not a PES parse error.
bool is_otf2_anchor(const std::string& path, std::string_view head);

// The anchor file of the archive that the folder `path` holds (its one `.otf2` file that
// starts as an anchor does), so that an archive's folder opens as the archive; nullopt
// when `path` is no folder or holds none or several.
std::optional<std::string> otf2_anchor_in(const std::string& path);

// What is wrong with the anchor file's bytes that the library would not catch in time
// (empty when nothing is): chunk sizes outside what OTF2 writes (256 KiB to 16 MiB, the
// size of every buffer), more properties than the file has bytes for. Anything else is
// left to the library, which reports it.
std::string otf2_anchor_problem(std::string_view bytes);

} // namespace chitra::detail
