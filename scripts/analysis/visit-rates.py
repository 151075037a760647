#!/usr/bin/env python3
"""Per-visit counter rates against visit length in a PES trace (docs/traceview.md, "Rates
over short visits"): the evidence behind the displays' minimum visit length.

    python3 scripts/analysis/visit-rates.py TRACE.pes [FIELD] [BOUND]

For every record (a visit of the raw trace, from its time to the next record's), the rate
of counter FIELD (default cpu_ns) over the visit, per tick of the time base; visits are
binned by length and each bin says how many visits it holds, their share of the run's
time, and the share of visits whose rate exceeds BOUND (default 2.1: two processors for a
CPU-time counter in ns, plus 5%), and the largest rate. A rate above what the machine can
do is measurement error, not behaviour. Plain Python, no dependencies.
"""
import bisect
import sys


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = sys.argv[1]
    name = sys.argv[2] if len(sys.argv) > 2 else "cpu_ns"
    bound = float(sys.argv[3]) if len(sys.argv) > 3 else 2.1
    components, fields, end = None, [], None
    times, values = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                key, _, val = line[1:].strip().partition(":")
                if key == "components":
                    components = int(val)
                elif key == "fields":
                    fields = [x.split(":")[0] for x in val.split()]
                elif key == "end":
                    end = int(val)
                continue
            parts = line.split()
            if not parts:
                continue
            if components is None or name not in fields:
                print(f"{path}: no components header or no field {name}", file=sys.stderr)
                return 1
            times.append(int(parts[0]))
            values.append(float(parts[1 + components + fields.index(name)]))
    if len(times) < 2:
        print(f"{path}: fewer than two records", file=sys.stderr)
        return 1
    span = (end if end is not None else times[-1]) - times[0]
    edges = [0, 1e3, 1e4, 1e5, 3e5, 5e5, 8e5, 1e6, 1.2e6, 1.5e6, 2e6, 3e6, float("inf")]
    bins = [[] for _ in edges[:-1]]
    for i in range(len(times) - 1):
        dt = times[i + 1] - times[i]
        if dt > 0:
            bins[bisect.bisect_right(edges, dt) - 1].append((dt, (values[i + 1] - values[i]) / dt))
    print(f"{'visit length (ticks)':>22} {'visits':>7} {'time':>7} {'rate > ' + str(bound):>11} {'max rate':>9}")
    for b, visits in enumerate(bins):
        if not visits:
            continue
        over = sum(1 for _, r in visits if r > bound) / len(visits)
        share = sum(dt for dt, _ in visits) / span
        print(f"{edges[b]:>10.3g} - {edges[b + 1]:<9.3g} {len(visits):7d} {share:7.2%} {over:11.1%} "
              f"{max(r for _, r in visits):9.3g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
