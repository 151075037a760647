#!/usr/bin/env bash
# Slurm job run after the whole map array succeeded: merges its statistics.
#   sbatch --dependency=afterok:MAPJOB slurm-merge.sh CHITRA_CLI OUTDIR
set -euo pipefail
cli=$1 out=$2
"$cli" merge "$out"/stats/*.json -o "$out/model.json"
