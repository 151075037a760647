// A member as the ensemble window holds it: the trace, its parameters (from `# param:`
// lines, the file name or typed in), what was measured on it and its spectral distance.
#pragma once

#include "chitra/ensemble/run_params.hpp"
#include "ensemble/ensemble_measurement.hpp"

#include <QString>

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace chitra::app {

struct EnsembleRun {
    MemberInput input;
    RunParams params;
    QString paramNote;                         // why a file-name pattern gave nothing
    std::optional<MemberMeasurement> measured; // none until the background fit ends
    double distance = std::numeric_limits<double>::quiet_NaN();
    bool distinct = false;
};

// Every parameter name of the runs, sorted.
std::vector<std::string> parameterNames(const std::vector<EnsembleRun>& runs);

} // namespace chitra::app
