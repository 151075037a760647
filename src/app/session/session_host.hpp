// What sessions use of the workbench window: capture (session_capture.hpp), restore
// (session_restore.hpp) and the controller (session_controller.hpp) see the window
// through this interface, not through MainWindow.
#pragma once

#include "displays/display_host.hpp"
#include "ensemble/ensemble_measurement.hpp"

#include <QString>

#include <vector>

class QMainWindow;

namespace chitra::app {

class EnsembleWindow;
class Workspace;
class ViewDocument;

class SessionHost : public DisplayHost {
public:
    // The files and views the window shows.
    virtual Workspace* workspace() const = 0;
    virtual ViewDocument* currentView() const = 0;
    virtual void setCurrentView(ViewDocument* view) = 0;
    // The window itself: its geometry, dock layout, menus, title and child windows.
    virtual QMainWindow& mainWindow() = 0;
    virtual const QMainWindow& mainWindow() const = 0;
    // An Ensemble window of `members` with `pipeline` applied to each.
    virtual EnsembleWindow* openEnsemble(std::vector<MemberInput> members, const Pipeline& pipeline) = 0;
    // A line in the status bar.
    virtual void showMessage(const QString& text) = 0;
};

} // namespace chitra::app
