// What a display needs from the workbench window that shows it, and nothing more: the
// display registry (display_registry.hpp), the session's display states and the opener
// reach the window through this interface, not through MainWindow.
#pragma once

class QWidget;

namespace chitra::app {

class ViewDocument;
class ViewPanel;

class DisplayHost {
public:
    virtual ~DisplayHost() = default;

    // The window's widget: the parent of displays that live in windows of their own, and
    // where such a display's window is found again.
    virtual QWidget* hostWidget() = 0;
    virtual const QWidget* hostWidget() const = 0;
    // The panel showing `view` (its trace, frequency and lanes views), or null.
    virtual ViewPanel* panelOf(ViewDocument* view) const = 0;
    // A new view of the trace `view` shows (a display's "apply as new view").
    virtual ViewDocument* addViewOfSameTrace(ViewDocument* view) = 0;
    // The chain fitted to the current view, in the model window.
    virtual void showModel() = 0;
};

} // namespace chitra::app
