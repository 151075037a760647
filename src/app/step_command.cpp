#include "step_command.hpp"

#include "step_text.hpp"
#include "view_document.hpp"

namespace chitra::app {

StepCommand::StepCommand(ViewDocument* doc, Step step) : doc_(doc), step_(std::move(step))
{
    setText(describeStep(step_));
}

void StepCommand::redo()
{
    if (applied_) {
        applied_ = false; // pushStep already applied it
        return;
    }
    doc_->redoStep(step_);
}

void StepCommand::undo() { doc_->undoStep(); }

} // namespace chitra::app
