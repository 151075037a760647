// The `#Paraver (DATE):FTIME[_UNIT]:RESOURCES:NAPPL:APPL[:APPL...]` header line: the time
// unit and the threads of each task of each application, in the lane order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chitra::detail::paraver {

struct Header {
    int time_scale = 3;                              // to ns; no unit: microseconds
    std::vector<std::vector<std::uint32_t>> threads; // [appl][task] = thread count
};

// Throws InputError("SOURCE:1: reason") when the line is not such a header.
Header parse_header(std::string_view line, const std::string& source);

} // namespace chitra::detail::paraver
