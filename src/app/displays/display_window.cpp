#include "displays/display_window.hpp"

#include "displays/headless_settle.hpp"

#include <QPointer>

#include <iostream>

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

int saveDisplayPicture(QWidget& window, const HeadlessRequest& request, const std::function<void()>& ready)
{
    window.resize(request.size);
    window.show();
    if (ready)
        ready();
    settleFor(100);
    if (!window.grab().save(request.screenshot)) {
        std::cerr << "chitra: cannot write " << request.screenshot.toStdString() << '\n';
        return 3;
    }
    return 0;
}

} // namespace chitra::app
