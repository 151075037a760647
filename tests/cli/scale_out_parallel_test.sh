#!/usr/bin/env bash
# The GNU parallel map step of docs/scale-out.md run for real: sample traces split into
# shards, merged, compared with the whole fit; and two traces merged as an ensemble.
#   scale_out_parallel_test.sh SOURCE_DIR CHITRA_CLI
set -euo pipefail
src=$1
export CHITRA_CLI=$2
command -v parallel >/dev/null || { echo "SKIP: GNU parallel is not installed (scripts/install-test-deps.sh)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trace=$src/sample_traces/philosophers-n4-x1000.pes
"$CHITRA_CLI" fit "$trace" -o "$work/whole.json"
bash "$src/scripts/scale-out/map-parallel.sh" -j 2 --shards 7 "$work/sharded" "$trace"
test "$(ls "$work/sharded/stats" | wc -l)" -eq 7
python3 "$src/tests/cli/compare_models.py" "$work/whole.json" "$work/sharded/model.json"

# Two files, each in 3 shards: the ensemble has one end (OTHER visit) per file.
bash "$src/scripts/scale-out/map-parallel.sh" --shards 3 "$work/ensemble" \
  "$src/sample_traces/philosophers-n2-x100.pes" "$src/sample_traces/philosophers-n3-x100.pes"
python3 - "$work/ensemble/model.json" <<'PY'
import json, sys
model = json.load(open(sys.argv[1]))
other = [s for s in model["states"] if s["kind"] == "other"]
assert other and other[0]["count"] == 2, other
print("ensemble of 2 files:", len(model["states"]), "states")
PY

# A time filter with the first pass: every shard filters by the whole file's shares, and
# the merged model is the whole file's, filter composites and their definitions included.
printf '%s\n' '{"pipeline": [{"op": "filter", "domain": "time", "below": 0.01}]}' >"$work/filter.json"
"$CHITRA_CLI" fit "$trace" --pipeline "$work/filter.json" -o "$work/filtered-whole.json"
bash "$src/scripts/scale-out/map-parallel.sh" -j 2 --shards 5 --pipeline "$work/filter.json" --first-pass \
  "$work/filtered" "$trace" 2>/dev/null
test "$(ls "$work/filtered/figures" | wc -l)" -eq 5
python3 "$src/tests/cli/compare_models.py" "$work/filtered-whole.json" "$work/filtered/model.json"
