#!/usr/bin/env bash
# The map step with GNU parallel, then the merge: one `chitra-cli fit --stats-out` per
# file, or per shard of each file with --shards N (docs/scale-out.md).
#   map-parallel.sh [-j JOBS] [--shards N] [--pipeline P.json] OUTDIR FILE...
# Writes OUTDIR/stats/*.json and OUTDIR/model.json. CHITRA_CLI names the program
# (default: chitra-cli on the PATH).
set -euo pipefail
jobs=0 shards=1 pipeline=()
while (($#)); do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --pipeline) pipeline=(--pipeline "$2"); shift 2 ;;
    *) break ;;
  esac
done
(($# >= 2)) || { echo "usage: $0 [-j JOBS] [--shards N] [--pipeline P.json] OUTDIR FILE..." >&2; exit 2; }
cli=${CHITRA_CLI:-chitra-cli}
out=$1; shift
mkdir -p "$out/stats"
# One job per (file, shard); {#} numbers the files so that equal base names do not clash.
parallel --halt now,fail=1 -j "$jobs" \
  "$cli" fit {1} "${pipeline[@]}" --shard {2}/"$shards" --stats-out "$out/stats/{1/.}-{2}.json" \
  ::: "$@" ::: $(seq 1 "$shards")
"$cli" merge "$out"/stats/*.json -o "$out/model.json"
