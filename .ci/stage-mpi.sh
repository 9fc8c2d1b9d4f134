#!/usr/bin/env bash
# CI stage: lwcx-mpi (issue 19), from the native build (stage 1, where the
# functional test mpi_keysearch already ran under ctest): the coordinator
# stress test (64 ranks on tiny chunks) and the scaling rows. Skipped, with
# a line saying so, where MPI was not found. Argument: the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
if [ ! -x "$build/lwcx-mpi" ] || ! command -v mpirun > /dev/null; then
  echo "MPI: lwcx-mpi not built or mpirun missing (libopenmpi-dev, openmpi-bin): stage skipped"
  exit 0
fi
bash tests/mpi_stress.sh "$build/lwcx-mpi" "$build/lwcx"
COUNT=$(( 1 << 29 )) ROUNDS=2 scripts/mpi-scaling.sh "$build/lwcx-mpi"
