#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS]: builds the libFuzzer harnesses of tests/fuzz
# (build-fuzz, clang, -DLWCX_FUZZ=ON) and runs each for SECONDS (default 30)
# on a scratch copy of its seed corpus, so nothing new is written into the
# tree. Fails if any harness fails. Everything a run leaves, crash inputs
# included, lands in build-fuzz/fuzz-out/<harness>/ (corpus/, log,
# crash-*/leak-*/timeout-*); replay one with build-fuzz/tests/fuzz/<harness> FILE.
# JOBS sets the build's parallelism (default 2) and how many harnesses run
# at a time (FUZZ_JOBS, default JOBS: each harness is one process, each
# still runs SECONDS); FUZZ_BUILD another build dir (CI:
# .ci/stage-clang-sanitize.sh's, which also ran the suite).
set -euo pipefail
secs=${1:-30}
case $secs in '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

build=${FUZZ_BUILD:-build-fuzz}
CC=clang cmake -S . -B "$build" -DLWCX_FUZZ=ON -DLWCX_WERROR=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build "$build" -j"${JOBS:-2}" --target fuzzers > /dev/null

out=$build/fuzz-out
rm -rf "$out"
fuzz_one() { # runs harness $1, writes its line (and on failure its log's tail) to $out/$1/report
  local f=$1 start=$SECONDS status runs rate
  mkdir -p "$out/$f/corpus"
  cp tests/fuzz/corpus/"$f"/* "$out/$f/corpus/"
  if "$build"/tests/fuzz/"$f" -max_total_time="$secs" -print_final_stats=1 \
       -artifact_prefix="$out/$f/" "$out/$f/corpus" > "$out/$f/log" 2>&1; then
    status=ok
  else
    status=FAILED
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$f/log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/$f/log")
  {
    printf '%-24s %-6s %4d s  %10s runs  %7s exec/s\n' "$f" "$status" $((SECONDS - start)) \
      "${runs:-?}" "${rate:-?}"
    if [ $status = FAILED ]; then
      tail -n 40 "$out/$f/log"
      ls "$out/$f"
    fi
  } > "$out/$f/report"
  [ $status = ok ]
}
harnesses=()
for src in tests/fuzz/fuzz_*.c; do harnesses+=("$(basename "$src" .c)"); done
parallel=${FUZZ_JOBS:-${JOBS:-2}}
failed=0
pids=()
for i in "${!harnesses[@]}"; do
  fuzz_one "${harnesses[$i]}" &
  pids[i]=$!
  # at most $parallel at a time: wait for the oldest still running
  if [ $((i + 1)) -ge "$parallel" ]; then wait "${pids[$((i + 1 - parallel))]}" || failed=1; fi
done
for i in "${!harnesses[@]}"; do
  # the last parallel - 1 were not waited for above
  if [ "$i" -gt $((${#harnesses[@]} - parallel)) ]; then wait "${pids[$i]}" || failed=1; fi
  cat "$out/${harnesses[$i]}/report"
done
exit $failed
