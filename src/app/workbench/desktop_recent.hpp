// The desktop's list of recently used files (freedesktop.org's recently-used.xbel, which
// file choosers and launchers show), kept beside File ▸ Open recent.
#pragma once

#include <QString>

namespace chitra::app {

// Where the desktop keeps the list: $XDG_DATA_HOME/recently-used.xbel.
QString desktopRecentPath();
// Records that Chitra opened `path` now: its entry first written or refreshed, every
// other program's entry kept as it is. Failures are silent: the list is a courtesy.
void addToDesktopRecent(const QString& path);
// The same on a thread of its own, in the order asked: reading and rewriting the list
// takes milliseconds of file work that the GUI thread does not wait for.
void addToDesktopRecentInBackground(const QString& path);
// Returns once every update asked for so far is written.
void waitForDesktopRecent();

} // namespace chitra::app
