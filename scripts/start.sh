#!/usr/bin/env bash
# Installs what the workbench needs if anything is missing (scripts/install-deps.sh: no
# test tools), builds the workbench, and starts it on the bundled sample session
# (sample_traces/tutorial.chitra: two philosophers traces, four views;
# docs/sample-traces.md). Further arguments go to chitra (e.g. --screenshot OUT.png).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build_dir=${CHITRA_BUILD_DIR:-build}
if [[ -f "$build_dir/build.ninja" ]]; then
  # Configured already (by an earlier start.sh, or with the tests by test.sh): as it is.
  bash scripts/build.sh --target chitra
else
  bash scripts/build.sh --target chitra -DCHITRA_BUILD_TESTS=OFF
fi
if [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -z "${QT_QPA_PLATFORM:-}" ]]; then
  echo "No display found: starting under xvfb-run (set DISPLAY to see the window)." >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$build_dir/src/app/chitra" --session sample_traces/tutorial.chitra "$@"
fi
exec "$build_dir/src/app/chitra" --session sample_traces/tutorial.chitra "$@"
