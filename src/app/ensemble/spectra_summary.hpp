// The members' banded spectra taken together: their mean with a 95% confidence band, and
// each member's distance from the others, which flags members of a distinct mode.
#pragma once

#include <vector>

namespace chitra::app {

struct SpectraSummary {
    // Per band, in log10 power: the members' mean and mean -/+ 1.96 sd / sqrt(n); NaN
    // where fewer than two members have power there.
    std::vector<double> mean, low, high;
    // Per member: how far the shape of its spectrum lies from the others', in standard
    // deviations of theirs: its log10 power minus its own mean level, compared band by
    // band with the others' (so levelled too), RMS over the bands (NaN without a band to
    // compare); and whether it exceeds `factor` times the median distance (a distinct
    // mode; never with fewer than three members).
    std::vector<double> distance;
    std::vector<bool> distinct;
    double median = 0.0;
};

// `bandPower[m]` is member m's power per band (NaN, zero or an empty vector: no value).
SpectraSummary summariseSpectra(const std::vector<std::vector<double>>& bandPower, double factor = 3.0);

} // namespace chitra::app
