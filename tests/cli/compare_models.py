#!/usr/bin/env python3
"""Exits 0 when two `chitra-cli fit --format json` models are the same model: counts,
totals, extremes, histograms and transitions equal, means and variances (and the mean
totals of composite definitions) to 1e-12 relative. Used by the scale-out script tests."""
import json
import sys


def close(a, b):
    return abs(a - b) <= 1e-12 * max(abs(a), abs(b))


def same(a, b):
    """Equal, but for floating-point numbers (mean totals of paths), which may differ in
    the last places between a whole fit and a merge."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and close(a, b)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def main(whole_path, merged_path):
    whole = json.load(open(whole_path))
    merged = json.load(open(merged_path))
    problems = []
    for key in ("format", "timebase", "elements", "total_time", "initial", "transitions", "closed_classes"):
        if whole.get(key) != merged.get(key):
            problems.append(f"{key} differs")
    if len(whole["states"]) != len(merged["states"]):
        problems.append("number of states differs")
    for a, b in zip(whole["states"], merged["states"]):
        for key in ("name", "kind", "count", "total", "min", "max", "histogram", "definition"):
            if not same(a.get(key), b.get(key)):
                problems.append(f"state {a['name']}: {key} differs")
        for key in ("mean", "variance", "stddev"):
            if not close(a[key], b[key]):
                problems.append(f"state {a['name']}: {key} {a[key]} vs {b[key]}")
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{len(whole['states'])} states, {len(whole['transitions'])} transitions: "
          + ("same model" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
