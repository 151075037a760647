// Rules files (semantics.md section 3, "rules"): parsed separately so that a pipeline
// can report a bad line when it is loaded, before any trace is read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail {

struct RuleItem {
    enum class Kind { exact, glob, range } kind = Kind::exact;
    std::string text;               // as written
    std::int64_t lo = 0;            // range: lo .. hi inclusive
    std::optional<std::int64_t> hi; // absent for "lo.."
};

struct RuleLine {
    std::size_t line = 0; // 1-based line in the file
    std::string name;
    std::vector<RuleItem> items;
};

// Throws InputError "FILE:LINE: reason".
std::vector<RuleLine> parse_rules(const std::string& file, std::string_view text);

} // namespace chitra::detail
