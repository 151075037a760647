#!/usr/bin/python3
"""An OTF2 archive of an MPI ring with one slow rank, written through the OTF2 writer
(Debian's python3-otf2): RANKS ranks (default 8) repeat ROUNDS rounds (default 40) of
compute, then MPI_Send to the next rank and MPI_Recv from the one before; rank SLOW
(default 5) computes four times as long as the others, who wait for it in MPI_Recv (the
delay travels around the ring). Seeded jitter; times in ns.
  make_otf2_slow_rank.py DIR [RANKS] [SLOW] [ROUNDS] [SEED]"""
import random
import sys

import otf2
from otf2.enums import GroupType, Paradigm, GroupFlag

out = sys.argv[1]
RANKS = int(sys.argv[2]) if len(sys.argv) > 2 else 8
SLOW = int(sys.argv[3]) if len(sys.argv) > 3 else 5
ROUNDS = int(sys.argv[4]) if len(sys.argv) > 4 else 40
rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
LATENCY = 400

with otf2.writer.open(out, timer_resolution=1_000_000_000) as trace:
    defs = trace.definitions
    node = defs.system_tree_node("node")
    groups = [defs.location_group(f"rank {r}", system_tree_parent=node) for r in range(RANKS)]
    locations = [defs.location("thread 0", group=groups[r]) for r in range(RANKS)]
    defs.group("world locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
               group_flags=GroupFlag.NONE, members=locations)
    world = defs.comm("MPI_COMM_WORLD", group=defs.group("world", group_type=GroupType.COMM_GROUP,
                                                           paradigm=Paradigm.MPI, group_flags=GroupFlag.NONE,
                                                           members=list(range(RANKS))))
    region = {name: defs.region(name) for name in ("main", "compute", "MPI_Send", "MPI_Recv")}
    events = [[] for _ in range(RANKS)]
    now = [1_000 + rng.randint(0, 50) for _ in range(RANKS)]
    for r in range(RANKS):
        events[r].append((now[r], "enter", "main"))
    for _ in range(ROUNDS):
        sent = [0] * RANKS
        for r in range(RANKS):  # compute, then send to the next rank
            work = rng.randint(900, 1100) * (4 if r == SLOW else 1)
            events[r] += [(now[r] + 5, "enter", "compute"), (now[r] + 5 + work, "leave", "compute")]
            t = now[r] + 10 + work
            sent[r] = t + 5
            events[r] += [(t, "enter", "MPI_Send"), (sent[r], "send", (r + 1) % RANKS, 0, 64),
                          (t + 20, "leave", "MPI_Send")]
            now[r] = t + 20
        for r in range(RANKS):  # receive from the one before: waits for its send
            left = (r - 1) % RANKS
            enter = now[r] + 5
            got = max(enter + 50, sent[left] + LATENCY + rng.randint(0, 40))
            events[r] += [(enter, "enter", "MPI_Recv"), (got, "recv", left, 0, 64), (got + 10, "leave", "MPI_Recv")]
            now[r] = got + 10
    for r in range(RANKS):
        events[r].append((now[r] + 5, "leave", "main"))
    for r in range(RANKS):
        w = trace.event_writer_from_location(locations[r])
        for e in sorted(events[r], key=lambda e: e[0]):
            t, kind = e[0], e[1]
            if kind == "enter":
                w.enter(t, region[e[2]])
            elif kind == "leave":
                w.leave(t, region[e[2]])
            elif kind == "send":
                w(otf2.events.MpiSend(t, e[2], world, e[3], e[4]))
            else:
                w(otf2.events.MpiRecv(t, e[2], world, e[3], e[4]))
