#!/usr/bin/env bash
# Fails when workbench code starts QtConcurrent work without naming a pool. Background
# jobs run on workerPool() (src/app/jobs/worker_pool.hpp): Qt's global pool is left to
# the raster engine, whose fills on the GUI thread wait for it. Run by CTest
# (background_jobs_use_worker_pool).
set -euo pipefail
cd "$(dirname "$0")/../.."
pattern='QtConcurrent::(run|mapped|mappedReduced|blockingMapped|blockingMappedReduced|filtered|blockingFiltered|map|blockingMap)\s*\((?!\s*(workerPool\(\)|QThreadPool::globalInstance\(\)))'
if grep -rnP "$pattern" src/app; then
  echo "QtConcurrent work without a pool above: use runInBackground() or pass workerPool()" >&2
  exit 1
fi
echo "worker pool: every QtConcurrent call in src/app names its pool"
