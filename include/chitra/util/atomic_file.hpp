// Writes a file so that readers see either the old or the whole new content:
// write a temporary file beside it, flush it to disk, then rename over the target.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace chitra {

// Throws InputError naming the path when the file cannot be written.
void write_file_atomically(const std::string& path, std::string_view content);
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& writer);

} // namespace chitra
