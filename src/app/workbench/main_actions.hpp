// Menus, toolbar and keyboard shortcuts of the main window.
#pragma once

#include <QList>
#include <QObject>
#include <QDockWidget>
#include <QPointer>

#include <utility>
#include <vector>

class QAction;
class QDockWidget;
class QMenu;

namespace chitra::app {

class DisplayType;
class MainWindow;

class MainActions : public QObject {
    Q_OBJECT
public:
    explicit MainActions(MainWindow* window);
    void updateRecent();
    void viewChanged(); // enable/disable what needs a view

    QAction* open;
    QAction* undo;
    QAction* redo;
    QAction* timeView;
    QAction* eventView;
    QAction* fitAll;
    QAction* undoZoom;
    QAction* bandMode;
    QAction* showNames;
    QAction* connectors;
    QAction* clipVisible;
    QAction* aggregate;
    QAction* timeFilter;
    QAction* eventFilter;
    QAction* frequencyFilter;
    QAction* setProjection;
    QAction* componentProjection;
    QAction* exclude;
    QAction* parallel;
    QAction* rules;
    QAction* fitModel;
    QAction* ensemble;   // Model ▸ Ensemble of open traces (ensemble/ensemble_window.hpp)
    QAction* applyToAll; // Transform ▸ Apply last step to every open trace
    // View ▸ the entry of the display of that name in the display registry, or null.
    QAction* displayAction(const QString& display) const;
    // Traceview displays (traceview_window.hpp)
    QAction* viewDefinition;
    QAction* exportDisplay;
    QAction* dumpView;
    QAction* dumpDerivation;
    QAction* preferences;       // Edit ▸ Preferences (dialogs/preferences_dialog.hpp)
    QAction* focus;             // View ▸ Focus on the displays: hides and restores the docks
    QAction* resetLayout;       // View ▸ Reset panel layout: the docks as on first start
    QAction* keyboardShortcuts; // Help ▸ Keyboard shortcuts (dialogs/shortcuts_dialog.hpp)

private:
    MainWindow* w_;
    std::vector<std::pair<const DisplayType*, QAction*>> displayActions_;
    QMenu* recent_;
    QList<QPointer<QDockWidget>> focusHidden_;
};

} // namespace chitra::app
