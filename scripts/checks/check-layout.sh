#!/usr/bin/env bash
# Keeps docs/architecture.md true to the tree, both ways. Run by CTest
# (layout_matches_architecture_doc); fails with one line per problem:
#  - every folder below src/ is described in the doc: named as a path (`src/cli/`) or in
#    the first column of the folder table of a section whose heading names its root
#    (`jobs/` under "### Workbench (`src/app/`)" is src/app/jobs/);
#  - every path the doc names exists: the folder cells of those tables, the repository
#    paths in backticks (`src/...`, `include/...`, `tests/...`, `scripts/...`, `docs/...`,
#    `resources/...`, `sample_traces/...`, `.ci/...`), the shorter paths of its text
#    (`io/pes/pes_reader.cpp`, looked for below src/, src/core/, src/app/ and
#    include/chitra/) and its links to other documents. A path with a placeholder
#    (`src/core/io/<format>/`, `bench-*.sh`) stands for the folder before it, which must exist.
#   bash scripts/checks/check-layout.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
doc=docs/architecture.md
[[ -f $doc ]] || { echo "$doc: missing" >&2; exit 1; }

# What the doc names, one per line: KIND LINE PATH. KIND is `cell` (a folder cell of a
# section's table, PATH with the section's root), `path` (a path in backticks) or `link`.
names=$(awk '
  function tokens(text, out,    n) {
    n = 0
    while (match(text, /`[^`]+`/)) {
      out[++n] = substr(text, RSTART + 1, RLENGTH - 2)
      text = substr(text, RSTART + RLENGTH)
    }
    return n
  }
  /^```/ { fenced = !fenced; next }
  fenced { next }
  /^#+ / {
    # The roots of a section: the folders its heading names ("### Core (`src/core/` ...)").
    nroots = 0
    n = tokens($0, t)
    for (i = 1; i <= n; i++) if (t[i] ~ /\/$/) roots[++nroots] = t[i]
  }
  {
    rest = $0
    if (nroots && $0 ~ /^\| `/) {
      cell = substr($0, 3); sub(/ \|.*/, "", cell)
      rest = substr($0, 3 + length(cell))
      n = tokens(cell, t)
      for (i = 1; i <= n; i++)
        for (r = 1; r <= nroots; r++) print "cell", NR, roots[r] t[i]
    }
    n = tokens(rest, t)
    for (i = 1; i <= n; i++) print "path", NR, t[i]
    text = rest
    while (match(text, /\]\([^)]+\)/)) {
      print "link", NR, substr(text, RSTART + 2, RLENGTH - 3)
      text = substr(text, RSTART + RLENGTH)
    }
  }
' "$doc")

problems=0
problem() { echo "$1" >&2; problems=$((problems + 1)); }

# The part of PATH before its first placeholder (<name>, *, {a,b}): PATH itself when it
# has none, else the folder the placeholder stands in.
before_placeholder() {
  local path=$1
  if [[ $path == *[\<*\{]* ]]; then
    path=${path%%[\<*\{]*}
    [[ $path == */* ]] && path=${path%/*}/ || path=""
  fi
  printf '%s' "$path"
}

declare -A described=()
cells=0
paths=0
while read -r kind line path; do
  [[ -n $kind ]] || continue
  case $kind in
    cell)
      cells=$((cells + 1))
      target=$(before_placeholder "$path")
      [[ -e $target ]] || problem "$doc:$line: names $path, which does not exist"
      described[${path%/}]=1
      ;;
    path)
      # Only what looks like a path: no spaces, a slash, no leading ../ or / (outside the repository).
      [[ $path == */* && $path != *[[:space:]\(\):=]* && $path != ../* && $path != /* ]] || continue
      target=$(before_placeholder "$path")
      [[ -n $target ]] || continue
      case $path in
        src/* | include/* | tests/* | scripts/* | docs/* | resources/* | sample_traces/* | .ci/*)
          paths=$((paths + 1))
          [[ -e $target ]] || problem "$doc:$line: names $path, which does not exist"
          [[ $path == src/* && $target == "$path" ]] && described[${path%/}]=1
          ;;
        */?*)
          # A shorter path of the text (`io/pes/pes_reader.cpp`): below one of the roots.
          paths=$((paths + 1))
          found=""
          for root in src src/core src/app include/chitra; do
            if [[ -e $root/$target ]]; then found=1; break; fi
          done
          [[ -n $found ]] || problem "$doc:$line: names $path, which does not exist below src/, src/core/, src/app/ or include/chitra/"
          ;;
      esac
      ;;
    link)
      [[ $path == *://* || $path == \#* || $path == mailto:* ]] && continue
      paths=$((paths + 1))
      target=${path%%#*}
      [[ -e docs/$target ]] || problem "$doc:$line: links to $path, which does not exist"
      ;;
  esac
done <<<"$names"

# A doc whose tables this script no longer finds must not pass as an empty check.
if ((cells < 40)); then
  problem "$doc: only $cells folder cells found in its tables; has its layout changed? (scripts/checks/check-layout.sh reads them)"
fi

folders=0
while IFS= read -r folder; do
  folders=$((folders + 1))
  [[ -n ${described[$folder]:-} ]] || problem "$folder/ is not described in $doc"
done < <(find src -mindepth 1 -type d ! -name '.*' ! -name '__pycache__' | LC_ALL=C sort)

if ((problems)); then
  echo "layout: $problems problem(s) between $doc and the tree" >&2
  exit 1
fi
echo "layout: all $folders folders below src/ described in $doc; all $cells folder cells and $paths paths it names exist"
