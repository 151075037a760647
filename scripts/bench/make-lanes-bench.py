#!/usr/bin/env python3
"""Writes a Chrome Trace Event JSON trace for the lanes view benchmark
(scripts/bench/bench-lanes.sh): LANES threads of one process sharing TOTAL regions between
them, each lane a run of back-to-back "X" regions of 1-100 us named s0..s15, so every
region is one state change of its lane. Seeded, so the same arguments give the same file.
  make-lanes-bench.py LANES TOTAL OUT.json"""
import random
import sys

lanes, total, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(1)
per_lane = total // lanes
with open(out, "w") as f:
    f.write('{"traceEvents":[\n')
    first = True
    for lane in range(lanes):
        f.write(('' if first else ',\n') + '{"name":"thread_name","ph":"M","pid":1,"tid":%d,"args":{"name":"worker %d"}}' % (lane + 1, lane))
        first = False
        t = rng.randint(0, 50)
        lines = []
        for _ in range(per_lane):
            d = rng.randint(1, 100)
            lines.append('{"name":"s%d","ph":"X","pid":1,"tid":%d,"ts":%d,"dur":%d}' % (rng.randrange(16), lane + 1, t, d))
            t += d
        f.write(',\n' + ',\n'.join(lines))
    f.write('\n]}\n')
