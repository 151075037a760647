#!/usr/bin/python3
"""An OTF2 archive of 4 ranks exchanging point-to-point messages, written through the OTF2
writer (Debian's python3-otf2): blocking MPI_Send/MPI_Recv and non-blocking
MPI_Isend/MPI_Irecv with their MPI_Wait, on MPI_COMM_WORLD and on a communicator of ranks
3 and 1 (in that order, so that ranks are not location numbers), several messages of one
tag in a row (matched in order), receivers that wait for late senders, and one send that
nobody receives. Seeded; times in ns.
  make_otf2_messages.py DIR [SEED]"""
import random
import sys

import otf2
from otf2.enums import GroupType, Paradigm, GroupFlag

out = sys.argv[1]
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
RANKS = 4

with otf2.writer.open(out, timer_resolution=1_000_000_000) as trace:
    defs = trace.definitions
    node = defs.system_tree_node("node")
    groups = [defs.location_group(f"rank {r}", system_tree_parent=node) for r in range(RANKS)]
    # Locations defined in reverse order: location number and rank differ.
    locations = {r: defs.location("thread 0", group=groups[r]) for r in reversed(range(RANKS))}
    world_locations = defs.group("world locations", group_type=GroupType.COMM_LOCATIONS,
                                 paradigm=Paradigm.MPI, group_flags=GroupFlag.NONE,
                                 members=[locations[r] for r in range(RANKS)])
    world = defs.comm("MPI_COMM_WORLD", group=defs.group("world", group_type=GroupType.COMM_GROUP,
                                                           paradigm=Paradigm.MPI, group_flags=GroupFlag.NONE,
                                                           members=list(range(RANKS))))
    pair = defs.comm("pair", group=defs.group("pair", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                               group_flags=GroupFlag.NONE, members=[3, 1]))
    region = {name: defs.region(name) for name in
              ("main", "compute", "MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Wait")}
    writers = {r: trace.event_writer_from_location(locations[r]) for r in range(RANKS)}
    now = [1_000 * (r + 1) for r in range(RANKS)]
    events = {r: [] for r in range(RANKS)}  # (time, kind, ...) per rank, written in time order

    def step(r, lo=50, hi=400):
        now[r] += rng.randint(lo, hi)
        return now[r]

    def blocking(src, dst, comm, src_rank, dst_rank, tag, length):
        # The receiver may enter MPI_Recv before the sender sends (a late sender) or after.
        t_recv_enter = step(dst)
        t_send_enter = step(src)
        t_send = step(src, 5, 20)
        events[src] += [(t_send_enter, "enter", "MPI_Send"),
                        (t_send, "send", dst_rank, comm, tag, length), (step(src, 5, 20), "leave", "MPI_Send")]
        now[dst] = max(now[dst], t_send) + rng.randint(100, 300)
        t_recv = now[dst]
        events[dst] += [(t_recv_enter, "enter", "MPI_Recv"),
                        (t_recv, "recv", src_rank, comm, tag, length), (step(dst, 5, 20), "leave", "MPI_Recv")]

    def nonblocking(src, dst, comm, src_rank, dst_rank, tag, length):
        request = rng.randrange(1 << 40)
        t = step(dst)
        events[dst] += [(t, "enter", "MPI_Irecv"), (step(dst, 2, 5), "irecv_request", request),
                        (step(dst, 2, 5), "leave", "MPI_Irecv")]
        t_send = step(src)
        events[src] += [(t_send, "enter", "MPI_Isend"), (step(src, 2, 5), "isend", dst_rank, comm, tag, length,
                                                        request), (step(src, 2, 5), "leave", "MPI_Isend"),
                        (step(src), "enter", "MPI_Wait"), (step(src, 5, 20), "isend_complete", request),
                        (step(src, 2, 5), "leave", "MPI_Wait")]
        t_wait = step(dst)
        now[dst] = max(now[dst], now[src]) + rng.randint(50, 200)
        events[dst] += [(t_wait, "enter", "MPI_Wait"), (now[dst], "irecv", src_rank, comm, tag, length, request),
                        (step(dst, 2, 5), "leave", "MPI_Wait")]

    for r in range(RANKS):
        events[r].append((now[r], "enter", "main"))
    for i in range(60):
        src, dst = rng.sample(range(RANKS), 2)
        tag = rng.choice([0, 7])
        length = rng.choice([8, 64, 4096])
        (blocking if rng.random() < 0.5 else nonblocking)(src, dst, world, src, dst, tag, length)
        if rng.random() < 0.2:  # the ranks of the pair communicator: 3 is rank 0, 1 is rank 1
            a, b = rng.choice([(3, 1), (1, 3)])
            blocking(a, b, pair, [3, 1].index(a), [3, 1].index(b), 5, 128)
        if rng.random() < 0.3:
            c = rng.randrange(RANKS)
            events[c] += [(step(c), "enter", "compute"), (step(c, 500, 3000), "leave", "compute")]
    # A send nobody receives.
    events[0] += [(step(0), "enter", "MPI_Send"), (step(0, 5, 20), "send", 2, world, 99, 1),
                  (step(0, 5, 20), "leave", "MPI_Send")]
    for r in range(RANKS):
        events[r].append((step(r), "leave", "main"))

    for r in range(RANKS):
        w = writers[r]
        for e in sorted(events[r], key=lambda e: e[0]):
            t, kind = e[0], e[1]
            if kind == "enter":
                w.enter(t, region[e[2]])
            elif kind == "leave":
                w.leave(t, region[e[2]])
            elif kind == "send":
                w(otf2.events.MpiSend(t, e[2], e[3], e[4], e[5]))
            elif kind == "recv":
                w(otf2.events.MpiRecv(t, e[2], e[3], e[4], e[5]))
            elif kind == "isend":
                w(otf2.events.MpiIsend(t, e[2], e[3], e[4], e[5], e[6]))
            elif kind == "isend_complete":
                w(otf2.events.MpiIsendComplete(t, e[2]))
            elif kind == "irecv_request":
                w(otf2.events.MpiIrecvRequest(t, e[2]))
            elif kind == "irecv":
                w(otf2.events.MpiIrecv(t, e[2], e[3], e[4], e[5], e[6]))
