#!/usr/bin/env bash
# bench/ reaches into the library only through its declared interface,
# src/bench_internal.h: every quoted #include in bench/ names a header of
# bench/ itself, the public lwcx.h, the generated lwcx_impls.h or that one
# header. Usage: check-bench-includes.sh [SOURCE_DIR]
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
fail=0 n=0
while IFS=: read -r file line text; do
  n=$((n + 1))
  inc=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]*)".*/\1/' <<< "$text")
  case $inc in
    lwcx.h | lwcx_impls.h | ../src/bench_internal.h) ;;
    */*) echo "FAIL: $file:$line: includes $inc (the bench reaches the library through lwcx.h or src/bench_internal.h)"; fail=1 ;;
    *) [ -f "bench/$inc" ] || { echo "FAIL: $file:$line: includes $inc, not a header of bench/"; fail=1; } ;;
  esac
done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' bench/*.c bench/*.h)
if [ "$n" = 0 ]; then echo "FAIL: no includes found in bench/"; fail=1; fi
if [ $fail = 0 ]; then echo "$n quoted includes in bench/, each public, the bench's own or src/bench_internal.h"; fi
exit $fail
