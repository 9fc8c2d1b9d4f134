#!/usr/bin/env bash
# CI stage: the opencl implementation executed for real on PoCL (the CPU
# OpenCL driver that .ci/run installs with the ICD loader and headers), over
# the native build of stage 1 (reconfigured with the opencl tests, nothing
# rebuilt but test programs). Fails if opencl is not built or PoCL gives it
# no device: in CI both must be there. Budget: 240 s on the CI machine
# (mostly PoCL compiling the kernels, once per test process; its kernel
# cache, POCL_CACHE_DIR, is kept in the build directory so that the
# processes after the first reuse the compiled kernels).
#   .ci/stage-opencl.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
jobs=$(nproc 2>/dev/null || echo 2)
export POCL_CACHE_DIR="$PWD/$dir/pocl-cache"
mkdir -p "$POCL_CACHE_DIR"

cmake -S . -B "$dir" -DLWCX_TEST_EMULATOR= -DLWCX_OPENCL_TESTS=ON -DLWCX_OPENCL_TEST_DEVICE=0 > /dev/null
cmake --build "$dir" -j"$jobs" > /dev/null
list=$(LWCX_OPENCL_DEVICE=0 "$dir"/lwcx list)
grep -E '^ *\*? *opencl ' <<< "$list" | head -1
if ! LWCX_OPENCL_DEVICE=0 "$dir"/lwcx list --machine | grep -qx 'present80:opencl available'; then
  echo "stage-opencl: opencl is not available on OpenCL device 0 (is pocl-opencl-icd installed?)" >&2
  exit 1
fi
export LWCX_TEST_RAN_LOG="$PWD/$dir/ran-opencl.log"
rm -f "$LWCX_TEST_RAN_LOG"
# first the test that launches every kernel (PoCL compiles each at its first
# launch and caches it), then the others in parallel, from the cache
ctest --test-dir "$dir" --output-on-failure -L opencl -R '^opencl_kernels$'
ctest --test-dir "$dir" -j"$jobs" --output-on-failure -L opencl -E '^opencl_kernels$'
ctest --test-dir "$dir" --output-on-failure -R '^opencl_no_'
# the proof that the suite ran opencl for every cipher (test_bc's ran-log)
for c in present80 present128 gift64 gift128 pipo128 pipo256; do
  grep -qx "$c:opencl" "$LWCX_TEST_RAN_LOG" || { echo "stage-opencl: no test ran $c:opencl" >&2; exit 1; }
done
unset LWCX_TEST_RAN_LOG
