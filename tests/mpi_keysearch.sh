#!/usr/bin/env bash
# lwcx-mpi (issue 19): one key search across the ranks of an MPI job.
# Arguments: lwcx-mpi, lwcx. With 1, 2 and 4 ranks a key planted in a 2^24
# range is found once and the keys searched add up to the range; a range
# without the key exits 1; --first stops every rank; bad arguments exit 2
# on every rank; a rank killed with SIGKILL ends the job within seconds with
# a checkpoint that --resume (another rank count, or plain lwcx keysearch)
# completes, the record then covering the range (and lwcx-mpi continues lwcx
# keysearch's checkpoint); a damaged checkpoint and
# one for other parameters are refused.
lwcx_mpi=$(realpath "$1")
. "$(dirname "$0")/cli_common.sh" "$2"
if [ -n "${LWCX_TEST_EMULATOR:-}" ]; then
  echo "skipped: lwcx-mpi runs natively only (not under an emulator)"
  exit 0
fi
if ! command -v mpirun > /dev/null; then
  echo "skipped: mpirun not found (Debian: openmpi-bin)"
  exit 0
fi
# root in a container: Open MPI asks for this; --oversubscribe: 2 cores, 4 ranks
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# shared memory between ranks; no ptrace-based single copy (containers forbid it)
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
mpi() { local n=$1; shift; timeout 120 mpirun -n "$n" "$lwcx_mpi" "$@"; }

pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
want=ffffffffffffffffffff # the key FF..FF: index idx of base FFFF ~idx
plant() { printf "FFFF%016X" $(( ~$1 )); }
total() { sed -n 's/.*total \([0-9]*\) of \([0-9]*\)$/\1 \2/p' "$1"; }
accounting_ok() { # every chunk handed out came back once; the keys add up to the range
  local f=$1 n=$2
  grep -Eq "([0-9]+) chunks handed out \([0-9]+/s\), \1 reported, 0 unreported" "$f" && [ "$(total "$f")" = "$n $n" ]
}

# A planted key in a 2^24 range: 1, 2 and 4 ranks, the key at a chunk's end.
N=$(( 1 << 24 ))
base=$(plant $(( 5 * (1 << 18) - 1 )))
for n in 1 2 4; do
  out=$(mpi $n $pairs --cipher present80 --key-base $base --count $N --threads 1 --chunk '2^18' 2> err$n.txt)
  rc=$?
  [ $rc -eq 0 ] && [ "$out" = "$want" ] && accounting_ok err$n.txt $N && ok ||
    bad "$n rank(s): rc $rc, '$out', $(grep lwcx-mpi err$n.txt)"
done
# the same output and status as lwcx keysearch
one=$("$lwcx" keysearch $pairs --cipher present80 --key-base $base --count $N 2>/dev/null)
[ "$one" = "$want" ] && ok || bad "lwcx keysearch disagrees: '$one'"
# a range without the key: exit 1, nothing on stdout, the whole range searched
out=$(mpi 3 $pairs --cipher present80 --key-base $(plant $(( N + 7 ))) --count $N --threads 1 --chunk '2^18' 2> err.txt)
rc=$?
[ $rc -eq 1 ] && [ -z "$out" ] && accounting_ok err.txt $N && ok || bad "no key: rc $rc '$out' $(cat err.txt)"
# --first: the key near the start of a range that would take long; every rank stops
big=$(( 1 << 34 ))
t0=$(date +%s)
out=$(mpi 3 $pairs --cipher present80 --key-base $(plant 1000) --count $big --threads 1 --chunk '2^18' --first 2> err.txt)
rc=$?
t1=$(date +%s)
[ $rc -eq 0 ] && [ "$out" = "$want" ] && [ $((t1 - t0)) -lt 30 ] && grep -q "first key" err.txt && ok ||
  bad "--first: rc $rc '$out' $((t1 - t0)) s $(cat err.txt)"
# GPUs per rank: every rank but 0 searches on its device, here the CUDA kernels
# through the host launcher (LWCX_CUDA_EMULATE), then OpenCL on PoCL where
# it runs; --device cuda where a rank has no driver ends the job with exit 2
if LWCX_CUDA_EMULATE=1 "$lwcx" list 2>/dev/null | grep -Eq "^ *\*? *cuda +available"; then
  out=$(LWCX_CUDA_EMULATE=1 mpi 3 $pairs --cipher present80 --key-base $base --count $N --chunk '2^20' \
        --root-threads 0 --device cuda 2> err.txt)
  rc=$?
  [ $rc -eq 0 ] && [ "$out" = "$want" ] && accounting_ok err.txt $N && ok || bad "--device cuda (emulated): rc $rc '$out' $(cat err.txt)"
  out=$(LWCX_CUDA_DRIVER=/nonexistent/libcuda.so.1 mpi 2 $pairs --cipher present80 --key-base $base --count $N --device cuda 2> err.txt)
  rc=$?
  [ $rc -eq 2 ] && grep -q "rank 1: --device cuda: no libcuda.so.1" err.txt && ok || bad "--device cuda, no driver: rc $rc $(cat err.txt)"
else
  echo "skipped: the cuda implementation is not built (no nvcc): --device cuda on the ranks"
fi
if LWCX_OPENCL_DEVICE=0 "$lwcx" list 2>/dev/null | grep -Eq "^ *\*? *opencl +available"; then
  out=$(mpi 2 $pairs --cipher present80 --key-base $base --count $N --chunk '2^22' --root-threads 0 --device opencl:0 2> err.txt)
  rc=$?
  [ $rc -eq 0 ] && [ "$out" = "$want" ] && accounting_ok err.txt $N && ok || bad "--device opencl:0: rc $rc '$out' $(cat err.txt)"
else
  echo "skipped: no OpenCL device here: --device opencl on the ranks"
fi
# bad arguments: exit 2 (every rank), one message
mpi 2 $pairs --cipher present80 --key-base $base > /dev/null 2> err.txt
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c "needed" err.txt)" = 1 ] && ok || bad "bad arguments: rc $rc $(cat err.txt)"
mpi 2 $pairs --cipher present80 --key-base $base --count 10 --part 1/2 > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--part refused by lwcx-mpi"

mpi 2 --help > help.txt 2>&1
[ $? -eq 0 ] && grep -q -- "--root-threads" help.txt && ok || bad "--help: $(cat help.txt)"
# One thread's rate, timed, sizes the searches below to seconds on any machine.
t0=$(date +%s%N)
"$lwcx" keysearch $pairs --cipher present80 --key-base $base --start $N --count '2^24' --threads 1 > /dev/null 2>&1
t1=$(date +%s%N)
count=$(( (1 << 24) * 8000000000 / (t1 - t0 + 1) )) # about 8 s on one thread, 3 ranks
count=$(( (count >> 18) << 18 ))
[ $count -ge $(( 1 << 20 )) ] || count=$(( 1 << 20 ))
# progress lines (--progress: stderr under mpirun is a pipe): keys, aggregate and per-rank rates, ETA;
# about 4 s on 2 ranks whatever the machine's speed, so a line (one a second) is due
mpi 2 $pairs --cipher present80 --key-base $base --count $count --threads 1 --progress > /dev/null 2> err.txt
grep -Eq "keys \(.*%\)  found 1  .*keys/s  2 ranks [0-9.]+[kMG]?\.\.[0-9.]+[kMG]?  ETA [0-9]" err.txt && ok ||
  bad "--progress: $(head -c 600 err.txt)"

# A rank killed with SIGKILL mid-search: the job ends within seconds, the
# checkpoint (written by rank 0 every second) is usable.
base2=$(plant $(( count * 9 / 10 )))
rm -f ck.txt
timeout 60 mpirun -n 3 "$lwcx_mpi" $pairs --cipher present80 --key-base $base2 --count $count --threads 1 \
  --chunk '2^18' --checkpoint ck.txt --every 1 > kill.out 2> kill.err &
job=$!
victim=
for i in $(seq 50); do # a rank other than 0, once it searches
  sleep 0.1
  for p in $(pgrep -f "^$lwcx_mpi "); do
    tr '\0' '\n' < /proc/$p/environ 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=2" && victim=$p
  done
  [ -n "$victim" ] && [ -f ck.txt ] && break
done
sleep 1
t0=$(date +%s%N)
[ -n "$victim" ] && kill -KILL "$victim"
wait $job
rc=$?
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
[ -n "$victim" ] && [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $ms -lt 10000 ] && ok ||
  bad "killed rank: victim '$victim', rc $rc, $ms ms: $(tail -5 kill.err)"
echo "note: the job ended $ms ms after SIGKILL to rank 2 (rc $rc)"
done1=$(sed -n 's/^searched //p' ck.txt 2>/dev/null)
[ -n "$done1" ] && [ "$done1" -gt 0 ] && [ "$done1" -lt $count ] && ok || bad "checkpoint after the kill: '$done1'"
# damaged, or written for other parameters: refused
awk '/^searched /{ $2 = $2 + 1 } 1' ck.txt > bad.txt
mpi 2 $pairs --cipher present80 --key-base $base2 --count $count --checkpoint bad.txt --resume > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q damaged err.txt && ok || bad "damaged checkpoint: $(cat err.txt)"
mpi 2 $pairs --cipher present80 --key-base $base --count $count --checkpoint ck.txt --resume > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q -- "--key-base: '$base', but the checkpoint ck.txt has " err.txt && ok || bad "other parameters: $(cat err.txt)"
mpi 2 $pairs --cipher present80 --key-base $base2 --count $count --checkpoint ck.txt > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "exists" err.txt && ok || bad "existing checkpoint kept: $(cat err.txt)"
# resume with 2 ranks: the rest of the range (no key searched twice), the key found
cp ck.txt ck-plain.txt
out=$( { cat kill.out; mpi 2 $pairs --cipher present80 --key-base $base2 --count $count --threads 1 \
         --chunk '2^18' --checkpoint ck.txt --resume 2> resume.err; } | sort -u)
[ "$out" = "$want" ] && [ "$(total resume.err)" = "$(( count - done1 )) $(( count - done1 ))" ] && ok ||
  bad "resume with 2 ranks: '$out' $(cat resume.err)"
[ "$(sed -n 's/^searched //p' ck.txt)" = $count ] && grep -qx "done 0 $count" ck.txt && grep -q "^found $want " ck.txt &&
  ok || bad "the record after resuming: the union of the chunks is not the range"
# the same checkpoint continued by plain lwcx keysearch
out=$( { cat kill.out; "$lwcx" keysearch --resume ck-plain.txt 2>/dev/null; } | sort -u) # the parameters: the record's
[ "$out" = "$want" ] && grep -qx "done 0 $count" ck-plain.txt && ok || bad "lwcx keysearch --resume of lwcx-mpi's checkpoint"
# and the other way: a checkpoint of lwcx keysearch (stopped by SIGINT) continued by 3 ranks
rm -f ck3.txt
# (--default-signal: a script's background job starts with SIGINT ignored, which lwcx respects)
env --default-signal=INT "$lwcx" keysearch $pairs --cipher present80 --key-base $base2 --count $count --threads 1 --checkpoint ck3.txt > plain.out 2>/dev/null &
pid=$!
sleep 1
kill -INT $pid
wait $pid
out=$( { cat plain.out; mpi 3 --threads 1 --chunk '2^18' --resume ck3.txt 2>/dev/null; } | sort -u) # --resume FILE alone
[ "$out" = "$want" ] && grep -qx "done 0 $count" ck3.txt && ok || bad "lwcx-mpi --resume of lwcx keysearch's checkpoint: '$out'"
finish
