#!/usr/bin/env bash
# The functions a header declares LWCX_API, one name a line, sorted: comments
# and preprocessor lines dropped, declarations split at ';', the identifier
# before the first '(' of each LWCX_API one. Used by check-symbols.sh (the
# exports) and tests/api_reference.sh (the reference names each).
# Usage: declared-functions.sh HEADER
set -euo pipefail
perl -0777 -pe 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g; s{^\s*#[^\n]*}{}mg' "$1" \
  | tr '\n' ' ' | tr ';{}' '\n\n\n' | grep -E '(^|[^A-Za-z0-9_])LWCX_API[^A-Za-z0-9_]' \
  | sed -nE 's/^[^(]*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*\(.*/\1/p' | sort -u
