#!/usr/bin/env bash
# A dropped status does not compile: the same call compiles when its status
# is used and fails with -Werror=unused-result when it is dropped, so the
# failure comes from LWCX_NODISCARD and not from anything else.
# Usage: nodiscard.sh CC INCLUDE_DIR
set -u
cc=$1 inc=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
prog() { # the statement that calls the library
  printf '#include "lwcx.h"\nint main(void)\n{\n    uint8_t d[32] = {0};\n    %s\n    return 0;\n}\n' "$1" > "$dir/t.c"
}
pass=0 fail=0
prog 'if (lwcx_esch_hash(LWCX_ESCH256, d, 32, d, 0) != LWCX_OK) return 1;'
if "$cc" -std=c11 -c -o "$dir/t.o" -Werror=unused-result -I"$inc" "$dir/t.c"; then pass=$((pass + 1)); else
  echo "FAIL: a used status does not compile"; fail=$((fail + 1)); fi
for call in 'lwcx_esch_hash(LWCX_ESCH256, d, 32, d, 0);' 'lwcx_ct_compare(d, d + 1, 8);' \
            'lwcx_stream_update(NULL, d, 32, NULL, d, 0);' 'lwcx_kcc24p6_decrypt(d, d, 8, d, d);'; do
  prog "$call"
  if out=$("$cc" -std=c11 -c -o "$dir/t.o" -Werror=unused-result -I"$inc" "$dir/t.c" 2>&1); then
    echo "FAIL: a dropped status compiles: $call"; fail=$((fail + 1))
  elif grep -q "unused-result\|warn_unused_result" <<< "$out"; then pass=$((pass + 1)); else
    echo "FAIL: $call fails for another reason: $out"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
