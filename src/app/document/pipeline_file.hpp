// Pipeline files (docs/pipeline.md) and a view: appending a file's steps to the view as
// undoable steps, and writing the view's steps to a file.
#pragma once

#include <QString>

namespace chitra::app {

class ViewDocument;

// Appends the steps of the pipeline file `path` to `view`, all or none: one undo macro,
// rolled back on the first step the core refuses. A pipeline that replays in the
// background is pushed step by step instead, each its own undo command, and a refusal
// arrives later as ViewDocument::replayRefused. False with the message on failure.
bool importPipelineFile(ViewDocument& view, const QString& path, QString* error);

// Writes the steps of `view` as pipeline JSON to `path`; false with the message on failure.
bool exportPipelineFile(const ViewDocument& view, const QString& path, QString* error);

} // namespace chitra::app
