#!/usr/bin/env bash
# lwcx hash --tag and --check (issue 16): both line styles, sha256sum's exit
# codes, --quiet and --status, names with newlines and backslashes escaped as
# coreutils does, the algorithm from the tag or the digest's length.
. "$(dirname "$0")/cli_common.sh"
printf 'abc' > a.txt; printf '' > empty.txt
printf 'x' > 'new
line.txt'; printf 'y' > 'back\slash.txt'

# escaping, in both styles, as sha256sum does it
out=$("$lwcx" hash 'new
line.txt' 'back\slash.txt' a.txt)
[ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] && printf '%s\n' "$out" | grep -q '^\\[0-9a-f]\{64\}  new\\nline.txt$' &&
  printf '%s\n' "$out" | grep -q '^\\[0-9a-f]\{64\}  back\\\\slash.txt$' && ok || bad "escaped names: $out"
if command -v sha256sum > /dev/null; then # the same escaping as coreutils (digest aside)
  [ "$(sha256sum 'new
line.txt' 'back\slash.txt' a.txt | sed 's/[0-9a-f]\{64\}/D/')" = "$(printf '%s\n' "$out" | sed 's/[0-9a-f]\{64\}/D/')" ] &&
    ok || bad "escaping differs from sha256sum's"
fi
"$lwcx" hash --tag a.txt | grep -q '^ESCH256 (a.txt) = [0-9a-f]\{64\}$' && ok || bad "--tag"
"$lwcx" hash --tag 'new
line.txt' | grep -q '^\\ESCH256 (new\\nline.txt) = ' && ok || bad "--tag escaped"
"$lwcx" hash --length 7 --alg xoesch256 a.txt 2>/dev/null | grep -q '^[0-9a-f]\{14\}  a.txt$' && ok || bad "--length in bytes"
"$lwcx" hash --help | grep -q -- "--length BYTES" && ok || bad "--help: --length's unit"
"$lwcx" hash --alg xoesch256 --length 300 a.txt 2> err.txt; [ $? -eq 2 ] && grep -q "1 .. 256 bytes" err.txt && ok || bad "--length range"

# --check: everything good
"$lwcx" hash a.txt empty.txt 'new
line.txt' 'back\slash.txt' > sums.txt
"$lwcx" hash --tag --alg esch384 a.txt 'new
line.txt' > tags.txt
"$lwcx" hash --alg esch384 a.txt > s384.txt
"$lwcx" hash --alg xoesch384 --length 20 a.txt > xo.txt
out=$("$lwcx" hash -c sums.txt 2> err.txt); rc=$?
[ $rc -eq 0 ] && [ ! -s err.txt ] && [ "$out" = 'a.txt: OK
empty.txt: OK
\new\nline.txt: OK
\back\\slash.txt: OK' ] && ok || bad "check good: rc $rc: $out"
"$lwcx" hash --check tags.txt > out.txt && [ "$(grep -c ': OK$' out.txt)" -eq 2 ] && ok || bad "check BSD tags"
"$lwcx" hash --check s384.txt > /dev/null && ok || bad "check: esch384 from the digest length"
"$lwcx" hash --check --alg xoesch384 xo.txt > /dev/null && ok || bad "check: xoesch with --alg"
"$lwcx" hash --check xo.txt > /dev/null 2> err.txt; [ $? -eq 1 ] && grep -q "no properly formatted" err.txt && ok || bad "xoesch without --alg"
"$lwcx" hash -c - < sums.txt > /dev/null && ok || bad "check from stdin"

# a changed file, a missing file, a malformed line: sha256sum's exit codes and words
printf 'abd' > a.txt
out=$("$lwcx" hash -c sums.txt 2> err.txt); rc=$?
[ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^a.txt: FAILED$' && grep -q "WARNING: 1 computed digest did NOT match" err.txt &&
  ok || bad "mismatch: rc $rc: $out / $(cat err.txt)"
out=$("$lwcx" hash -c --quiet sums.txt 2> /dev/null); rc=$?
[ $rc -eq 1 ] && [ "$out" = "a.txt: FAILED" ] && ok || bad "--quiet: rc $rc: $out"
out=$("$lwcx" hash -c --status sums.txt 2>&1); rc=$?
[ $rc -eq 1 ] && [ -z "$out" ] && ok || bad "--status: rc $rc: $out"
printf 'abc' > a.txt
out=$("$lwcx" hash -c --quiet sums.txt); rc=$?
[ $rc -eq 0 ] && [ -z "$out" ] && ok || bad "--quiet when all good: $out"
rm empty.txt
out=$("$lwcx" hash -c sums.txt 2> err.txt); rc=$?
[ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^empty.txt: FAILED open or read$' && grep -q "empty.txt: No such file" err.txt &&
  grep -q "WARNING: 1 listed file could not be read" err.txt && ok || bad "missing file: rc $rc"
printf '' > empty.txt
{ cat sums.txt; echo "not a digest line"; } > mixed.txt
"$lwcx" hash -c mixed.txt > /dev/null 2> err.txt; rc=$?
[ $rc -eq 0 ] && grep -q "line 5: not a digest line" err.txt && grep -q "WARNING: 1 line is improperly formatted" err.txt && ok ||
  bad "malformed line among good ones: rc $rc: $(cat err.txt)"
echo "junk" > junk.txt
"$lwcx" hash -c junk.txt > /dev/null 2> err.txt; [ $? -eq 1 ] && grep -q "no properly formatted" err.txt && ok || bad "only junk"
"$lwcx" hash -c nolist.txt 2> err.txt; [ $? -eq 1 ] && grep -q "^lwcx hash: nolist.txt: No such file" err.txt && ok || bad "no list"
"$lwcx" hash -c --tag sums.txt > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--check --tag refused"
"$lwcx" hash --quiet a.txt > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--quiet without --check refused"
# a digest edited in the list
sed '1s/^0/X/;1s/^[1-9a-f]/0/;1s/^X/1/' sums.txt > ed.txt
cmp -s ed.txt sums.txt && bad "edit did nothing" || { "$lwcx" hash -c ed.txt > /dev/null 2>&1; [ $? -eq 1 ] && ok || bad "edited digest"; }
finish
