#!/usr/bin/env python3
"""The links of a Paje trace as PajeNG's `pj_dump` lists them, to check `chitra-cli
messages --list` against (interfaces.md "Messages between lanes": a StartLink and an
EndLink of one link type and key are a message from the start container to the end
container). Prints JSON: {"links": [{"from", "to", "send_ns", "recv_ns", "bytes"}]} by
send time, containers by name, times in ns from the start of the first state that lasts.

    pj_dump_messages.py TRACE
"""
import json
import subprocess
import sys


def ns(text):
    whole, _, frac = text.partition('.')
    return int(whole) * 10**9 + int((frac + '000000000')[:9])


rows = subprocess.run(['pj_dump', '-l', '9', '-u', sys.argv[1]], check=True, capture_output=True,
                      text=True).stdout.splitlines()
# The origin: the first instant some state is open after (a state of no length is none).
origin = min(ns(r.split(', ')[3]) for r in rows if r.startswith('State, ') and ns(r.split(', ')[5]) > 0)
links = []
for r in rows:
    if not r.startswith('Link, '):
        continue
    f = r.split(', ')
    links.append({'from': f[7], 'to': f[8], 'send_ns': ns(f[3]) - origin, 'recv_ns': ns(f[4]) - origin,
                  'bytes': int(f[10]) if len(f) > 10 else 0})
links.sort(key=lambda m: (m['send_ns'], m['from'], m['recv_ns'], m['to']))
json.dump({'links': links}, sys.stdout)
