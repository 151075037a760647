// `chitra --open FILE --display gantt|rate [--screenshot OUT.{png,svg,pdf}]
// [--benchmark-replot N] [--size WxH] [--gantt-range T0:T1] [--rate-state NAME]`:
// the Traceview displays without a desktop.
#pragma once

#include <QSize>
#include <QString>

namespace chitra::app {

class ViewDocument;

struct TraceviewHeadlessOptions {
    QString ganttRange; // "T0:T1": the Gantt display's visible times (empty: all)
    QString rateState;  // the rate display's state (empty: the most entered one)
};

// Shows the display of `kind` ("gantt" or "rate") of `view` at `size`; with
// `benchmarkReplots` > 0 prints the median full-view replot time of the Gantt display;
// with a non-empty `screenshot`, exports it (format by extension). Returns the exit status (2 for a bad option).
int runTraceviewHeadless(ViewDocument* view, const QString& kind, const QString& screenshot, QSize size,
                         int benchmarkReplots, const TraceviewHeadlessOptions& options = {});

} // namespace chitra::app
