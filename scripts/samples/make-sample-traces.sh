#!/usr/bin/env bash
# Builds the trace generators (src/tools/) and regenerates the traces in sample_traces/
# with the exact commands below; docs/sample-traces.md says what each trace shows.
#
#   bash scripts/samples/make-sample-traces.sh                 # every trace
#   bash scripts/samples/make-sample-traces.sh NAME.pes ...    # only these
#
# The traces are real runs, so times differ on every run and suffer on a loaded machine
# (the philosophers busy-wait: threads that lose their processor distort eat times).
# CHITRA_TRACE_WAIT_IDLE=SECONDS waits before each run, at most that long, until the
# processors are at least 90% idle over one second. CHITRA_BUILD_DIR picks the build directory
# (default build; configured like scripts/build.sh if it is not configured yet).
# CHITRA_TRACE_BOOST=1 (needs root) runs the generators in a new session whose autogroup
# has nice -20: with autogroups, plain nice does not shield a run from other sessions.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ ${CHITRA_TRACE_BOOST:-0} == 1 && -z ${CHITRA_TRACE_BOOSTED:-} ]]; then
  export CHITRA_TRACE_BOOSTED=1
  exec setsid --wait bash -c 'echo -20 > /proc/self/autogroup; exec bash "$0" "$@"' \
    scripts/samples/make-sample-traces.sh "$@"
fi
build_dir=${CHITRA_BUILD_DIR:-build}
CHITRA_TRACE_WAIT_IDLE=${CHITRA_TRACE_WAIT_IDLE:-0}
if [[ ! -f "$build_dir/build.ninja" && ! -f "$build_dir/Makefile" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build_dir" --target chitra-philosophers chitra-pipeline chitra-taskpool chitra-cli \
  chitra-lttng-workers chitra-lttng-workers-cyg
tools="$build_dir/src/tools"
cli="$build_dir/src/cli/chitra-cli"
out=sample_traces
mkdir -p "$out"

wait_idle() {
  local i busy idle
  for ((i = 0; i < CHITRA_TRACE_WAIT_IDLE; i++)); do
    read -r _ u1 n1 s1 i1 w1 q1 sq1 st1 _ < /proc/stat
    sleep 1
    read -r _ u2 n2 s2 i2 w2 q2 sq2 st2 _ < /proc/stat
    busy=$(( (u2 + n2 + s2 + q2 + sq2 + st2) - (u1 + n1 + s1 + q1 + sq1 + st1) ))
    idle=$(( (i2 + w2) - (i1 + w1) ))
    if (( idle * 10 >= (busy + idle) * 9 )); then return 0; fi
  done
  echo "make-sample-traces: the machine stayed busy; running anyway" >&2
}

# Structural check of a PES text file: header present, time base, one token per
# component plus one number per field on every record, integer times that never
# decrease, and '# end:' equal to the last time (at or after it with a second argument
# "end-after": an imported trace ends at its last event, which need not change a state).
check_pes() {
  awk -v end_after="${2:-}" '
    function fail(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1; exit 1 }
    /^#/ {
      line = substr($0, 2); sub(/^[ \t]+/, "", line)
      key = line; sub(/:.*/, "", key)
      val = line; sub(/^[^:]*:[ \t]*/, "", val)
      if (key == "components") comps = val + 0
      else if (key == "fields") nfields = split(val, f, /[ \t]+/)
      else if (key == "end") end_t = val
      else if (key == "timebase") tb = val
      next
    }
    NF == 0 { next }
    {
      if (comps == 0) fail("no components header before the first record")
      if (NF != 1 + comps + nfields) fail("expected " 1 + comps + nfields " columns, got " NF)
      if ($1 !~ /^[0-9]+$/) fail("time is not a non-negative integer: " $1)
      for (i = 2 + comps; i <= NF; i++)
        if ($i !~ /^-?[0-9]+(\.[0-9]+)?$/) fail("field value is not a number: " $i)
      if (n > 0 && $1 + 0 < last + 0) fail("time decreases: " $1 " after " last)
      last = $1; n++
    }
    END {
      if (bad) exit 1
      if (tb != "ns" && tb != "us") { print FILENAME ": missing time base" > "/dev/stderr"; exit 1 }
      if (n == 0) { print FILENAME ": no records" > "/dev/stderr"; exit 1 }
      if (end_after == "end-after" ? end_t + 0 < last + 0 : end_t != last) {
        print FILENAME ": end " end_t " is not the last time " last > "/dev/stderr"; exit 1
      }
      printf "%s: %d records, %d components, %d fields, span %s %s\n", FILENAME, n, comps, nfields, last, tb
    }' "$1"
}

selected=("$@")
wanted() {  # wanted NAME: whether NAME is to be regenerated
  (( ${#selected[@]} )) || return 0
  local s
  for s in "${selected[@]}"; do [[ $s == "$1" ]] && return 0; done
  return 1
}
gen() {  # gen NAME PROGRAM ARGS...
  local name=$1; shift
  wanted "$name" || return 0
  if (( CHITRA_TRACE_WAIT_IDLE > 0 )); then wait_idle; fi
  local tmp="$out/.$name.tmp-$$"
  "$tools/$@" -o "$tmp"
  if ! check_pes "$tmp"; then rm -f "$tmp"; exit 1; fi
  mv -f "$tmp" "$out/$name"
}

# gen_otf2 NAME PROGRAM ARGS...: an OTF2 archive, the folder NAME (anchor NAME/traces.otf2),
# checked through its conversion to PES by chitra-cli.
gen_otf2() {
  local name=$1; shift
  if (( ${#selected[@]} )); then
    local s want=0
    for s in "${selected[@]}"; do [[ $s == "$name" ]] && want=1; done
    (( want )) || return 0
  fi
  if (( CHITRA_TRACE_WAIT_IDLE > 0 )); then wait_idle; fi
  local tmp="$out/.$name.tmp-$$"
  rm -rf "$tmp" "$tmp.pes"
  "$tools/$@" -o "$tmp"
  if ! "$cli" convert "$tmp/traces.otf2" -o "$tmp.pes" || ! check_pes "$tmp.pes"; then
    rm -rf "$tmp" "$tmp.pes"; exit 1
  fi
  rm -f "$tmp.pes"
  rm -rf "$out/$name"
  mv "$tmp" "$out/$name"
}

# Dining philosophers (Chitra paper, section 3): N = 2, 3, 4 at x = 100, 1000, 10000 us.
gen philosophers-n2-x100.pes    chitra-philosophers -n 2 -x 100   -m 2000
gen philosophers-n2-x1000.pes   chitra-philosophers -n 2 -x 1000  -m 1000
gen philosophers-n2-x10000.pes  chitra-philosophers -n 2 -x 10000 -m 250
gen philosophers-n3-x100.pes    chitra-philosophers -n 3 -x 100   -m 2000
gen philosophers-n3-x1000.pes   chitra-philosophers -n 3 -x 1000  -m 1000
gen philosophers-n3-x10000.pes  chitra-philosophers -n 3 -x 10000 -m 250
gen philosophers-n4-x100.pes    chitra-philosophers -n 4 -x 100   -m 2000
gen philosophers-n4-x1000.pes   chitra-philosophers -n 4 -x 1000  -m 1000
gen philosophers-n4-x10000.pes  chitra-philosophers -n 4 -x 10000 -m 250
# Same program with data fields (counters and gauges recorded by the threads).
gen philosophers-n4-x1000-fields.pes chitra-philosophers -n 4 -x 1000 -m 500 --fields
# Spinning threads yield the processor: compare with philosophers-n4-x1000.pes.
gen philosophers-n4-x1000-yield.pes  chitra-philosophers -n 4 -x 1000 -m 500 --yield
# Bounded-buffer pipeline: 1 producer, 2 consumers, bursty production.
gen pipeline-p1-c2.pes chitra-pipeline -p 1 -c 2 -C 16 -k 4000 \
  --produce-cost 10 --slow-cost 100 --phase 400 --consume-cost 90 --seed 1

# Paje: SimGrid's SMPI simulates an MPI program and writes its trace (--cfg=tracing:yes).
# The program is compiled with smpicc (Debian: libsimgrid-dev), not by CMake, and run in a
# scratch folder so that the trace's header comment names no path of this machine. The
# simulation is deterministic: a new run gives the same file.
gen_smpi() {  # gen_smpi NAME RANKS
  local name=$1 ranks=$2
  if (( ${#selected[@]} )); then
    local s want=0
    for s in "${selected[@]}"; do [[ $s == "$name" ]] && want=1; done
    (( want )) || return 0
  fi
  local work
  work=$(mktemp -d)
  cp src/tools/smpi/halo.c src/tools/smpi/star4.xml "$work/"
  if ! (cd "$work" && smpicc -O1 halo.c -o smpi-halo &&
        smpirun -np "$ranks" -platform star4.xml -trace -trace-resource -trace-file trace.paje \
          --cfg=tracing/smpi/computing:yes --cfg=tracing/precision:9 \
          --cfg=smpi/simulate-computation:no ./smpi-halo) > "$work/log" 2>&1; then
    cat "$work/log" >&2; rm -rf "$work"; exit 1
  fi
  # PajeNG must read it whole (pj_dump exits non-zero on any error).
  if ! pj_dump -q "$work/trace.paje"; then rm -rf "$work"; exit 1; fi
  mv -f "$work/trace.paje" "$out/$name"
  rm -rf "$work"
  echo "$out/$name: $(grep -c '^1[23] ' "$out/$name") push/pop events, $(wc -c < "$out/$name") bytes"
}
gen_smpi smpi-halo-r4.paje 4
# OTF2 archives of MPI ranks written through the OTF2 writer (Debian's python3-otf2) by
# seeded scripts; otf2-print must read each whole. The same arguments give the same events
# (the anchor file records when it was written).
gen_otf2_script() {  # gen_otf2_script NAME SCRIPT ARGS...
  local name=$1 script=$2; shift 2
  if (( ${#selected[@]} )); then
    local s want=0
    for s in "${selected[@]}"; do [[ $s == "$name" ]] && want=1; done
    (( want )) || return 0
  fi
  local tmp="$out/.$name.tmp-$$"
  rm -rf "$tmp"
  if ! /usr/bin/python3 "$script" "$tmp" "$@" || ! otf2-print "$tmp/traces.otf2" > /dev/null; then
    rm -rf "$tmp"; exit 1
  fi
  rm -rf "$out/$name"
  mv "$tmp" "$out/$name"
}
# Four ranks: blocking and non-blocking sends and receives, receivers that wait for late
# senders, one send nobody receives.
gen_otf2_script mpi-messages-r4 tests/cli/make_otf2_messages.py 1
# A ring of 8 ranks where rank 5 computes four times as long: the others wait for it.
gen_otf2_script mpi-slow-rank-r8 tests/cli/make_otf2_slow_rank.py 8 5 40 1
# Task pool recording itself in OTF2 (regions and metrics through the OTF2 writer API).
gen_otf2 taskpool-w4-n1200 chitra-taskpool -w 4 -n 1200 --burst 60 --pause 3000 --seed 1
# Text formats written by the sample programs beside their own trace of the same run, in
# a fresh folder; each is converted with chitra-cli, which must not warn, and the PES
# checked, before it replaces the old file(s).
text_trace() {  # text_trace NAME 'CONVERT OPTIONS' PROGRAM ARGS... (ARGS write ./NAME)
  local name=$1 convert_options=$2; shift 2
  wanted "$name" || return 0
  if (( CHITRA_TRACE_WAIT_IDLE > 0 )); then wait_idle; fi
  local tmp program=$1; shift
  tmp=$(mktemp -d)
  program=$(realpath "$tools/$program")
  # shellcheck disable=SC2086 # the options are words without spaces
  if ! (cd "$tmp" && "$program" "$@") ||
     ! "$cli" convert "$tmp/$name" -o "$tmp/check.pes" $convert_options 2> "$tmp/err" || [[ -s $tmp/err ]] ||
     ! check_pes "$tmp/check.pes" end-after; then
    cat "$tmp/err" >&2 2> /dev/null; rm -rf "$tmp"; exit 1
  fi
  local base=${name%.*}
  local f
  for f in "$tmp/$base".*; do
    [[ $f == *.pes ]] || mv -f "$f" "$out/"
  done
  rm -rf "$tmp"
}
repo=$(pwd)
# Paraver (.prv with its .pcf and .row): chitra-taskpool's run as state and event records.
text_trace taskpool-w4-n300.prv "" chitra-taskpool -w 4 -n 300 --burst 30 --pause 1000 --seed 1 -q \
  --paraver taskpool-w4-n300
# CSV: the philosophers with data fields, a row per state change.
text_trace philosophers-n4-x1000-m100.csv "--state p0,p1,p2,p3 --field eating --field hungry --field meals" \
  chitra-philosophers -n 4 -x 1000 -m 100 --fields -q -o run.pes --csv philosophers-n4-x1000-m100.csv
# Event trace: the philosophers' program state, a line per change.
text_trace philosophers-n3-x1000-m100.events "" \
  chitra-philosophers -n 3 -x 1000 -m 100 -q -o run.pes --events philosophers-n3-x1000-m100.events

# Chrome Trace Event JSON written by two real producers (docs/formats.md, "Chrome Trace
# Event JSON"). Each is converted with chitra-cli and the PES checked before it replaces
# the old file.
chrome() {  # chrome NAME COMMAND... (run in a fresh folder; the trace is left in ./trace.json)
  local name=$1; shift
  wanted "$name" || return 0
  if (( CHITRA_TRACE_WAIT_IDLE > 0 )); then wait_idle; fi
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && "$@")
  if ! "$build_dir/src/cli/chitra-cli" convert "$tmp/trace.json" -o "$tmp/check.pes" ||
     ! check_pes "$tmp/check.pes" end-after; then
    rm -rf "$tmp"; exit 1
  fi
  mv -f "$tmp/trace.json" "$out/$name"
  rm -rf "$tmp"
}
# clang's own timers while it compiles a template-heavy file: every region, even those
# shorter than a microsecond (granularity 0; dur is written in whole microseconds).
chrome clang-time-trace.json bash -c "clang++ -std=c++20 -O2 -ftime-trace -ftime-trace-granularity=0 \
  -c '$repo/src/tools/chrome/instantiations.cpp' -o instantiations.o && mv instantiations.json trace.json"
# Node.js trace events: synchronous fs calls (B/E) and garbage collections (X) on the
# main thread and a worker thread; Node writes node_trace.1.log in the working folder.
chrome node-trace-events.json bash -c "node --trace-events-enabled \
  --trace-event-categories v8,node,node.async_hooks,node.fs.sync '$repo/src/tools/chrome/node-trace.js' &&
  mv node_trace.1.log trace.json"

# CTF (LTTng): chitra-lttng-workers recorded by the real tracer (scripts/samples/record-lttng-trace.sh;
# needs root or the tracing group, and a session daemon it may start), checked through its
# conversion by chitra-cli. The binary runs from a temporary folder deleted afterwards, so
# the trace names no binary that still exists: function states stay `0x...` everywhere.
gen_ctf() {  # gen_ctf NAME [env VAR=VALUE] PROGRAM ARGS...
  local name=$1; shift
  wanted "$name" || return 0
  local work tmp="$out/.$name.tmp-$$"
  work=$(mktemp -d)
  cp "$tools/chitra-lttng-workers" "$tools/chitra-lttng-workers-cyg" "$work/"
  local cmd=("$@")
  for i in "${!cmd[@]}"; do [[ ${cmd[$i]} == chitra-* ]] && cmd[$i]="$work/${cmd[$i]}"; done
  rm -rf "$tmp"
  if ! scripts/samples/record-lttng-trace.sh "$tmp" "${cmd[@]}" ||
     ! "$cli" convert "$tmp" -o "$tmp.pes" || ! check_pes "$tmp.pes" end-after; then
    rm -rf "$work" "$tmp" "$tmp.pes"; exit 1
  fi
  rm -rf "$work" "$tmp.pes" "$out/$name"
  mv "$tmp" "$out/$name"
}
gen_ctf lttng-workers-t4-n10 chitra-lttng-workers -t 4 -n 10 -l 20000 -u 50
gen_ctf lttng-master-t4-n10 chitra-lttng-workers -t 4 -n 10 -l 20000 -u 50 -m
gen_ctf lttng-workers-cyg-t2-n3 env LD_PRELOAD=liblttng-ust-cyg-profile.so \
  chitra-lttng-workers-cyg -t 2 -n 3 -l 20000 -u 50

# CTF, kernel style: scheduler events of a seeded simulation written through babeltrace2's
# own CTF writer (scripts/samples/make-kernel-ctf.py; needs python3-bt2), LTTng's kernel tracer
# being out of reach without kernel modules; checked through its conversion by chitra-cli.
if wanted kernel-sched-c2; then
  tmp="$out/.kernel-sched-c2.tmp-$$"
  rm -rf "$tmp"
  if ! /usr/bin/python3 scripts/samples/make-kernel-ctf.py "$tmp" --cpus 2 --switches 300 --seed 1 ||
     ! "$cli" convert "$tmp" -o "$tmp.pes" || ! check_pes "$tmp.pes" end-after; then
    rm -rf "$tmp" "$tmp.pes"; exit 1
  fi
  rm -rf "$tmp.pes" "$out/kernel-sched-c2"
  mv "$tmp" "$out/kernel-sched-c2"
fi
