#!/usr/bin/env bash
# lwcx hash -z (issue 58), as sha256sum -z: lines end with a NUL and names are
# not escaped; hash -c -z reads such lists (and ends its verdicts with NULs).
# And the hints when a list's digests do not fit: a sha256sum list (the size
# of esch256's) fails on every line, other sizes fit another variant or tool.
# Arguments: the tool.
. "$(dirname "$0")/cli_common.sh"
printf 'abc' > a.txt
printf 'x' > 'new
line.txt'
printf 'y' > 'back\slash.txt'

# -z: the same digests, NUL-ended lines, names as they are
"$lwcx" hash a.txt 'new
line.txt' 'back\slash.txt' > nl.lst
"$lwcx" hash -z a.txt 'new
line.txt' 'back\slash.txt' > z.lst
[ "$(tr -cd '\0' < z.lst | wc -c)" -eq 3 ] && ok || bad "-z: three NULs"
# each record: the digest of the newline list, then two spaces and the raw name
if ! command -v python3 > /dev/null; then echo "skipped: the -z records (no python3)"; else
python3 - z.lst nl.lst <<'EOF' && ok || bad "-z records"
import sys
z = open(sys.argv[1], 'rb').read().split(b'\0')
nl = [l for l in open(sys.argv[2], 'rb').read().split(b'\n') if l]
assert z[-1] == b'' and len(z) == 4, z
names = [b'a.txt', b'new\nline.txt', b'back\\slash.txt']
for rec, name, line in zip(z, names, [nl[0], nl[1], nl[2]]):
    assert rec == rec[:64] + b'  ' + name, rec          # no escaping, no leading backslash
    assert rec[:64] == line.lstrip(b'\\')[:64], (rec, line)
EOF
fi
if command -v sha256sum > /dev/null; then
  sha256sum -z a.txt 'new
line.txt' | tr '\0' '\n' | grep -c '  ' | grep -qx 2 && "$lwcx" hash -z a.txt | tr '\0' '\n' | grep -Eq '^[0-9a-f]{64}  a\.txt$' &&
    ok || bad "-z line shape as sha256sum -z's"
fi
"$lwcx" hash -z --tag a.txt | od -An -c | tr -d ' \n' | grep -q 'a.txt)=.*\\0$' && ok || bad "--tag -z: NUL-ended"

# -c -z: the NUL list checks, the verdicts NUL-ended with raw names
"$lwcx" hash -c -z z.lst > v.out 2> v.err && ok || bad "-c -z: $(cat v.err)"
[ "$(tr '\0' '|' < v.out)" = 'a.txt: OK|new
line.txt: OK|back\slash.txt: OK|' ] && ok || bad "-c -z verdicts: '$(tr '\0' '|' < v.out)'"
"$lwcx" hash -c -z --quiet z.lst > q.out && [ ! -s q.out ] && ok || bad "-c -z --quiet"
printf 'z' > a.txt
"$lwcx" hash -c -z z.lst > v.out 2> v.err
[ $? -eq 1 ] && tr '\0' '\n' < v.out | grep -qx 'a.txt: FAILED' && grep -q "1 computed digest did NOT match" v.err &&
  ok || bad "-c -z, a changed file: $(cat v.err)"
printf 'abc' > a.txt
# the lists' forms are not mixed up: a newline list under -z, a NUL list without -z
"$lwcx" hash a.txt > one.lst
"$lwcx" hash -c -z one.lst > /dev/null 2> e.err
[ $? -eq 1 ] && grep -q "one.lst: hint: with -z the lines end with NULs, but this list's end with newlines: leave -z out" e.err &&
  ok || bad "-z on a newline list: $(cat e.err)"
"$lwcx" hash -c --strict z.lst > /dev/null 2> e.err # (a line's NUL ends it, as for sha256sum -c)
[ $? -eq 1 ] && ok || bad "a NUL list without -z: not every file checked"
"$lwcx" hash -z -c --status z.lst && ok || bad "-z -c --status"

# hints
if command -v sha256sum > /dev/null; then
  sha256sum a.txt > sha.lst
  "$lwcx" hash -c sha.lst > /dev/null 2> h.err
  [ $? -eq 1 ] && grep -q "sha.lst: hint: the digest differs; 64 hex digits are read as esch256 digests, but SHA-256 digests" h.err &&
    grep -q "another tool" h.err && ok || bad "sha256sum list: $(cat h.err)"
  "$lwcx" hash -c --status sha.lst 2> h.err
  [ $? -eq 1 ] && [ ! -s h.err ] && ok || bad "--status: no hint"
fi
"$lwcx" hash a.txt > good.lst
"$lwcx" hash -c good.lst > /dev/null 2> h.err && ! grep -q hint h.err && ok || bad "no hint when the list checks: $(cat h.err)"
"$lwcx" hash --alg esch384 a.txt > e384.lst
"$lwcx" hash -c --alg esch256 e384.lst > /dev/null 2> h.err
[ $? -eq 1 ] && grep -q "e384.lst: hint: the digests are 96 hex digits: made with esch384? try --alg esch384" h.err &&
  ok || bad "esch384 list checked as esch256: $(cat h.err)"
"$lwcx" hash --alg xoesch256 --length 20 a.txt > x20.lst
"$lwcx" hash -c x20.lst > /dev/null 2> h.err
[ $? -eq 1 ] && grep -q "x20.lst: hint: the digests are 40 hex digits: made with xoesch256 or xoesch384 --length 20? try --alg xoesch256" h.err &&
  "$lwcx" hash -c --alg xoesch256 x20.lst > /dev/null && ok || bad "xoesch256 list: $(cat h.err)"
printf '%0130d  a.txt\n' 0 > odd.lst
"$lwcx" hash -c odd.lst > /dev/null 2> h.err
[ $? -eq 1 ] && grep -q "odd.lst: hint: the digests are 130 hex digits" h.err && ok || bad "130 digits: $(cat h.err)"
finish
