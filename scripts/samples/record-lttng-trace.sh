#!/usr/bin/env bash
# Records a command with LTTng-UST into a CTF trace directory:
#   scripts/samples/record-lttng-trace.sh OUT_DIR COMMAND [ARGS...]
# Events: the `chitra_demo` tracepoints (src/tools/lttng), LTTng's function tracing
# (`lttng_ust_cyg_profile*`, when the command runs under its LD_PRELOAD) and the
# statedump (`lttng_ust_statedump:*`, which maps addresses to binaries), each with the
# vpid and vtid context. Starts a session daemon of its own when none answers, and stops
# it (by its pid) at the end. Exit status 77 when LTTng cannot record here.
# CHITRA_LTTNG_SUBBUF=SIZE (e.g. 4M): sub-buffers of that size (8 per CPU) instead of
# LTTng's default, for programs that emit events faster than the consumer drains them.
set -euo pipefail

out=$1
shift
for tool in lttng lttng-sessiond; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed" >&2; exit 77; }
done

daemon=
log=$(mktemp)
session="chitra-$$-$RANDOM"
cleanup() {
  lttng destroy "$session" >/dev/null 2>&1 || true
  if [[ -n $daemon ]]; then
    kill "$daemon" 2>/dev/null || true
    wait "$daemon" 2>/dev/null || true
  fi
  rm -f "$log"
}
trap cleanup EXIT

if ! lttng list >/dev/null 2>&1; then
  lttng-sessiond --no-kernel >"$log" 2>&1 &
  daemon=$!
  for _ in $(seq 100); do
    lttng list >/dev/null 2>&1 && break
    if ! kill -0 "$daemon" 2>/dev/null; then
      echo "lttng-sessiond cannot start here:" >&2
      cat "$log" >&2
      daemon=
      exit 77
    fi
    sleep 0.1
  done
  lttng list >/dev/null 2>&1 || { echo "lttng-sessiond does not answer" >&2; exit 77; }
fi

rm -rf "$out"
lttng create "$session" --output "$out" >/dev/null
channel=()
if [[ -n ${CHITRA_LTTNG_SUBBUF:-} ]]; then
  lttng enable-channel --session "$session" -u chitra --subbuf-size "$CHITRA_LTTNG_SUBBUF" --num-subbuf 8 >/dev/null
  channel=(--channel chitra)
fi
lttng enable-event --session "$session" -u "${channel[@]}" \
  'chitra_demo:*,lttng_ust_cyg_profile*,lttng_ust_statedump:*' >/dev/null
lttng add-context --session "$session" -u "${channel[@]}" -t vpid -t vtid >/dev/null
lttng start "$session" >/dev/null
status=0
"$@" >/dev/null || status=$?
lttng stop "$session" >/dev/null
lttng destroy "$session" >/dev/null
exit "$status"
