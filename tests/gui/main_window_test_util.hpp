// A main window for the tests that drive the whole workbench: shown, exposed, and asking
// no questions (restore dialogs off, every session question answered No).
#pragma once

#include "session/session_controller.hpp"
#include "workbench/main_window.hpp"

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

} // namespace chitra::testutil
