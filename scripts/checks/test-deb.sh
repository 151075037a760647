#!/usr/bin/env bash
# Builds the Debian package and installs it into a fresh Debian 12 root, as a user's
# machine would get it (docs/install.md):
#   sudo bash scripts/checks/test-deb.sh [ROOT_DIR]     (default /tmp/chitra-deb-root; root needed)
# 1. `cpack` in the build directory (CHITRA_BUILD_DIR, default build) makes chitra_*.deb;
# 2. `debootstrap --variant=minbase bookworm ROOT` makes a clean root (kept and reused
#    when ROOT already holds one; CHITRA_DEB_FRESH=1 makes it anew);
# 3. inside it: `apt-get install ./chitra_*.deb` (dependencies from Debian's archive),
#    then the installed programs: `chitra-cli --version`, `chitra-cli fit` on an installed
#    sample, the desktop file and metainfo validated, and a headless `chitra --screenshot`.
# Not run by CTest: it needs root, the network and a few minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${CHITRA_BUILD_DIR:-build}
root=${1:-/tmp/chitra-deb-root}
[[ $(id -u) -eq 0 ]] || { echo "test-deb: run as root (debootstrap and chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap

bash scripts/build.sh
(cd "$build" && cpack >/dev/null)
deb=$(ls -t "$build"/chitra_*.deb | head -1)
echo "test-deb: package $deb"

if [[ "${CHITRA_DEB_FRESH:-0}" == 1 || ! -x "$root/usr/bin/apt-get" ]]; then
  rm -rf "$root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
fi
cp "$deb" "$root/tmp/"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
name=$(basename "$deb")
unshare --mount --pid --fork --mount-proc="$root/proc" chroot "$root" /bin/bash -euo pipefail -c "
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq ./tmp/$name desktop-file-utils appstream >/dev/null
  echo 'installed:' \$(dpkg-query -W -f='\${Package} \${Version}' chitra)
  chitra-cli --version
  chitra-cli fit /usr/share/chitra/sample_traces/philosophers-n2-x100.pes --format json | grep -q steady_state
  echo 'chitra-cli fit: ok'
  desktop-file-validate /usr/share/applications/chitra.desktop && echo 'desktop file: valid'
  appstreamcli validate --no-net /usr/share/metainfo/io.github.chitra_workbench.chitra.metainfo.xml | tail -1
  grep -q chitra-session /usr/share/mime/packages/chitra.xml && test -f /usr/share/mime/application/x-chitra-session.xml \
    && echo 'MIME types: registered'
  cd /tmp && QT_QPA_PLATFORM=offscreen chitra --session /usr/share/chitra/sample_traces/tutorial.chitra \
    --screenshot /tmp/installed.png --size 1000x700 2>/dev/null
  test -s /tmp/installed.png && echo 'chitra --screenshot: ok'
  man -w chitra-cli >/dev/null 2>&1 || test -f /usr/share/man/man1/chitra-cli.1.gz -o -f /usr/share/man/man1/chitra-cli.1
  echo 'man pages: installed'
"
cp "$root/tmp/installed.png" "$build/deb-installed.png"
echo "test-deb: passed; the installed workbench's screenshot is $build/deb-installed.png"
