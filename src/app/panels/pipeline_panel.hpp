// The Pipeline dock: the current view's steps in order, each with its warnings (a state
// that names no symbol of this trace, ...); Edit… changes a step's parameters and
// Remove drops any step, both replayed by the core and undoable; a refusal (a later step
// depends on the step) shows the core's message and changes nothing. Below, the undo
// history of the view.
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <QWidget>

#include <functional>
#include <optional>

class QListWidget;
class QPushButton;
class QUndoGroup;

namespace chitra::app {

class ViewDocument;

class PipelinePanel : public QWidget {
    Q_OBJECT
public:
    PipelinePanel(QUndoGroup* group, QWidget* parent = nullptr);
    void setDocument(ViewDocument* doc);
    QListWidget* stepList() const { return list_; }
    QPushButton* removeButton() const { return remove_; }
    QPushButton* editButton() const { return edit_; }
    // How a step's new parameters are asked for (a dialog by default; tests replace it).
    using StepEditor = std::function<std::optional<Step>(const Step&)>;
    void setStepEditor(StepEditor editor) { editor_ = std::move(editor); }

public slots:
    void removeCurrent();
    void editCurrent();

signals:
    void message(const QString& text);

private:
    void refresh();

    ViewDocument* doc_ = nullptr;
    QListWidget* list_;
    QPushButton* edit_;
    QPushButton* remove_;
    StepEditor editor_;
};

} // namespace chitra::app
