#!/usr/bin/env bash
# Installs the Debian 12 packages that building and running the workbench need, if any is
# missing (scripts/start.sh); with package names as arguments, those too
# (scripts/install-test-deps.sh adds the test tools this way):
#   bash scripts/install-deps.sh [PACKAGE...]
# Quick when everything is there: it asks dpkg, not the network. As a user, it installs
# with sudo.
set -euo pipefail

packages=(
  # the compiler and build tools
  build-essential cmake ninja-build pkg-config
  # Qt 6 with its platform plugins (xcb, offscreen), SVG and QCustomPlot
  qt6-base-dev qt6-svg-dev qt6-qpa-plugins libqcustomplot-dev libgl-dev
  # the core's libraries
  libfftw3-dev libeigen3-dev libboost-serialization-dev nlohmann-json3-dev libcli11-dev
  libxxhash-dev libgraphviz-dev libsimdjson-dev
  # the trace formats: OTF2, CTF (babeltrace2), ELF symbols
  libopen-trace-format2-dev libbabeltrace2-dev libelf-dev
  # the Python module (src/python): pybind11 and Python's headers (its NumPy and pandas,
  # which it needs when it runs, come with the test tools or as the .deb's recommends)
  pybind11-dev python3-dev
  # man pages for `cmake --install`, written from the programs' --help
  help2man
  # the views' font; a virtual display for start.sh where there is none
  fonts-dejavu-core xvfb xauth
  "$@"
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
