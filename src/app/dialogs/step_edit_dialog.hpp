// Editing a pipeline step's parameters: clip bounds, filter thresholds and bands, the
// name of an aggregate / projection / parallel composite. The step is a list of labelled
// text fields (chitra/pipeline/step_text.hpp); the dialog refuses values that do not
// parse inline (OK disabled).
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include "chitra/trace/types.hpp"

#include <optional>

class QWidget;

namespace chitra::app {

// A modal dialog; nullopt when cancelled or the step has nothing to edit.
std::optional<Step> editStepDialog(QWidget* parent, const Step& step, TimeBase base);

} // namespace chitra::app
