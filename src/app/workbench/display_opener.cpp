#include "workbench/display_opener.hpp"

#include "displays/display_registry.hpp"
#include "document/view_document.hpp"

namespace chitra::app {

DisplayOpener::DisplayOpener(DisplayHost& host, QObject* parent) : QObject(parent), host_(host) {}

void DisplayOpener::open(ViewDocument* view, const QString& display)
{
    if (const DisplayType* type = DisplayRegistry::find(display))
        type->open(host_, view);
}

void DisplayOpener::close(ViewDocument* view, const QString& display)
{
    if (const DisplayType* type = DisplayRegistry::find(display))
        type->close(host_, view);
}

void DisplayOpener::openDefaults(ViewDocument* view)
{
    // Threads, ranks or components read best one row each (a restored session closes it
    // again if it was closed when saved).
    if (laneCountOf(view->lanesTrace()) > 1)
        view->presentation().setDisplayOpen(QStringLiteral("lanes"), true);
}

} // namespace chitra::app
