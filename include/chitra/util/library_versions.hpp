// The versions and licenses of the libraries the trace core links (for Help ▸ About).
#pragma once

#include <string>
#include <vector>

namespace chitra {

struct LibraryVersion {
    std::string name;
    std::string version;
    std::string license;
};

// FFTW, Eigen, Boost, nlohmann-json, simdjson, OTF2 and xxHash, as compiled in (or, where
// the library says so at run time, as loaded).
std::vector<LibraryVersion> core_library_versions();

} // namespace chitra
