#!/usr/bin/env bash
# Fuzzes the PES text reader with libFuzzer + ASan + UBSan for a bounded time.
#   scripts/fuzz.sh [SECONDS]      (default 60; not run by CI)
# Builds only the fuzzer, with clang, in its own directory (default build-fuzz/).
# Seeds: tests/fuzz/seeds/ plus the first 4 KB of every file in sample_traces/.
# Findings (crash-*, timeout-*, leak-*) land in the build directory; reproduce one with
#   build-fuzz/tests/fuzz/fuzz_pes_reader build-fuzz/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
seconds=${1:-60}
build_dir=${CHITRA_FUZZ_BUILD_DIR:-build-fuzz}

if [[ ! -f "$build_dir/build.ninja" ]]; then
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCHITRA_BUILD_GUI=OFF -DCHITRA_BUILD_BENCHMARKS=OFF -DCHITRA_BUILD_FUZZERS=ON
fi
cmake --build "$build_dir" --target fuzz_pes_reader

corpus="$build_dir/fuzz-corpus/pes"  # grows across runs
seeds="$build_dir/fuzz-seeds/pes"
mkdir -p "$corpus" "$seeds"
cp tests/fuzz/seeds/* "$seeds/"
if [[ -d sample_traces ]]; then
  find sample_traces -maxdepth 2 -type f \( -name '*.pes' -o -name '*.txt' \) | while read -r f; do
    head -c 4096 "$f" > "$seeds/sample-$(basename "$f")"
  done
fi

cd "$build_dir"
exec ./tests/fuzz/fuzz_pes_reader -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=8192 -dict="$repo/tests/fuzz/pes.dict" -print_final_stats=1 \
  "fuzz-corpus/pes" "fuzz-seeds/pes"
