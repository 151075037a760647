// Scales of the Traceview charts (Gantt and rate displays): a y range that rare spikes
// do not squash, and SI-prefixed tick labels for values of any size.
#pragma once

#include "chitra/traceview/traceview.hpp"

#include <QSharedPointer>

#include <utility>
#include <vector>

class QCPAxisTicker;

namespace chitra::app {

// A y range for y[a, b) that rare spikes do not squash: quantiles 1-q..q, weighted by
// occupancy when entry times `x` are given (chart_scales.cpp). Weighted, the visits that
// `shortVisits` calls short are left out (unless every visit is short).
std::pair<double, double> robustRange(const std::vector<double>& y, std::size_t a, std::size_t b,
                                      const std::vector<double>* x = nullptr, double end = 0, double q = 0.995,
                                      chitra::ShortVisitRule shortVisits = {});

// Ticks for values of any size: every label of an axis in one SI prefix ("0.5 G",
// "1 G", "1.5 G"), the unit in the axis label; plain numbers below 1000.
QSharedPointer<QCPAxisTicker> makeSiTicker();

} // namespace chitra::app
