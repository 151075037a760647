// `chitra --open FILE --display gantt|rate [--screenshot OUT.{png,svg,pdf}]
// [--benchmark-replot N] [--size WxH]`: the Traceview displays without a desktop.
#pragma once

#include <QSize>
#include <QString>

namespace chitra::app {

class ViewDocument;

// Shows the display of `kind` ("gantt" or "rate") of `view` at `size`; with
// `benchmarkReplots` > 0 prints the median full-view replot time of the Gantt display;
// with a non-empty `screenshot`, exports it (format by extension). Returns the exit status.
int runTraceviewHeadless(ViewDocument* view, const QString& kind, const QString& screenshot, QSize size,
                         int benchmarkReplots);

} // namespace chitra::app
