#!/usr/bin/env bash
# Signals at every phase of a write. LWCX_TEST_PAUSE=PHASE (a test-only hook)
# makes the tool stop at that phase, say "lwcx-test-pause PHASE" on stderr and
# wait for a signal; each run here sends one (SIGINT, SIGTERM, SIGHUP or
# SIGKILL) to enc -o, dec -o, sign -o and keysearch --checkpoint at each of
# their phases, 5 times per phase and signal (once under an emulator), and
# fails if a phase was reached fewer times. Checked after each run: the
# documented exit status; the old output intact or wholly replaced, never
# partial; nothing left behind except, after SIGKILL in the final commit's
# window, the complete file under its documented temporary name, which the
# next run removes; keysearch's checkpoint valid and covering exactly the
# keys searched, and (first run of each phase and signal) resumable to the
# end and the key.
. "$(dirname "$0")/cli_common.sh"
reps=5
if [ -n "${LWCX_TEST_EMULATOR:-}" ]; then
  echo "under an emulator: one run per phase and signal instead of $reps"
  reps=1
fi
declare -A hits
status_of() { case $1 in INT) echo 130 ;; TERM) echo 143 ;; HUP) echo 129 ;; KILL) echo 137 ;; esac; }

# pause_run PHASE SIG CMD...: runs CMD (stdout out.txt, stderr err.txt) with
# LWCX_TEST_PAUSE=PHASE, waits for the marker, sends SIG. Sets rc, pid and
# hit (1: the marker came, so SIG reached that phase).
pause_run() {
  local phase=$1 sig=$2 i l
  shift 2
  : > err.txt
  # (--default-signal: a background job of a script starts with SIGINT ignored)
  env --default-signal=INT LWCX_TEST_PAUSE=$phase "$@" > out.txt 2> err.txt &
  pid=$! hit=0
  for ((i = 0; i < 2000 && !hit; i++)); do
    while IFS= read -r l; do [ "$l" = "lwcx-test-pause $phase" ] && hit=1; done < err.txt
    [ $hit = 1 ] || { kill -0 $pid 2> /dev/null && sleep 0.01; } || break
  done
  { # (without the shell's notices of jobs killed)
    kill -s $sig $pid
    for ((i = 0; i < 2000; i++)); do kill -0 $pid && sleep 0.01 || break; done
    kill -KILL $pid # a run that never ends fails below
    wait $pid
    rc=$?
  } 2> /dev/null
}

# The names in the directory besides the fixed ones (and the run's own
# temporary, which is printed as TMP).
extra_files() {
  ls -A | grep -v -x -e pt.bin -e ct.bin -e ak.sk -e ak.pk -e old.bin -e out.bin -e err.txt -e out.txt \
    -e P.ck -e ck.txt -e merge.txt | sed "s/^\.\(out\.bin\|ck\.txt\)\.lwcx-tmp\.$1\.[0-9a-z]\{6\}\$/TMP/"
}

key=000102030405060708090a0b0c0d0e0f
head -c 200000 /dev/urandom > pt.bin # 4 chunks: reading and writing take turns
"$lwcx" enc --alg schwaemm256-128 --key $key -o ct.bin pt.bin && "$lwcx" keygen --alg aimer128f -o ak && ok ||
  bad "setup"
echo "the old output" > old.bin

# ---- enc -o, dec -o, sign -o ------------------------------------------------
# complete CMD FILE: FILE is the whole output of CMD
complete() {
  case $1 in
    enc) "$lwcx" dec --alg schwaemm256-128 --key $key "$2" 2> /dev/null | cmp -s - pt.bin ;;
    dec) cmp -s "$2" pt.bin ;;
    sign) "$lwcx" verify --pk ak.pk --sig "$2" --quiet pt.bin ;;
  esac
}
args_of() { # the command line, in args
  case $1 in
    enc) args=("$lwcx" enc --alg schwaemm256-128 --key $key -o out.bin pt.bin) ;;
    dec) args=("$lwcx" dec --alg schwaemm256-128 --key $key -o out.bin ct.bin) ;;
    sign) args=("$lwcx" sign --key ak.sk -o out.bin pt.bin) ;;
  esac
}
# lane_cmd CMD: every phase and signal for CMD, in a directory of its own
lane_cmd() {
  cmd=$1
  args_of $cmd
  for phase in read write output-commit output-window; do
    for sig in INT TERM HUP KILL; do
      for ((r = 0; r < reps; r++)); do
        what="$cmd at $phase, SIG$sig"
        cp old.bin out.bin
        pause_run $phase $sig "${args[@]}"
        [ $hit = 1 ] || { bad "$what: the phase was not reached (rc $rc): $(head -c 300 err.txt)"; continue; }
        hits[$cmd:$phase:$sig]=$(( ${hits[$cmd:$phase:$sig]:-0} + 1 ))
        [ $rc = $(status_of $sig) ] && ok || bad "$what: exit $rc, want $(status_of $sig)"
        cmp -s out.bin old.bin && ok || bad "$what: the old output changed"
        left=$(extra_files $pid)
        if [ $sig = KILL ] && [ $phase = output-window ]; then
          # the one documented leftover: the complete file, under the documented name
          [ "$left" = TMP ] && complete $cmd .out.bin.lwcx-tmp.$pid.* && ok ||
            bad "$what: left '$left', want the complete .out.bin.lwcx-tmp.$pid.XXXXXX"
        else # (this also checks that the previous run's leftover is gone)
          [ -z "$left" ] && ok || bad "$what: left $left"
        fi
      done
    done
  done
  # a run to the end: the output replaced whole, the last leftover gone
  "${args[@]}" 2> err.txt && complete $cmd out.bin && [ -z "$(extra_files none)" ] && ok ||
    bad "$cmd to the end: $(cat err.txt) left $(extra_files none)"
}

# ---- keysearch --checkpoint --------------------------------------------------
# The paper's vectors: key FF..FF encrypts 00..00 to E72C46C0F5945049.
pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
want=ffffffffffffffffffff
rate=0 # keys/s on one thread, the best of three (a busy machine's would leave the search too short)
for i in 1 2 3; do
  t0=$(date +%s%N)
  "$lwcx" keysearch --cipher present80 $pairs --key-base FFFFFFFFFFFFFFFEDCBA --start 0x2000000 --count '2^22' \
    --threads 1 > /dev/null 2>&1
  t1=$(date +%s%N)
  r=$(( (1 << 22) * 1000000000 / (t1 - t0 + 1) ))
  [ $r -le $rate ] || rate=$r
done
# The search and periodic-checkpoint phases: a search of about 1 s on one
# thread, its key 15/16 of the way, resumed from P.ck (which has about 0.1 s
# of it: the phases begin at the first progress call, after 0.1 s).
count=$rate
[ $count -ge 1048576 ] || count=1048576
kbase=$(printf "FFFF%016X" $(( ~(count / 16 * 15) )))
ks=("$lwcx" keysearch --cipher present80 $pairs --key-base $kbase --count $count --threads 1 --checkpoint ck.txt --every 1)
# The final phases: a search of about 0.05 s with --first, its key at index
# 5, that replaces (--force) an old checkpoint.
count_s=$(( rate / 20 ))
[ $count_s -ge 65536 ] || count_s=65536
ks_s=("$lwcx" keysearch --cipher present80 $pairs --key-base FFFFFFFFFFFFFFFFFFFA --count $count_s --threads 1 --checkpoint ck.txt)
searched() { sed -n 's/^searched //p' "$1"; }
pause_run checkpoint-commit INT "${ks[@]}"
cp ck.txt P.ck
s0=$(searched P.ck)
[ $rc = 130 ] && [ -n "$s0" ] && [ "$s0" -gt 0 ] && [ "$s0" -lt $count ] && ok || bad "keysearch setup: rc $rc, searched '$s0'"
"${ks[@]}" --resume > out.txt 2> /dev/null
[ $? = 0 ] && [ "$(cat out.txt)" = $want ] && [ "$(searched ck.txt)" = $count ] && ok || bad "keysearch setup: resume"
rm ck.txt

# valid_record FILE COUNT: FILE loads as a key-search record of COUNT keys
valid_record() {
  "$lwcx" keysearch --merge "$1" > /dev/null 2> merge.txt
  [ $? != 2 ] && grep -q "$1: keys \[0, $2): " merge.txt
}
# lane_ks SIG: every phase with SIG, in a directory of its own. The first
# run of each phase resumes its checkpoint to the end; every run checks that
# its checkpoint loads and covers exactly the keys searched.
lane_ks() {
  sig=$1
  for phase in search checkpoint-commit checkpoint-window final-commit final-window; do
    if [ ${phase%-*} = final ]; then run=("${ks_s[@]}" --first --force) n=$count_s start=0
    else run=("${ks[@]}" --resume) n=$count start=$s0; fi
    for ((r = 0; r < reps; r++)); do
      what="keysearch at $phase, SIG$sig"
      cp P.ck ck.txt # the old checkpoint
      pause_run $phase $sig "${run[@]}"
      [ $hit = 1 ] || { bad "$what: the phase was not reached (rc $rc): $(head -c 300 err.txt)"; continue; }
      hits[keysearch:$phase:$sig]=$(( ${hits[keysearch:$phase:$sig]:-0} + 1 ))
      left=$(extra_files $pid)
      if [ $sig = KILL ]; then
        [ $rc = 137 ] && ok || bad "$what: exit $rc"
        cmp -s ck.txt P.ck && ok || bad "$what: the old checkpoint changed"
        if [ ${phase#*-} = window ]; then
          tmp=$(ls -A | grep "^\.ck\.txt\.lwcx-tmp\.$pid\.")
          [ "$left" = TMP ] && valid_record "$tmp" $n && ok ||
            bad "$what: left '$left', want a valid .ck.txt.lwcx-tmp.$pid.XXXXXX: $(cat merge.txt)"
        else
          [ -z "$left" ] && ok || bad "$what: left $left"
        fi
        [ $r = 0 ] || continue
        # the next run (to the end) removes the leftover
        if [ ${phase%-*} = final ]; then "${ks_s[@]}" --force > out.txt 2> /dev/null; else "${ks[@]}" --resume > out.txt 2> /dev/null; fi
        [ $? = 0 ] && [ "$(cat out.txt)" = $want ] && [ "$(searched ck.txt)" = $n ] && [ -z "$(extra_files none)" ] &&
          ok || bad "$what: the next run: searched $(searched ck.txt), left $(extra_files none)"
        continue
      fi
      # stopped cleanly: the last checkpoint covers exactly the keys searched
      [ -z "$left" ] && ok || bad "$what: left $left"
      now=$(sed -n 's/^lwcx keysearch: \([0-9]*\) keys\? in .*/\1/p' err.txt)
      rest=$(sed -n 's/^lwcx keysearch: \([0-9]*\) keys\? left.*/\1/p' err.txt)
      s=$(searched ck.txt)
      if grep -q ", interrupted" err.txt; then
        if grep -qx $want out.txt; then want_rc=0; else want_rc=130; fi
      elif grep -q ", stopped at the first key" err.txt; then
        want_rc=0
      else # the search ended before the signal took effect
        rest=0 want_rc=0
      fi
      [ -n "$now" ] && [ -n "$rest" ] && [ "$s" = $(( n - rest )) ] && [ "$s" = $(( start + now )) ] && valid_record ck.txt $n && ok ||
        bad "$what: checkpoint searched '$s', $now keys this run after $start, $rest left of $n"
      [ $rc = $want_rc ] && ok || bad "$what: exit $rc, want $want_rc"
      [ $r = 0 ] || continue
      if [ ${phase%-*} = final ]; then "${ks_s[@]}" --resume > out.txt 2> /dev/null; else "${ks[@]}" --resume > out.txt 2> /dev/null; fi
      [ $? = 0 ] && [ "$(cat out.txt)" = $want ] && [ "$(searched ck.txt)" = $n ] && ok ||
        bad "$what: the resumed search: searched $(searched ck.txt), found '$(cat out.txt)'"
    done
  done
}

# The lanes run side by side, each in its own directory; each leaves its
# counts (and the phases' hits) in lane.out.
lane() {
  pass=0 fail=0 hits=() # this lane's own
  mkdir "$1" && cp pt.bin ct.bin ak.sk ak.pk old.bin P.ck "$1"/ && cd "$1" || { bad "lane $1"; return; }
  "lane_$2" "$3"
  { echo "counts $pass $fail"; for k in "${!hits[@]}"; do echo "hit $k ${hits[$k]}"; done; } > lane.out
}
for cmd in enc dec sign; do lane $cmd cmd $cmd & done
for sig in INT TERM HUP KILL; do lane ks-$sig ks $sig & done
wait
for l in enc dec sign ks-INT ks-TERM ks-HUP ks-KILL; do
  [ -f $l/lane.out ] || { bad "lane $l ended early"; continue; }
  while read -r what a b; do
    if [ $what = counts ]; then pass=$((pass + a)) fail=$((fail + b)); else hits[$a]=$(( ${hits[$a]:-0} + b )); fi
  done < $l/lane.out
done
echo "lanes done after ${SECONDS} s"

# every phase was reached as often as asked
for cmd in enc dec sign keysearch; do
  if [ $cmd = keysearch ]; then phases="search checkpoint-commit checkpoint-window final-commit final-window"
  else phases="read write output-commit output-window"; fi
  for phase in $phases; do
    for sig in INT TERM HUP KILL; do
      n=${hits[$cmd:$phase:$sig]:-0}
      [ $n -ge $reps ] && ok || bad "$cmd: phase $phase reached $n time(s) with SIG$sig, want $reps"
    done
  done
done
finish
