// What the ensemble window measures on each member: the current view's pipeline applied
// to the member's trace, the chain fitted to the result and its event-domain spectrum in
// equal frequency bands (so that members of different lengths compare). Plain data and
// functions, safe on a worker thread.
#pragma once

#include "chitra/chain/chain.hpp"
#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/trace.hpp"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace chitra::app {

// One open trace taken as a member.
struct MemberInput {
    QString path;
    QString label;
    std::shared_ptr<const Trace> trace;
    QString lanes; // a trace of some lanes of its file: their names (file-name patterns see them too)
};

// Equal frequency bands over 0 .. 0.5 cycles per event.
inline constexpr int kSpectrumBands = 64;

struct MemberMeasurement {
    std::size_t elements = 0; // after the pipeline
    QStringList warnings;     // steps that matched nothing in this member, ...
    QString error;            // the pipeline refused this member (nothing else is set)
    SemiMarkovModel model;
    std::vector<double> bandPower; // kSpectrumBands entries; NaN where no bin falls in a band
};

// The mean periodogram power of the bins in each of `bands` equal bands over
// 0 .. 0.5 cycles per event (bin k = 0, the removed mean, left out).
std::vector<double> bandedPower(const std::vector<double>& frequency, const std::vector<double>& power, int bands);

// Measures every member: the pipeline, the fit, then the spectra (whose signal is a state
// index by name shared across the members, so that a state has the same level in all).
// `progress(done, total)` after each of the 2 n stages; `cancelled()` is asked between
// them (an empty result then).
std::vector<MemberMeasurement> measureMembers(const std::vector<MemberInput>& members, const Pipeline& pipeline,
                                              const std::function<void(int, int)>& progress = {},
                                              const std::function<bool()>& cancelled = {});

} // namespace chitra::app
