#!/usr/bin/env python3
"""A CTF 1.8 trace (LTTng-like: vpid/vtid event context, two per-CPU streams, no index)
of EVENTS events spread evenly over LANES busy threads of one process: each thread a
random walk of nested regions (depth 1-4 of 12), bench:region_R_entry / _exit events,
20-2000 ns apart. Same shape as make-otf2-lanes.py. Seeded.
  make-ctf-lanes.py DIR EVENTS LANES [SEED]"""
import heapq
import os
import random
import struct
import sys
import uuid as uuidlib

out, events, lanes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
rng = random.Random(seed)
REGIONS, STREAMS, PACKET = 12, 2, 1 << 18
uid = uuidlib.UUID(int=rng.getrandbits(128))
os.makedirs(out, exist_ok=False)
meta = ["/* CTF 1.8 */",
        "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;",
        "typealias integer { size = 32; align = 8; signed = false; } := uint32_t;",
        "typealias integer { size = 64; align = 8; signed = false; } := uint64_t;",
        "typealias integer { size = 32; align = 8; signed = true; } := int32_t;",
        "trace { major = 1; minor = 8; uuid = \"%s\"; byte_order = le;" % uid,
        "  packet.header := struct { uint32_t magic; uint8_t uuid[16]; uint32_t stream_id; }; };",
        "env { hostname = \"bench\"; domain = \"ust\"; tracer_name = \"lttng-ust\"; tracer_major = 2; tracer_minor = 13; };",
        "clock { name = \"monotonic\"; uuid = \"%s\"; freq = 1000000000; offset = 0; };" % uuidlib.UUID(int=rng.getrandbits(128)),
        "typealias integer { size = 64; align = 8; signed = false; map = clock.monotonic.value; } := uint64_clock_monotonic_t;",
        "stream { id = 0;",
        "  packet.context := struct { uint64_clock_monotonic_t timestamp_begin; uint64_clock_monotonic_t timestamp_end;",
        "    uint64_t content_size; uint64_t packet_size; uint64_t events_discarded; uint32_t cpu_id; };",
        "  event.header := struct { uint32_t id; uint64_clock_monotonic_t timestamp; };",
        "  event.context := struct { int32_t _vpid; int32_t _vtid; }; };"]
for r in range(REGIONS):
    for k, kind in enumerate(("entry", "exit")):
        meta.append('event { name = "bench:region_%d_%s"; id = %d; stream_id = 0; fields := struct { uint8_t r; }; };'
                    % (r, kind, 2 * r + k))
open(os.path.join(out, "metadata"), "w").write("\n".join(meta) + "\n")

# Each lane's events, as (time, lane, event id).
randrange = rng.randrange
per_stream = [[] for _ in range(STREAMS)]
start = 1_000_000_000
for lane in range(lanes):
    n = events // lanes + (1 if lane < events % lanes else 0)
    stack, t, evs = [], start, []
    for i in range(n):
        t += 20 + randrange(1981)
        left = n - i
        if not stack or (len(stack) < 4 and left > len(stack) and randrange(2) == 0):
            stack.append(randrange(REGIONS))
            evs.append((t, lane, 2 * stack[-1]))
        else:
            evs.append((t, lane, 2 * stack.pop() + 1))
    per_stream[lane % STREAMS].append(evs)
head = struct.Struct("<I16sI")
ctx = struct.Struct("<QQQQQI")
ev = struct.Struct("<IQiiB")
for s, lists in enumerate(per_stream):
    merged = list(heapq.merge(*lists))
    with open(os.path.join(out, "channel0_%d" % s), "wb") as f:
        room = (PACKET - head.size - ctx.size) // ev.size
        for p in range(0, len(merged), room):
            chunk = merged[p:p + room]
            body = b"".join(ev.pack(e, t, 4242, 10000 + lane, e // 2) for t, lane, e in chunk)
            hdr_len = head.size + ctx.size
            content = hdr_len + len(body)
            f.write(head.pack(0xC1FC1FC1, uid.bytes, 0))
            f.write(ctx.pack(chunk[0][0], chunk[-1][0], content * 8, PACKET * 8, 0, s))
            f.write(body)
            f.write(b"\0" * (PACKET - content))
print(f"{out}: {events} events in {lanes} lanes", file=sys.stderr)
