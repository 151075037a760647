#include "panels/pipeline_panel.hpp"

#include "workbench/error_reporter.hpp"
#include "dialogs/step_edit_dialog.hpp"
#include "chitra/pipeline/step_text.hpp"
#include "text/step_text.hpp"
#include "document/view_document.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QUndoGroup>
#include <QUndoView>
#include <QVBoxLayout>

namespace chitra::app {

PipelinePanel::PipelinePanel(QUndoGroup* group, QWidget* parent) : QWidget(parent)
{
    list_ = new QListWidget(this);
    list_->setToolTip(tr("The view's steps, applied top to bottom; double-click to edit"));
    edit_ = new QPushButton(tr("Edit…"), this);
    remove_ = new QPushButton(tr("Remove"), this);
    remove_->setToolTip(tr("Remove the step and replay the later ones (undoable)"));
    auto* history = new QUndoView(group, this);
    history->setEmptyLabel(tr("(trace as read)"));
    history->setToolTip(tr("Undo history: click a row to go back to that point"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(edit_);
    buttons->addWidget(remove_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(list_, 2);
    layout->addLayout(buttons);
    layout->addWidget(new QLabel(tr("History"), this));
    layout->addWidget(history, 1);
    connect(edit_, &QPushButton::clicked, this, &PipelinePanel::editCurrent);
    connect(remove_, &QPushButton::clicked, this, &PipelinePanel::removeCurrent);
    connect(list_, &QListWidget::itemDoubleClicked, this, &PipelinePanel::editCurrent);
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        const bool any = doc_ && row >= 0;
        remove_->setEnabled(any);
        edit_->setEnabled(any && !step_fields(doc_->steps()[static_cast<std::size_t>(row)]).empty());
    });
    editor_ = [this](const Step& s) {
        return editStepDialog(this, s, doc_ ? doc_->trace().header.timebase : TimeBase::us);
    };
    refresh();
}

void PipelinePanel::setDocument(ViewDocument* doc)
{
    if (doc_)
        disconnect(doc_, nullptr, this, nullptr);
    doc_ = doc;
    if (doc_)
        connect(doc_, &ViewDocument::sesChanged, this, &PipelinePanel::refresh);
    refresh();
}

void PipelinePanel::refresh()
{
    const int row = list_->currentRow();
    list_->clear();
    if (doc_) {
        const auto& steps = doc_->steps();
        for (std::size_t i = 0; i < steps.size(); ++i) {
            auto* item = new QListWidgetItem(
                QString("%1  %2").arg(i + 1).arg(describeStep(steps[i], doc_->trace().header.timebase)), list_);
            const QStringList warnings = doc_->stepWarnings(i);
            if (!warnings.isEmpty()) {
                item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
                item->setToolTip(warnings.join("\n"));
                item->setText(item->text() + "  ⚠ " + warnings.front());
            }
        }
    }
    list_->setCurrentRow(std::min(row, list_->count() - 1));
    const bool any = doc_ && list_->currentRow() >= 0;
    remove_->setEnabled(any);
    edit_->setEnabled(any);
}

void PipelinePanel::removeCurrent()
{
    const int row = list_->currentRow();
    if (!doc_ || row < 0)
        return;
    if (auto refused = doc_->removeStep(static_cast<std::size_t>(row))) {
        emit message(*refused);
        reportError(this, tr("Cannot remove the step"), *refused);
        return;
    }
    emit message(tr("Removed step %1; the later steps were replayed").arg(row + 1));
}

void PipelinePanel::editCurrent()
{
    const int row = list_->currentRow();
    if (!doc_ || row < 0)
        return;
    const Step old = doc_->steps()[static_cast<std::size_t>(row)];
    if (step_fields(old).empty()) {
        emit message(tr("This step has no parameters to edit; remove it and add a new one"));
        return;
    }
    const auto edited = editor_(old);
    if (!edited)
        return;
    if (auto refused = doc_->replaceStep(static_cast<std::size_t>(row), *edited)) {
        emit message(*refused);
        reportError(this, tr("Cannot change the step"), *refused);
    }
}

} // namespace chitra::app
