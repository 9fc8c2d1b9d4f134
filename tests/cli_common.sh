# Sourced by the CLI test scripts: the tool path from $1, a scratch directory
# removed on exit (and made current), and pass/fail counting; finish prints
# the totals and gives the exit status.
set -u
lwcx=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir" ${bin:+"$bin"}' EXIT
# Under LWCX_TEST_EMULATOR (exported by CTest, see cmake/test_emulator.cmake)
# the tool runs through a wrapper that execs the emulator, so that signals sent
# to a background run still reach it. It lives outside the scratch directory.
if [ -n "${LWCX_TEST_EMULATOR:-}" ]; then
  bin=$(mktemp -d)
  printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$LWCX_TEST_EMULATOR" "$lwcx" > "$bin/lwcx"
  chmod +x "$bin/lwcx"
  lwcx=$bin/lwcx
fi
cd "$dir" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
