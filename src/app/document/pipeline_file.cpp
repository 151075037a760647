#include "document/pipeline_file.hpp"

#include "chitra/pipeline/pipeline_json.hpp"
#include "document/view_document.hpp"

#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QUndoStack>

namespace chitra::app {

bool importPipelineFile(ViewDocument& view, const QString& path, QString* error)
{
    Pipeline pipeline;
    try {
        pipeline = load_pipeline_file(path.toStdString());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    Pipeline after = view.pipeline();
    after.steps.insert(after.steps.end(), pipeline.steps.begin(), pipeline.steps.end());
    if (view.runsInBackground(after)) {
        // A long replay: the steps chain into one background job (all or none), each its
        // own undo command; a refusal arrives later as ViewDocument::replayRefused.
        for (const Step& step : pipeline.steps)
            view.pushStep(step);
        return true;
    }
    // All steps or none: one macro on the undo stack, rolled back on the first refusal.
    QUndoStack* stack = view.undoStack();
    stack->beginMacro(QObject::tr("import %1").arg(QFileInfo(path).fileName()));
    for (std::size_t i = 0; i < pipeline.steps.size(); ++i) {
        if (auto refused = view.pushStep(pipeline.steps[i])) {
            stack->endMacro();
            stack->undo();
            if (error)
                *error = QString("%1: step %2: %3").arg(path).arg(i + 1).arg(*refused);
            return false;
        }
    }
    stack->endMacro();
    return true;
}

bool exportPipelineFile(const ViewDocument& view, const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    const std::string json = to_pipeline_json(Pipeline{view.steps()});
    f.write(json.data(), static_cast<qint64>(json.size()));
    return true;
}

} // namespace chitra::app
