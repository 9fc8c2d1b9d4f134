#!/usr/bin/env bash
# `lwcx list` fits 100 columns, with or without --verbose, with implementations
# unavailable (their reasons wrapped) and a long wisdom path, and so does
# --explain for every primitive; --verbose gives every description whole
# where the plain list cuts it ("...").
#   cli_list_width.sh LWCX
. "$(dirname "$0")/cli_common.sh"

width() { # the longest line of the output of the command
  "$@" | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }'
}
long=$dir/a-wisdom-path-long-enough-to-need-a-second-line/w # (a path is never cut)
for env in "LWCX_WISDOM=off" "LWCX_CPU_DISABLE=avx512,avx2,neon" "LWCX_WISDOM=$long"; do
  for v in "" --verbose; do
    n=$(width env "$env" "$lwcx" list $v)
    [ "$n" -gt 40 ] && [ "$n" -le 100 ] && ok || bad "$env lwcx list $v: lines of $n columns"
  done
done
# --explain, every primitive: cut at spaces, the rest indented below
for p in $("$lwcx" list --machine | cut -d: -f1 | sort -u); do
  n=$(width "$lwcx" list --explain "$p")
  [ "$n" -gt 40 ] && [ "$n" -le 100 ] && ok || bad "lwcx list --explain $p: lines of $n columns"
done
# what scripts read: the marker, the name and "available" at the start of a line
"$lwcx" list | grep -Eq '^ *\* +ref +available|^ *\* +[a-z0-9]+ +available' && ok || bad "the selected implementation's line"
"$lwcx" list | grep -Eq '^    choice: ' && ok || bad "choice lines"
# every description: cut in the list ("..."), whole under --verbose
"$lwcx" list > plain.txt
"$lwcx" list -v > verbose.txt
grep -q ' \.\.\.$' plain.txt && ok || bad "no description cut in the plain list"
! grep -q ' \.\.\.$' verbose.txt && ok || bad "a description cut under --verbose"
[ "$(wc -l < verbose.txt)" -gt "$(wc -l < plain.txt)" ] && ok || bad "--verbose adds no lines"
tr -s ' \n' '  ' < verbose.txt | grep -q "the specification's loops" && ok || bad "a description missing under --verbose"
"$lwcx" list --verbose --machine > out.txt 2> err.txt; [ $? -eq 2 ] && grep -q "^lwcx list: --verbose: " err.txt && ok ||
  bad "--verbose --machine: $(cat err.txt)"
finish
