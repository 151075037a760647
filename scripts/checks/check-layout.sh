#!/usr/bin/env bash
# Fails when a folder that docs/architecture.md names in its folder tables (first column,
# `like/this/`) no longer exists, so that the architecture document stays true to the
# tree. Run by CTest (layout_matches_architecture_doc).
set -euo pipefail
cd "$(dirname "$0")/../.."
doc=docs/architecture.md
missing=0
checked=0
section=""
while IFS= read -r line; do
  case "$line" in
    "### Core"*) section=core ;;
    "### Workbench"*) section=app ;;
    "### "*|"## "*) section="" ;;
  esac
  [[ -n "$section" && "$line" == "| \`"* ]] || continue
  cell=${line#| }
  cell=${cell%% |*}
  for folder in $(grep -o '`[^`]*/`' <<<"$cell" | tr -d '`'); do
    for root in $([[ $section == core ]] && echo "src/core" || echo "src/app"); do
      checked=$((checked + 1))
      if [[ ! -d "$root/$folder" ]]; then
        echo "docs/architecture.md names $root/$folder, which does not exist" >&2
        missing=$((missing + 1))
      fi
    done
  done
done < "$doc"
for folder in src/core src/app src/cli src/tools include/chitra tests/core tests/cli tests/gui tests/bench tests/fuzz; do
  checked=$((checked + 1))
  [[ -d $folder ]] || { echo "docs/architecture.md names $folder, which does not exist" >&2; missing=$((missing + 1)); }
done
if ((checked < 30)); then
  echo "scripts/checks/check-layout.sh: found only $checked folders in $doc; has its layout changed?" >&2
  exit 1
fi
if ((missing)); then
  exit 1
fi
echo "layout: all $checked folders named in $doc exist"
