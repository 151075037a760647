// Builds a core chitra::Session (include/chitra/session/session.hpp) from what the workbench
// shows: its files, each view's pipeline, y order, pattern colours, selection,
// bookmarks and notes, each open display's state (captured by the display itself,
// displays/display_registry.hpp), and the window layout. The reverse is session_restore.hpp.
#pragma once

#include "chitra/session/session.hpp"
// Also gives kMinVisitKey (the Gantt and rate displays' short-visit threshold) to code
// that checks saved display options through this header.
#include "displays/min_visit_state.hpp"

#include <QString>

#include <map>
#include <string>

namespace chitra::app {

class SessionHost;

// Hashing a trace on every capture (autosave) is wasteful: refs computed once per
// absolute path are kept here.
using FileRefCache = std::map<std::string, TraceFileRef>;

// `sessionDir` is the folder relative paths are computed against (empty: none yet).
chitra::Session captureSession(const SessionHost& window, const std::string& sessionDir, FileRefCache* cache = nullptr);

// Display ids are "f<file>v<view>-<display>"; the layout's current view is
// "<file>/<view name>" (the FILE-INDEX/VIEW-NAME form of session.hpp).
QString displayId(int file, int view, const QString& display);
QString viewKey(int file, const QString& viewName);

} // namespace chitra::app
