#!/usr/bin/env bash
# Proves README.md's two commands on a fresh Debian 12 root (docs/install.md, "Proving the
# install on a fresh Debian 12 root"). Needs root (debootstrap, chroot) and the network.
#   sudo bash scripts/checks/fresh-root-check.sh [--start] [REF]
# REF (default HEAD) is a commit or branch of this repository; a clean `git clone` of it
# goes into the root as /work/chitra, with the shared design folder beside it (../shared).
#
# Default mode: root in the chroot runs CI's command, `bash .ci/run` (scripts/test.sh:
# every package, the build, CTest), in a new mount and pid namespace with only /proc
# mounted (no /sys, /dev/pts or /dev/shm). Passes when it ends with CTest's
# `100% tests passed` and no test was skipped; prints the skipped and failed tests.
# --start: a user who is not root but may use sudo (passwordless) runs
# `bash scripts/start.sh --screenshot OUT.png` without a display (start.sh runs the
# workbench under xvfb-run; --screenshot saves a picture and exits). Passes when the
# picture is written and none of the test tools got installed.
#
# Environment:
#   CHITRA_FRESH_CACHE   folder of the pristine root's tarball, made once by debootstrap
#                        and unpacked anew on every run (default /var/cache/chitra-fresh-root)
#   CHITRA_FRESH_ROOT    where the root is unpacked (default /tmp/chitra-fresh-root); kept
#                        after the run for a look, removed at the start of the next one
#   CHITRA_SHARED        the folder copied as ../shared (default: ../shared of this checkout)
#   CHITRA_DEBIAN_MIRROR Debian mirror for debootstrap (default http://deb.debian.org/debian)
#   CHITRA_FRESH_REUSE=1 keep the root the last run left (its packages installed), only the
#                        clone made anew: for looking into a failure quickly; no proof
# The run's output, each line stamped with the seconds since the start, is also kept in
# $CHITRA_FRESH_ROOT.log.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

mode=tests
if [[ ${1:-} == --start ]]; then mode=start; shift; fi
ref=${1:-HEAD}
cache=${CHITRA_FRESH_CACHE:-/var/cache/chitra-fresh-root}
root=${CHITRA_FRESH_ROOT:-/tmp/chitra-fresh-root}
shared=${CHITRA_SHARED:-$repo/../shared}
mirror=${CHITRA_DEBIAN_MIRROR:-http://deb.debian.org/debian}
log=$root.log
say() { echo "fresh-root-check: $*" >&2; }

[[ $(id -u) -eq 0 ]] || { say "run as root (debootstrap, chroot, unshare)"; exit 2; }
commit=$(git rev-parse --verify "$ref^{commit}") || { say "no such commit or branch: $ref"; exit 2; }
[[ -d $shared ]] || { say "no shared folder at $shared (set CHITRA_SHARED)"; exit 2; }

# (a) The pristine root: debootstrap once into a tarball, unpacked anew for every run.
tarball=$cache/bookworm-minbase-$(dpkg --print-architecture).tar
if [[ ! -s $tarball ]]; then
  if ! command -v debootstrap >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
  fi
  mkdir -p "$cache"
  staging=$(mktemp -d "$cache/staging-XXXXXX")
  chmod 755 "$staging" # _apt and munge must reach everything below the root
  say "debootstrap --variant=minbase bookworm (once; cached in $tarball)"
  started=$SECONDS
  debootstrap --variant=minbase bookworm "$staging" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; rm -rf "$staging"; exit 1; }
  tar -C "$staging" --numeric-owner -cf "$tarball.part" .
  mv "$tarball.part" "$tarball"
  rm -rf "$staging"
  say "pristine root made in $((SECONDS - started)) s"
fi
# A root left by an earlier run: nothing may still be mounted in it.
if grep -q " $root/" /proc/mounts; then say "something is mounted below $root"; exit 1; fi
if [[ ${CHITRA_FRESH_REUSE:-0} == 1 && -x $root/usr/bin/apt-get ]]; then
  say "reusing $root as the last run left it (CHITRA_FRESH_REUSE=1): not a fresh root"
  rm -rf "$root/work" "$root/home/ada/chitra" "$root/home/ada/shared"
else
  rm -rf "$root"
  mkdir -m 755 "$root"
  tar -C "$root" --numeric-owner -xf "$tarball"
  chmod 755 "$root"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf" # apt reaches Debian's mirror by name
for node in null zero full random urandom tty; do
  [[ -e $root/dev/$node ]] || { say "the root has no /dev/$node"; exit 1; }
done

# (b) A clean clone of REF with ../shared beside it.
project=/work/chitra
owner=root
if [[ $mode == start ]]; then
  owner=ada
  project=/home/$owner/chitra
fi
mkdir -p "$root$(dirname "$project")"
git clone -q --no-hardlinks "$repo" "$root$project"
git -C "$root$project" checkout -q --detach "$commit"
cp -r "$shared" "$root$(dirname "$project")/shared"
chmod -R u+w "$root$(dirname "$project")/shared"
say "$(git -C "$root$project" log -1 --format='%h %s' | cut -c1-100)"

# (c) and (d): the run, in a pid and mount namespace of its own, only /proc mounted.
in_root() { # SCRIPT: runs SCRIPT with bash as root inside the root, in a clean environment
  unshare --mount --pid --fork --mount-proc="$root/proc" chroot "$root" \
    /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin bash -c "$1"
}
stamp() { # FILE: prefixes every line with the seconds since the run began; into FILE too
  local start=$SECONDS line
  while IFS= read -r line; do printf '[%5d] %s\n' $((SECONDS - start)) "$line"; done | tee "$1"
}
phase_time() { # PATTERN: the stamp of the log's first line that matches, or nothing
  grep -m1 -E "$1" "$log" | sed -E 's/^\[ *([0-9]+)\].*/\1/' || true
}

status=0
if [[ $mode == tests ]]; then
  say "running bash .ci/run as root in $root (log: $log)"
  set +o pipefail
  in_root "cd $project && bash .ci/run" 2>&1 | stamp "$log"
  status=${PIPESTATUS[0]}
  set -o pipefail
  end=$(tail -1 "$log" | sed -E 's/^\[ *([0-9]+)\].*/\1/')
  configure=$(phase_time '\] -- The CXX compiler identification')
  tests=$(phase_time '\] (Internal ctest changing into directory|Test project )')
  echo
  build=? run=?
  [[ -n $configure && -n $tests ]] && build=$((tests - configure))
  [[ -n $tests && -n $end ]] && run=$((end - tests))
  echo "phases (s): install ${configure:-?}, build $build, tests $run, total ${end:-?}"
  summary=$(grep -E 'tests passed, [0-9]+ tests failed out of' "$log" | tail -1 | sed -E 's/^\[ *[0-9]+\] //')
  echo "CTest: ${summary:-no summary}"
  skipped=$(grep -E '\(Skipped\)|\(Not Run\)|\(Disabled\)' "$log" | sed -E 's/^\[ *[0-9]+\] //' || true)
  failed=$(sed -n '/The following tests FAILED/,$p' "$log" | grep -E ' - ' | sed -E 's/^\[ *[0-9]+\] //' || true)
  [[ -z $skipped ]] || printf 'skipped or not run:\n%s\n' "$skipped"
  [[ -z $failed ]] || printf 'failed:\n%s\n' "$failed"
  if ((status == 0)) && [[ $summary == "100% tests passed"* && -z $skipped ]]; then
    say "passed: every test ran and passed on a fresh root"
    exit 0
  fi
  say "FAILED (.ci/run exit status $status)"
  exit 1
fi

# --start: a user with passwordless sudo, no display.
in_root "export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends sudo >/dev/null
  id $owner >/dev/null 2>&1 || useradd --create-home --shell /bin/bash $owner
  echo '$owner ALL=(ALL) NOPASSWD: ALL' >/etc/sudoers.d/$owner && chmod 440 /etc/sudoers.d/$owner
  chown -R $owner:$owner /home/$owner" 2>&1 | stamp "$log"
shot=/home/$owner/start.png
set +o pipefail
say "running bash scripts/start.sh as $owner (sudo, no display) in $root (log: $log.start)"
in_root "runuser -u $owner -- /usr/bin/env -i HOME=/home/$owner USER=$owner LOGNAME=$owner \
  PATH=/usr/local/bin:/usr/bin:/bin bash -c 'cd $project && bash scripts/start.sh --screenshot $shot --size 1200x800'" \
  2>&1 | stamp "$log.start"
status=${PIPESTATUS[0]}
set -o pipefail
echo
problems=()
((status == 0)) || problems+=("start.sh exited with status $status")
if [[ -s $root$shot ]] && head -c 8 "$root$shot" | grep -q PNG; then
  cp "$root$shot" "$root.start.png"
  echo "screenshot: $root.start.png ($(stat -c %s "$root$shot") bytes)"
else
  problems+=("no screenshot at $shot")
fi
# What only the tests need must not be there (scripts/install-test-deps.sh installs it).
test_only=(libgtest-dev libgmock-dev googletest libbenchmark-dev slurm-wlm munge lttng-tools
  liblttng-ust-dev babeltrace2 python3-bt2 otf2-tools pajeng libsimgrid-dev clang nodejs
  parallel valgrind desktop-file-utils appstream python3-numpy)
installed=$(in_root "for p in ${test_only[*]}; do
  [[ \$(dpkg-query -W -f='\${Status}' \$p 2>/dev/null) == 'install ok installed' ]] && echo \$p; done; true")
if [[ -n $installed ]]; then problems+=("test tools installed by start.sh: $(echo $installed)"); fi
echo "test tools installed: ${installed:-none} (checked: ${test_only[*]})"
echo "packages installed in all: $(in_root "dpkg-query -W -f='\${Status}\n' | grep -c '^install ok installed'")"
if ((${#problems[@]} == 0)); then
  say "passed: start.sh as a user with sudo installed only the workbench's packages and ran it"
  exit 0
fi
printf 'fresh-root-check: FAILED: %s\n' "${problems[@]}" >&2
exit 1
