// One qualitative, colour-blind-safe palette for states and one for brushed patterns,
// so the same symbol has the same colour in every display.
#pragma once

#include <QColor>
#include <cstdint>

namespace chitra::app {

// Tableau 10, indexed by symbol id (ids are stable within a view's symbol table).
QColor stateColour(std::uint32_t symbol);
// Okabe-Ito without black and yellow (too faint as a shade), for pattern n (0, 1, ...).
QColor patternColour(int n);

} // namespace chitra::app
