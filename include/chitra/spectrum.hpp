// Periodograms of the views' signals (semantics.md section 6), computed with FFTW.
#pragma once

#include "chitra/ses.hpp"

#include <optional>
#include <span>
#include <vector>

namespace chitra {

// One-sided periodogram: power[k] = |X_k|^2 / N of the mean-removed signal, at
// frequency[k] = k / (N * sample_interval), k = 0 .. N/2.
struct Periodogram {
    std::vector<double> frequency;
    std::vector<double> power;
    double sample_interval = 1.0;
};

Periodogram periodogram(std::span<const double> signal, double sample_interval);

// The symbols whose indicator signal has its strongest non-zero frequency inside
// [f0, f1] (the frequency-domain filter's selection, semantics.md section 3).
// Time domain: sampled at `interval` (default: the interval giving at most 2^20
// samples over the SES); event domain: one sample per element.
std::vector<SymbolId> symbols_peaking_in_band(const Ses& ses, double f0, double f1, bool event_domain,
                                              std::optional<double> interval);

} // namespace chitra
