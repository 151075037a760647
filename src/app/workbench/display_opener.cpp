#include "workbench/display_opener.hpp"

#include "displays/traceview_window.hpp"
#include "document/view_document.hpp"
#include "session/session.hpp"
#include "session/session_model.hpp"
#include "workbench/main_window.hpp"

#include <QPointer>

namespace chitra::app {

DisplayOpener::DisplayOpener(MainWindow* window) : QObject(window), w_(window) {}

void DisplayOpener::open(ViewDocument* view, int display)
{
    w_->setCurrentView(view);
    view->setDisplayOpen(display, true);
    if (display == static_cast<int>(SessionModel::Display::Model))
        w_->showModel();
    if (display == static_cast<int>(SessionModel::Display::Gantt) ||
        display == static_cast<int>(SessionModel::Display::Rate)) {
        const auto kind = display == static_cast<int>(SessionModel::Display::Gantt) ? TraceviewWindow::Kind::Gantt
                                                                                    : TraceviewWindow::Kind::Rate;
        MainWindow* w = w_;
        auto makeView = [w](ViewDocument* d) { return w->session()->addView(w->session()->fileOf(d)); };
        TraceviewWindow* window = TraceviewWindow::open(view, kind, makeView, w_);
        // The tree shows the display closed once its window goes.
        QPointer<ViewDocument> guard(view);
        connect(window, &QObject::destroyed, this, [guard, display] {
            if (guard)
                guard->setDisplayOpen(display, false);
        });
    }
}

void DisplayOpener::close(ViewDocument* view, int display)
{
    view->setDisplayOpen(display, false);
    const bool gantt = display == static_cast<int>(SessionModel::Display::Gantt);
    const bool rate = display == static_cast<int>(SessionModel::Display::Rate);
    if (!gantt && !rate)
        return; // shown in the view's panel, which follows the view's displays
    for (TraceviewWindow* w : w_->findChildren<TraceviewWindow*>())
        if (w->document() == view && (w->kind() == TraceviewWindow::Kind::Gantt) == gantt)
            w->close();
}

void DisplayOpener::openDefaults(ViewDocument* view)
{
    // Threads, ranks or components read best one row each (a restored session closes it
    // again if it was closed when saved).
    if (laneCountOf(view->trace()) > 1)
        view->setDisplayOpen(static_cast<int>(SessionModel::Display::Lanes), true);
}

} // namespace chitra::app
