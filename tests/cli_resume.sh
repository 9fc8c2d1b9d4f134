#!/usr/bin/env bash
# lwcx keysearch (issue 58): `--resume FILE` alone continues a search with the
# parameters its checkpoint holds (`--checkpoint FILE --resume` still does);
# a parameter given that differs from the checkpoint's is named with both
# values; `--progress` prints timed whole status lines when stderr is no
# terminal. Arguments: the tool.
. "$(dirname "$0")/cli_common.sh"
# The paper's vectors (as cli_keysearch.sh): key index 0x12345 of this base is FF..FF.
pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
base=FFFFFFFFFFFFFFFEDCBA
want=ffffffffffffffffffff

# A checkpoint of a search stopped early: --first stops at the key, in the
# chunk holding index 0x12345, far from the end of the 2^24 keys; resuming
# (without --first) searches the rest.
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^24' --threads 1 --first \
  --checkpoint ck.txt > first.out 2> first.err
left=$(sed -n 's/^searched //p' ck.txt)
[ "$(cat first.out)" = "$want" ] && [ -n "$left" ] && [ "$left" -lt 16777216 ] && ok || bad "a partial checkpoint: '$left' $(cat first.err)"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^20' --threads 1 \
  --checkpoint full.ck > /dev/null 2>&1 # complete, key found: a record to compare with
cp ck.txt ck2.txt
cp ck.txt ck3.txt

# --resume FILE alone: the checkpoint's parameters, the key found
out=$( { cat first.out; "$lwcx" keysearch --resume ck.txt --threads 1 2> resume.err; } | sort -u)
[ "$out" = "$want" ] && grep -q "^searched 16777216$" ck.txt && grep -q "^lwcx keysearch: $((16777216 - left)) keys in " resume.err &&
  ok || bad "--resume FILE alone: '$out' $(cat resume.err)"
# the old form still works
out=$( { cat first.out; "$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^24' \
         --checkpoint ck2.txt --resume 2>/dev/null; } | sort -u)
[ "$out" = "$want" ] && grep -q "^searched 16777216$" ck2.txt && ok || bad "--checkpoint F --resume"
# --resume FILE with the same parameters given, in other spellings (hex case, 2^E vs decimal)
out=$( { cat first.out; "$lwcx" keysearch --resume ck3.txt --cipher present80 --count 16777216 --start 0 \
         --key-base fffffffffffffffedcba --pt 0000000000000000 2>err.txt; } | sort -u)
[ "$out" = "$want" ] && ok || bad "--resume FILE with agreeing parameters: $(cat err.txt)"

# mismatches: the option named, the value given and the checkpoint's
mismatch() { # expected message part, then the options
  local expect=$1
  shift
  "$lwcx" keysearch --resume full.ck "$@" > out.txt 2> err.txt
  local rc=$?
  [ $rc -eq 2 ] && [ ! -s out.txt ] && grep -qF -- "$expect" err.txt && ok || bad "mismatch $*: rc $rc, $(cat err.txt)"
}
mismatch "lwcx keysearch: --count: '2^21', but the checkpoint full.ck has 1048576" --count '2^21'
mismatch "--key-base: 'FFFFFFFFFFFFFFFEDCBB', but the checkpoint full.ck has fffffffffffffffedcba" --key-base FFFFFFFFFFFFFFFEDCBB
mismatch "--start: '5', but the checkpoint full.ck has 0" --start 5
mismatch "--cipher: 'gift64', but the checkpoint full.ck has present80" --cipher gift64
mismatch "--mask: '000000000000000000ff', but the checkpoint full.ck has none" --mask 000000000000000000ff
mismatch "--ct2: '3333DCD3213210D3', but the checkpoint full.ck has 3333dcd3213210d2" --ct2 3333DCD3213210D3
# a record without a part resumed as one: its range must be that part of the job given
"$lwcx" keysearch --resume full.ck --part 1/2 --count '2^22' > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "full.ck: checkpoint written for other parameters" err.txt && ok || bad "--part of another job: $(cat err.txt)"
cp full.ck fullp.ck
out=$("$lwcx" keysearch --resume fullp.ck --part 1/2 --count '2^21' 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "a record without a part resumed as part 1/2"
"$lwcx" keysearch --resume full.ck --checkpoint other.ck > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "name the checkpoint once" err.txt && ok || bad "--resume F --checkpoint G: $(cat err.txt)"
"$lwcx" keysearch --resume > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q -- "--resume: needs the checkpoint" err.txt && ok || bad "--resume without a file: $(cat err.txt)"
"$lwcx" keysearch --resume nofile.ck > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "nofile.ck: No such file" err.txt && ok || bad "--resume of a missing file: $(cat err.txt)"
printf 'not a record\n' > junk.ck
"$lwcx" keysearch --resume junk.ck > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "junk.ck: not a key-search checkpoint" err.txt && ok || bad "--resume of junk: $(cat err.txt)"
# a key file given with --resume: its key and algorithm stand for --key-base and --cipher
"$lwcx" keygen --alg present80 -o k2.key
"$lwcx" keysearch --resume full.ck --key-file k2.key > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "^lwcx keysearch: k2.key: its key, but the checkpoint full.ck has another key (leave --key-file out" err.txt &&
  ok || bad "--resume with another key file: $(cat err.txt)"
# a mask and a part are taken from the checkpoint too
"$lwcx" keysearch --cipher present80 $pairs --key-base F0FF0FF0FF0FF0FF0FFF --mask 0F00F00F00F00F00F000 \
  --count '2^24' --part 2/2 --checkpoint m.ck --threads 1 > m.out 2>/dev/null
grep -q "^part 2 2$" m.ck && "$lwcx" keysearch --resume m.ck > m2.out 2>/dev/null
[ $? -le 1 ] && cmp -s m.out m2.out && ok || bad "--resume of a masked part: $(cat m.out) / $(cat m2.out)"
"$lwcx" keysearch --resume m.ck --part 1/2 > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -qF -- "--part: '1/2', but the checkpoint m.ck has 2/2" err.txt && ok || bad "part mismatch: $(cat err.txt)"
"$lwcx" keysearch --resume m.ck --mask 0F00F00F00F00F00F000 --count 16777216 > /dev/null 2>&1
[ $? -le 1 ] && ok || bad "--resume with the mask and count given as recorded"

# --progress where stderr is no terminal: whole lines, timed, and one at the end
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^20' --threads 1 --progress \
  > /dev/null 2> p.err
grep -Eq '^\[0:00:[0-9]{2}\] progress 1048576/1048576 keys \(100\.0%\)  found 1  [0-9.]+[kMG]? keys/s  ETA ' p.err &&
  ! grep -q $'\r' p.err && ok || bad "--progress final line: $(cat p.err)"
# a search long enough for timed lines (stopped by SIGINT after about 2.5 s)
env --default-signal=INT "$lwcx" keysearch --cipher present80 $pairs --key-base $base --start '2^20' --count '2^40' \
  --threads 1 --progress > /dev/null 2> p2.err &
pid=$!
sleep 2.5
kill -INT $pid
wait $pid
n=$(grep -c '^\[0:00:0[0-9]\] progress [0-9]*/1099511627776 keys' p2.err)
[ "$n" -ge 2 ] && ok || bad "--progress: timed lines ($n): $(head -c 600 p2.err)"
# without --progress and without a terminal: no status lines
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^16' --threads 1 > /dev/null 2> q.err
! grep -q progress q.err && ok || bad "status lines without --progress: $(cat q.err)"
# grammar: one key, not "1 keys"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12345 --count 1 > /dev/null 2> one.err
grep -q "^lwcx keysearch: 1 key in " one.err && ok || bad "1 key: $(cat one.err)"
finish
