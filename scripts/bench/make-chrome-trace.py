#!/usr/bin/env python3
"""Writes a large synthetic Chrome Trace Event JSON file for the import benchmark
(scripts/bench/bench-import-chrome.sh, docs/performance.md "Importing Chrome Trace JSON").

    python3 scripts/bench/make-chrome-trace.py OUT.json --events N [--threads T] [--seed S]

Shaped like the traces Chrome and clang write: a {"traceEvents": [...]} object, one event
per line, keys in Chrome's order (pid, tid, ts, ph, cat, name, dur, args), times in
microseconds with three decimals. T threads (default 16; at least 2) in 2 processes each
run a random walk of nested regions up to 8 deep (names with spaces and template
arguments, from a pool of 300): 70% of the regions are X events written when they end
(so the file is not in time order, as with clang), the others B/E pairs; each thread's
events come in blocks of 500, interleaved as Chrome flushes its per-thread buffers. About
2% of the events are counters (C, two keys) and 1% instants; metadata names the threads.
Seeded: the same arguments give the same bytes. About 100 bytes per event.
"""
import argparse
import random
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--events", type=int, required=True, help="events to write (about)")
    ap.add_argument("--threads", type=int, default=16, help="threads, split over 2 processes")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)

    kinds = ["Parse", "InstantiateFunction", "RunTask", "Layout", "Paint", "V8.Execute", "Total Frontend",
             "CodeGen Function", "fs.sync.read", "GC Scavenge"]
    args = ["std::vector<int>", "Box<Tuple<int, long>>", "main.cc", "a b c", "Layer<42>", "x"]
    names = [f"{k} {rng.choice(args)} {i}" if i % 3 else f"{k}<{i}>" for i, k in
             ((i, kinds[i % len(kinds)]) for i in range(300))]
    threads = max(a.threads, 2)
    lanes = [(pid, pid * 100 + t) for pid, n in ((1001, (threads + 1) // 2), (1002, threads // 2)) for t in range(n)]
    now = [1_000_000_000 + rng.randrange(1000) for _ in lanes]  # ns
    stacks = [[] for _ in lanes]

    def us(ns):
        return f"{ns // 1000}.{ns % 1000:03d}"

    out = open(a.out, "w", buffering=1 << 22)
    write = out.write
    write('{"traceEvents":[\n')
    first = True
    for pid, tid in lanes:
        write(('' if first else ',\n') +
              f'{{"pid":{pid},"tid":{tid},"ts":0,"ph":"M","cat":"__metadata","name":"thread_name",'
              f'"args":{{"name":"Worker {tid}"}}}}')
        first = False
    written = len(lanes)
    block = 500
    rand = rng.random
    randrange = rng.randrange
    while written < a.events:
        k = randrange(len(lanes))
        pid, tid = lanes[k]
        stack = stacks[k]
        t = now[k]
        parts = []
        for _ in range(block):
            t += 50 + randrange(2000)
            r = rand()
            if r < 0.02:
                parts.append(f'{{"pid":{pid},"tid":{tid},"ts":{us(t)},"ph":"C","cat":"mem","name":"heap",'
                             f'"args":{{"used":{randrange(1 << 30)},"live":{randrange(100000)}}}}}')
            elif r < 0.03:
                parts.append(f'{{"pid":{pid},"tid":{tid},"ts":{us(t)},"ph":"i","cat":"mark","name":"tick","s":"t"}}')
            elif stack and (len(stack) >= 8 or r < 0.515):
                name, start, x = stack.pop()
                if x:
                    parts.append(f'{{"pid":{pid},"tid":{tid},"ts":{us(start)},"ph":"X","cat":"task",'
                                 f'"name":"{name}","dur":{us(t - start)},"args":{{}}}}')
                else:
                    parts.append(f'{{"pid":{pid},"tid":{tid},"ts":{us(t)},"ph":"E","cat":"task","args":{{}}}}')
            else:
                name = names[randrange(len(names))]
                x = rand() < 0.7
                stack.append((name, t, x))
                if not x:
                    parts.append(f'{{"pid":{pid},"tid":{tid},"ts":{us(t)},"ph":"B","cat":"task",'
                                 f'"name":"{name}","args":{{}}}}')
        now[k] = t
        write(",\n" + ",\n".join(parts))
        written += len(parts)
    # Close what is still open, as a tracer flushing at the end does.
    for k, (pid, tid) in enumerate(lanes):
        t = now[k]
        while stacks[k]:
            t += 10
            name, start, x = stacks[k].pop()
            if x:
                write(f',\n{{"pid":{pid},"tid":{tid},"ts":{us(start)},"ph":"X","cat":"task",'
                      f'"name":"{name}","dur":{us(t - start)},"args":{{}}}}')
            else:
                write(f',\n{{"pid":{pid},"tid":{tid},"ts":{us(t)},"ph":"E","cat":"task","args":{{}}}}')
            written += 1
    write('\n],\n"displayTimeUnit":"ns",\n"metadata":{"generator":"scripts/bench/make-chrome-trace.py"}}\n')
    out.close()
    print(f"{a.out}: {written} events", file=sys.stderr)


if __name__ == "__main__":
    main()
