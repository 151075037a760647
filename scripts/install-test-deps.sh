#!/usr/bin/env bash
# Installs what scripts/install-deps.sh installs and, on top, what the test suite needs
# (scripts/test.sh), if any is missing. Quick when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

test_packages=(
  # GoogleTest and Google Benchmark (tests/, tests/bench); the scripts' Python (NumPy,
  # pandas for the Pipit-style profile benchmark) and time
  libgtest-dev libgmock-dev libbenchmark-dev python3 python3-numpy python3-pandas time
  # the Python module's tests (tests/python)
  python3-pytest
  # the real producers and readers the importers are checked against: LTTng (recording,
  # babeltrace2's listing and writer), OTF2's otf2-print, PajeNG's pj_dump, SimGrid,
  # clang and Node.js (Chrome trace JSON)
  lttng-tools liblttng-ust-dev babeltrace2 python3-bt2 otf2-tools python3-otf2
  pajeng libpaje-dev libsimgrid-dev clang libclang-rt-14-dev clang-format-14 nodejs
  # the scale-out scripts for real: GNU parallel, a one-node Slurm cluster with munge
  parallel slurm-wlm munge
  # the install tree's validators (check-install.sh) and the icons' theme
  desktop-file-utils appstream shared-mime-info binutils adwaita-icon-theme
  # development: memory checks, the repository
  valgrind git ca-certificates
)

exec bash scripts/install-deps.sh "${test_packages[@]}"
