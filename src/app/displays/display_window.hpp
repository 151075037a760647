// Displays that show in a window of their own, one window per view (profile, messages,
// lanes compared): found again among the children of the workbench window, opened or
// raised, marked open in the view (its session tree row) while the window lives; what
// their display types share.
#pragma once

#include "displays/display_host.hpp"
#include "displays/display_registry.hpp"
#include "document/view_document.hpp"

#include <QObject>
#include <QString>
#include <QWidget>

#include <functional>

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

// The display type of a window W of its own (W::find, a QWidget): its options kept in the
// view's presentation under the display's name, its window closed, and found again to
// restore its options (a problem named when it cannot be).
template <class W> class WindowDisplayType : public DisplayType {
public:
    using DisplayType::DisplayType;

    void close(DisplayHost& host, ViewDocument* view) const override
    {
        view->presentation().setDisplayOpen(name(), false);
        if (W* w = host.hostWidget() ? W::find(*host.hostWidget(), view) : nullptr)
            w->close();
    }

    void capture(const DisplayHost&, ViewDocument* view, DisplayState& state) const override
    {
        state.options = view->presentation().displayOptions(name());
    }

protected:
    W* windowToRestore(const DisplayRestore& r, const DisplayState& state) const
    {
        W* w = r.host.hostWidget() ? W::find(*r.host.hostWidget(), r.view) : nullptr;
        if (!w)
            r.problems.push_back(
                QObject::tr("%1: display '%2' could not be opened").arg(r.where, QString::fromStdString(state.id)));
        return w;
    }
};

// Headless: shows `window` at the request's size, runs `ready` (which waits for what the
// window computes in the background), lets it settle and saves its picture; the exit
// status.
int saveDisplayPicture(QWidget& window, const HeadlessRequest& request, const std::function<void()>& ready = {});

} // namespace chitra::app
