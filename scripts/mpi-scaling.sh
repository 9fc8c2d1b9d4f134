#!/usr/bin/env bash
# Scaling of lwcx-mpi on this machine (issue 19): aggregate keys/s of 1 rank
# with 1 thread and of 2 ranks with 1 thread each (rank 0 searching too),
# PRESENT-80 over COUNT keys (default 2^30), ROUNDS alternating runs
# (default 3), the best of each; and the coordinator's CPU time. Prints the
# rows; the ratio is a measurement, not a check (CI machines are shared).
# Arguments: lwcx-mpi [extra lwcx-mpi options].
set -u
lwcx_mpi=$1; shift
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
count=${COUNT:-$(( 1 << 30 ))} rounds=${ROUNDS:-3}
pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
cpu="$(sed -n "s/^model name[[:space:]]*: //p" /proc/cpuinfo | head -1), family $(sed -n "s/^cpu family[[:space:]]*: //p" /proc/cpuinfo | head -1) model $(sed -n "s/^model[[:space:]]*: //p" /proc/cpuinfo | head -1)"
echo "lwcx-mpi scaling: present80, $count keys, best of $rounds, $(nproc) CPUs: $cpu"
best1=0 best2=0 coord=
for i in $(seq "$rounds"); do
  for n in 1 2; do
    err=$(timeout 300 mpirun -n $n "$lwcx_mpi" $pairs --cipher present80 --key-base FFFFFFFFFFFFFFFEDCBA \
          --count $count --threads 1 "$@" 2>&1 >/dev/null)
    s=$(sed -n 's/^lwcx keysearch: \([0-9]*\) keys in \([0-9.]*\) s.*/\1 \2/p' <<< "$err")
    rate=$(awk -v s="$s" 'BEGIN { split(s, a, " "); printf "%.0f", (a[2] > 0 ? a[1] / a[2] : 0) }')
    echo "  round $i: $n rank(s): $(awk -v r=$rate 'BEGIN { printf "%.1f", r / 1e6 }')M keys/s; $(grep -o 'coordinator CPU.*' <<< "$err")"
    if [ $n = 1 ] && [ "$rate" -gt $best1 ]; then best1=$rate; fi
    if [ $n = 2 ] && [ "$rate" -gt $best2 ]; then best2=$rate; coord=$(grep -o 'coordinator CPU.*' <<< "$err"); fi
  done
done
awk -v a=$best1 -v b=$best2 'BEGIN { printf "  best: 1 rank %.1fM keys/s, 2 ranks %.1fM keys/s: %.2fx\n", a / 1e6, b / 1e6, a ? b / a : 0 }'
echo "  2 ranks, the best run: $coord"
