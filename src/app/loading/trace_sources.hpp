// Where the workbench's readers come from: format detection and the import of a foreign
// trace as lanes. The core's by default; tests put their own in (there is no importer
// to drive a foreign-file flow with before the formats are registered).
#pragma once

#include "chitra/io/import.hpp"

#include <functional>
#include <string>

namespace chitra::app {

struct TraceSources {
    std::function<SourceFormat(const std::string& path)> detect = detect_format;
    std::function<LaneTrace(const std::string& path, const ImportOptions& options)> importLanes = import_lanes;
};

// Read from worker threads: replace them only while nothing is being read.
const TraceSources& traceSources();
void setTraceSources(TraceSources sources);

} // namespace chitra::app
