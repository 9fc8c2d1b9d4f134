#!/usr/bin/env bash
# Proves that a CI stage ran the code it was meant to run.
#   check-ran.sh LWCX_COMMAND LOG [--require NAME]... [--forbid NAME]...
# LWCX_COMMAND runs the stage's lwcx binary (with its emulator, quoted as one
# word); LOG holds the "primitive:impl" lines the tests wrote while they ran
# (LWCX_TEST_RAN_LOG). Fails if an implementation available in the stage was
# not exercised by the tests, if a --require'd name (e.g. avx2) is not
# available for every primitive that has it, or if a --forbid'den name is
# available (e.g. avx2 under a CPU model without it).
set -euo pipefail
lwcx=$1 log=$2
shift 2
required=() forbidden=()
while [ $# -gt 0 ]; do
  case $1 in
    --require) required+=("$2"); shift 2 ;;
    --forbid) forbidden+=("$2"); shift 2 ;;
    *) echo "check-ran: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -s "$log" ] || { echo "check-ran: $log is empty: no test reported what it ran" >&2; exit 1; }
list=$($lwcx list --machine)
fail=0 ran=0
while read -r entry state; do
  name=${entry#*:}
  for r in "${required[@]+"${required[@]}"}"; do
    if [ "$name" = "$r" ] && [ "$state" != available ]; then
      echo "check-ran: $entry must be available in this stage but is $state" >&2; fail=1
    fi
  done
  for f in "${forbidden[@]+"${forbidden[@]}"}"; do
    if [ "$name" = "$f" ] && [ "$state" = available ]; then
      echo "check-ran: $entry must not be available in this stage" >&2; fail=1
    fi
  done
  if [ "$state" = available ]; then
    if grep -qx "$entry" "$log"; then ran=$((ran + 1)); else
      echo "check-ran: $entry is available but no test ran it" >&2; fail=1
    fi
  fi
done <<<"$list"
for r in "${required[@]+"${required[@]}"}"; do
  grep -q ":$r available\$" <<<"$list" || { echo "check-ran: no implementation named $r is built" >&2; fail=1; }
done
[ $fail = 0 ] && echo "check-ran: all $ran available implementations were exercised"
exit $fail
