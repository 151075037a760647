#!/usr/bin/env python3
"""Writes a one-container Paje trace of N PajeSetState events, for scripts/bench/bench-import-paje.sh.

    python3 scripts/bench/make-paje-bench.py N OUT.paje [--seed S]

The header defines the events SimGrid writes (fields in PajeNG's usual order); one
container "worker" of type "Thread" holds the state type "State", whose four values are
defined with aliases (v0..v3: compute, send, recv, wait). Event i sets the state at
t = i microseconds plus a seeded jitter of 0-999 ns, written with 9 decimals as SimGrid
does with tracing/precision:9, and always to a value other than the current one, so that
every event is a record of the converted PES.
"""
import argparse
import random
import sys

HEADER = """\
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
%EventDef PajeSetState 5
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
0 T 0 Thread
1 S T State
2 v0 S compute "0 0 1"
2 v1 S send "0 1 0"
2 v2 S recv "1 0 0"
2 v3 S wait "1 1 0"
3 0.000000000 c1 T 0 worker
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("events", type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    jitter = [rng.randrange(1000) for _ in range(4096)]
    steps = [1 + rng.randrange(3) for _ in range(4096)]
    names = ["5 %d.%09d S c1 v0\n", "5 %d.%09d S c1 v1\n", "5 %d.%09d S c1 v2\n", "5 %d.%09d S c1 v3\n"]
    with open(a.out, "w", buffering=1 << 22) as out:
        out.write(HEADER)
        state = 0
        chunk = []
        for i in range(a.events):
            ns = 1000 * (i + 1) + jitter[i & 4095]
            state = (state + steps[(i * 7) & 4095]) & 3
            chunk.append(names[state] % (ns // 1000000000, ns % 1000000000))
            if len(chunk) == 65536:
                out.write("".join(chunk))
                chunk.clear()
        out.write("".join(chunk))
        end = 1000 * (a.events + 1) + 1000
        out.write("4 %d.%09d T c1\n" % (end // 1000000000, end % 1000000000))
    return 0


if __name__ == "__main__":
    sys.exit(main())
