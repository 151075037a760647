#include "workbench/view_stack.hpp"

#include "views/view_panel.hpp"

#include <QLabel>

namespace chitra::app {

ViewStack::ViewStack(QWidget* parent) : QStackedWidget(parent)
{
    placeholder_ = new QLabel(tr("Open a trace: File ▸ Open (Ctrl+O), or drop trace files here."), this);
    placeholder_->setAlignment(Qt::AlignCenter);
    addWidget(placeholder_);
}

ViewPanel* ViewStack::add(ViewDocument* view)
{
    auto* panel = new ViewPanel(view, this);
    panels_[view] = panel;
    addWidget(panel);
    return panel;
}

void ViewStack::remove(ViewDocument* view)
{
    auto it = panels_.find(view);
    if (it == panels_.end())
        return;
    removeWidget(it->second);
    it->second->deleteLater();
    panels_.erase(it);
}

ViewPanel* ViewStack::panelOf(ViewDocument* view) const
{
    auto it = panels_.find(view);
    return it == panels_.end() ? nullptr : it->second;
}

ViewDocument* ViewStack::anyView() const { return panels_.empty() ? nullptr : panels_.begin()->first; }

void ViewStack::bringToFront(ViewDocument* view)
{
    if (ViewPanel* panel = panelOf(view))
        setCurrentWidget(panel);
    else
        setCurrentWidget(placeholder_);
}

} // namespace chitra::app
