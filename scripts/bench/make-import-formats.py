#!/usr/bin/env python3
"""Writes one trace as Paje and as Chrome Trace Event JSON, for scripts/bench/bench-import-formats.sh.

    python3 scripts/bench/make-import-formats.py LIST OUT_BASE [--offset NS]

LIST is the event list of `otf2_bench_tool write` (CHITRA_BENCH_EVENT_LIST): lines
"LOCATION NS E|L REGION", each location's events in time order. Writes OUT_BASE.paje
(one container per location, PajePushState/PajePopState of the values region_R, times in
seconds with 9 decimals) and OUT_BASE.json (B/E events, pid 0, tid = location, times in
microseconds with 3 decimals), both with NS - OFFSET as the time, so that every format
starts where the OTF2 archive's clock does.
"""
import argparse
import heapq
import sys

PAJE_HEADER = """\
%EventDef PajeDefineContainerType 0
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineStateType 1
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineEntityValue 2
%       Alias string
%       Type string
%       Name string
%       Color color
%EndEventDef
%EventDef PajeCreateContainer 3
%       Time date
%       Alias string
%       Type string
%       Container string
%       Name string
%EndEventDef
%EventDef PajeDestroyContainer 4
%       Time date
%       Type string
%       Name string
%EndEventDef
%EventDef PajePushState 5
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
%EventDef PajePopState 6
%       Time date
%       Type string
%       Container string
%EndEventDef
0 T 0 Thread
1 S T State
"""


def read_list(path, offset):
    lanes = {}
    with open(path) as f:
        for line in f:
            loc, ns, kind, region = line.split()
            lanes.setdefault(int(loc), []).append((int(ns) - offset, kind == "E", int(region)))
    return lanes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("list")
    ap.add_argument("out_base")
    ap.add_argument("--offset", type=int, default=0)
    a = ap.parse_args()
    lanes = read_list(a.list, a.offset)
    regions = sorted({r for events in lanes.values() for _, _, r in events})
    end = max(events[-1][0] for events in lanes.values()) if lanes else 0

    with open(a.out_base + ".paje", "w", buffering=1 << 22) as out:
        out.write(PAJE_HEADER)
        for r in regions:
            out.write('2 r%d S region_%d "0 0 1"\n' % (r, r))
        for loc in sorted(lanes):
            out.write("3 0.000000000 c%d T 0 thread_%d\n" % (loc, loc))
        # Paje wants the file in time order: the lanes merged by time (each is sorted).
        merged = heapq.merge(*[[(t, loc, enter, r) for t, enter, r in lanes[loc]] for loc in sorted(lanes)],
                             key=lambda e: (e[0], e[1]))
        chunk = []
        for t, loc, enter, r in merged:
            if enter:
                chunk.append("5 %d.%09d S c%d r%d\n" % (t // 1000000000, t % 1000000000, loc, r))
            else:
                chunk.append("6 %d.%09d S c%d\n" % (t // 1000000000, t % 1000000000, loc))
            if len(chunk) == 65536:
                out.write("".join(chunk))
                chunk.clear()
        out.write("".join(chunk))
        for loc in sorted(lanes):
            out.write("4 %d.%09d T c%d\n" % (end // 1000000000, end % 1000000000, loc))

    with open(a.out_base + ".json", "w", buffering=1 << 22) as out:
        out.write('{"traceEvents":[\n')
        first = True
        for loc in sorted(lanes):
            chunk = []
            for t, enter, r in lanes[loc]:
                ts = "%d.%03d" % (t // 1000, t % 1000)
                if enter:
                    chunk.append('{"pid":0,"tid":%d,"ts":%s,"ph":"B","name":"region_%d"}' % (loc, ts, r))
                else:
                    chunk.append('{"pid":0,"tid":%d,"ts":%s,"ph":"E"}' % (loc, ts))
            if chunk:
                out.write(("" if first else ",\n") + ",\n".join(chunk))
                first = False
        out.write("\n]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
