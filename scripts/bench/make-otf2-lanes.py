#!/usr/bin/python3
"""OTF2 archive of EVENTS Enter/Leave events spread evenly over LOCATIONS busy locations,
shaped like tests/bench/otf2_bench_tool write (nested regions, depth 1-4 of 12 regions,
20-2000 ns steps, 1 GHz timer), through the OTF2 Python bindings (Debian python3-otf2;
run with /usr/bin/python3). Seeded.
  make-otf2-lanes.py DIR EVENTS LOCATIONS [SEED]"""
import ctypes
import random
import sys

import _otf2
from _otf2 import conf

out, events, locations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
rng = random.Random(seed)
REGIONS = 12
archive = _otf2.Archive_Open(out, "traces", _otf2.FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                             _otf2.SUBSTRATE_POSIX, _otf2.COMPRESSION_NONE)
flush = _otf2.FlushCallbacks(lambda *a: _otf2.FLUSH, lambda *a: 0)
_otf2.Archive_SetFlushCallbacks(archive, flush, None)
_otf2.Archive_SetSerialCollectiveCallbacks(archive)
_otf2.Archive_OpenEvtFiles(archive)
enter_c, leave_c = conf.lib.OTF2_EvtWriter_Enter, conf.lib.OTF2_EvtWriter_Leave
for f in (enter_c, leave_c):
    f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32]
    f.restype = ctypes.c_int
start = 1_000_000_000
end = start
counts = []
randrange = rng.randrange
for loc in range(locations):
    w = _otf2.Archive_GetEvtWriter(archive, loc)
    wp = ctypes.cast(w, ctypes.c_void_p)
    stack, t = [], start
    n = events // locations + (1 if loc < events % locations else 0)
    for i in range(n):
        t += 20 + randrange(1981)
        left = n - i
        if not stack or (len(stack) < 4 and left > len(stack) and randrange(2) == 0):
            stack.append(randrange(REGIONS))
            enter_c(wp, None, t, stack[-1])
        else:
            leave_c(wp, None, t, stack.pop())
    end = max(end, t)
    counts.append(_otf2.EvtWriter_GetNumberOfEvents(w))
    _otf2.Archive_CloseEvtWriter(archive, w)
_otf2.Archive_CloseEvtFiles(archive)
_otf2.Archive_OpenDefFiles(archive)
for loc in range(locations):
    _otf2.Archive_CloseDefWriter(archive, _otf2.Archive_GetDefWriter(archive, loc))
_otf2.Archive_CloseDefFiles(archive)
g = _otf2.Archive_GetGlobalDefWriter(archive)
_otf2.GlobalDefWriter_WriteClockProperties(g, 1_000_000_000, start, end - start, _otf2.UNDEFINED_TIMESTAMP)
strings = []
def string(s):
    _otf2.GlobalDefWriter_WriteString(g, len(strings), s)
    strings.append(s)
    return len(strings) - 1
empty = string("")
_otf2.GlobalDefWriter_WriteSystemTreeNode(g, 0, string("node"), string("machine"), _otf2.UNDEFINED_SYSTEM_TREE_NODE)
_otf2.GlobalDefWriter_WriteLocationGroup(g, 0, string("rank 0"), _otf2.LOCATION_GROUP_TYPE_PROCESS, 0,
                                         _otf2.UNDEFINED_LOCATION_GROUP)
for r in range(REGIONS):
    _otf2.GlobalDefWriter_WriteRegion(g, r, string(f"region_{r}"), empty, empty, _otf2.REGION_ROLE_FUNCTION,
                                      _otf2.PARADIGM_USER, _otf2.REGION_FLAG_NONE, empty, 0, 0)
for loc in range(locations):
    _otf2.GlobalDefWriter_WriteLocation(g, loc, string(f"thread {loc}"), _otf2.LOCATION_TYPE_CPU_THREAD,
                                        counts[loc], 0)
_otf2.Archive_CloseGlobalDefWriter(archive, g)
_otf2.Archive_Close(archive)
print(f"{out}: {events} events in {locations} locations", file=sys.stderr)
