// Builds a core chitra::Session (include/chitra/session/session.hpp) from what the workbench
// shows: its files, each view's pipeline, y order, pattern colours, selection,
// bookmarks and notes, each display's range, zoom history and options, and the window
// layout. The reverse is session_restore.hpp.
#pragma once

#include "chitra/session/session.hpp"

#include <QString>

#include <map>
#include <string>

namespace chitra::app {

class MainWindow;

// Hashing a trace on every capture (autosave) is wasteful: refs computed once per
// absolute path are kept here.
using FileRefCache = std::map<std::string, TraceFileRef>;

// `sessionDir` is the folder relative paths are computed against (empty: none yet).
chitra::Session captureSession(const MainWindow& window, const std::string& sessionDir, FileRefCache* cache = nullptr);

// Display ids are "f<file>v<view>-<display>"; the layout's current view is
// "<file>/<view name>" (the FILE-INDEX/VIEW-NAME form of session.hpp).
QString displayId(int file, int view, const char* display);
QString viewKey(int file, const QString& viewName);

// The trace display's y-order mode, kept in its options.extra["y_order"].
inline constexpr const char* kYOrderKey = "y_order";
// Frequency display: "0" when auto update is off; the shaded band "F0:F1"; "1" for a
// logarithmic frequency axis and for "zoom to peak".
inline constexpr const char* kAutoUpdateKey = "auto_update";
inline constexpr const char* kBandKey = "band";
inline constexpr const char* kLogFrequencyKey = "log_frequency";
inline constexpr const char* kPeakZoomKey = "zoom_to_peak";
// Gantt display: per chart N, "chart.N" = "shown|hidden,DENSITY,average|" (DENSITY is
// "", "point" or "value"); "time_weighted" = "0" for Traceview's plain mean.
inline constexpr const char* kChartKeyPrefix = "chart.";
inline constexpr const char* kTimeWeightedKey = "time_weighted";
// Gantt and rate displays: the short-visit threshold in seconds ("0" = off), written only
// when it differs from kDefaultMinVisitSeconds (older sessions have none: the default).
inline constexpr const char* kMinVisitKey = "min_visit_s";

} // namespace chitra::app
