#!/usr/bin/env python3
"""Chrome Trace Event JSON of LANES busy threads sharing TOTAL "X" events (about 86 bytes
each): every thread runs a random walk of nested regions (up to 6 deep, 300 names) with no
idle gap at depth 0; X events are written when they end (not in time order, as clang
writes them), each thread's events in blocks of 500, interleaved. Seeded.
  make-busy-chrome.py LANES TOTAL OUT.json [--seed S]"""
import random
import sys

lanes, total, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
seed = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--seed" else 1
rng = random.Random(seed)
kinds = ["Parse", "RunTask", "Layout", "Paint", "V8.Execute", "CodeGen", "fs.read", "GC Scavenge"]
names = [f"{kinds[i % len(kinds)]} {i}" for i in range(300)]
per = [total // lanes + (1 if k < total % lanes else 0) for k in range(lanes)]
now = [1_000_000_000 + rng.randrange(1000) for _ in range(lanes)]
stacks = [[] for _ in range(lanes)]
left = per[:]
us = lambda ns: f"{ns // 1000}.{ns % 1000:03d}"
f = open(out, "w", buffering=1 << 22)
f.write('{"traceEvents":[\n')
f.write(",\n".join('{"pid":1,"tid":%d,"ts":0,"ph":"M","name":"thread_name","args":{"name":"worker %d"}}'
                   % (k + 1, k) for k in range(lanes)))
rand, randrange = rng.random, rng.randrange
active = [k for k in range(lanes) if left[k] > 0]
while active:
    k = active[randrange(len(active))]
    st, t, parts = stacks[k], now[k], []
    tid = k + 1
    while len(parts) < 500 and left[k] > 0:
        t += 20 + randrange(400)
        if st and (len(st) >= 6 or rand() < 0.5 or len(st) >= left[k]):
            name, start = st.pop()
            parts.append('{"pid":1,"tid":%d,"ts":%s,"ph":"X","name":"%s","dur":%s}' % (tid, us(start), name, us(t - start)))
            left[k] -= 1
        else:
            st.append((names[randrange(300)], t))
    now[k] = t
    if parts:
        f.write(",\n" + ",\n".join(parts))
    if left[k] == 0:
        active.remove(k)
f.write('\n]}\n')
f.close()
print(f"{out}: {total} X events in {lanes} lanes", file=sys.stderr)
