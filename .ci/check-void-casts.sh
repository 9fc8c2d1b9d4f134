#!/usr/bin/env bash
# Statuses are marked LWCX_NODISCARD, so the compilers refuse a dropped one;
# a (void) cast silences that. This lists every (void) cast of a call in the
# C sources and fails if one has no comment saying why, on its line or on
# the line above. Usage: check-void-casts.sh [SOURCE_DIR]
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
fail=0 n=0
while IFS=: read -r file line text; do
  n=$((n + 1))
  prev=$(sed -n "$((line - 1))p" "$file")
  if [[ $text == *"/*"* || $text == *"//"* || $prev =~ \*/[[:space:]]*$ || $prev =~ ^[[:space:]]*// ]]; then
    echo "  $file:$line: $(sed 's/^[[:space:]]*//' <<< "$text")"
  else
    echo "FAIL: $file:$line: a (void) cast of a call without a comment saying why: $text"
    fail=1
  fi
done < <(grep -rnE --include='*.[ch]' --include='*.cu' --include='*.cl' '\(void\) *[A-Za-z_][A-Za-z0-9_.>-]*(\[[^]]*\])? *\(' src cli tests include)
if [ $fail = 0 ]; then echo "$n (void) casts of calls, each with its reason"; fi
exit $fail
