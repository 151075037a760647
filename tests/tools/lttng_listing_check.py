#!/usr/bin/env python3
"""Checks chitra-cli's import of a CTF trace against babeltrace2's own text listing.

usage: lttng_listing_check.py LISTING PER_COMPONENT_DIR

LISTING is `babeltrace2 --clock-seconds [--debug-info] TRACE`. From it, per thread
(vpid, vtid), the expected sequence of (time, state) changes: `P:X_entry`/`_begin`/
`_enter` push `P:X` and `_exit`/`_end` pop, func_entry pushes the function at `addr`
as binutils' addr2line names it in the binary the statedump's bin_info maps there
(`0x` and the address without one) and func_exit pops; events at one time count
by the state after the last of them. Kernel scheduler events give `PID/TID sched`
lanes: sched_switch makes `next_tid` running and `prev_tid` runnable (prev_state 0) or
blocked, sched_wakeup/sched_waking make `tid` runnable; PID is the thread's process in
lttng_statedump_process_state, else that of a user lane of the thread, else the tid.
PER_COMPONENT_DIR holds `convert --per-component`'s files, `# lane: K NAME` in each.
Times compare relative to the first change of all.
"""
import os
import re
import subprocess
import sys
import urllib.parse

LINE = re.compile(r'^\[(\d+)\.(\d{9})\] \([^)]*\) \S+ (\S+): (.*)$')
PUSH = ('_entry', '_begin', '_enter')
POP = ('_exit', '_end')


def function_names(wanted, maps):
    """{(pid, addr): name} for every function address, by addr2line."""
    by_binary = {}
    names = {}
    for pid, addr in wanted:
        names[(pid, addr)] = hex(addr)
        for base, size, path, pic in maps.get(pid, []):
            if base <= addr < base + size and os.path.exists(path):
                by_binary.setdefault(path, []).append((pid, addr, addr - base if pic else addr))
                break
    for path, items in by_binary.items():
        out = subprocess.run(['addr2line', '-f', '-C', '-e', path] + [hex(i[2]) for i in items],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        for (pid, addr, _), name in zip(items, out[0::2]):
            if name != '??':
                names[(pid, addr)] = name
    return names


def field(rest, name):
    return int(re.search(r'\b' + name + r' = (-?\d+)', rest).group(1))


def expected(listing):
    events, maps = [], {}
    process_of = {}  # tid -> pid, from the statedump, else from user lanes
    with open(listing) as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            t = int(m.group(1)) * 1_000_000_000 + int(m.group(2))
            name, rest = m.group(3), m.group(4)
            if name == 'lttng_statedump_process_state':
                process_of[field(rest, 'tid')] = field(rest, 'pid')
                continue
            if name == 'sched_switch':
                state = 'runnable' if field(rest, 'prev_state') == 0 else 'blocked'
                events.append((t, ('sched', field(rest, 'prev_tid')), ('set', state)))
                events.append((t, ('sched', field(rest, 'next_tid')), ('set', 'running')))
                continue
            if name in ('sched_wakeup', 'sched_waking'):
                events.append((t, ('sched', field(rest, 'tid')), ('set', 'runnable')))
                continue
            pid = re.search(r'\bvpid = (\d+)', rest)
            tid = re.search(r'\bvtid = (\d+)', rest)
            if not pid or not tid:
                continue
            lane = f'{pid.group(1)}/{tid.group(1)}'
            process_of.setdefault(int(tid.group(1)), int(pid.group(1)))
            if name == 'lttng_ust_statedump:bin_info':
                b = re.search(r'baddr = (\w+), memsz = (\d+), path = "([^"]*)", is_pic = (\d)', rest)
                maps.setdefault(int(pid.group(1)), []).append(
                    (int(b.group(1), 0), int(b.group(2)), b.group(3), b.group(4) == '1'))
                continue
            if name.startswith('lttng_ust_cyg_profile'):
                if name.endswith(':func_entry'):
                    addr = re.search(r'\baddr = (0x[0-9A-Fa-f]+|\d+)', rest)
                    op = ('push', (int(pid.group(1)), int(addr.group(1), 0)))
                elif name.endswith(':func_exit'):
                    op = ('pop', None)
                else:
                    continue
            else:
                if ':' not in name or name.startswith('lttng_ust_'):
                    continue
                op = None
                for s in PUSH:
                    if name.endswith(s):
                        op = ('push', name[:-len(s)])
                for s in POP:
                    if name.endswith(s):
                        op = ('pop', None)
                if op is None:
                    continue
            events.append((t, lane, op))
    names = function_names({op[1] for _, _, op in events if op[0] == 'push' and isinstance(op[1], tuple)}, maps)
    stacks, changes = {}, {}
    for t, lane, op in events:
        if isinstance(lane, tuple):  # a scheduler lane, named now that every process is known
            lane = f'{process_of.get(lane[1], lane[1])}/{lane[1]} sched'
        stack = stacks.setdefault(lane, [])
        if op[0] == 'push':
            stack.append(names[op[1]] if isinstance(op[1], tuple) else op[1])
        elif op[0] == 'set':
            stack[:] = [op[1]]
        elif stack:
            stack.pop()
        seq = changes.setdefault(lane, [])
        top = stack[-1] if stack else '-'
        if seq and seq[-1][0] == t:
            seq[-1] = (t, top)
        else:
            seq.append((t, top))
    return changes


def compress(seq):
    out, prev = [], '-'
    for t, s in seq:
        if s != prev:
            out.append((t, s))
            prev = s
    return out


def actual(folder):
    lanes = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.pes'):
            continue
        lane, seq, origin = None, [], 0
        with open(os.path.join(folder, name)) as f:
            for line in f:
                if line.startswith('# lane:'):
                    lane = line.split(None, 3)[3].strip()
                elif line.startswith('#'):
                    continue
                elif line.strip():
                    t, state = line.split()[:2]
                    seq.append((int(t), urllib.parse.unquote(state)))
        lanes[lane] = compress(seq)
    return lanes


def main():
    listing, folder = sys.argv[1:3]
    want = {k: compress(v) for k, v in expected(listing).items()}
    want = {k: v for k, v in want.items() if v}
    origin = min(v[0][0] for v in want.values())
    want = {k: [(t - origin, s) for t, s in v] for k, v in want.items()}
    got = actual(folder)
    ok = True
    if sorted(want) != sorted(got):
        print(f'lanes differ: babeltrace2 {sorted(want)} chitra {sorted(got)}')
        ok = False
    for lane in sorted(set(want) & set(got)):
        if want[lane] != got[lane]:
            ok = False
            diff = next(i for i in range(min(len(want[lane]), len(got[lane])) + 1)
                        if i >= len(want[lane]) or i >= len(got[lane]) or want[lane][i] != got[lane][i])
            print(f'lane {lane}: first difference at change {diff}: '
                  f'babeltrace2 {want[lane][diff:diff + 3]} chitra {got[lane][diff:diff + 3]}')
    changes = sum(len(v) for v in want.values())
    print(f'{len(want)} lanes, {changes} changes', 'match' if ok else 'DIFFER')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
