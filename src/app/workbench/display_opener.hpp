// Opens and closes the displays of a view that the session tree lists
// (SessionModel::Display): the frequency and lanes views in the view's panel, the model
// window of a chain fit, and the Gantt and rate windows, which the tree shows closed once
// they go. A new view of a trace of several lanes opens its lanes view.
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
    // The displays a new view starts with besides its trace and frequency views.
    void openDefaults(ViewDocument* view);

private:
    MainWindow* w_;
};

} // namespace chitra::app
