// Reopens a core chitra::Session in the workbench: opens its files (read off the GUI
// thread), asks about moved/changed/missing files through injectable dialogs, replays
// each view's pipeline (as undoable steps), restores y order, patterns and colours,
// selection, bookmarks, notes, displays, visible ranges and zoom history, and lists
// every part it could not restore (which file, view or display, and why).
#pragma once

#include "chitra/session/session.hpp"
#include "session/session_capture.hpp"

#include <QString>

#include <functional>
#include <string>
#include <vector>

class QWidget;

namespace chitra::app {

class SessionHost;

struct RestoreDialogs {
    // A missing file: the path the user picked instead, or empty to skip the file.
    std::function<QString(const TraceFileRef& ref, const QString& message)> locate;
    // A changed file: true re-applies the views to the new content, false skips it.
    std::function<bool(const TraceFileRef& ref, const QString& message)> reapplyChanged;
};
// QFileDialog / QMessageBox versions.
RestoreDialogs interactiveDialogs(QWidget* parent);

struct RestoreReport {
    int filesOpened = 0, viewsRestored = 0;
    std::vector<QString> problems; // one complete sentence each
    QString summary() const;       // the problems as one message
};

// Adds the session's files and views to `window` (the caller clears it first to
// replace). `dialogs` empty (or not interactive): moved files are still found relative
// to `sessionDir`; changed and missing ones are skipped and reported. Identity checks
// of the opened files go into `cache` so the next capture does not hash again.
RestoreReport restoreSession(SessionHost& window, const chitra::Session& session, const std::string& sessionDir,
                             const RestoreDialogs& dialogs, bool background = true, FileRefCache* cache = nullptr);

} // namespace chitra::app
