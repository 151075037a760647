// A step made on one view, applied to a view of every other open trace (the runs of an
// ensemble share one pipeline): each view gets it as its own undoable step, and a view
// where the step changes nothing, is refused or warns is named.
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <QString>
#include <QStringList>

#include <vector>

namespace chitra::app {

class ViewDocument;

struct BroadcastOutcome {
    int applied = 0;       // views that took the step
    QStringList unmatched; // "view: why" for views where it matched nothing or warned
    QStringList refused;   // "view: the core's message"
    int inBackground = 0;  // replays still running (checked when they end)
};

// Pushes `step` onto each of `targets`.
BroadcastOutcome broadcastStep(const Step& step, const std::vector<ViewDocument*>& targets);

} // namespace chitra::app
