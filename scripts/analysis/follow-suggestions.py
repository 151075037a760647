#!/usr/bin/env python3
"""Follows chitra-cli's suggestions on traces, as the workbench's Simplify does: the
best-ranked suggestion that shrinks the chain, appended to the pipeline, until none does.
Prints, per trace, the chain's states and transitions before and after, and the steps.

    scripts/analysis/follow-suggestions.py CHITRA_CLI OUTDIR TRACE...

OUTDIR receives each trace's pipeline (TRACE-NAME.json); docs/tutorial.md step 12 shows
the output for the sample traces."""
import json
import os
import subprocess
import sys


def run(cli, args):
    result = subprocess.run([cli] + args, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"chitra-cli {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def chain_size(cli, trace, pipeline):
    model = json.loads(run(cli, ["fit", trace, "--pipeline", pipeline]))
    states = [s for s in model["states"] if s["kind"] != "other"]
    return len(states), len(model["transitions"])


def describe(step):
    if step["op"] == "aggregate":
        return "aggregate " + " ".join(step["pattern"])
    if step["op"] == "project_components":
        return "project_components drop " + ",".join(str(i) for i in step["drop"])
    return step["op"]


def main(cli, outdir, traces):
    os.makedirs(outdir, exist_ok=True)
    for trace in traces:
        steps = []
        pipeline = os.path.join(outdir, os.path.basename(trace) + ".json")
        with open(pipeline, "w") as f:
            json.dump({"pipeline": steps}, f)
        before = chain_size(cli, trace, pipeline)
        for _ in range(20):
            found = json.loads(run(cli, ["suggest", trace, "--pipeline", pipeline, "--json", "--top", "100"]))
            shrinking = [s for s in found["suggestions"]
                         if s["states_after"] < s["states_before"] or s.get("transitions_removed", 0) > 0]
            if not shrinking:
                break
            steps.append(shrinking[0]["step"])
            with open(pipeline, "w") as f:
                json.dump({"pipeline": steps}, f)
        after = chain_size(cli, trace, pipeline)
        print(f"{os.path.basename(trace)}: {before[0]} states, {before[1]} transitions -> "
              f"{after[0]} states, {after[1]} transitions; " + "; ".join(describe(s) for s in steps))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
