// Plots in the colours of the widget palette: background, axes, tick labels, grid, legend
// and text items follow it, and follow it again whenever it changes, so that a plot
// reads the same under a light or a dark desktop theme (or Preferences ▸ Theme).
#pragma once

class QCustomPlot;
class QPalette;

namespace chitra::app {

// Colours `plot` from its palette now and before every later replot (axes added later
// are coloured too). Pens a plot chose to hide (Qt::NoPen) stay hidden.
void followPalette(QCustomPlot* plot);

// Whether `palette` is a dark one (light text on a dark base).
bool isDark(const QPalette& palette);

} // namespace chitra::app
