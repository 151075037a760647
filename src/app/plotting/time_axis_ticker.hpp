// Axis ticks for time in a trace's time base: 1-2-5 steps, every label in one unit
// chosen to suit the step ("0.5 s", "250 µs", "12.5 ms"); for bases that are not units
// of seconds (cycles) plain numbers with separators or k/M/G multipliers.
#pragma once

#include "chitra/trace/types.hpp"

#include <QSharedPointer>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

class QCPAxis;
class QCPAxisTicker;

namespace chitra::app {

// The ticker for an axis whose coordinates are ticks of `base`.
// With `axis`, narrow axes get fewer ticks (one per 80 pixels or so, at least 2).
QSharedPointer<QCPAxisTicker> makeTimeTicker(chitra::TimeBase base, const QCPAxis* axis = nullptr);

// Counts (event indices, records): grouped numbers, k/M/G multipliers for large steps.
QSharedPointer<QCPAxisTicker> makeCountTicker(const QCPAxis* axis = nullptr);

// Frequencies given in cycles per tick: Hz with SI prefixes ("500 Hz", "1.5 kHz") when
// `secondsPerTick` is known, else plain numbers (cycles per event or per cycle).
QSharedPointer<QCPAxisTicker> makeFrequencyTicker(std::optional<double> secondsPerTick);
// The same labels for a logarithmic axis: ticks at powers of ten, each labelled in its
// own unit ("10 Hz", "100 Hz", "1 kHz").
QSharedPointer<QCPAxisTicker> makeLogFrequencyTicker(std::optional<double> secondsPerTick);

// The pieces the ticker uses, exposed for tests and for other axes.
// A 1-2-5 step (times a power of ten) close to span / count.
double niceStep125(double span, int count);
// Labels for `ticks` (in ticks of `base`), spaced `step` apart, all in one unit.
QStringList timeTickLabels(const QVector<double>& ticks, double step, chitra::TimeBase base);
QStringList frequencyTickLabels(const QVector<double>& ticks, double step, std::optional<double> secondsPerTick);
QString logFrequencyTickLabel(double tick, std::optional<double> secondsPerTick);

} // namespace chitra::app
