#!/usr/bin/env bash
# Submits the map step of one trace as a Slurm job array of N shards and the merge as a
# job that depends on it; prints the job ids (docs/scale-out.md). With --first-pass (a
# pipeline with a time or event filter), a first array counts each shard's figures and
# the map array waits for it.
#   submit-slurm.sh FILE N OUTDIR [--pipeline P.json] [--first-pass]
# CHITRA_CLI names the program (default: chitra-cli on the PATH); OUTDIR must be seen
# by every node.
set -euo pipefail
(($# >= 3)) || { echo "usage: $0 FILE N OUTDIR [--pipeline P.json] [--first-pass]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
cli=$(command -v "${CHITRA_CLI:-chitra-cli}")
file=$(realpath "$1") shards=$2 out=$(realpath -m "$3"); shift 3
first_pass=0 args=()
for a in "$@"; do
  if [[ $a == --first-pass ]]; then first_pass=1; else args+=("$a"); fi
done
mkdir -p "$out/stats" "$out/logs"
mode=() after=()
if ((first_pass)); then
  mkdir -p "$out/figures"
  figures=$(sbatch --parsable --job-name=chitra-figures --array=1-"$shards" --output="$out/logs/figures-%a.out" \
    "$here/slurm-map.sh" "$cli" "$file" "$shards" "$out" --count-figures "${args[@]}")
  mode=(--use-figures) after=(--dependency=afterok:"${figures%%;*}")
  echo -n "figures ${figures%%;*} "
fi
map=$(sbatch --parsable --job-name=chitra-map --array=1-"$shards" --output="$out/logs/map-%a.out" "${after[@]}" \
  "$here/slurm-map.sh" "$cli" "$file" "$shards" "$out" "${mode[@]}" "${args[@]}")
merge=$(sbatch --parsable --job-name=chitra-merge --dependency=afterok:"${map%%;*}" \
  --output="$out/logs/merge.out" "$here/slurm-merge.sh" "$cli" "$out")
echo "map ${map%%;*} merge ${merge%%;*}"
