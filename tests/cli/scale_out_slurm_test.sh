#!/usr/bin/env bash
# A single-node Slurm cluster in a temporary folder: munged, slurmctld and slurmd started
# here, the map step submitted as a job array and the merge as a job that depends on it
# (scripts/scale-out/submit-slurm.sh), the model compared with the whole fit. Every
# daemon is stopped by its process id. Exits 77 (skipped) where the daemons cannot run.
#   scale_out_slurm_test.sh SOURCE_DIR CHITRA_CLI
set -euo pipefail
src=$1
export CHITRA_CLI=$2
skip() { echo "SKIP: $*"; exit 77; }
[[ $(id -u) -eq 0 ]] || skip "slurmctld and slurmd must start as root"
for tool in munged slurmctld slurmd sbatch squeue scontrol setpriv; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/install-test-deps.sh)"
done
id munge >/dev/null 2>&1 || skip "there is no munge user"

work=$(mktemp -d /tmp/chitra-slurm-XXXXXX)
chmod 755 "$work"
pids=()
stop_daemons() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap stop_daemons EXIT

# munge: a key of our own, a socket in the work folder, run as the munge user.
mkdir -p "$work/munge"
if command -v mungekey >/dev/null; then
  mungekey --create --keyfile="$work/munge/munge.key" >/dev/null
else
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
fi
chown -R munge:munge "$work/munge"
chmod 700 "$work/munge"
chmod 400 "$work/munge/munge.key"
setpriv --reuid=munge --regid=munge --clear-groups munged --foreground --force \
  --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munge.seed" \
  --log-file="$work/munge/munged.log" >"$work/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [[ -S $work/munge/munge.socket ]] && break; sleep 0.1; done
[[ -S $work/munge/munge.socket ]] || skip "munged did not start: $(tail -3 "$work/munged.out" "$work/munge/munged.log" 2>/dev/null)"

# slurm.conf: this host is the controller and the only node; ports of our own.
host=$(hostname -s)
port=$((20000 + RANDOM % 20000))
cpus=$(nproc)
mkdir -p "$work/state" "$work/spool" "$work/out"
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=chitra-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# slurmd loads a cgroup plugin even where nothing uses cgroups (proctrack/linuxproc,
# task/none above). Its autodetection needs a cgroup file system at /sys/fs/cgroup and
# fails without one (a chroot without /sys: "cgroup filesystem not mounted"); cgroup/v1
# loads without one, and is then never called.
case $(stat -f -c %T /sys/fs/cgroup 2>/dev/null || true) in
  cgroup2fs | tmpfs) ;;
  *) echo "CgroupPlugin=cgroup/v1" >"$work/cgroup.conf" ;;
esac
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$work/slurmd.out" 2>&1 &
pids+=($!)
ready=""
for _ in $(seq 100); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
  [[ $state == idle* || $state == mix* ]] && { ready=1; break; }
  sleep 0.2
done
[[ -n $ready ]] || skip "the Slurm daemons did not come up: $(tail -3 "$work/slurmctld.log" "$work/slurmd.log" 2>/dev/null | tr '\n' ' ')"

trace=$src/sample_traces/philosophers-n3-x1000.pes
"$CHITRA_CLI" fit "$trace" -o "$work/whole.json"
ids=$(bash "$src/scripts/scale-out/submit-slurm.sh" "$trace" 5 "$work/out")
echo "submitted: $ids"
merge=${ids##* }
state=""
for _ in $(seq 300); do
  state=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 || true)
  [[ $state == COMPLETED || $state == FAILED || $state == CANCELLED || $state == TIMEOUT ]] && break
  sleep 0.2
done
echo "merge job $merge: $state"
if [[ $state != COMPLETED ]]; then
  cat "$work"/out/logs/* 2>/dev/null || true
  scontrol show job "$merge" || true
  exit 1
fi
cat "$work/out/logs/merge.out"
test "$(ls "$work/out/stats" | wc -l)" -eq 5
python3 "$src/tests/cli/compare_models.py" "$work/whole.json" "$work/out/model.json"

# A time filter with the first pass: a figures array, the map array after it, the merge
# after that; the model is the whole file's.
wait_for() { # JOB-ID
  local state=""
  for _ in $(seq 300); do
    state=$(scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 || true)
    [[ $state == COMPLETED || $state == FAILED || $state == CANCELLED || $state == TIMEOUT ]] && break
    sleep 0.2
  done
  echo "job $1: $state"
  [[ $state == COMPLETED ]] || { cat "$work"/filtered/logs/* 2>/dev/null || true; exit 1; }
}
printf '%s\n' '{"pipeline": [{"op": "filter", "domain": "time", "below": 0.01}]}' >"$work/filter.json"
"$CHITRA_CLI" fit "$trace" --pipeline "$work/filter.json" -o "$work/filtered-whole.json"
ids=$(bash "$src/scripts/scale-out/submit-slurm.sh" "$trace" 4 "$work/filtered" --pipeline "$work/filter.json" \
  --first-pass)
echo "submitted: $ids"
wait_for "${ids##* }"
test "$(ls "$work/filtered/figures" | wc -l)" -eq 4
python3 "$src/tests/cli/compare_models.py" "$work/filtered-whole.json" "$work/filtered/model.json"
