#!/usr/bin/env python3
"""The messages of an OTF2 archive computed from `otf2-print`'s listing alone, to check
`chitra-cli messages --list` against (interfaces.md "Messages between lanes").

    otf2_print_messages.py ANCHOR

Prints JSON: {"messages", "bytes", "unmatched_sends", "unmatched_receives", "lanes",
"count", "latency_ns", "late_sender_ns", "late_sender", "list"} as the contract defines
them. It shares no code with Chitra: `otf2-print` names each message's partner location
itself (`Receiver: R ("..." <LOCATION>)`), and sends and receives are matched per
communicator, sending and receiving location and tag, in order; the stacks for the
late-sender waits are replayed from the ENTER and LEAVE lines.
"""
import collections
import json
import re
import subprocess
import sys

EVENT = re.compile(r'^(\S+)\s+(\d+)\s+(\d+)\s*(.*)$')
REGION = re.compile(r'Region: "((?:[^"\\]|\\.)*)"')
LOCATION = re.compile(r'^LOCATION\s+(\d+)\s+Name: "((?:[^"\\]|\\.)*)".*Group: "((?:[^"\\]|\\.)*)"')
PARTNER = re.compile(r'(?:Receiver|Sender): \d+ \("(?:[^"\\]|\\.)*" <(\d+)>\), Communicator: "(?:[^"\\]|\\.)*" '
                     r'<(\d+)>, Tag: (\d+), Length: (\d+)')
CLOCK = re.compile(r'Ticks per Seconds: (\d+), Global Offset: (\d+)')


def listing(args):
    return subprocess.run(['otf2-print'] + args, check=True, capture_output=True, text=True).stdout


def main():
    anchor = sys.argv[1]
    order, names = [], {}
    offset, resolution = 0, 10**9
    for line in listing(['-G', anchor]).splitlines():
        m = LOCATION.match(line)
        if m:
            order.append(int(m.group(1)))
            names[int(m.group(1))] = m.group(3) + '/' + m.group(2)
        m = CLOCK.search(line)
        if m:
            resolution, offset = int(m.group(1)), int(m.group(2))
    assert resolution == 10**9, 'the check counts in ns ticks'
    regions = collections.defaultdict(list)  # location -> [(t, ENTER|LEAVE, region)]
    sends = collections.defaultdict(collections.deque)  # (comm, from, to, tag) -> [(t, bytes)]
    receives = collections.defaultdict(collections.deque)
    for line in listing([anchor]).splitlines():
        m = EVENT.match(line)
        if not m:
            continue
        kind, loc, t = m.group(1), int(m.group(2)), int(m.group(3)) - offset
        if kind in ('ENTER', 'LEAVE'):
            regions[loc].append((t, kind, REGION.search(m.group(4)).group(1)))
        elif kind in ('MPI_SEND', 'MPI_ISEND'):
            p = PARTNER.search(m.group(4))
            sends[(p.group(2), loc, int(p.group(1)), p.group(3))].append((t, int(p.group(4)), int(p.group(3))))
        elif kind in ('MPI_RECV', 'MPI_IRECV'):
            p = PARTNER.search(m.group(4))
            receives[(p.group(2), int(p.group(1)), loc, p.group(3))].append(t)
    lane = {loc: k for k, loc in enumerate(order)}
    origin = min(evs[0][0] for evs in regions.values() if evs)
    messages, unmatched_sends, unmatched_receives = [], 0, 0
    for key in set(sends) | set(receives):
        s, r = sends[key], receives[key]
        for (send, size, tag), recv in zip(s, r):
            messages.append((send, lane[key[1]], recv, lane[key[2]], size, tag))
        unmatched_sends += max(0, len(s) - len(r))
        unmatched_receives += max(0, len(r) - len(s))
    messages.sort()
    n = len(order)
    count = [[0] * n for _ in range(n)]
    for send, a, recv, b, size, tag in messages:
        count[a][b] += 1
    latencies = sorted(recv - send for send, a, recv, b, size, tag in messages)

    # Late senders: the top of the receiving location's stack after every event at the
    # receive time, if an MPI_Recv... or MPI_Wait... region, entered at E.
    waits = [0] * n
    for send, a, recv, b, size, tag in messages:
        loc = order[b]
        stack = []
        for t, kind, region in regions[loc]:
            if t > recv:
                break
            if kind == 'ENTER':
                stack.append((region, t))
            elif stack:
                stack.pop()
        if stack and (stack[-1][0].startswith('MPI_Recv') or stack[-1][0].startswith('MPI_Wait')):
            waits[b] += max(0, send - stack[-1][1])
    json.dump({
        'messages': len(messages),
        'bytes': sum(m[4] for m in messages),
        'unmatched_sends': unmatched_sends,
        'unmatched_receives': unmatched_receives,
        'lanes': [names[loc] for loc in order],
        'count': count,
        'latency_ns': {'min': latencies[0], 'median': latencies[(len(latencies) - 1) // 2], 'max': latencies[-1]},
        'late_sender_ns': sum(waits),
        'late_sender': [{'lane': k + 1, 'ns': w} for k, w in enumerate(waits)],
        'list': [{'from': a + 1, 'to': b + 1, 'send_ns': send - origin, 'recv_ns': recv - origin, 'bytes': size,
                  'tag': tag} for send, a, recv, b, size, tag in messages],
    }, sys.stdout, indent=1)


if __name__ == '__main__':
    main()
