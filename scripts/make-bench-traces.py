#!/usr/bin/env python3
"""Synthetic PES traces for the drawing benchmark (docs/performance.md, "## Drawing").

    python3 scripts/make-bench-traces.py OUT_DIR [RECORDS ...]   # default 10000 10000000

Writes OUT_DIR/bench-<RECORDS>.pes: a seeded random walk over 48 three-component states
(a Markov chain with a few frequent cycles and rare excursions, like the philosophers'
traces) with integer durations in microseconds, so the same command gives the same file.
Then:  chitra --open OUT_DIR/bench-10000000.pes --benchmark-replot 50
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


def write(path, records, seed=4):
    rng = random.Random(seed)
    names = states()
    n = len(names)
    # Each state mostly moves to one of three successors; 5% of moves go anywhere.
    succ = [[(i * 7 + k * 5 + 1) % n for k in range(3)] for i in range(n)]
    cur = 0
    t = 0
    with open(path, "w") as f:
        f.write("# chitra-pes 1\n# timebase: us\n")
        lines = []
        for _ in range(records):
            lines.append(f"{t} {names[cur]}\n")
            t += 1 + int(rng.expovariate(1 / 40.0))
            cur = rng.randrange(n) if rng.random() < 0.05 else succ[cur][rng.randrange(3)]
            if len(lines) >= 100000:
                f.writelines(lines)
                lines.clear()
        f.writelines(lines)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    out = sys.argv[1]
    sizes = [int(s) for s in sys.argv[2:]] or [10000, 10000000]
    for records in sizes:
        path = f"{out}/bench-{records}.pes"
        write(path, records)
        print(path)


if __name__ == "__main__":
    main()
