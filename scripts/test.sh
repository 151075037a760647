#!/usr/bin/env bash
# Installs what is missing (scripts/install-test-deps.sh: the workbench's packages and
# the test tools), builds everything with the tests, and runs the whole suite through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps.sh
build_dir=${CHITRA_BUILD_DIR:-build}
if grep -q '^CHITRA_BUILD_TESTS:BOOL=OFF$' "$build_dir/CMakeCache.txt" 2>/dev/null; then
  bash scripts/build.sh -DCHITRA_BUILD_TESTS=ON # configured without the tests by start.sh
else
  bash scripts/build.sh
fi
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
