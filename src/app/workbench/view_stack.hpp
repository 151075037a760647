// The centre of the main window: one ViewPanel per view of the session, the current
// view's in front, and a hint to open a trace while there is no view.
#pragma once

#include <QStackedWidget>

#include <map>

class QLabel;

namespace chitra::app {

class ViewDocument;
class ViewPanel;

class ViewStack : public QStackedWidget {
    Q_OBJECT
public:
    explicit ViewStack(QWidget* parent = nullptr);

    ViewPanel* add(ViewDocument* view);           // makes the view's panel
    void remove(ViewDocument* view);              // deletes its panel (later)
    ViewPanel* panelOf(ViewDocument* view) const; // null when it has none
    ViewDocument* anyView() const;                // a view with a panel, or null
    void bringToFront(ViewDocument* view);        // its panel, or the hint if it has none

private:
    QLabel* placeholder_;
    std::map<ViewDocument*, ViewPanel*> panels_;
};

} // namespace chitra::app
