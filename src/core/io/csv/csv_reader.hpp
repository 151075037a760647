// CSV state traces (docs/formats.md "CSV"): a time column, state columns (one lane each)
// and gauge columns, chosen by ImportOptions; each row sets its lanes' states at its time.
#pragma once

#include "chitra/io/import.hpp"
#include "chitra/lanes/lane_trace.hpp"

#include <string>
#include <string_view>

namespace chitra::detail {

LaneTrace read_csv_text(std::string_view text, const std::string& source, const ImportOptions& options);

} // namespace chitra::detail
