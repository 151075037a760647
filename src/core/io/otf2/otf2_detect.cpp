// OTF2 detection by content (docs/formats.md "OTF2").
#include "io/otf2/otf2_detect.hpp"

namespace chitra::detail {

bool is_otf2_anchor(const std::string& path, std::string_view head)
{
    using namespace std::string_view_literals;
    if (head.size() >= 7 && head[0] == '\x03' && (head[1] == 'B' || head[1] == 'L') &&
        head.substr(2, 5) == "OTF2\0"sv)
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

} // namespace chitra::detail
