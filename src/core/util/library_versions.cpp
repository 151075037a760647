#include "chitra/util/library_versions.hpp"

#include <Eigen/Core>
#include <boost/version.hpp>
#include <fftw3.h>
#include <nlohmann/json.hpp>
#include <otf2/otf2.h>
#include <simdjson.h>
#include <xxhash.h>

#include <string>

#define CHITRA_STRINGIFY_(x) #x
#define CHITRA_STRINGIFY(x) CHITRA_STRINGIFY_(x)

namespace chitra {

std::vector<LibraryVersion> core_library_versions()
{
    std::string fftw = fftw_version; // "fftw-3.3.10-sse2-avx"
    if (fftw.rfind("fftw-", 0) == 0)
        fftw = fftw.substr(5);
    const unsigned xxh = XXH_versionNumber();
    std::string boost = BOOST_LIB_VERSION;
    for (char& c : boost)
        if (c == '_')
            c = '.';
    return {
        {"FFTW", fftw, "GPL-2.0-or-later"},
        {"Eigen",
         std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
             std::to_string(EIGEN_MINOR_VERSION),
         "MPL-2.0"},
        {"Boost", boost, "BSL-1.0"},
        {"nlohmann-json",
         std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
             std::to_string(NLOHMANN_JSON_VERSION_PATCH),
         "MIT"},
        {"simdjson", CHITRA_STRINGIFY(SIMDJSON_VERSION), "Apache-2.0"},
        {"OTF2", OTF2_VERSION, "BSD-3-Clause"},
        {"xxHash",
         std::to_string(xxh / 10000) + "." + std::to_string(xxh / 100 % 100) + "." + std::to_string(xxh % 100),
         "BSD-2-Clause"},
    };
}

} // namespace chitra
