// Paraver traces (docs/formats.md "Paraver"): the `.prv` records of a run, one lane per
// thread of the header, state records as the lane's state, events of named types as
// gauges; the `.pcf` and `.row` beside it give the names.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_trace.hpp"
#include "io/paraver/paraver_names.hpp"

#include <string>
#include <string_view>

namespace chitra::detail {

LaneTrace read_paraver_text(std::string_view text, const std::string& source, const paraver::Names& names,
                            const ImportOptions& options);

// Whether `head` starts with a `#Paraver` header line.
bool looks_like_paraver(std::string_view head);

} // namespace chitra::detail
