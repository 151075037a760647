#!/usr/bin/python3
"""OTF2 archive of MESSAGES point-to-point MPI messages among LOCATIONS ranks, in rounds:
each rank sends to the next (MPI_Send, MpiSend) and receives from the one before
(MPI_Recv, MpiRecv), tag 0 on MPI_COMM_WORLD, 1 GHz timer. The traces the import of
messages is compared with: --without, the same Enter/Leave events and no MPI event;
--requests, MpiIsendComplete and MpiIrecvRequest events (no message, only times) where
the sends and receives were. Written through the OTF2 Python bindings' C calls (Debian
python3-otf2; run with /usr/bin/python3).
  make-otf2-messages.py DIR MESSAGES LOCATIONS [--without | --requests]"""
import ctypes
import sys

import _otf2
from _otf2 import conf

out, messages, locations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
without = "--without" in sys.argv[4:]
requests = "--requests" in sys.argv[4:]
rounds = max(1, messages // locations)
archive = _otf2.Archive_Open(out, "traces", _otf2.FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                             _otf2.SUBSTRATE_POSIX, _otf2.COMPRESSION_NONE)
flush = _otf2.FlushCallbacks(lambda *a: _otf2.FLUSH, lambda *a: 0)
_otf2.Archive_SetFlushCallbacks(archive, flush, None)
_otf2.Archive_SetSerialCollectiveCallbacks(archive)
_otf2.Archive_OpenEvtFiles(archive)
lib = conf.lib
enter_c, leave_c = lib.OTF2_EvtWriter_Enter, lib.OTF2_EvtWriter_Leave
for f in (enter_c, leave_c):
    f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32]
    f.restype = ctypes.c_int
send_c, recv_c = lib.OTF2_EvtWriter_MpiSend, lib.OTF2_EvtWriter_MpiRecv
for f in (send_c, recv_c):
    f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint32,
                  ctypes.c_uint32, ctypes.c_uint64]
    f.restype = ctypes.c_int
done_c, posted_c = lib.OTF2_EvtWriter_MpiIsendComplete, lib.OTF2_EvtWriter_MpiIrecvRequest
for f in (done_c, posted_c):
    f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64]
    f.restype = ctypes.c_int
SEND, RECV = 0, 1
start = 1_000_000_000
counts = []
for loc in range(locations):
    w = _otf2.Archive_GetEvtWriter(archive, loc)
    wp = ctypes.cast(w, ctypes.c_void_p)
    t = start + loc
    after, before = (loc + 1) % locations, (loc - 1) % locations
    for k in range(rounds):
        enter_c(wp, None, t, SEND)
        if requests:
            done_c(wp, None, t + 10, k)
        elif not without:
            send_c(wp, None, t + 10, after, 0, 0, 64)
        leave_c(wp, None, t + 20, SEND)
        enter_c(wp, None, t + 30, RECV)
        if requests:
            posted_c(wp, None, t + 500, k)
        elif not without:
            recv_c(wp, None, t + 500, before, 0, 0, 64)
        leave_c(wp, None, t + 510, RECV)
        t += 1000
    counts.append(_otf2.EvtWriter_GetNumberOfEvents(w))
    _otf2.Archive_CloseEvtWriter(archive, w)
_otf2.Archive_CloseEvtFiles(archive)
_otf2.Archive_OpenDefFiles(archive)
for loc in range(locations):
    _otf2.Archive_CloseDefWriter(archive, _otf2.Archive_GetDefWriter(archive, loc))
_otf2.Archive_CloseDefFiles(archive)
g = _otf2.Archive_GetGlobalDefWriter(archive)
_otf2.GlobalDefWriter_WriteClockProperties(g, 1_000_000_000, start, rounds * 1000 + locations,
                                           _otf2.UNDEFINED_TIMESTAMP)
strings = []
def string(s):
    _otf2.GlobalDefWriter_WriteString(g, len(strings), s)
    strings.append(s)
    return len(strings) - 1
empty = string("")
_otf2.GlobalDefWriter_WriteSystemTreeNode(g, 0, string("node"), string("machine"), _otf2.UNDEFINED_SYSTEM_TREE_NODE)
for loc in range(locations):
    _otf2.GlobalDefWriter_WriteLocationGroup(g, loc, string(f"rank {loc}"), _otf2.LOCATION_GROUP_TYPE_PROCESS, 0,
                                             _otf2.UNDEFINED_LOCATION_GROUP)
for r, name in ((SEND, "MPI_Send"), (RECV, "MPI_Recv")):
    _otf2.GlobalDefWriter_WriteRegion(g, r, string(name), empty, empty, _otf2.REGION_ROLE_FUNCTION,
                                      _otf2.PARADIGM_MPI, _otf2.REGION_FLAG_NONE, empty, 0, 0)
for loc in range(locations):
    _otf2.GlobalDefWriter_WriteLocation(g, loc, string("thread 0"), _otf2.LOCATION_TYPE_CPU_THREAD, counts[loc], loc)
_otf2.GlobalDefWriter_WriteGroup(g, 0, string("world locations"), _otf2.GROUP_TYPE_COMM_LOCATIONS, _otf2.PARADIGM_MPI,
                                 _otf2.GROUP_FLAG_NONE, list(range(locations)))
_otf2.GlobalDefWriter_WriteGroup(g, 1, string("world"), _otf2.GROUP_TYPE_COMM_GROUP, _otf2.PARADIGM_MPI,
                                 _otf2.GROUP_FLAG_NONE, list(range(locations)))
_otf2.GlobalDefWriter_WriteComm(g, 0, string("MPI_COMM_WORLD"), 1, _otf2.UNDEFINED_COMM, _otf2.COMM_FLAG_NONE)
_otf2.Archive_CloseGlobalDefWriter(archive, g)
_otf2.Archive_Close(archive)
print(f"{out}: {rounds * locations} messages{' (left out)' if without or requests else ''} in {locations} locations",
      file=sys.stderr)
