// OTF2 detection by content and the anchor checks made before the library reads it
// (docs/formats.md "OTF2"). Layout of an anchor file (OTF2 3.x): chunk header byte,
// byte order mark, "OTF2\0", anchor format, trace format, 3 version bytes, event and
// definition chunk sizes (8 bytes each), substrate, compression, number of locations
// and of global definitions (8 bytes each), machine, creator and description (strings
// ending in NUL); from anchor format 2 on, a 4-byte number of properties, then each
// property's name and value (strings), a trace id, ...
#include "io/otf2/otf2_anchor.hpp"

#include <otf2/otf2.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

namespace chitra::detail {

bool is_otf2_anchor(const std::string& path, std::string_view head)
{
    using namespace std::string_view_literals;
    if (head.size() >= 7 && head[0] == '\x03' && (head[1] == 'B' || head[1] == 'L') && head.substr(2, 5) == "OTF2\0"sv)
        return true;
    constexpr std::string_view ext = ".otf2";
    const bool named = path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
    if (!named)
        return false;
    for (unsigned char c : head) // text has no control bytes but tab and line ends
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            return true;
    return false;
}

std::optional<std::string> otf2_anchor_in(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(path, ec))
        return std::nullopt;
    std::optional<std::string> anchor;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() != ".otf2" || !it->is_regular_file(ec))
            continue;
        std::string head(16, '\0');
        std::ifstream in(it->path(), std::ios::binary);
        in.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(in.gcount()));
        if (!is_otf2_anchor(it->path().string(), head))
            continue;
        if (anchor)
            return std::nullopt; // several archives: the user picks one
        anchor = it->path().string();
    }
    return anchor;
}

namespace {

std::uint64_t read_uint(std::string_view bytes, std::size_t at, int size, bool little)
{
    std::uint64_t v = 0;
    for (int i = 0; i < size; ++i) {
        const auto b = static_cast<std::uint8_t>(bytes[at + (little ? size - 1 - i : i)]);
        v = (v << 8) | b;
    }
    return v;
}

bool chunk_ok(std::uint64_t size) { return size >= OTF2_CHUNK_SIZE_MIN && size <= OTF2_CHUNK_SIZE_MAX; }

} // namespace

std::string otf2_anchor_problem(std::string_view bytes)
{
    using namespace std::string_view_literals;
    constexpr std::size_t kStrings = 46; // after the fixed fields
    if (bytes.size() < kStrings || bytes.substr(2, 5) != "OTF2\0"sv)
        return {}; // the library says what is missing
    const std::uint8_t format = static_cast<std::uint8_t>(bytes[7]);
    // The byte order the chunk sizes make sense in (the byte order mark is not trusted).
    bool little = true;
    if (!chunk_ok(read_uint(bytes, 12, 8, true)) && chunk_ok(read_uint(bytes, 12, 8, false)))
        little = false;
    for (std::size_t at : {std::size_t{12}, std::size_t{20}}) {
        const std::uint64_t size = read_uint(bytes, at, 8, little);
        if (!chunk_ok(size))
            return "chunk size " + std::to_string(size) +
                   " bytes, outside what OTF2 writes (256 KiB to 16 MiB): a damaged anchor file";
    }
    if (format < 2)
        return {};
    std::size_t at = kStrings;
    for (int i = 0; i < 3; ++i) { // machine, creator, description
        const std::size_t end = bytes.find('\0', at);
        if (end == std::string_view::npos)
            return {};
        at = end + 1;
    }
    if (bytes.size() < at + 4)
        return {};
    const std::uint64_t properties = read_uint(bytes, at, 4, little);
    const std::size_t left = bytes.size() - at - 4;
    if (properties > left / 2) // each property is two strings of at least their NUL
        return "the anchor file declares " + std::to_string(properties) + " properties in " + std::to_string(left) +
               " bytes: a damaged anchor file";
    return {};
}

} // namespace chitra::detail
