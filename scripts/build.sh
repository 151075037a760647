#!/usr/bin/env bash
# Configures and builds Chitra in build/ (CHITRA_BUILD_DIR): all of it, or the targets
# named with --target. The build directory is configured when it is not yet (Release,
# Ninja), or again when CMake options are given; they stay in its cache:
#   bash scripts/build.sh [--target NAME]... [-DOPTION=VALUE]...
# e.g. `bash scripts/build.sh -DCHITRA_BUILD_TESTS=OFF` builds the programs without the
# tests (no GoogleTest needed: what scripts/install-deps.sh installs is enough).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${CHITRA_BUILD_DIR:-build}
targets=()
options=()
while (($#)); do
  case $1 in
    --target) targets+=(--target "${2:?--target needs a name}"); shift 2 ;;
    *) options+=("$1"); shift ;;
  esac
done
if [[ ! -f "$build_dir/build.ninja" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}"
elif ((${#options[@]})); then
  cmake -S . -B "$build_dir" "${options[@]}"
fi
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
