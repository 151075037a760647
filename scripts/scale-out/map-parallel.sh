#!/usr/bin/env bash
# The map step with GNU parallel, then the merge: one `chitra-cli fit --stats-out` per
# file, or per shard of each file with --shards N (docs/scale-out.md). With --first-pass
# (a pipeline with a time or event filter), a first map step counts each shard's states
# at the filter's input (fit --figures-out), and every shard of a file then filters by
# the whole file's counts (fit --figures).
#   map-parallel.sh [-j JOBS] [--shards N] [--pipeline P.json [--first-pass]] OUTDIR FILE...
# Writes OUTDIR/stats/*.json (and OUTDIR/figures/*.json) and OUTDIR/model.json.
# CHITRA_CLI names the program (default: chitra-cli on the PATH).
set -euo pipefail
jobs=0 shards=1 pipeline=() first_pass=0
while (($#)); do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --pipeline) pipeline=(--pipeline "$2"); shift 2 ;;
    --first-pass) first_pass=1; shift ;;
    *) break ;;
  esac
done
(($# >= 2)) || { echo "usage: $0 [-j JOBS] [--shards N] [--pipeline P.json [--first-pass]] OUTDIR FILE..." >&2; exit 2; }
((!first_pass || ${#pipeline[@]})) || { echo "$0: --first-pass needs --pipeline" >&2; exit 2; }
cli=${CHITRA_CLI:-chitra-cli}
out=$1; shift
mkdir -p "$out/stats"
figures=()
if ((first_pass)); then
  mkdir -p "$out/figures"
  parallel --halt now,fail=1 -j "$jobs" \
    "$cli" fit {1} "${pipeline[@]}" --shard {2}/"$shards" --figures-out "$out/figures/{1/.}-{2}.json" \
    ::: "$@" ::: $(seq 1 "$shards")
  # Each job's shell expands the glob: the figures of every shard of its own file.
  figures=(--figures "$out/figures/{1/.}-*.json")
fi
# One job per (file, shard).
parallel --halt now,fail=1 -j "$jobs" \
  "$cli" fit {1} "${pipeline[@]}" --shard {2}/"$shards" "${figures[@]}" --stats-out "$out/stats/{1/.}-{2}.json" \
  ::: "$@" ::: $(seq 1 "$shards")
"$cli" merge "$out"/stats/*.json -o "$out/model.json"
