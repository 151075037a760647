#!/usr/bin/env python3
"""Synthetic PES traces for the drawing benchmark (docs/performance.md, "## Drawing").

    python3 scripts/bench/make-bench-traces.py OUT_DIR [RECORDS ...]   # default 10000 10000000
    python3 scripts/bench/make-bench-traces.py --fields OUT_DIR [RECORDS ...]

Writes OUT_DIR/bench-<RECORDS>.pes: a seeded random walk over 48 three-component states
(a Markov chain with a few frequent cycles and rare excursions, like the philosophers'
traces) with integer durations in microseconds, so the same command gives the same file.
Then:  chitra --open OUT_DIR/bench-10000000.pes --benchmark-replot 50

With --fields the files are OUT_DIR/bench-fields-<RECORDS>.pes and every record also
carries 4 data fields (docs/traceview.md): two counters (`ops`, a steady count with a
state-dependent rate; `misses`, bursty) and two gauges (`queue`, a bounded random walk;
`level`, the state's index mod 4), for the Traceview displays' benchmark:
    chitra-cli convert OUT_DIR/bench-fields-10000000.pes -o OUT_DIR/bench-fields-10000000.ctrace
    chitra --open OUT_DIR/bench-fields-10000000.ctrace --display gantt --benchmark-replot 30
"""
import random
import sys


def states():
    values = ["T", "E", "A1", "A2"]
    out = []
    for a in values:
        for b in values:
            for c in values[:3]:
                out.append(a + b + c)
    return out  # 48 names


def write(path, records, seed=4, fields=False):
    rng = random.Random(seed)
    names = states()
    n = len(names)
    # Each state mostly moves to one of three successors; 5% of moves go anywhere.
    succ = [[(i * 7 + k * 5 + 1) % n for k in range(3)] for i in range(n)]
    cur = 0
    t = 0
    with open(path, "w") as f:
        f.write("# chitra-pes 1\n# timebase: us\n")
        if fields:
            f.write("# fields: ops:counter misses:counter queue:gauge level:gauge\n")
        ops = misses = queue = 0
        lines = []
        for _ in range(records):
            if fields:
                lines.append(f"{t} {names[cur]} {ops} {misses} {queue} {cur % 4}\n")
            else:
                lines.append(f"{t} {names[cur]}\n")
            dt = 1 + int(rng.expovariate(1 / 40.0))
            t += dt
            if fields:
                ops += dt * (1 + cur % 3)
                misses += rng.randrange(200) if rng.random() < 0.02 else rng.randrange(3)
                queue = min(50, max(0, queue + rng.choice((-1, 0, 1))))
            cur = rng.randrange(n) if rng.random() < 0.05 else succ[cur][rng.randrange(3)]
            if len(lines) >= 100000:
                f.writelines(lines)
                lines.clear()
        f.writelines(lines)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    args = sys.argv[1:]
    fields = "--fields" in args
    args = [a for a in args if a != "--fields"]
    if not args:
        print(__doc__)
        sys.exit(2)
    out = args[0]
    sizes = [int(s) for s in args[1:]] or [10000, 10000000]
    for records in sizes:
        path = f"{out}/bench-{'fields-' if fields else ''}{records}.pes"
        write(path, records, fields=fields)
        print(path)


if __name__ == "__main__":
    main()
