// One-line descriptions of pipeline steps for menus, the undo history and the pipeline panel.
#pragma once

#include "chitra/pipeline.hpp"

#include <QString>

namespace chitra::app {

QString describeStep(const Step& step);

} // namespace chitra::app
