// What the commands that read a trace's lanes (profile, messages) share: their `--range`
// in ns from the origin, and the lanes with the import's warnings said on stderr.
#pragma once

#include "range_option.hpp"
#include "trace_input.hpp"

#include "chitra/profile/profile.hpp"

#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace chitra::cli {

// The interval of `--range` (no text: the whole run), or nullopt once stderr says why
// `command` cannot take it.
inline std::optional<ProfileRange> ns_range_option(const std::string& text, const std::string& command)
{
    ProfileRange range;
    if (text.empty())
        return range;
    const std::optional<Range> r = parse_range(text);
    if (!r || (r->begin && r->end && *r->begin == *r->end)) {
        std::cerr << "chitra-cli " << command
                  << ": --range must be T0:T1 with integers T0 < T1 in ns (either may be left out), got '" << text
                  << "'\n";
        return std::nullopt;
    }
    range.from = r->begin.value_or(0);
    range.to = r->end;
    return range;
}

// The trace's lanes as the options choose them; the import's warnings go to stderr.
inline ProfileSource lanes_input(const std::string& file, const TraceInput& input)
{
    std::vector<std::string> warnings;
    ImportOptions options = import_options(input);
    options.warnings = &warnings;
    ProfileSource source = profile_source(file, options);
    for (const std::string& w : warnings)
        std::cerr << "warning: " << w << '\n';
    return source;
}

} // namespace chitra::cli
