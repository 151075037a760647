// Writes a file so that readers see either the old or the whole new content:
// write an unnamed temporary file beside it, flush it to disk, link it as
// "<path>.tmp-XXXXXX", then rename that over the target.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace chitra {

// Throws InputError naming the path when the file cannot be written.
void write_file_atomically(const std::string& path, std::string_view content);
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& writer);

// Removes the "<path>.tmp-XXXXXX" files that a write of `path` killed between link and
// rename left behind (each write does this first).
void remove_stale_temporaries(const std::string& path);
// The same for every file of `directory` (a program's own folder, on start).
void remove_stale_temporaries_in(const std::string& directory);

} // namespace chitra
