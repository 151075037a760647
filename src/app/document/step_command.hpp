// A pipeline change (push, remove or edit of a step) as an undoable command: it holds
// the pipeline before and after, and the view's PipelineRunner switches between them
// reusing its cached results of the common prefix. The change is applied before the
// command is pushed (so a step the core refuses never reaches the stack); the first
// redo is therefore a no-op.
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <QUndoCommand>

namespace chitra::app {

class ViewDocument;

class StepCommand : public QUndoCommand {
public:
    StepCommand(ViewDocument* doc, Pipeline before, Pipeline after, const QString& text);
    void redo() override;
    void undo() override;

private:
    ViewDocument* doc_;
    Pipeline before_, after_;
    bool applied_ = true;
};

} // namespace chitra::app
