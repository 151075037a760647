// The names a Paraver trace's companion files give (docs/formats.md "Paraver"): state
// names and event type names from the `.pcf`, thread names from the `.row`. A file that is
// missing or malformed gives no names and a warning; the trace is read all the same.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace chitra::detail::paraver {

struct Names {
    std::unordered_map<std::uint64_t, std::string> states;          // .pcf STATES
    std::unordered_map<std::uint64_t, std::uint32_t> state_colours; // .pcf STATES_COLOR, 0xRRGGBB
    std::unordered_map<std::uint64_t, std::string> event_types;     // .pcf EVENT_TYPE
    // .pcf VALUES, by event type: a VALUES section names the values of every type of the
    // EVENT_TYPE section before it.
    std::unordered_map<std::uint64_t, std::unordered_map<std::uint64_t, std::string>> event_values;
    std::vector<std::string> threads; // .row LEVEL THREAD
    bool have_pcf = false;

    // A region type (MPI calls, user functions): its VALUES name the value 0 `End`.
    bool is_region_type(std::uint64_t type) const
    {
        const auto values = event_values.find(type);
        if (values == event_values.end())
            return false;
        const auto zero = values->second.find(0);
        return zero != values->second.end() && zero->second == "End";
    }
};

// Reads `base.pcf` and `base.row` (base: the .prv path without `.prv`); problems go to
// `warnings` as "FILE:LINE: reason" or "FILE: reason".
Names read_names(const std::string& prv_path, std::vector<std::string>& warnings);

// The parsers behind read_names, on text already read; a problem throws InputError.
void parse_pcf(std::string_view text, const std::string& source, Names& names);
void parse_row(std::string_view text, const std::string& source, Names& names);

} // namespace chitra::detail::paraver
