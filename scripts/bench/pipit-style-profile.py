#!/usr/bin/python3
"""A flat profile of an OTF2 archive the way Pipit computes one (pandas): the events read
through the OTF2 Python bindings into a DataFrame, each Enter matched with its Leave per
location on a stack, the callee's inclusive time taken from its caller's, then the rows
grouped by region. Prints the seconds each step took and, with --json, the profile
(calls and exclusive ns per region, the figures that do not depend on how recursion is
counted) for comparison with `chitra-cli profile`. Run with /usr/bin/python3 (Debian's
python3-otf2, python3-pandas).
  pipit-style-profile.py ARCHIVE/traces.otf2 [--json OUT]"""
import json
import sys
import time

import numpy as np
import otf2
import pandas as pd

path = sys.argv[1]
out = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--json" else None

t0 = time.perf_counter()
# Read: one row per Enter or Leave (Pipit's OTF2 reader keeps every event the same way).
stamps, kinds, names, procs = [], [], [], []
with otf2.reader.open(path) as trace:
    resolution = trace.definitions.clock_properties.timer_resolution
    for location, event in trace.events:
        if isinstance(event, otf2.events.Enter):
            kind = "Enter"
        elif isinstance(event, otf2.events.Leave):
            kind = "Leave"
        else:
            continue
        stamps.append(event.time)
        kinds.append(kind)
        names.append(event.region.name)
        procs.append(location.name)
scale = 1e9 / resolution
df = pd.DataFrame({
    "Timestamp (ns)": (np.array(stamps, dtype=np.int64) * scale).astype(np.int64),
    "Event Type": pd.Categorical(kinds),
    "Name": pd.Categorical(names),
    "Process": pd.Categorical(procs),
})
t1 = time.perf_counter()

# Match (Pipit's _match_events and _match_caller_callee): per location, in time order, a
# stack of open Enter rows; a Leave closes the top, whose inclusive time is then known and
# is taken out of its caller's exclusive time.
df.sort_values(["Process", "Timestamp (ns)"], kind="stable", inplace=True, ignore_index=True)
ts = df["Timestamp (ns)"].to_numpy()
enter = (df["Event Type"] == "Enter").to_numpy()
proc = df["Process"].cat.codes.to_numpy()
inc = np.zeros(len(df), dtype=np.int64)
exc = np.zeros(len(df), dtype=np.int64)
stack = []
last_proc = -1
for i in range(len(df)):
    if proc[i] != last_proc:
        stack.clear()
        last_proc = proc[i]
    if enter[i]:
        stack.append(i)
    elif stack:
        e = stack.pop()
        inc[e] = ts[i] - ts[e]
        exc[e] += inc[e]
        if stack:
            exc[stack[-1]] -= inc[e]
df["time.inc"] = inc
df["time.exc"] = exc
t2 = time.perf_counter()

# Flat profile (Pipit's flat_profile): the Enter rows grouped by region.
enters = df[df["Event Type"] == "Enter"]
flat = enters.groupby("Name", observed=True).agg(calls=("time.inc", "size"), inclusive=("time.inc", "sum"),
                                                  exclusive=("time.exc", "sum"))
t3 = time.perf_counter()

print(f"events {len(df)}  read {t1 - t0:.2f} s  match {t2 - t1:.2f} s  group {t3 - t2:.2f} s  "
      f"total {t3 - t0:.2f} s")
if out:
    with open(out, "w") as f:
        json.dump({name: {"calls": int(r.calls), "exclusive_ns": int(r.exclusive)} for name, r in flat.iterrows()}, f)
