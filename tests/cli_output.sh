#!/usr/bin/env bash
# Where -o writes: through symlinks to the file they name, straight into a
# FIFO (not replaced by a regular file), and nothing left behind when a run
# is interrupted by SIGINT, SIGTERM, SIGHUP or (with O_TMPFILE) SIGKILL, nor
# by the named temporary of the fallback (LWCX_TEST_NAMED_TMP=1) on the
# first three. Writing to a full standard output fails.
. "$(dirname "$0")/cli_common.sh"
key=000102030405060708090a0b0c0d0e0f
head -c 300000 /dev/urandom > pt.bin
"$lwcx" enc --alg schwaemm256-128 --key $key -o ct.bin pt.bin && ok || bad "enc"
dec() { "$lwcx" dec --alg schwaemm256-128 --key $key "$@"; }

# a symlink: the file it names gets the output, the link stays a link
ln -s real.bin link.bin
dec -o link.bin ct.bin && [ -L link.bin ] && cmp -s real.bin pt.bin && ok || bad "output through a symlink"
dec -o link.bin ct.bin && [ -L link.bin ] && cmp -s real.bin pt.bin && ok || bad "replacing a symlink's file"
mkdir sub && ln -s ../up.bin sub/rel.bin # relative to the link's directory
dec -o sub/rel.bin ct.bin && [ -L sub/rel.bin ] && cmp -s up.bin pt.bin && ok || bad "relative symlink in a directory"

# a FIFO: written through, still a FIFO afterwards
mkfifo fifo
cat fifo > from_fifo & reader=$!
dec -o fifo ct.bin && ok || bad "dec into a FIFO"
if [ -p fifo ]; then wait $reader; else kill $reader; fi # a replaced FIFO leaves cat waiting
[ -p fifo ] && cmp -s from_fifo pt.bin && ok || bad "FIFO replaced or output differs"

# interrupted runs: the input stalls after 100 KB (a writer that holds the
# pipe open), then a signal; afterwards no out.bin* may exist
mkfifo slow
interrupted() { # signal, then extra environment
  local sig=$1 pid feeder i; shift
  rm -f out.bin*
  { head -c 100000 ct.bin; exec sleep 20; } > slow & feeder=$!
  # (--default-signal: a background job of a script starts with SIGINT ignored)
  env --default-signal=INT "$@" "$lwcx" dec --alg schwaemm256-128 --key $key -o out.bin slow 2>/dev/null & pid=$!
  # the named fallback: wait until its temporary exists, so the signal has something to remove
  for i in $(seq 100); do
    if [ $# -eq 0 ] || ls out.bin.tmp* > /dev/null 2>&1; then break; fi
    sleep 0.1
  done
  sleep 0.5
  kill -s "$sig" $pid; wait $pid 2>/dev/null
  kill $feeder 2>/dev/null; wait $feeder 2>/dev/null
  [ -z "$(ls | grep '^out\.bin')" ] && ok || bad "SIG$sig left $(ls | grep '^out\.bin' | tr '\n' ' ') $*"
}
for sig in INT TERM HUP KILL; do interrupted $sig; done
for sig in INT TERM HUP; do interrupted $sig LWCX_TEST_NAMED_TMP=1; done
# standard output that cannot be written is an error (exit 1, a message), as with sha256sum
if [ -w /dev/full ]; then
  for args in "list" "hash pt.bin" "--version"; do
    if "$lwcx" $args > /dev/full 2>err.txt; then bad "'$args > /dev/full' exited 0"
    else grep -q "standard output: write error" err.txt && ok || bad "'$args > /dev/full': no message"; fi
  done
fi
# the fallback still produces the output
LWCX_TEST_NAMED_TMP=1 dec -o named.bin ct.bin && cmp -s named.bin pt.bin && [ -z "$(ls | grep tmp)" ] && ok || bad "named temporary"
finish
