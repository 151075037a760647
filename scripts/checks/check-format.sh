#!/usr/bin/env bash
# Fails when a C or C++ file of the project is not laid out as .clang-format says, and
# names each such file with clang-format's first complaint. Run by CTest
# (format_matches_clang_format). To lay out a file: clang-format-14 -i FILE.
set -euo pipefail
cd "$(dirname "$0")/../.."
format=$(command -v clang-format-14 || true)
if [[ -z $format ]]; then
  echo "check-format.sh: clang-format-14 is not installed (scripts/install-test-deps.sh installs it)" >&2
  exit 77
fi
mapfile -t files < <(git ls-files 'src/*' 'include/*' 'tests/*' | grep -E '\.(c|cpp|h|hpp)$' || true)
if ((${#files[@]} < 100)); then
  # Not a git checkout (a source tarball): every such file below the three folders.
  mapfile -t files < <(find src include tests -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) | sort)
fi
bad=0
for f in "${files[@]}"; do
  if ! out=$("$format" --dry-run --Werror "$f" 2>&1); then
    echo "$f: not laid out as .clang-format says: $(grep -m1 -E 'error|warning' <<<"$out" | sed -E 's/^[^:]*:([0-9]+):[0-9]+: .*/line \1/')" >&2
    bad=$((bad + 1))
  fi
done
echo "format: ${#files[@]} files checked, $bad not laid out as .clang-format says"
((bad == 0))
