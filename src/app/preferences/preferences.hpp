// What a user sets once (Edit ▸ Preferences): how durations are written, the state
// palette, how often the session is autosaved, the short-visit threshold new Gantt and
// rate displays start with, and the theme. Kept in QSettings under "preferences/".
//
//   Preferences::load()   the saved choices (defaults for what was never set)
//   save()                writes them
//   applyToDisplays()     makes the process-wide choices current (palette, duration unit,
//                         short-visit default, theme); the window then redraws its displays and
//                         sets its autosave interval (MainWindow::applyPreferences)
#pragma once

#include "plotting/palette.hpp"

#include <optional>

namespace chitra::app {

// The desktop's own colours, or light or dark ones whatever the desktop uses.
enum class Theme { desktop, light, dark };

struct Preferences {
    // The power of 1000 of the unit durations are written in (0 s, -1 ms, -2 µs, -3 ns);
    // nullopt: the prefix that suits each value.
    std::optional<int> secondsPrefix;
    StatePalette palette = StatePalette::okabeIto;
    int autosaveMinutes = 3; // 0: off
    double shortVisitSeconds = 5e-4;
    Theme theme = Theme::desktop;

    static Preferences load();
    void save() const;
    void applyToDisplays() const;

    bool operator==(const Preferences&) const = default;
};

// Makes `theme` the application's: the desktop's palette and style as the program
// started with them, or the Fusion style with a light or a dark palette. Plots follow
// (plotting/plot_theme.hpp).
void applyTheme(Theme theme);

} // namespace chitra::app
