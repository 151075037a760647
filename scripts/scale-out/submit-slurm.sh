#!/usr/bin/env bash
# Submits the map step of one trace as a Slurm job array of N shards and the merge as a
# job that depends on it; prints both job ids (docs/scale-out.md).
#   submit-slurm.sh FILE N OUTDIR [--pipeline P.json]
# CHITRA_CLI names the program (default: chitra-cli on the PATH); OUTDIR must be seen
# by every node.
set -euo pipefail
(($# >= 3)) || { echo "usage: $0 FILE N OUTDIR [--pipeline P.json]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
cli=$(command -v "${CHITRA_CLI:-chitra-cli}")
file=$(realpath "$1") shards=$2 out=$(realpath -m "$3"); shift 3
mkdir -p "$out/stats" "$out/logs"
map=$(sbatch --parsable --job-name=chitra-map --array=1-"$shards" --output="$out/logs/map-%a.out" \
  "$here/slurm-map.sh" "$cli" "$file" "$shards" "$out" "$@")
merge=$(sbatch --parsable --job-name=chitra-merge --dependency=afterok:"${map%%;*}" \
  --output="$out/logs/merge.out" "$here/slurm-merge.sh" "$cli" "$out")
echo "map ${map%%;*} merge ${merge%%;*}"
