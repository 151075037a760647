#include "chitra/util/text_file.hpp"

#include "chitra/trace/types.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace chitra {

std::string read_text_file(const std::string& path, const std::string& what)
{
    // An ifstream opens a directory without complaint and then reads nothing.
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path + ": cannot read " + what + ": " + std::strerror(EISDIR));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot read " + what + ": " + std::strerror(errno));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        throw InputError(path + ": cannot read " + what);
    return std::move(buffer).str();
}

} // namespace chitra
