#include "document/step_command.hpp"

#include "document/view_document.hpp"

namespace chitra::app {

StepCommand::StepCommand(ViewDocument* doc, Pipeline before, Pipeline after, const QString& text)
    : doc_(doc), before_(std::move(before)), after_(std::move(after))
{
    setText(text);
}

void StepCommand::redo()
{
    if (applied_) {
        applied_ = false; // the document already applied it
        return;
    }
    doc_->applyPipeline(after_);
}

void StepCommand::undo() { doc_->applyPipeline(before_); }

} // namespace chitra::app
