#!/usr/bin/env bash
# Installs the Debian 12 packages Chitra builds, tests and runs with, if any is missing.
# Quick when everything is there: it asks dpkg, not the network.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
  libfftw3-dev libeigen3-dev libboost-serialization-dev
  nlohmann-json3-dev libcli11-dev libxxhash-dev libgraphviz-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-numpy time
  libsimdjson-dev libopen-trace-format2-dev
  otf2-tools python3-otf2 pajeng libpaje-dev libsimgrid-dev clang nodejs
  libbabeltrace2-dev babeltrace2 python3-bt2 libelf-dev lttng-tools liblttng-ust-dev
  fonts-dejavu-core xvfb xauth
  help2man desktop-file-utils appstream shared-mime-info binutils adwaita-icon-theme
  parallel slurm-wlm munge valgrind
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
