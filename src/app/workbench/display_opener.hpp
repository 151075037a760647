// Opens and closes the displays of a view by their names in the display registry
// (displays/display_registry.hpp): the session tree, the View menu and restored sessions
// come here. A new view of a trace of several lanes opens its lanes view.
#pragma once

#include <QObject>
#include <QString>

namespace chitra::app {

class DisplayHost;
class ViewDocument;

class DisplayOpener : public QObject {
    Q_OBJECT
public:
    DisplayOpener(DisplayHost& host, QObject* parent);

    void open(ViewDocument* view, const QString& display);
    void close(ViewDocument* view, const QString& display);
    // The displays a new view starts with besides those listed for every view.
    void openDefaults(ViewDocument* view);

private:
    DisplayHost& host_;
};

} // namespace chitra::app
