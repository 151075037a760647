#!/usr/bin/env bash
# Slurm array task: shard $SLURM_ARRAY_TASK_ID of N of one trace (docs/scale-out.md).
#   sbatch --array=1-N slurm-map.sh CHITRA_CLI FILE N OUTDIR [--count-figures|--use-figures] [--pipeline P.json]
# --count-figures: the first pass of a time or event filter (fit --figures-out);
# --use-figures: the map step with every shard's figures (fit --figures).
set -euo pipefail
cli=$1 file=$2 shards=$3 out=$4; shift 4
mode=stats
case ${1:-} in
  --count-figures) mode=count; shift ;;
  --use-figures) mode=use; shift ;;
esac
k=${SLURM_ARRAY_TASK_ID:?run as a Slurm array task}
case $mode in
  count) "$cli" fit "$file" "$@" --shard "$k/$shards" --figures-out "$out/figures/shard-$k.json" ;;
  use) "$cli" fit "$file" "$@" --shard "$k/$shards" --figures "$out"/figures/shard-*.json \
         --stats-out "$out/stats/shard-$k.json" ;;
  *) "$cli" fit "$file" "$@" --shard "$k/$shards" --stats-out "$out/stats/shard-$k.json" ;;
esac
