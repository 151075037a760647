#!/usr/bin/env bash
# Slurm array task: shard $SLURM_ARRAY_TASK_ID of N of one trace (docs/scale-out.md).
#   sbatch --array=1-N slurm-map.sh CHITRA_CLI FILE N OUTDIR [--pipeline P.json]
set -euo pipefail
cli=$1 file=$2 shards=$3 out=$4; shift 4
k=${SLURM_ARRAY_TASK_ID:?run as a Slurm array task}
"$cli" fit "$file" "$@" --shard "$k/$shards" --stats-out "$out/stats/shard-$k.json"
