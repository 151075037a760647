// A main window for the tests that drive the whole workbench: shown, exposed, and asking
// no questions (restore dialogs off, every session question answered No); one with a
// trace open; a display opened from its View menu entry.
#pragma once

#include "session/session_controller.hpp"
#include "workbench/main_actions.hpp"
#include "workbench/main_window.hpp"

#include <QAction>

#include <QTest>

#include <memory>

namespace chitra::testutil {

inline std::unique_ptr<app::MainWindow> quietWindow(int width = 1300, int height = 900)
{
    auto w = std::make_unique<app::MainWindow>();
    w->resize(width, height);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        qWarning("window not exposed");
    w->sessionController()->setRestoreDialogs({});
    w->sessionController()->setAsker(
        [](app::SessionController::Question, const QString&) { return app::SessionController::Answer::No; });
    return w;
}

// A quiet window with `path` opened (a warning names what went wrong).
inline std::unique_ptr<app::MainWindow> windowWith(const QString& path)
{
    auto w = quietWindow();
    QString error;
    if (!w->openFileNow(path, &error))
        qWarning("%s", qPrintable(error));
    return w;
}

// Opens the display `name` of the current view from its View menu entry; its window W, or
// null.
template <class W> W* openDisplayFromMenu(app::MainWindow* w, const QString& name)
{
    QAction* action = w->actions()->displayAction(name);
    if (!action)
        return nullptr;
    action->trigger();
    return W::find(*w, w->currentView());
}

} // namespace chitra::testutil
