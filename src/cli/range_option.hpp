// `--range A:B` of the commands that take one (periodogram, profile, messages): a half-open range
// of integers, either side of which may be left out.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace chitra::cli {

struct Range {
    std::optional<std::int64_t> begin, end; // absent: from the start, to the end
};

// nullopt for text that is not A:B with integers A <= B.
inline std::optional<Range> parse_range(const std::string& text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos)
        return std::nullopt;
    bool ok = true;
    const auto side = [&ok](std::string_view part) -> std::optional<std::int64_t> {
        if (part.empty())
            return std::nullopt;
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        ok = ok && ec == std::errc() && p == part.data() + part.size();
        return v;
    };
    Range r;
    r.begin = side(std::string_view(text).substr(0, colon));
    r.end = side(std::string_view(text).substr(colon + 1));
    if (!ok || (r.begin && r.end && *r.begin > *r.end))
        return std::nullopt;
    return r;
}

} // namespace chitra::cli
