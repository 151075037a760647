// Headless pictures (`chitra --screenshot`): lets the event loop run for `ms` so that what
// a display queued (replots, layouts, background results) lands before the picture.
#pragma once

namespace chitra::app {

void settleFor(int ms);

} // namespace chitra::app
