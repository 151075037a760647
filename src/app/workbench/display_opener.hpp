// Opens and closes the displays of a view that the session tree lists
// (SessionModel::Display): the frequency view in the view's panel, the model window of
// a chain fit, and the Gantt and rate windows, which the tree shows closed once they go.
#pragma once

#include <QObject>

namespace chitra::app {

class MainWindow;
class ViewDocument;

class DisplayOpener : public QObject {
    Q_OBJECT
public:
    explicit DisplayOpener(MainWindow* window);

    void open(ViewDocument* view, int display); // makes the view current first
    void close(ViewDocument* view, int display);

private:
    MainWindow* w_;
};

} // namespace chitra::app
