// Displays that show in a window of their own, one window per view (profile, messages):
// found again among the children of the workbench window, opened or raised, and marked
// open in the view (its session tree row) while the window lives.
#pragma once

#include <QObject>
#include <QString>
#include <QWidget>

namespace chitra::app {

class ViewDocument;

// Marks `display` of `view` open now, and closed once `window` is destroyed.
void markOpenWhileShown(ViewDocument* view, const QString& display, QObject* window);

// The window of type W (a QWidget with document()) showing `doc` among the children of
// `owner`, or null.
template <class W> W* findDisplayWindow(const QObject& owner, const ViewDocument* doc)
{
    W* found = nullptr;
    for (W* w : owner.findChildren<W*>())
        if (w->document() == doc)
            found = w;
    return found;
}

// Raises the window of type W of `doc` among the children of `parent`, or makes one.
template <class W> W* openDisplayWindow(ViewDocument* doc, QWidget* parent)
{
    if (W* w = parent ? findDisplayWindow<W>(*parent, doc) : nullptr) {
        w->show();
        w->raise();
        w->activateWindow();
        return w;
    }
    auto* w = new W(doc, parent);
    w->setWindowFlag(Qt::Window);
    w->show();
    return w;
}

} // namespace chitra::app
