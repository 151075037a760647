// The qualitative palettes of the workbench: the state palette (a preference, Edit ▸
// Preferences), whose colours StateColours deals out to a view's states, and the
// colours of brushed patterns and of series that are not states (fields, members).
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

#include <cstdint>

namespace chitra::app {

enum class StatePalette : std::uint8_t {
    okabeIto, // Okabe and Ito's colour-blind-safe set, grey for black: the default
    tol,      // Paul Tol's "muted": also told apart with the common forms of colour blindness
};
// The palette's name in settings ("okabe-ito", "tol") and back (okabe-ito for any other).
QString paletteKey(StatePalette palette);
StatePalette paletteFromKey(const QString& key);

// The palette the colour functions use from now on (displays redraw to show it).
void setStatePalette(StatePalette palette);
StatePalette statePalette();
// Changes with every setStatePalette() that changes the palette: drawing code that caches
// colours compares it with the value it cached them at.
int paletteGeneration();

// The state palette's colours: kPrimaryColours that are told apart from one another (the 8
// states covering most time in a view get one each), then secondary colours, lighter and
// darker forms of them, for the other states.
inline constexpr int kPrimaryColours = 8;
QColor primaryColour(int slot);                       // slot in [0, kPrimaryColours)
QColor primaryColour(int slot, StatePalette palette); // of a palette not in use (Preferences)
int secondaryColourCount();
QColor secondaryColour(int slot); // slot in [0, secondaryColourCount())
// Colour n (0, 1, ...) of a series that is not a state: a field's line, an ensemble member.
QColor seriesColour(int n);

// A 12-pixel square of `colour` with a darker edge: a state's colour in lists and menus.
QIcon colourSwatch(const QColor& colour);

// Okabe-Ito without black and yellow (too faint as a shade), for pattern n (0, 1, ...).
QColor patternColour(int n);

} // namespace chitra::app
