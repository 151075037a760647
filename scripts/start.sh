#!/usr/bin/env bash
# Installs what is missing, builds, and starts the workbench on the bundled sample session
# (sample_traces/tutorial.chitra: two philosophers traces, four views; docs/sample-traces.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${CHITRA_BUILD_DIR:-build}
if [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" && -z "${QT_QPA_PLATFORM:-}" ]]; then
  echo "No display found: starting under xvfb-run (set DISPLAY to see the window)." >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$build_dir/src/app/chitra" --session sample_traces/tutorial.chitra "$@"
fi
exec "$build_dir/src/app/chitra" --session sample_traces/tutorial.chitra "$@"
