#!/usr/bin/env python3
"""Load a single-component PES file and fit its semi-Markov chain the way an analyst
would with pandas: read_csv (the C engine) into a categorical state column, then
groupby for the per-state figures and the transition counts. The pandas reference point
for `chitra-cli fit` in scripts/bench/bench-numpy.sh; the figures and the JSON summary are those
of scripts/bench/bench_numpy_fit.py (semantics.md section 4), so the two can be compared.
    python3 scripts/bench/bench_pandas_fit.py FILE.pes
"""
import sys
import time

import numpy as np
import pandas as pd

from bench_numpy_fit import print_summary, read_end


def fit(df, end):
    times = df["t"].to_numpy()
    if end is None:  # without a declared end the last record only closes the previous state
        occ = np.diff(times)
        ses = pd.DataFrame({"s": df["s"].iloc[:-1].reset_index(drop=True), "occ": occ})
    else:
        ses = pd.DataFrame({"s": df["s"], "occ": np.diff(np.append(times, end))})
    by_state = ses.groupby("s", observed=True)["occ"]
    stats = by_state.agg(["count", "sum", "mean", "var", "min", "max"])
    stats["var"] = stats["var"].fillna(0.0)
    bins = sum(len(np.histogram(v.to_numpy(), bins="fd")[0]) for _, v in by_state)
    # Transitions over consecutive pairs, OTHER after the last element.
    following = ses["s"].astype(object).shift(-1).fillna("OTHER")
    pairs = ses.groupby([ses["s"].astype(object), following]).size()
    prob = pairs / pairs.groupby(level=0).transform("sum")
    names = list(stats.index.astype(object))
    q = prob.unstack(fill_value=0.0).reindex(index=names, columns=names, fill_value=0.0).to_numpy()
    rows = q.sum(axis=1, keepdims=True)
    q = np.divide(q, rows, out=np.eye(len(names)), where=rows > 0)
    a = q.T - np.eye(len(names))
    a[-1, :] = 1.0
    b = np.zeros(len(names))
    b[-1] = 1.0
    pi = np.linalg.solve(a, b)
    mean = stats["mean"].to_numpy()
    share = pi * mean / np.sum(pi * mean)
    return {
        "states": len(names) + 1,
        "transitions": int(len(pairs)),
        "elements": int(len(ses)),
        "total": int(stats["sum"].sum()),
        "time_share_max": float(share.max()),
        "bins": int(bins),
        "var_sum": float(stats["var"].sum()),
        "min_sum": int(stats["min"].sum()),
        "max_sum": int(stats["max"].sum()),
    }


def main():
    path = sys.argv[1]
    t0 = time.perf_counter()
    end = read_end(path)
    df = pd.read_csv(path, sep=" ", comment="#", header=None, names=["t", "s"],
                     dtype={"t": "int64", "s": "category"}, engine="c")
    t1 = time.perf_counter()
    summary = fit(df, end)
    print_summary(summary, t0, t1, time.perf_counter())


if __name__ == "__main__":
    main()
