#!/usr/bin/env bash
# The coordinator under stress (issue 19): RANKS ranks (default 64,
# oversubscribed) on tiny chunks (256 keys: each a few microseconds of
# search, so the ranks do little but ask), rank 0 only handing out. Every
# chunk handed out must come back exactly once: lwcx-mpi counts chunks
# handed out and reported (a report of a chunk not held by that rank stops
# the job), the keys each rank says it searched, and checks that they add
# up to the keys of the record (which would fall short for a chunk
# searched twice). Then the same with --first, stopped mid-way: chunks
# handed out = reported + unreported. Arguments: lwcx-mpi, lwcx.
lwcx_mpi=$(realpath "$1")
. "$(dirname "$0")/cli_common.sh" "$2"
command -v mpirun > /dev/null || { echo "skipped: mpirun not found"; exit 0; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
ranks=${RANKS:-64} count=${COUNT:-$(( 1 << 28 ))}
pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
want=ffffffffffffffffffff
base=$(printf "FFFF%016X" $(( ~(count / 3) )))
t0=$SECONDS
out=$(timeout 300 mpirun -n $ranks "$lwcx_mpi" $pairs --cipher present80 --key-base $base --count $count \
      --threads 1 --root-threads 0 --chunk 256 2> err.txt)
rc=$?
grep lwcx-mpi err.txt
chunks=$(( count / 256 ))
[ $rc -eq 0 ] && [ "$out" = "$want" ] &&
  grep -q "$ranks ranks: $chunks chunks handed out ([0-9]*/s), $chunks reported, 0 unreported" err.txt &&
  grep -Eq "ranks 1\.\.$((ranks - 1)) $count \(their count $count\), rank 0 0, total $count of $count" err.txt && ok ||
  bad "$ranks ranks, $chunks chunks: rc $rc '$out' $(cat err.txt)"
echo "note: $ranks ranks, $chunks chunks of 256 keys in $((SECONDS - t0)) s (mpirun included)"
# stopped mid-way (--first, the key a third of the way): nothing lost either
out=$(timeout 300 mpirun -n $ranks "$lwcx_mpi" $pairs --cipher present80 --key-base $base --count $count \
      --threads 1 --root-threads 0 --chunk 256 --first 2> err.txt)
rc=$?
grep lwcx-mpi err.txt
line=$(grep "chunks handed out" err.txt)
h=$(sed -n 's/.*: \([0-9]*\) chunks handed out.*/\1/p' <<< "$line")
r=$(sed -n 's/.*, \([0-9]*\) reported, .*/\1/p' <<< "$line")
u=$(sed -n 's/.*reported, \([0-9]*\) unreported.*/\1/p' <<< "$line")
[ $rc -eq 0 ] && [ "$out" = "$want" ] && [ -n "$h" ] && [ "$h" -eq $(( r + u )) ] && [ "$h" -lt $chunks ] && ok ||
  bad "--first: rc $rc '$out' handed '$h' reported '$r' unreported '$u'"
finish
