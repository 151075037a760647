#!/usr/bin/env bash
# Regenerates every screenshot of docs/tutorial.md (docs/images/*.png) with the real
# workbench in headless mode (offscreen platform, no display needed).
#
#   bash scripts/samples/make-tutorial-screenshots.sh          # build dir: $CHITRA_BUILD_DIR or build
#
# Steps that need a zoomed view, pending brushed patterns or a picked state are saved as
# small session files first (docs/tutorial/make_session.cpp, compiled here against the
# build's chitra_core): the workbench restores a session exactly, so the screenshot shows
# what a user sees after doing that step by hand. Pipelines are resources/examples/*.json.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${CHITRA_BUILD_DIR:-$ROOT/build}"
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
cd "$ROOT"

if [ ! -x "$BUILD/src/app/chitra" ] || [ ! -f "$BUILD/src/core/libchitra_core.a" ]; then
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release
    cmake --build "$BUILD" -j2 --target chitra chitra-cli
fi
CHITRA="$BUILD/src/app/chitra"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
g++ -std=c++20 -O1 -I"$ROOT/include" docs/tutorial/make_session.cpp "$BUILD/src/core/libchitra_core.a" \
    -lxxhash -lboost_serialization -lfftw3_threads -lfftw3 -lsimdjson -lopen-trace-format2 -lbabeltrace2 -lelf -lpthread -o "$WORK/make_session"

export QT_QPA_PLATFORM=offscreen
N2=sample_traces/philosophers-n2-x1000.pes

T=resources/examples
OUT=docs/images
mkdir -p "$OUT"

shot() { # shot NAME ARGS... : one screenshot, quietly
    local name="$1"; shift
    "$CHITRA" "$@" --screenshot "$OUT/$name.png" 2> >(grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR >&2)
    echo "$OUT/$name.png"
}
session() { # session NAME TRACE key=value... : a session file in $WORK
    local name="$1"; shift
    "$WORK/make_session" "$WORK/$name.chitra" "$@"
}
# Note: --session=FILE with '=': QApplication takes a separate "--session FILE" as its
# own X11 session-management option.

# the lanes view of a multi-rank trace (docs/gui.md)
shot lanes --open sample_traces/smpi-halo-r4.paje --display lanes --size 1400x800
# Edit > Preferences (docs/gui.md)
shot preferences --open "$N2" --dialog preferences --size 1280x800
shot dark-theme --open sample_traces/smpi-halo-r4.paje --display lanes --theme dark --size 1280x800
# state colours (docs/gui.md "State colours"): one program traced as OTF2, then as
# Paraver, in the same colours; SimGrid's Paje trace in the colours it gives its states
shot colours-otf2 --open sample_traces/taskpool-w4-n1200 --display lanes --size 1400x800
shot colours-paraver --open sample_traces/taskpool-w4-n300.prv --display lanes --size 1400x800
# the profile display (docs/gui.md "Profile") of the same OTF2 trace
shot profile --open sample_traces/taskpool-w4-n1200 --display profile --size 1000x700
shot profile-tree --open sample_traces/taskpool-w4-n1200 --display profile --profile-tab tree --size 1000x420
shot profile-flame --open sample_traces/taskpool-w4-n1200 --display profile --profile-tab flame --size 1000x300
# and of SimGrid's SMPI ranks (Paje), in the colours SimGrid gives its states
shot profile-smpi --open sample_traces/smpi-halo-r4.paje --display profile --size 1000x640
shot profile-smpi-time --open sample_traces/smpi-halo-r4.paje --display profile --profile-tab time --size 1000x420
# the regions over time under the lanes view of SimGrid's SMPI ranks
session lanes-over-time sample_traces/smpi-halo-r4.paje overtime=1 range=100000000:200000000
shot lanes-over-time --session="$WORK/lanes-over-time.chitra" --size 1400x800
# the messages between SimGrid's SMPI ranks, the whole run and 5 ms of it
session lanes-messages sample_traces/smpi-halo-r4.paje messages=1
shot lanes-messages --session="$WORK/lanes-messages.chitra" --size 1400x800
session lanes-messages-zoom sample_traces/smpi-halo-r4.paje messages=1 range=1500000:6500000
shot lanes-messages-zoom --session="$WORK/lanes-messages-zoom.chitra" --size 1400x800
shot messages --open sample_traces/mpi-messages-r4/traces.otf2 --display messages --size 1200x850
shot messages-latency --open sample_traces/mpi-messages-r4/traces.otf2 --display messages --messages-colour latency --size 1200x850
shot profile-waits --open sample_traces/mpi-messages-r4/traces.otf2 --display profile --size 1000x700
shot lane-comparison --open sample_traces/mpi-slow-rank-r8/traces.otf2 --display lanecompare --size 1100x560
# eight busy ranks open on their first group pooled (docs/gui.md "Lanes view", tutorial "Many lanes")
shot lane-pool-opened --open sample_traces/mpi-slow-rank-r8/traces.otf2 --display lanes --size 1300x900
shot lane-pool-model --open sample_traces/mpi-slow-rank-r8/traces.otf2 --display model --size 1000x700
shot lane-comparison-taskpool --open sample_traces/taskpool-w4-n1200/traces.otf2 --display lanecompare --size 1100x460
# nesting unfolded: the compiler's own lane of a clang -ftime-trace trace, one row per depth
session lanes-nested sample_traces/clang-time-trace.json unfold=0 lanefilter=clang range=0:40000000
shot lanes-nested --session="$WORK/lanes-nested.chitra" --size 1400x800
# 1. the N=2 trace as opened
shot 01-open --open "$N2" --display time
# 2. zoom: 8 ms of the time view
session zoom "$N2" range=100000000:108000000 frequency=1
shot 02-zoom-time --session="$WORK/zoom.chitra"
# 3. the event view: 48 elements
session event "$N2" axis=event range=600:648 frequency=1
shot 03-event --session="$WORK/event.chitra"
# 4. the frequency view of the whole trace with "zoom to peak" (the peak at 500 Hz)
session frequency "$N2" frequency=1 peak=1 log=1
shot 04-frequency --session="$WORK/frequency.chitra"
# 5. clip the start and the tail
shot 05-clip --open "$N2" --pipeline "$T/01-clip.json" --display time
# 6. two brushed hand-off patterns, pending (event view)
session brush "$N2" pipeline="$T/01-clip.json" axis=event range=600:648 frequency=1 \
    pattern=A1E,A1R1,A1R2,A1T,A2T pattern=EA1,R1A1,R2A1,TA1,TA2
shot 06-brush --session="$WORK/brush.chitra"
# 7. aggregated
session aggregate "$N2" pipeline="$T/02-aggregate.json" axis=event range=240:264 frequency=1
shot 07-aggregate --session="$WORK/aggregate.chitra"
# 8. the Time filter dialog at 1 % over the aggregated view
shot 08-filter-dialog --session="$WORK/aggregate.chitra" --dialog time-filter --threshold 1
# 9. time filter of the rare states applied, TT picked
session filter "$N2" pipeline="$T/03-filter.json" axis=event range=0:60 frequency=1 pick=TT
shot 09-filtered --session="$WORK/filter.chitra"
# 10. the model window
shot 10-model --open "$N2" --pipeline "$T/03-filter.json" --display model
# 11. the filter step undone (Edit > Undo): the History list keeps it, greyed, for Redo
shot 11-undo --session="$WORK/filter.chitra" --undo 1
