#!/usr/bin/env bash
# Where -o writes: through symlinks to the file they name, straight into a
# FIFO (not replaced by a regular file), and nothing left behind when a run
# is interrupted by SIGINT, SIGTERM, SIGHUP or (with O_TMPFILE) SIGKILL, nor
# by the named temporary of the fallback (LWCX_TEST_NAMED_TMP=1) on the
# first three. Writing to a full standard output fails. Issue 54: names of
# open descriptors (/dev/stdout, /dev/fd/N) are written through; names of
# 246-255 bytes work and longer ones fail before any work; what kill -9 in
# the final commit leaves is removed by the next run; sign's output follows
# the same policy (read-only refused, I/O errors exit 2); messages say what
# went through a FIFO, say a stdout error once, name a closed stdout, and
# give a long signature's real size.
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
    if [ $# -eq 0 ] || ls -A | grep -q '^\.out\.bin\.lwcx-tmp\.'; then break; fi
    sleep 0.1
  done
  sleep 0.5
  kill -s "$sig" $pid; wait $pid 2>/dev/null
  kill $feeder 2>/dev/null; wait $feeder 2>/dev/null
  [ -z "$(ls -A | grep 'out\.bin')" ] && ok || bad "SIG$sig left $(ls -A | grep 'out\.bin' | tr '\n' ' ') $*"
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
# -o naming a descriptor the tool already has: written through, never
# replaced (into a pipe; appended after >>, same file and mode)
dec -o /dev/stdout ct.bin | cmp -s - pt.bin && ok || bad "-o /dev/stdout into a pipe"
dec -o /proc/self/fd/1 ct.bin | cmp -s - pt.bin && ok || bad "-o /proc/self/fd/1 into a pipe"
echo "a line before" > log; chmod 640 log; before="$(stat -c '%i %a' log)"
dec -o /dev/stdout ct.bin >> log && [ "$(stat -c '%i %a %s' log)" = "$before $(( 14 + 300000 ))" ] &&
  [ "$(head -1 log)" = "a line before" ] && tail -c 300000 log | cmp -s - pt.bin && ok || bad "-o /dev/stdout >> log: $(stat -c '%i %a %s' log)"
echo "fd 3" > log3
dec -o /dev/fd/3 ct.bin 3>> log3 && [ "$(head -1 log3)" = "fd 3" ] && tail -c 300000 log3 | cmp -s - pt.bin && ok || bad "-o /dev/fd/3 3>> log3"
ln -s /dev/stdout to-stdout
dec -o to-stdout ct.bin | cmp -s - pt.bin && [ -L to-stdout ] && ok || bad "-o a link to /dev/stdout"
dec -o /dev/fd/9 ct.bin 2> err.txt; [ $? -ne 0 ] && grep -q "/dev/fd/9: descriptor 9 is not open for writing" err.txt && ok || bad "-o /dev/fd/9 (closed): $(cat err.txt)"

# a target name of 246..255 bytes works; a longer one fails before any work
# (the input here never ends: a FIFO whose writer is this shell)
for n in 246 255; do
  long=$(printf "%0${n}d" 0)
  dec -o $long ct.bin && cmp -s $long pt.bin && [ -z "$(ls -A | grep lwcx-tmp)" ] && ok || bad "a $n-byte output name"
  dec -o $long ct.bin && cmp -s $long pt.bin && ok || bad "a $n-byte output name replaced"
  rm -f $long
done
mkfifo never; exec 5<> never
timeout 10 "$lwcx" enc --alg schwaemm256-128 --key $key -o "$(printf '%0256d' 0)" < never 2> err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "cannot create: File name too long" err.txt && ok || bad "a 256-byte name: exit $rc (124: it read first), $(cat err.txt)"
timeout 10 "$lwcx" enc --alg schwaemm256-128 --key $key -o nodir/x < never 2> err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "nodir/x: cannot create" err.txt && ok || bad "no such directory: exit $rc, $(cat err.txt)"
exec 5>&-

# kill -9 between the two steps of the final commit leaves the complete file
# as .NAME.lwcx-tmp.PID.XXXXXX (NAME cut and hashed to fit 255 bytes); the
# next run writing NAME removes that, not the temporaries of a live process,
# of another target, or names of another form
for n in 8 250; do
  name=$(printf "%0${n}d" 7)
  env LWCX_TEST_PAUSE=output-window "$lwcx" dec --alg schwaemm256-128 --key $key -o $name ct.bin 2> err.txt & pid=$!
  for i in $(seq 500); do grep -q lwcx-test-pause err.txt && break; sleep 0.01; done
  kill -KILL $pid; wait $pid 2> /dev/null
  tmp=$(ls -A | grep "lwcx-tmp\.$pid\.")
  [ -n "$tmp" ] && [ ${#tmp} -le 255 ] && cmp -s "$tmp" pt.bin && [ ! -e $name ] && ok || bad "kill -9 in the window ($n bytes): '$tmp'"
  ( exit 0 ) & dead=$!; wait $dead # a PID no process has now
  for t in ".$name.lwcx-tmp.$dead.abc123" ".$name.lwcx-tmp.$$.abc123" ".$name.lwcx-tmp.$dead.abc" ".x$name.lwcx-tmp.$dead.abc123"; do
    [ ${#t} -le 255 ] && echo planted > "$t"
  done
  dec -o $name ct.bin && cmp -s $name pt.bin && ok || bad "the run after kill -9 ($n bytes)"
  [ ! -e "$tmp" ] && [ ! -e ".$name.lwcx-tmp.$dead.abc123" ] && ok || bad "stale temporaries kept ($n bytes): $(ls -A | grep lwcx-tmp)"
  if [ $n = 8 ]; then
    [ -e ".$name.lwcx-tmp.$$.abc123" ] && [ -e ".$name.lwcx-tmp.$dead.abc" ] && [ -e ".x$name.lwcx-tmp.$dead.abc123" ] && ok ||
      bad "removed a live process's temporary or another name: $(ls -A | grep lwcx-tmp)"
  fi
  rm -f -- .*lwcx-tmp* $name
done

# sign: the output policy of every command (a read-only file is refused,
# the message and the key too), and an I/O error on the output exits 2
"$lwcx" keygen --alg aimer128f -o ak && ok || bad "keygen aimer128f"
echo "read-only" > ro.sig; chmod 444 ro.sig
"$lwcx" sign --key ak.sk -o ro.sig pt.bin 2> err.txt; rc=$?
[ $rc -eq 2 ] && [ "$(cat ro.sig)" = read-only ] && grep -q "ro.sig: read-only file" err.txt && ok || bad "sign -o a read-only file: exit $rc, $(cat err.txt)"
cp ak.sk ak.keep
"$lwcx" sign --key ak.sk -o ak.sk pt.bin 2> err.txt; rc=$?
[ $rc -eq 2 ] && cmp -s ak.sk ak.keep && grep -q "is the key file" err.txt && ok || bad "sign -o KEY: exit $rc, $(cat err.txt)"
if [ -w /dev/full ]; then
  "$lwcx" sign --key ak.sk -o /dev/full pt.bin 2> err.txt; rc=$?
  [ $rc -eq 2 ] && grep -q "/dev/full: write error" err.txt && ok || bad "sign -o /dev/full: exit $rc, $(cat err.txt)"
  "$lwcx" sign --key ak.sk pt.bin > /dev/full 2> err.txt; rc=$?
  [ $rc -eq 2 ] && [ "$(grep -c "write error" err.txt)" = 1 ] && ok || bad "sign > /dev/full: exit $rc, $(cat err.txt)"
fi

# messages: what went through a FIFO before a bad chunk (two verified ones)
cp ct.bin bad3.bin
# a byte of the third chunk flipped (XOR: a set value would be no change where the
# random nonce's ciphertext already has it)
b=$(od -An -tu1 -j 150000 -N1 bad3.bin | tr -d ' ')
printf "\\x$(printf %02x $((b ^ 0x55)))" | dd of=bad3.bin bs=1 seek=150000 conv=notrunc 2> /dev/null
cat fifo > from_fifo & reader=$!
dec -o fifo bad3.bin 2> err.txt; rc=$?
wait $reader
[ $rc -eq 1 ] && grep -q "the 131072 bytes written to fifo before it were verified" err.txt && ! grep -q "nothing written" err.txt &&
  [ "$(stat -c %s from_fifo)" = 131072 ] && head -c 131072 pt.bin | cmp -s - from_fifo && ok || bad "dec -o FIFO, bad third chunk: $(cat err.txt)"
dec -o out.bin bad3.bin 2> err.txt; [ $? -eq 1 ] && grep -q "; nothing written" err.txt && [ ! -e out.bin ] && ok || bad "dec -o FILE, bad third chunk: $(cat err.txt)"
# a standard output error said once; a closed standard output named as such
if [ -w /dev/full ]; then
  dec ct.bin > /dev/full 2> err.txt; rc=$?
  [ $rc -eq 1 ] && [ "$(grep -c "standard output: write error" err.txt)" = 1 ] && ok || bad "dec > /dev/full: exit $rc, $(cat err.txt)"
fi
dec ct.bin >&- 2> err.txt; rc=$?
[ $rc -ne 0 ] && grep -q "standard output: closed" err.txt && ! grep -q "input file" err.txt && ok || bad "dec >&-: exit $rc, $(cat err.txt)"
"$lwcx" hash pt.bin >&- 2> err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "standard output: write error" err.txt && ok || bad "hash >&-: exit $rc, $(cat err.txt)"
# verify: a signature far too long is named by its real size
head -c 10000000 /dev/zero > big.sig
"$lwcx" verify --pk ak.pk --sig big.sig pt.bin 2> err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "big.sig: not an aimer128f signature: 10000000 bytes, not 5888" err.txt && ok || bad "verify a 10 MB signature: $(cat err.txt)"
cat big.sig | "$lwcx" verify --pk ak.pk --sig - pt.bin 2> err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "larger than the largest signature" err.txt && ok || bad "verify a 10 MB signature from a pipe: $(cat err.txt)"
# the fallback still produces the output
LWCX_TEST_NAMED_TMP=1 dec -o named.bin ct.bin && cmp -s named.bin pt.bin && [ -z "$(ls -A | grep tmp)" ] && ok || bad "named temporary"
finish
