#!/usr/bin/env python3
"""Load a single-component PES file and fit its semi-Markov chain the way an analyst
would with NumPy alone: np.loadtxt, np.unique, np.bincount, np.histogram, np.linalg.

The reference point for `chitra-cli fit` in scripts/bench/bench-numpy.sh. It computes the same
figures as semantics.md section 4 (counts, totals, shares, means, sample variances,
minima, maxima, histograms, transition probabilities with OTHER, embedded stationary
distribution and long-run time share) and prints a small JSON summary with its timings.

    python3 scripts/bench/bench_numpy_fit.py FILE.pes [--generate N] [--states K] [--seed S]

--generate N writes a random N-record PES file (K states, a sparse chain) to FILE first.
"""
import argparse
import json
import sys
import time

import numpy as np


def generate(path, n, k, seed):
    rng = np.random.default_rng(seed)
    succ = rng.integers(0, k, size=(k, 4))          # each state has 4 successors
    choice = rng.integers(0, 4, size=n)
    states = np.empty(n, dtype=np.int64)
    s = 0
    for i in range(n):                               # a generator, not part of the timing
        states[i] = s
        s = succ[s, choice[i]]
    times = np.cumsum(rng.integers(0, 100001, size=n))
    with open(path, "w") as f:
        f.write("# chitra-pes 1\n# timebase: ns\n# end: %d\n" % (times[-1] + 1000))
        chunk = 1_000_000
        for lo in range(0, n, chunk):
            hi = min(n, lo + chunk)
            f.write("".join("%d S%d\n" % (t, st) for t, st in zip(times[lo:hi].tolist(), states[lo:hi].tolist())))


def read_end(path):
    """The declared end time, from the '#' header lines."""
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                return None
            key, _, value = line[1:].partition(":")
            if key.strip() == "end":
                return int(value)
    return None


def fit(times, names, end):
    # SES: without a declared end the last record only closes the previous state.
    state_names, codes = np.unique(names, return_inverse=True)
    if end is None:
        occ = np.diff(times)
        codes = codes[:-1]
    else:
        occ = np.diff(np.append(times, end))
    n = len(state_names)
    count = np.bincount(codes, minlength=n)
    total = np.bincount(codes, weights=occ, minlength=n)
    mean = total / count
    var = np.bincount(codes, weights=(occ - mean[codes]) ** 2, minlength=n) / np.maximum(count - 1, 1)
    mins = np.full(n, np.iinfo(np.int64).max)
    maxs = np.full(n, np.iinfo(np.int64).min)
    np.minimum.at(mins, codes, occ)
    np.maximum.at(maxs, codes, occ)
    hists = [np.histogram(occ[codes == k], bins="fd") for k in range(n)]

    # Transitions over consecutive pairs, with OTHER (code n) after the last element.
    ext = np.append(codes, n)
    counts = np.bincount(ext[:-1] * (n + 1) + ext[1:], minlength=(n + 1) ** 2).reshape(n + 1, n + 1)
    rows = counts.sum(axis=1, keepdims=True)
    prob = np.divide(counts, rows, out=np.zeros(counts.shape), where=rows > 0)

    # Steady state: drop OTHER, renormalise, solve pi = pi P with sum pi = 1.
    q = prob[:n, :n]
    q = np.divide(q, q.sum(axis=1, keepdims=True), out=np.eye(n), where=q.sum(axis=1, keepdims=True) > 0)
    a = q.T - np.eye(n)
    a[-1, :] = 1.0
    b = np.zeros(n)
    b[-1] = 1.0
    pi = np.linalg.solve(a, b)
    share = pi * mean / np.sum(pi * mean)
    return {
        "states": n + 1,
        "transitions": int(np.count_nonzero(counts)),
        "elements": int(len(codes)),
        "total": int(total.sum()),
        "time_share_max": float(share.max()),
        "bins": int(sum(len(h[0]) for h in hists)),
        "var_sum": float(var.sum()),
        "min_sum": int(mins.sum()),
        "max_sum": int(maxs.sum()),
    }


def print_summary(summary, started, loaded, fitted):
    """The summary as one JSON line, with the load and fit seconds."""
    summary.update({"load_s": loaded - started, "fit_s": fitted - loaded})
    json.dump(summary, sys.stdout)
    sys.stdout.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--generate", type=int, default=0)
    ap.add_argument("--states", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.generate:
        generate(args.file, args.generate, args.states, args.seed)
        return
    t0 = time.perf_counter()
    end = read_end(args.file)
    data = np.loadtxt(args.file, comments="#", dtype={"names": ("t", "s"), "formats": ("i8", "U16")})
    t1 = time.perf_counter()
    summary = fit(data["t"], data["s"], end)
    print_summary(summary, t0, t1, time.perf_counter())


if __name__ == "__main__":
    main()
