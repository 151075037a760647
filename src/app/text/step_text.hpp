// One-line descriptions of pipeline steps for menus, the undo history and the pipeline
// panel, with times, shares and frequencies written as the rest of the workbench writes
// them ("clip time [1.000 ms, 2.187 s)", "filter time share < 1.0%").
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/types.hpp"

#include <QString>

namespace chitra::app {

QString describeStep(const Step& step, TimeBase base);

} // namespace chitra::app
