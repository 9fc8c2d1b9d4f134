#!/usr/bin/env bash
# lwcx keysearch: a planted PRESENT-80 key is found (exit 0), a range without
# it finds nothing (exit 1), bad arguments exit 2, and a run stopped by SIGINT
# leaves a checkpoint (the library's key-search record) that --resume completes
# (and refuses for other parameters, or damaged),
# periodic checkpoints survive kill -9, SIGINT, SIGTERM and SIGHUP after them
# stop the search cleanly, and a mask of unknown bits works.
. "$(dirname "$0")/cli_common.sh"

# The paper's vectors: key FF..FF encrypts 00..00 to E72C46C0F5945049 and
# FF..FF to 3333DCD3213210D2. Key index 0x12345 of this base is FF..FF.
pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
base=FFFFFFFFFFFFFFFEDCBA
want=ffffffffffffffffffff

out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^20' 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "planted key, 2 pairs"
out=$("$lwcx" keysearch --cipher present80 --pt 0000000000000000 --ct E72C46C0F5945049 \
      --key-base $base --start 0x12000 --count 4096 --threads 1 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "planted key, 1 pair, 1 thread"
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12346 --count 5000 2>/dev/null)
[ $? -eq 1 ] && [ -z "$out" ] && ok || bad "range without the key: exit 1, no output"

for args in "--cipher nonesuch $pairs --key-base $base --count 10" \
            "--cipher present80 $pairs --key-base FFFF --count 10" \
            "--cipher present80 --pt 00 --ct 00 --key-base $base --count 10" \
            "--cipher present80 $pairs --key-base $base" \
            "--cipher present80 $pairs --key-base $base --count -5" \
            "--cipher present80 $pairs --key-base $base --count 0" \
            "--cipher present80 $pairs --key-base $base --count 10 --frob" \
            "--cipher present80 $pairs --key-base $base --count 10 --resume" \
            "--cipher present80 --pt2 0000000000000000 --ct E72C46C0F5945049 --key-base $base --count 10"; do
  "$lwcx" keysearch $args > /dev/null 2>&1
  [ $? -eq 2 ] && ok || bad "bad arguments: $args"
done

# A mask of unknown bits: 24 bits spread over the key, the known bits set.
mask=0F00F00F00F00F00F000 # 4 bits in each of 6 places
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base F0FF0FF0FF0FF0FF0FFF --mask $mask \
      --count '2^24' 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "mask: planted key found"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --mask $mask --count '2^25' >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "mask: a count beyond 2^24 refused"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --mask 00000000000000000000 --count 1 >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "mask: all zero refused"

# The long runs below are sized from this build's speed on one thread, so
# they take seconds natively, under sanitizers and under qemu alike. The
# faster of two timings: one slowed by a busy moment would size the runs too
# short for the kills below to land in them.
ns=0
for i in 1 2; do
  t0=$(date +%s%N)
  "$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x2000000 --count '2^24' \
    --threads 1 > /dev/null 2>&1
  t1=$(date +%s%N)
  [ $ns != 0 ] && [ $((t1 - t0)) -ge $ns ] || ns=$((t1 - t0))
done
count=$(( (1 << 24) * 6000000000 / (ns + 1) )) # about 6 s
idx=$(( count * 3 / 4 ))
base2=$(printf "FFFF%016X" $(( ~idx ))) # index idx of base2 is FF..FF: far into the range

# Interrupt a long run, then resume from the checkpoint. (--default-signal:
# a script's background job starts with SIGINT ignored, which lwcx respects.)
env --default-signal=INT "$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count $count --threads 1 \
  --checkpoint ck.txt > first.out 2> first.err &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
if [ -f ck.txt ] && grep -q '^searched ' ck.txt; then ok; else bad "checkpoint written on SIGINT (rc $rc)"; fi
next=$(sed -n 's/^searched //p' ck.txt)
if [ $rc -eq 130 ]; then
  [ "$next" -lt $count ] && ok || bad "interrupted run: next $next"
else
  echo "note: the run finished before SIGINT (rc $rc)" >&2
fi
ls -A | grep -q '^\.ck\.txt\.lwcx-tmp\.' && bad "temporary checkpoint left" || ok
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count $count \
  --checkpoint ck.txt --resume > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "resume with other parameters refused"
# a damaged checkpoint is refused: truncated, a digit changed, a line added
for damage in cut digit line start; do
  case $damage in
    cut) head -c -1 ck.txt > bad.txt ;;
    digit) awk '/^searched /{ $2 = $2 + 1 } 1' ck.txt > bad.txt ;;
    line) { cat ck.txt; echo "done 0 1"; } > bad.txt ;;
    start) sed 's/^start 0/start 1/' ck.txt > bad.txt ;;
  esac
  cmp -s ck.txt bad.txt && { bad "damage did nothing: $damage"; continue; }
  "$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count $count \
    --checkpoint bad.txt --resume > /dev/null 2> err.txt
  [ $? -eq 2 ] && grep -q "damaged" err.txt && ok || bad "damaged checkpoint refused: $damage"
done
out=$( { cat first.out; "$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count $count \
         --threads 1 --checkpoint ck.txt --resume 2>/dev/null; } | sort -u)
[ "$out" = "$want" ] && ok || bad "resume finds the key: '$out'"
[ "$(sed -n 's/^searched //p' ck.txt)" = $count ] && grep -q "^found $want " ck.txt && ok \
  || bad "final checkpoint: complete, key recorded"
# resuming a finished search reports the recorded key again
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count $count \
      --checkpoint ck.txt --resume 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "resume of a finished search"

# Checkpoints during the run: killed outright (no chance to write one at the
# end), the search still resumes from the last periodic checkpoint.
rm -f ck2.txt
"$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count $count --threads 1 \
  --checkpoint ck2.txt --every 1 > /dev/null 2>&1 &
pid=$!
sleep 2.5
kill -KILL $pid
wait $pid 2>/dev/null
next=$(sed -n 's/^searched //p' ck2.txt 2>/dev/null)
[ -n "$next" ] && [ "$next" -gt 0 ] && [ "$next" -lt $count ] && ok || bad "periodic checkpoint: next '$next'"
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count $count --threads 1 \
      --checkpoint ck2.txt --every 1 --resume 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "resume after kill -9 finds the key"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count 10 --every 5 > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--every without --checkpoint refused"
# SIGINT, SIGTERM and SIGHUP after periodic checkpoints (issue 54: the
# checkpoint's writer took the signals over, and they killed the search): a
# clean stop, exit 0 since the key was found (at index 0x345), the
# "interrupted" line and a last checkpoint that covers exactly what was searched.
for sig in INT TERM HUP; do
  rm -f cks.txt
  env --default-signal=INT "$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12000 --count '2^40' \
    --threads 1 --checkpoint cks.txt --every 1 > s.out 2> s.err &
  pid=$!
  sleep 1.6 # the first periodic checkpoint is written after 1 s
  kill -s $sig $pid
  wait $pid
  rc=$?
  rest=$(sed -n 's/^lwcx keysearch: \([0-9]*\) keys\? left.*/\1/p' s.err)
  [ $rc -eq 0 ] && [ "$(cat s.out)" = "$want" ] && grep -q ", interrupted" s.err && [ -n "$rest" ] &&
    [ "$(sed -n 's/^searched //p' cks.txt)" = $(( (1 << 40) - rest )) ] && [ -z "$(ls -A | grep lwcx-tmp)" ] && ok ||
    bad "SIG$sig after periodic checkpoints: exit $rc, '$(cat s.out)', $(tr '\n' ' ' < s.err)"
done

"$lwcx" keysearch --cipher present80 $pairs --key-base $base2 --count 10 --checkpoint none.txt \
  --resume > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "resume without a checkpoint file"

# Found keys are printed the moment they are confirmed (issue 16): the key at
# index 5 of a range sized to take about 24 s (from the rate above, one
# thread) shows up on stdout at once, long before the range ends.
big=$(( count * 4 ))
base5=$(printf "FFFF%016X" $(( ~5 )))
env --default-signal=INT "$lwcx" keysearch --cipher present80 $pairs --key-base $base5 --count $big --threads 1 > early.out 2> /dev/null &
pid=$!
for i in $(seq 60); do [ -s early.out ] && break; sleep 0.1; done
seen=$(cat early.out)
kill -INT $pid 2>/dev/null; wait $pid; rc=$?
[ "$seen" = "$want" ] && ok || bad "key at index 5 not printed within 6 s (got '$seen')"
[ $rc -eq 0 ] && ok || bad "interrupted after a key was found: exit $rc, want 0"
# --first: every thread stops at the first key, far before the range's end
t0=$(date +%s%N)
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base5 --count $big --first 2> err.txt); rc=$?
t1=$(date +%s%N)
[ $rc -eq 0 ] && [ "$out" = "$want" ] && [ $(( (t1 - t0) / 1000000 )) -lt 8000 ] && grep -q "first key" err.txt && ok ||
  bad "--first: rc $rc, '$out', $(( (t1 - t0) / 1000000 )) ms"
# --first with a checkpoint records the partial search, which --resume continues
rm -f ckf.txt
"$lwcx" keysearch --cipher present80 $pairs --key-base $base5 --count $big --first --checkpoint ckf.txt > /dev/null 2>&1
next=$(sed -n 's/^searched //p' ckf.txt 2>/dev/null)
[ -n "$next" ] && [ "$next" -lt $big ] && grep -q "^found $want " ckf.txt && ok || bad "--first checkpoint: searched '$next'"
# an existing checkpoint is never replaced without --resume or --force
cp ckf.txt ckf.keep
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 1000 --checkpoint ckf.txt > /dev/null 2> err.txt
[ $? -eq 2 ] && cmp -s ckf.txt ckf.keep && grep -q "^lwcx keysearch: ckf.txt: exists" err.txt && ok || bad "checkpoint replaced without --force"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 1000 --checkpoint ckf.txt --force > /dev/null 2>&1
[ $? -eq 1 ] && ! cmp -s ckf.txt ckf.keep && [ "$(sed -n 's/^searched //p' ckf.txt)" = 1000 ] && ok || bad "--force"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 1000 --checkpoint ckf.txt --force --resume > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--force with --resume refused"
# number errors name the option, the value and the allowed range
for a in "--count:-1" "--count:2^99" "--count:0" "--threads:5000" "--start:0x" "--every:0" "--count:18446744073709551616"; do
  opt=${a%%:*} v=${a#*:}
  extra=; [ $opt = --every ] && extra="--checkpoint e.txt"
  [ $opt = --count ] || extra="$extra --count 10"
  "$lwcx" keysearch --cipher present80 $pairs --key-base $base $opt "$v" $extra > /dev/null 2> err.txt
  [ $? -eq 2 ] && grep -q -- "^lwcx keysearch: $opt: '$v': .*allowed: [0-9]" err.txt && ok || bad "$opt $v: $(cat err.txt)"
done
# the base key and the cipher from a key file; a different --cipher names both
printf 'lwcx-key-v1 present80 secret\n%s\n' "$(echo $base | tr A-F a-f)" > kf.tmp
sum=$("$lwcx" hash kf.tmp | cut -c1-16)
{ cat kf.tmp; echo "check $sum"; } > base.key
out=$("$lwcx" keysearch --key-file base.key $pairs --count '2^20' 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "--key-file: '$out'"
"$lwcx" keysearch --cipher gift64 --key-file base.key $pairs --count 10 > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "present80" err.txt && grep -q "gift64" err.txt && ok || bad "--key-file vs --cipher: $(cat err.txt)"
"$lwcx" keygen --alg present80 -o gen.key && "$lwcx" keysearch --key-file gen.key $pairs --count 16 > /dev/null 2>&1
[ $? -eq 1 ] && ok || bad "a keygen key file as the base"

# on a terminal, the progress line counts the keys found (stderr on a pseudo-terminal)
if command -v python3 > /dev/null 2>&1; then
  python3 -c '
import os, pty, subprocess, sys, threading
m, s = pty.openpty()
out = []
def drain():
    try:
        while True:
            b = os.read(m, 65536)
            if not b: break
            out.append(b)
    except OSError: pass
t = threading.Thread(target=drain, daemon=True); t.start()
subprocess.run(sys.argv[1:], stderr=s, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
os.close(s); t.join(5)
sys.stdout.write(b"".join(out).decode("utf-8", "replace"))' \
    "$lwcx" keysearch --cipher present80 $pairs --key-base $base --count '2^20' > tty.txt
  grep -q "found 1 " tty.txt && grep -q "keys/s" tty.txt && ok || bad "progress line on a terminal: $(tr '\r' '\n' < tty.txt | tail -2)"
else
  echo "skipped: the progress-line test (no python3 for a pseudo-terminal)"
fi

# --part I/N (issue 19): 4 parts of a 2^22 range, each with its own
# checkpoint; --merge reports the key, the parts, no gap and no overlap. A
# missing part shows as a gap; a part twice as an overlap.
N=$(( 1 << 22 ))
basep=$(printf "FFFF%016X" $(( ~(N * 5 / 8) ))) # the key in part 3
rm -f part*.ck
for i in 1 2 3 4; do
  "$lwcx" keysearch --cipher present80 $pairs --key-base $basep --count $N --part $i/4 --checkpoint part$i.ck > part$i.out 2>/dev/null
  echo $? >> part.rc
done
[ "$(tr '\n' ' ' < part.rc)" = "1 1 0 1 " ] && [ "$(cat part3.out)" = "$want" ] && ok || bad "--part: exit codes $(cat part.rc)"
[ "$(sed -n 's/^start //p' part2.ck) $(sed -n 's/^count //p' part2.ck)" = "$(( N / 4 )) $(( N / 4 ))" ] && ok || bad "--part 2/4: start and count"
out=$("$lwcx" keysearch --merge part1.ck part2.ck part3.ck part4.ck 2> merge.err)
[ $? -eq 0 ] && [ "$out" = "$want" ] && grep -q "keys \[0, $N): $N searched, 0 gaps of 0 keys, 0 overlaps, 1 distinct key" merge.err &&
  [ "$(grep -c ": finished" merge.err)" = 4 ] && ok || bad "--merge of 4 parts: $(cat merge.err)"
out=$("$lwcx" keysearch --merge part1.ck part2.ck part4.ck part2.ck --count $N 2> merge.err)
[ $? -eq 130 ] && [ -z "$out" ] && grep -q "gap \[$(( N / 2 )), $(( N * 3 / 4 )))" merge.err && grep -q "1 gap of $(( N / 4 )) keys, 1 overlap" merge.err &&
  ok || bad "--merge with a part missing and one twice: $(cat merge.err)"
"$lwcx" keysearch --merge part1.ck ck2.txt > /dev/null 2> merge.err
[ $? -eq 2 ] && grep -q "another search" merge.err && ok || bad "--merge of another search: $(cat merge.err)"
head -c -2 part1.ck > cut.ck
"$lwcx" keysearch --merge cut.ck part2.ck > /dev/null 2> merge.err
[ $? -eq 2 ] && grep -q "damaged" merge.err && ok || bad "--merge of a damaged record: $(cat merge.err)"
# Record version 2 (issue 54): a part's checkpoint names the whole job and its
# part number, so --merge sees a missing first or last part with no
# --start/--count (the parts' own span hid them: "0 gaps", exit 1 with the key
# in the missing part), and refuses a part of another job. 3 parts of 12288
# keys, the key at index 2000 (part 1); the cluster guide's recipe
# (docs/guides/key-search-cluster.md): --merge q*.ck.
baseq=FFFFFFFFFFFFFFFFF82F # index 2000 is FF..FF
rm -f q*.ck
for i in 1 2 3; do
  "$lwcx" keysearch --cipher present80 $pairs --key-base $baseq --count 12288 --part $i/3 --checkpoint q$i.ck > /dev/null 2>&1
done
head -1 q2.ck | grep -qx "lwcx-keysearch-record 2" && grep -qx "job 0 12288" q2.ck && grep -qx "part 2 3" q2.ck && ok ||
  bad "a part's record: version 2 with the job and part lines: $(head -1 q2.ck)"
merge_q() { # merge_q EXIT STDOUT PATTERN... -- ARGS...: every pattern in stderr
  local wrc=$1 wout=$2 pat pats=() out rc
  shift 2
  while [ "$1" != -- ]; do pats+=("$1"); shift; done
  shift
  out=$("$lwcx" keysearch --merge "$@" 2> merge.err); rc=$?
  [ $rc -eq $wrc ] && [ "$out" = "$wout" ] || return 1
  for pat in "${pats[@]}"; do grep -q -- "$pat" merge.err || return 1; done
}
mv q1.ck q1.away
merge_q 130 "" "^lwcx keysearch: part 1/3 missing: keys \[0, 4096)" "gap \[0, 4096)" \
  "keys \[0, 12288): 8192 searched, 1 gap of 4096 keys, 0 overlaps, 0 distinct keys found (1 of 3 parts missing)" \
  -- q*.ck && ok || bad "--merge q*.ck, the first part missing: $(cat merge.err)"
mv q1.away q1.ck
merge_q 0 "$want" "part 3/3 missing: keys \[8192, 12288)" "gap \[8192, 12288)" "1 gap of 4096 keys" \
  -- q1.ck q2.ck && ok || bad "--merge, the last part missing: $(cat merge.err)"
merge_q 130 "" "parts 1-2 of 3 missing: keys \[0, 8192)" "(2 of 3 parts missing)" \
  -- q3.ck && ok || bad "--merge, the first two parts missing: $(cat merge.err)"
merge_q 0 "$want" "part 2/3 missing: keys \[4096, 8192)" "gap \[4096, 8192)" \
  -- q3.ck q1.ck && ok || bad "--merge, the middle part missing: $(cat merge.err)"
merge_q 0 "$want" "12288 searched, 0 gaps of 0 keys, 0 overlaps, 1 distinct key found (0 of 3 parts missing)" \
  -- q*.ck && ok || bad "--merge, all parts: $(cat merge.err)"
grep -q "missing: \|note:" merge.err && bad "--merge, all parts: $(cat merge.err)" || ok
merge_q 2 "" "the parts are of keys \[0, 12288)" -- q*.ck --start 0 --count 12289 && ok ||
  bad "--merge: --count other than the parts' job refused: $(cat merge.err)"
# parts of another job: another part count, another whole range
"$lwcx" keysearch --cipher present80 $pairs --key-base $baseq --count 12288 --part 2/4 --checkpoint x1.ck > /dev/null 2>&1
"$lwcx" keysearch --cipher present80 $pairs --key-base $baseq --count 12289 --part 3/3 --checkpoint x2.ck > /dev/null 2>&1
for x in x1 x2; do
  merge_q 2 "" "$x.ck: part .* another job than q1.ck's (3 parts of keys \[0, 12288)); refusing to merge" \
    -- q1.ck q2.ck $x.ck && ok || bad "--merge, a part of another job ($x): $(cat merge.err)"
done
# Records of version 1 (tests/kat/, written before version 2, by
# `--part 2/3` and as part 1/3 stopped after 1024 keys): resumed with --part,
# saved as version 2; merged with version 2 parts, a version 1 record of a
# part's range stands for that part.
case $0 in /*) kat=$(dirname "$0")/kat ;; *) kat=$OLDPWD/$(dirname "$0")/kat ;; esac
cp "$kat/keysearch_v1_part1of3_partial.ck" v1q1.ck
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $baseq --count 12288 --part 1/3 \
      --checkpoint v1q1.ck --resume 2> err.txt)
[ $? -eq 0 ] && [ "$out" = "$want" ] && grep -q "^lwcx keysearch: 3072 keys" err.txt && head -1 v1q1.ck | grep -qx "lwcx-keysearch-record 2" &&
  grep -qx "part 1 3" v1q1.ck && grep -qx "searched 4096" v1q1.ck && ok || bad "version 1 record resumed: $(cat err.txt)"
merge_q 0 "$want" "12288 searched, 0 gaps of 0 keys, 0 overlaps, 1 distinct key found (0 of 3 parts missing)" \
  -- q1.ck "$kat/keysearch_v1_part2of3.ck" q3.ck && ok || bad "--merge with a version 1 part: $(cat merge.err)"
merge_q 130 "" "part 1/3 missing: keys \[0, 4096)" "1 gap of 4096 keys" \
  -- "$kat/keysearch_v1_part2of3.ck" q3.ck && ok || bad "--merge, version 1 part, the first missing: $(cat merge.err)"
merge_q 1 "" "note: no record names the whole range" "keys \[4096, 8192): 4096 searched, 0 gaps" \
  -- "$kat/keysearch_v1_part2of3.ck" && ok || bad "--merge of a version 1 record alone: $(cat merge.err)"
merge_q 130 "" "keys \[0, 12288): 4096 searched, 2 gaps of 8192 keys" \
  -- "$kat/keysearch_v1_part2of3.ck" --start 0 --count 12288 && ok || bad "--merge of version 1 with --count: $(cat merge.err)"
cp "$kat/keysearch_v1_part1of3_partial.ck" v1q1b.ck
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $baseq --count 4096 --checkpoint v1q1b.ck --resume 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && head -1 v1q1b.ck | grep -qx "lwcx-keysearch-record 1" && ok ||
  bad "version 1 record resumed without --part: stays version 1"
for p in 0/4 5/4 1/0 x/2 3; do
  "$lwcx" keysearch --cipher present80 $pairs --key-base $basep --count $N --part $p > /dev/null 2>&1
  [ $? -eq 2 ] && ok || bad "--part $p refused"
done

finish
