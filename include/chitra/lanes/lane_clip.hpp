// The part of a trace's lanes in a time window: what `convert --range` writes, so that a
// window cut from a long trace keeps its lanes' nesting, its counters' increase and the
// messages sent in it.
#pragma once

#include "chitra/lanes/lane_trace.hpp"

namespace chitra {

// The lanes of `trace` in [t0, t1) (absolute ns, t0 < t1):
// - each lane enters at t0 the regions open on it there (bottom first, each a call from
//   t0), then changes as in `trace` until t1;
// - a gauge keeps at t0 the value it had there; a counter gets samples at t0 and t1 on the
//   line between the samples that bracket them, so that its increase over the window,
//   spread as its rate is, stays the same;
// - the messages sent in [t0, t1), as `messages --range` counts them (a receive may fall
//   after t1);
// - the end is t1, or the trace's last event when that comes first.
// Lanes, their names and order, state names and colours stay as they are. Throws
// InputError when t0 >= t1, or when a lane's stack cannot be replayed (lane_trace.hpp).
LaneTrace clip_lanes(const LaneTrace& trace, Time t0, Time t1);

} // namespace chitra
