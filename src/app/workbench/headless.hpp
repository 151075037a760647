// The command line of `chitra`: --open FILE... [--session FILE] [--pipeline P.json]
// [--display time|event|frequency|model] [--screenshot OUT.png] [--size WxH]
// [--benchmark-replot N] [--undo N] [--dialog time-filter|event-filter [--threshold V]]
// [--frequency-range F0:F1]. Exit 0, 2 for usage errors, 3 for bad input.
#pragma once

#include <QStringList>

#include <QStringList>

class QApplication;

namespace chitra::app {

// True when argv asks for a screenshot or a benchmark (so the caller picks the
// offscreen platform before the QApplication exists).
bool wantsHeadless(int argc, char** argv);
// QGuiApplication takes "-session"/"--session" for X11 session management and drops it
// from arguments(): rename ours to --open-session in argv before the QApplication exists.
void protectSessionOption(int argc, char** argv);
// Runs the workbench; returns the process exit status.
int runWorkbench(QApplication& app);
// The same with `arguments` (the program name first) instead of the application's.
int runWorkbench(QApplication& app, const QStringList& arguments);

} // namespace chitra::app
