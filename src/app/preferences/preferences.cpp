#include "preferences/preferences.hpp"

#include "displays/min_visit_state.hpp"
#include "text/number_format.hpp"

#include "chitra/traceview/traceview.hpp"

#include <QSettings>

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {
constexpr const char* kUnitKey = "preferences/duration_unit"; // "auto" or -3 .. 0
constexpr const char* kPaletteKey = "preferences/palette";
constexpr const char* kAutosaveKey = "preferences/autosave_minutes";
constexpr const char* kShortVisitKey = "preferences/short_visit_s";
} // namespace

Preferences Preferences::load()
{
    QSettings s;
    Preferences p;
    p.shortVisitSeconds = kDefaultMinVisitSeconds;
    bool ok = false;
    const int power = s.value(kUnitKey, "auto").toInt(&ok);
    if (ok && power >= -3 && power <= 0)
        p.secondsPrefix = power;
    p.palette = paletteFromKey(s.value(kPaletteKey, "tableau").toString());
    const int minutes = s.value(kAutosaveKey, p.autosaveMinutes).toInt(&ok);
    if (ok)
        p.autosaveMinutes = std::clamp(minutes, 0, 24 * 60);
    const double seconds = s.value(kShortVisitKey, p.shortVisitSeconds).toDouble(&ok);
    if (ok && std::isfinite(seconds) && seconds >= 0)
        p.shortVisitSeconds = seconds;
    return p;
}

void Preferences::save() const
{
    QSettings s;
    s.setValue(kUnitKey, secondsPrefix ? QString::number(*secondsPrefix) : QStringLiteral("auto"));
    s.setValue(kPaletteKey, paletteKey(palette));
    s.setValue(kAutosaveKey, autosaveMinutes);
    s.setValue(kShortVisitKey, shortVisitSeconds);
}

void Preferences::applyToDisplays() const
{
    setFixedSecondsPrefix(secondsPrefix);
    setStatePalette(palette);
    setPreferredMinVisitSeconds(shortVisitSeconds);
}

} // namespace chitra::app
