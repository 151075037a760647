// A pipeline step as an undoable command. The step is applied before the command is
// pushed (so a refused step never reaches the stack); the first redo is a no-op.
#pragma once

#include "chitra/pipeline.hpp"

#include <QUndoCommand>

namespace chitra::app {

class ViewDocument;

class StepCommand : public QUndoCommand {
public:
    StepCommand(ViewDocument* doc, Step step);
    void redo() override;
    void undo() override;

private:
    ViewDocument* doc_;
    Step step_;
    bool applied_ = true;
};

} // namespace chitra::app
