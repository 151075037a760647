#!/usr/bin/env bash
# Runs every libFuzzer target (ASan + UBSan) for a bounded time each (not run by CI).
#   scripts/checks/fuzz.sh [SECONDS] [TARGET...]   (default 60 s each; default targets: all)
# Targets: fuzz_pes_reader (PES text reader), fuzz_session_loader (session files),
#          fuzz_pipeline_json (pipeline JSON parser + replay),
#          fuzz_ctrace_reader (binary .ctrace reader), fuzz_paje_reader (Paje reader and
#          the PES of its lanes), fuzz_otf2_reader (OTF2 importer: one file of a small
#          archive replaced by the input), fuzz_chrome_reader (Chrome Trace Event JSON
#          reader against its oracle), fuzz_ctf_reader (CTF importer: one file of a
#          recorded LTTng trace replaced by the input), fuzz_ctf_metadata,
#          fuzz_ctf_stream, fuzz_ctf_index (the same, always that file; the inputs the
#          decoder died or hung on in its child process are kept in
#          BUILD_DIR/ctf-findings/<name>), fuzz_events_reader,
#          fuzz_csv_reader, fuzz_paraver_reader (the text importers and the PES of their lanes),
#          fuzz_model_json (the model JSON reader, simulation and validation).
# Builds only the fuzzers, with clang, in their own directory (default build-fuzz/;
# set CHITRA_FUZZ_BUILD_DIR to use another).
# Seeds: tests/fuzz/seeds/ plus the first 4 KB of every file in sample_traces/ (PES),
# tests/data/sessions/v*/ (sessions), tests/fuzz/seeds-pipeline/ (pipelines), sample
# traces converted to .ctrace (.ctrace), tests/fuzz/seeds-paje/ plus the first 8 KB of
# every sample_traces/*.paje (Paje), the valid files of the OTF2 target's own archive
# (OTF2), tests/fuzz/seeds-chrome/ plus the first 8 KB of sample_traces/*.json (Chrome).
# Corpora grow across runs in BUILD_DIR/fuzz-corpus/<name>. Findings (crash-*, timeout-*,
# leak-*) land in the build directory; reproduce one with
#   build-fuzz/tests/fuzz/fuzz_pes_reader build-fuzz/crash-...
# Exits non-zero as soon as a fuzzer reports a finding.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
seconds=${1:-60}
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(fuzz_pes_reader fuzz_session_loader fuzz_pipeline_json fuzz_ctrace_reader fuzz_paje_reader
           fuzz_otf2_reader fuzz_chrome_reader fuzz_ctf_reader fuzz_ctf_metadata fuzz_ctf_stream
           fuzz_ctf_index fuzz_events_reader fuzz_csv_reader
           fuzz_paraver_reader fuzz_model_json)
fi
build_dir=${CHITRA_FUZZ_BUILD_DIR:-build-fuzz}

if [[ ! -f "$build_dir/build.ninja" ]]; then
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCHITRA_BUILD_GUI=OFF -DCHITRA_BUILD_BENCHMARKS=OFF -DCHITRA_BUILD_FUZZERS=ON
fi
cmake --build "$build_dir" --target "${targets[@]}"

seed_dir() { # NAME -> fresh seed folder in the build directory
  local d="$build_dir/fuzz-seeds/$1"
  rm -rf "$d"
  mkdir -p "$d" "$build_dir/fuzz-corpus/$1"
  echo "$d"
}

for target in "${targets[@]}"; do
  case "$target" in
    fuzz_pes_reader)
      name=pes; seeds=$(seed_dir $name)
      cp tests/fuzz/seeds/* "$seeds/"
      if [[ -d sample_traces ]]; then
        find sample_traces -maxdepth 2 -type f \( -name '*.pes' -o -name '*.txt' \) | while read -r f; do
          head -c 4096 "$f" > "$seeds/sample-$(basename "$f")"
        done
      fi
      args=(-max_len=8192 -dict="$repo/tests/fuzz/pes.dict") ;;
    fuzz_session_loader)
      name=session; seeds=$(seed_dir $name)
      cp tests/data/sessions/v*/*.chitra "$seeds/" 2>/dev/null || true
      args=(-max_len=16384 -dict="$repo/tests/fuzz/session.dict") ;;
    fuzz_pipeline_json)
      name=pipeline; seeds=$(seed_dir $name)
      cp tests/fuzz/seeds-pipeline/* "$seeds/"
      args=(-max_len=4096 -dict="$repo/tests/fuzz/pipeline.dict") ;;
    fuzz_ctrace_reader)
      name=ctrace; seeds=$(seed_dir $name)
      # Seeds are real .ctrace files: converted by the regular build's chitra-cli.
      cli="${CHITRA_BUILD_DIR:-build}/src/cli/chitra-cli"
      [[ -x "$cli" ]] || bash scripts/build.sh
      for f in sample_traces/philosophers-n2-x100.pes sample_traces/philosophers-n4-x1000-fields.pes; do
        "$cli" convert "$f" -o "$seeds/$(basename "$f" .pes).ctrace"
      done
      # and a .ctrace of lanes (version 3): a small foreign trace with a field.
      "$cli" convert sample_traces/taskpool-w4-n300.prv --components 1,2 -o "$seeds/taskpool-lanes.ctrace"
      # and one whose lanes have stack steps (regions entered together, entered again).
      "$cli" convert tests/fuzz/seeds-chrome/nested-stacks.json -o "$seeds/nested-stacks.ctrace"
      # and one with messages between its lanes (Chrome flows).
      "$cli" convert tests/fuzz/seeds-chrome/flows.json -o "$seeds/flows.ctrace" 2>/dev/null
      args=(-max_len=65536) ;;
    fuzz_paje_reader)
      name=paje; seeds=$(seed_dir $name)
      cp tests/fuzz/seeds-paje/* "$seeds/"
      for f in sample_traces/*.paje; do
        [[ -f $f ]] && head -c 8192 "$f" > "$seeds/sample-$(basename "$f")"
      done
      args=(-max_len=8192 -dict="$repo/tests/fuzz/paje.dict") ;;
    fuzz_otf2_reader)
      name=otf2; seeds=$(seed_dir $name)
      CHITRA_FUZZ_OTF2_SEEDS="$seeds" "$build_dir/tests/fuzz/fuzz_otf2_reader" -runs=0 >/dev/null 2>&1
      export LSAN_OPTIONS="suppressions=$repo/tests/fuzz/otf2.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
      # libotf2 sizes arrays by counts read from a record (a ProgramBegin's number of
      # arguments) before it checks them against the record: a calloc of gigabytes that
      # stays untouched outside ASan but is zero-filled under it. Allocations above 1 GiB
      # fail (the library reports that as an error) instead of filling memory.
      export ASAN_OPTIONS="allocator_may_return_null=1:max_allocation_size_mb=1024${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
      args=(-max_len=8192 -len_control=0) ;;
    fuzz_events_reader|fuzz_csv_reader|fuzz_paraver_reader)
      name=${target#fuzz_}; name=${name%_reader}; seeds=$(seed_dir $name)
      cp tests/fuzz/seeds-$name/* "$seeds/"
      args=(-max_len=4096 -dict="$repo/tests/fuzz/$name.dict") ;;
    fuzz_chrome_reader)
      name=chrome; seeds=$(seed_dir $name)
      cp tests/fuzz/seeds-chrome/* "$seeds/"
      for f in sample_traces/*.json; do
        [[ -f $f ]] && head -c 8192 "$f" > "$seeds/sample-$(basename "$f")"
      done
      args=(-max_len=8192 -dict="$repo/tests/fuzz/chrome.dict") ;;
    fuzz_ctf_reader|fuzz_ctf_metadata|fuzz_ctf_stream|fuzz_ctf_index)
      name=${target#fuzz_}; name=${name%_reader}; seeds=$(seed_dir $name)
      CHITRA_FUZZ_CTF_SEEDS="$seeds" "$build_dir/tests/fuzz/$target" -runs=0 >/dev/null 2>&1
      export CHITRA_FUZZ_CTF_FINDINGS="$(cd "$build_dir" && pwd)/ctf-findings/$name"
      args=(-max_len=16384 -len_control=0) ;;
    fuzz_model_json)
      # Seeds are real models: fitted by the regular build's chitra-cli.
      name=model; seeds=$(seed_dir $name)
      cli="${CHITRA_BUILD_DIR:-build}/src/cli/chitra-cli"
      [[ -x "$cli" ]] || bash scripts/build.sh
      for f in sample_traces/philosophers-n2-x100.pes sample_traces/pipeline-p1-c2.pes; do
        "$cli" fit "$f" -o "$seeds/$(basename "$f" .pes).json"
      done
      args=(-max_len=65536) ;;
    *)
      echo "scripts/checks/fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
  esac
  echo "== $target: $seconds s"
  (cd "$build_dir" && "./tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
     "${args[@]}" -print_final_stats=1 "fuzz-corpus/$name" "fuzz-seeds/$name")
done
