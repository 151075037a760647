// What a user sets once (Edit ▸ Preferences): how durations are written, the state
// palette, how often the session is autosaved, and the short-visit threshold new Gantt
// and rate displays start with. Kept in QSettings under "preferences/".
//
//   Preferences::load()   the saved choices (defaults for what was never set)
//   save()                writes them
//   applyToDisplays()     makes the process-wide choices current (palette, duration unit,
//                         short-visit default); the window then redraws its displays and
//                         sets its autosave interval (MainWindow::applyPreferences)
#pragma once

#include "plotting/palette.hpp"

#include <optional>

namespace chitra::app {

struct Preferences {
    // The power of 1000 of the unit durations are written in (0 s, -1 ms, -2 µs, -3 ns);
    // nullopt: the prefix that suits each value.
    std::optional<int> secondsPrefix;
    StatePalette palette = StatePalette::tableau;
    int autosaveMinutes = 3; // 0: off
    double shortVisitSeconds = 5e-4;

    static Preferences load();
    void save() const;
    void applyToDisplays() const;

    bool operator==(const Preferences&) const = default;
};

} // namespace chitra::app
