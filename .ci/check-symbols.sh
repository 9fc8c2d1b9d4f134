#!/usr/bin/env bash
# The library's symbols, checked on the built files:
#  (a) liblwcx.so exports exactly the functions include/lwcx.h declares LWCX_API;
#  (b) every global symbol liblwcx.a defines starts with lwcx_, so that a
#      program linking it statically meets none of its internal names;
#  (c) nothing in the library runs at load time (no constructors): code from a
#      file built with ISA flags must not run before dispatch has checked the CPU.
# Usage: check-symbols.sh liblwcx.so liblwcx.a lwcx.h (NM, OBJDUMP: the tools to use)
set -euo pipefail
so=$1 archive=$2 header=$3
nm=${NM:-nm} objdump=${OBJDUMP:-objdump}
fail=0

# The declared names (the identifier before the first '(' of each LWCX_API
# declaration, comments and preprocessor lines dropped).
declared=$(bash "$(dirname "$0")/declared-functions.sh" "$header")
exported=$("$nm" -D --defined-only "$so" | awk '{print $NF}' | sort -u)
[ -n "$declared" ] || { echo "no LWCX_API declarations found in $header"; exit 1; }
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
if [ -n "$extra" ]; then echo "exported but not declared LWCX_API:" $extra; fail=1; fi
if [ -n "$missing" ]; then echo "declared LWCX_API but not exported:" $missing; fail=1; fi

unprefixed=$("$nm" -g --defined-only "$archive" | awk 'NF == 3 && $3 !~ /^lwcx_/ {print $3}' | sort -u)
if [ -n "$unprefixed" ]; then echo "global symbols without the lwcx_ prefix:" $unprefixed; fail=1; fi

ctors=$("$objdump" -h "$archive" | awk '/^[^ ].*:[ \t]+file format/ {obj = $1; sub(/:$/, "", obj)}
  $2 ~ /^\.(init_array|preinit_array|ctors)/ {print obj}' | sort -u)
if [ -n "$ctors" ]; then echo "code that runs at load time in:" $ctors; fail=1; fi

[ $fail -eq 0 ] && echo "symbols: $(echo "$declared" | wc -l) exported as declared, all global names prefixed, no constructors"
exit $fail
