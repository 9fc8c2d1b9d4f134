#!/usr/bin/env bash
# CI stage 6: one clang build for both the sanitizer suite and the fuzzers.
# -DLWCX_FUZZ=ON instruments the library for libFuzzer's coverage and turns
# on LWCX_SANITIZE (ASan + UBSan, -fno-sanitize-recover=all), so the same
# objects serve
#  - the whole suite (LWCX_TEST_QUICK), with ubsan_null_offset: clang's
#    UBSan stops on NULL + 0, which gcc's (stage 2) does not check, and the
#    harnesses' seed corpora replayed as tests,
#  - then each libFuzzer harness for SECONDS (default 20, scripts/fuzz.sh),
#    JOBS harnesses at a time (each is one process).
# Extra arguments go to cmake's configure (CI: the generator, the CUDA fat
# binary to reuse).
# JOBS sets the parallelism (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${SECONDS_PER_FUZZER:-20}
jobs=${JOBS:-2}
dir=build-clang-sanitize

CC=clang cmake -S . -B "$dir" "$@" -DLWCX_FUZZ=ON -DLWCX_WERROR=ON -DLWCX_TEST_QUICK=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build "$dir" -j"$jobs"

export LWCX_TEST_RAN_LOG="$PWD/$dir/ran.log"
rm -f "$LWCX_TEST_RAN_LOG"
# bs_cores_nvcc compiles CUDA with nvcc, no host code: stages 1 and 5 run it;
# the AIMer rejection sweep (bit flips through the same verifier the KATs
# run here) is left to stages 1, 2 and 3, for time; so are the slowest
# scripts of the tool's own logic (hash lists, checkpoints, signals, device
# fallback lines), which stage 1 and gcc's sanitizers (stage 2) run
slow='cli_hash_check|cli_keysearch|cli_signals|cuda_fake_fallback_cli|opencl_fake_fallback_cli'
echo "left out: bs_cores_nvcc, test_aimer_reject, ${slow//|/, } (stages 1 and 2 run them)"
ctest --test-dir "$dir" -j"$jobs" --output-on-failure -E "^(bs_cores_nvcc|test_aimer_reject|$slow)\$"
.ci/check-ran.sh "$dir/lwcx" "$LWCX_TEST_RAN_LOG"
unset LWCX_TEST_RAN_LOG

FUZZ_BUILD="$dir" JOBS="$jobs" scripts/fuzz.sh "$secs"
