#!/usr/bin/env python3
"""A profile of an OTF2 archive computed from `otf2-print`'s listing alone, to check
`chitra-cli profile` against (interfaces.md "Regions: profiles across lanes").

    otf2_print_profile.py ANCHOR [T0:T1]

Prints JSON: {"range", "lanes": [{"lane", "name", "busy_ns", "idle_ns"}], "regions":
[{"region", "calls", "inclusive_ns", "exclusive_ns", "per_lane": [...]}]}, regions and
lanes as the contract orders them. It shares no code with Chitra and computes each figure
another way: calls are Enter events whose region is then open for some time, inclusive
time the union of a region's open intervals, exclusive time the top of the stack between
consecutive events.
"""
import collections
import json
import re
import subprocess
import sys

EVENT = re.compile(r'^(ENTER|LEAVE|\S+)\s+(\d+)\s+(\d+)\s*(.*)$')
REGION = re.compile(r'Region: "((?:[^"\\]|\\.)*)"')
LOCATION = re.compile(r'^LOCATION\s+(\d+)\s+Name: "((?:[^"\\]|\\.)*)".*Group: "((?:[^"\\]|\\.)*)"')
CLOCK = re.compile(r'Ticks per Seconds: (\d+), Global Offset: (\d+)')


def listing(args):
    return subprocess.run(['otf2-print'] + args, check=True, capture_output=True, text=True).stdout


def ns(ticks, offset, resolution):
    # round((ticks - offset) * 10^9 / resolution), halves away from zero
    num = (ticks - offset) * 10**9
    q, r = divmod(abs(num), resolution)
    if 2 * r >= resolution:
        q += 1
    return q if num >= 0 else -q


def union_length(intervals, lo, hi):
    total, reach = 0, lo
    for a, b in sorted(intervals):
        a, b = max(a, reach), min(b, hi)
        if b > a:
            total += b - a
            reach = b
    return total


def main():
    anchor = sys.argv[1]
    defs = listing(['-G', anchor])
    offset, resolution = 0, 10**9
    order, names = [], {}
    for line in defs.splitlines():
        m = LOCATION.match(line)
        if m:
            order.append(int(m.group(1)))
            names[int(m.group(1))] = m.group(3) + '/' + m.group(2)
        m = CLOCK.search(line)
        if m:
            resolution, offset = int(m.group(1)), int(m.group(2))
    events = collections.defaultdict(list)  # location -> [(ns, kind, region)]
    last = None
    for line in listing([anchor]).splitlines():
        m = EVENT.match(line)
        if not m:
            continue
        t = ns(int(m.group(3)), offset, resolution)
        last = t if last is None else max(last, t)
        if m.group(1) in ('ENTER', 'LEAVE'):
            events[int(m.group(2))].append((t, m.group(1), REGION.search(m.group(4)).group(1)))
    lanes = [loc for loc in order if events[loc]]

    # The origin: the first instant after which some lane's top of stack differs.
    origin = None
    for loc in lanes:
        stack, i, evs = [], 0, events[loc]
        while i < len(evs):
            t, before = evs[i][0], (stack[-1] if stack else None)
            while i < len(evs) and evs[i][0] == t:
                if evs[i][1] == 'ENTER':
                    stack.append(evs[i][2])
                elif stack:
                    stack.pop()
                i += 1
            if (stack[-1] if stack else None) != before:
                origin = t if origin is None else min(origin, t)
                break
    end = last - origin
    lo, hi = 0, end
    if len(sys.argv) > 2:
        a, b = sys.argv[2].split(':')
        lo, hi = int(a), int(b)
    cut = min(hi, end)

    out_lanes, per_region = [], collections.defaultdict(list)
    for number, loc in enumerate(lanes, 1):
        frames, opened, exclusive, calls = [], collections.defaultdict(list), collections.Counter(), collections.Counter()
        evs = [(t - origin, kind, region) for t, kind, region in events[loc]]
        busy = 0
        for i, (t, kind, region) in enumerate(evs):
            if kind == 'ENTER':
                frames.append((region, t))
            elif frames:
                r, since = frames.pop()
                opened[r].append((since, t))
                if t > since and lo <= since < cut:
                    calls[r] += 1
            following = evs[i + 1][0] if i + 1 < len(evs) else end
            a, b = max(t, lo), min(following, cut)
            if frames and b > a:
                exclusive[frames[-1][0]] += b - a
                busy += b - a
        for r, since in frames:  # open at the end
            opened[r].append((since, end))
            if end > since and lo <= since < cut:
                calls[r] += 1
        out_lanes.append({'lane': number, 'name': names[loc], 'busy_ns': busy, 'idle_ns': hi - lo - busy})
        for r, intervals in opened.items():
            inclusive = union_length(intervals, lo, cut)
            if calls[r] or inclusive:
                per_region[r].append({'lane': number, 'calls': calls[r], 'inclusive_ns': inclusive,
                                      'exclusive_ns': exclusive[r]})
    regions = []
    for r, per_lane in per_region.items():
        regions.append({'region': r, 'calls': sum(p['calls'] for p in per_lane),
                        'inclusive_ns': sum(p['inclusive_ns'] for p in per_lane),
                        'exclusive_ns': sum(p['exclusive_ns'] for p in per_lane), 'per_lane': per_lane})
    regions.sort(key=lambda r: (-r['exclusive_ns'], r['region']))
    json.dump({'range': [lo, hi], 'lanes': out_lanes, 'regions': regions}, sys.stdout, indent=1)


if __name__ == '__main__':
    main()
