#include "displays/display_window.hpp"

#include "document/view_document.hpp"

#include <QPointer>

namespace chitra::app {

void markOpenWhileShown(ViewDocument* view, const QString& display, QObject* window)
{
    view->presentation().setDisplayOpen(display, true);
    QPointer<ViewDocument> guard(view);
    QObject::connect(window, &QObject::destroyed, view, [guard, display] {
        if (guard)
            guard->presentation().setDisplayOpen(display, false);
    });
}

} // namespace chitra::app
