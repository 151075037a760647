// Editing a pipeline step's parameters: clip bounds, filter thresholds and bands, the
// name of an aggregate / projection / parallel composite. The step is a list of labelled
// text fields; the dialog refuses values that do not parse inline (OK disabled).
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QWidget;

namespace chitra::app {

struct StepField {
    QString label;
    QString value;
};

// The editable fields of a step; empty when the step has none.
std::vector<StepField> stepFields(const Step& step);
// The step with its fields replaced by `values` (same order as stepFields); nullopt and
// a reason in `error` when a value is not acceptable.
std::optional<Step> stepWithFields(const Step& step, const QStringList& values, QString* error);
// A modal dialog; nullopt when cancelled or the step has nothing to edit.
std::optional<Step> editStepDialog(QWidget* parent, const Step& step, TimeBase base);

} // namespace chitra::app
