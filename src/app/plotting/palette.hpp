// One qualitative palette for states and one for brushed patterns, so the same symbol has
// the same colour in every display. The state palette is a preference (Edit ▸ Preferences).
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

#include <cstdint>

namespace chitra::app {

enum class StatePalette : std::uint8_t {
    tableau, // Tableau 10: the default
    tol,     // Paul Tol's "muted": told apart with the common forms of colour blindness
};
// The palette's name in settings ("tableau", "tol") and back (tableau for an unknown name).
QString paletteKey(StatePalette palette);
StatePalette paletteFromKey(const QString& key);

// The palette stateColour() uses from now on (displays redraw to show it).
void setStatePalette(StatePalette palette);
StatePalette statePalette();
// Changes with every setStatePalette() that changes the palette: drawing code that caches
// colours compares it with the value it cached them at.
int paletteGeneration();

// The state palette's colour for a symbol id (ids are stable within a view's symbol table).
QColor stateColour(std::uint32_t symbol);
// A 12-pixel square of `colour` with a darker edge: a state's colour in lists and menus.
QIcon colourSwatch(const QColor& colour);

// Okabe-Ito without black and yellow (too faint as a shade), for pattern n (0, 1, ...).
QColor patternColour(int n);

} // namespace chitra::app
