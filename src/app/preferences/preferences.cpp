#include "preferences/preferences.hpp"

#include "displays/min_visit_state.hpp"
#include "text/number_format.hpp"

#include "chitra/traceview/traceview.hpp"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace chitra::app {

namespace {
constexpr const char* kUnitKey = "preferences/duration_unit"; // "auto" or -3 .. 0
constexpr const char* kPaletteKey = "preferences/palette";
constexpr const char* kAutosaveKey = "preferences/autosave_minutes";
constexpr const char* kShortVisitKey = "preferences/short_visit_s";
constexpr const char* kThemeKey = "preferences/theme"; // desktop, light or dark

const char* themeKey(Theme theme)
{
    switch (theme) {
    case Theme::light:
        return "light";
    case Theme::dark:
        return "dark";
    case Theme::desktop:
        break;
    }
    return "desktop";
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe8, 0xe8, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8c, 0x8c));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3f, 0x42, 0x46));
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5d, 0x62));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa6, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x8c, 0xff));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    return p;
}
} // namespace

void applyTheme(Theme theme)
{
    // The desktop's look, as the program started with it, to come back to.
    static const QString desktopStyle = QApplication::style()->name();
    static const QPalette desktopPalette = QApplication::palette();
    static Theme current = Theme::desktop;
    if (theme == current)
        return;
    current = theme;
    if (theme == Theme::desktop) {
        QApplication::setStyle(desktopStyle);
        QApplication::setPalette(desktopPalette);
        return;
    }
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(theme == Theme::dark ? darkPalette() : QApplication::style()->standardPalette());
}

Preferences Preferences::load()
{
    QSettings s;
    Preferences p;
    p.shortVisitSeconds = kDefaultMinVisitSeconds;
    bool ok = false;
    const int power = s.value(kUnitKey, "auto").toInt(&ok);
    if (ok && power >= -3 && power <= 0)
        p.secondsPrefix = power;
    p.palette = paletteFromKey(s.value(kPaletteKey, "okabe-ito").toString());
    const int minutes = s.value(kAutosaveKey, p.autosaveMinutes).toInt(&ok);
    if (ok)
        p.autosaveMinutes = std::clamp(minutes, 0, 24 * 60);
    const double seconds = s.value(kShortVisitKey, p.shortVisitSeconds).toDouble(&ok);
    if (ok && std::isfinite(seconds) && seconds >= 0)
        p.shortVisitSeconds = seconds;
    const QString theme = s.value(kThemeKey, "desktop").toString();
    p.theme = theme == "dark" ? Theme::dark : theme == "light" ? Theme::light : Theme::desktop;
    return p;
}

void Preferences::save() const
{
    QSettings s;
    s.setValue(kUnitKey, secondsPrefix ? QString::number(*secondsPrefix) : QStringLiteral("auto"));
    s.setValue(kPaletteKey, paletteKey(palette));
    s.setValue(kAutosaveKey, autosaveMinutes);
    s.setValue(kShortVisitKey, shortVisitSeconds);
    s.setValue(kThemeKey, QString::fromLatin1(themeKey(theme)));
}

void Preferences::applyToDisplays() const
{
    setFixedSecondsPrefix(secondsPrefix);
    setStatePalette(palette);
    setPreferredMinVisitSeconds(shortVisitSeconds);
    applyTheme(theme);
}

} // namespace chitra::app
