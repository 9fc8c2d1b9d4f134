#!/usr/bin/env bash
# Keys and files (issue 16): lwcx keygen for every secret-key algorithm
# (mode 0600, first line naming the algorithm, sizes as --help says), enc/dec
# taking the algorithm from the key file or the header and naming both on a
# mismatch; enc refusing a terminal (under a pseudo-terminal), the input as
# output and read-only targets; kcc24p6 only with --insecure.
. "$(dirname "$0")/cli_common.sh"

# keygen: every algorithm, the size its --help lists
help=$("$lwcx" keygen --help)
for a in schwaemm128-128:16 schwaemm256-128:16 schwaemm192-192:24 schwaemm256-256:32 kcc24p6:8 \
         present80:10 present128:16 gift64:16 gift128:16 pipo128:16 pipo256:32; do
  alg=${a%:*} n=${a#*:}
  rm -f $alg.key
  "$lwcx" keygen --alg $alg -o $alg.key && ok || bad "keygen $alg"
  [ "$(stat -c %a $alg.key)" = 600 ] && ok || bad "$alg.key mode $(stat -c %a $alg.key)"
  [ "$(head -1 $alg.key)" = "lwcx-key-v1 $alg secret" ] && ok || bad "$alg first line: $(head -1 $alg.key)"
  [ "$(sed -n 2p $alg.key | tr -d '\n' | wc -c)" -eq $((2 * n)) ] && ok || bad "$alg: not $n bytes"
  printf '%s\n' "$help" | grep "$alg" | grep -q "$n bytes" && ok || bad "keygen --help: no size $n for $alg"
done
# random: two keys differ; stdout without -o; existing file kept without --force
"$lwcx" keygen --alg schwaemm256-128 -o a.key && "$lwcx" keygen --alg schwaemm256-128 > b.key &&
  [ "$(sed -n 2p a.key)" != "$(sed -n 2p b.key)" ] && head -1 b.key | grep -q schwaemm256-128 && ok || bad "two keys"
cp a.key keep.key
"$lwcx" keygen --alg schwaemm256-128 -o a.key 2> err.txt; [ $? -eq 2 ] && grep -q "^lwcx keygen: a.key: exists" err.txt &&
  cmp -s a.key keep.key && ok || bad "keygen replaced a file without --force"
"$lwcx" keygen --alg schwaemm256-128 -o a.key --force && ! cmp -s a.key keep.key && [ "$(stat -c %a a.key)" = 600 ] &&
  ok || bad "keygen --force"
"$lwcx" keygen --alg nonesuch -o z.key 2> err.txt; [ $? -eq 2 ] && grep -q "nonesuch: unknown algorithm" err.txt && ok || bad "keygen unknown"

# enc/dec: the algorithm from the key file, then from the header
head -c 70000 /dev/urandom > p.bin
for alg in schwaemm128-128 schwaemm256-128 schwaemm192-192 schwaemm256-256; do
  "$lwcx" enc --key-file $alg.key -o c.bin p.bin && "$lwcx" dec --key-file $alg.key -o d.bin c.bin &&
    cmp -s p.bin d.bin && ok || bad "$alg from the key file"
  [ "$(head -c 9 c.bin | tail -c 1 | od -An -tu1 | tr -d ' ')" -ge 1 ] && ok || bad "header"
done
key=$(sed -n 2p schwaemm256-128.key)
"$lwcx" enc --key-file schwaemm256-128.key -o c.bin p.bin
"$lwcx" dec --key $key -o d.bin c.bin && cmp -s p.bin d.bin && ok || bad "dec: the algorithm from the header (hex key)"
# mismatches name both algorithms
"$lwcx" enc --alg schwaemm128-128 --key-file schwaemm256-128.key -o x.bin p.bin 2> err.txt
[ $? -ne 0 ] && grep -q "schwaemm256-128" err.txt && grep -q "schwaemm128-128" err.txt && [ ! -e x.bin ] && ok ||
  bad "enc --alg against the key file: $(cat err.txt)"
"$lwcx" dec --key-file schwaemm128-128.key -o x.bin c.bin 2> err.txt
[ $? -ne 0 ] && grep -q "encrypted with schwaemm256-128, not schwaemm128-128" err.txt && [ ! -e x.bin ] && ok ||
  bad "dec: key file against the header: $(cat err.txt)"
"$lwcx" dec --alg schwaemm192-192 --key-file schwaemm256-128.key c.bin > /dev/null 2> err.txt
[ $? -ne 0 ] && grep -q "schwaemm256-128" err.txt && grep -q "schwaemm192-192" err.txt && ok || bad "dec --alg vs key: $(cat err.txt)"
"$lwcx" enc --key $key p.bin > /dev/null 2> err.txt
[ $? -eq 2 ] && grep -q "^lwcx enc: --alg: needed" err.txt && ok || bad "enc, hex key, no --alg: $(cat err.txt)"
"$lwcx" enc --key-file aimer.pk p.bin > /dev/null 2>&1; [ $? -ne 0 ] && ok || bad "missing key"
# a damaged key file
sed '2s/^./&&/' schwaemm256-128.key > bad.key
"$lwcx" enc --key-file bad.key -o x.bin p.bin 2> err.txt; [ $? -ne 0 ] && grep -q "bad.key: damaged key file" err.txt &&
  ok || bad "damaged key file: $(cat err.txt)"

# the output: not the input, not read-only, not a terminal
cp p.bin same.bin
"$lwcx" enc --key-file a.key -o same.bin same.bin 2> err.txt
[ $? -ne 0 ] && cmp -s same.bin p.bin && grep -q "same.bin: is the input file" err.txt && ok || bad "enc -o IN IN: $(cat err.txt)"
ln -s same.bin alias.bin
"$lwcx" enc --key-file a.key -o alias.bin same.bin 2> /dev/null; [ $? -ne 0 ] && cmp -s same.bin p.bin && ok || bad "-o a link to IN"
"$lwcx" enc --key-file a.key same.bin >> same.bin 2> /dev/null; [ $? -ne 0 ] && cmp -s same.bin p.bin && ok || bad "stdout appending to IN"
"$lwcx" enc --key-file a.key -o ro.bin p.bin && chmod 444 ro.bin && cp ro.bin ro.keep
"$lwcx" enc --key-file a.key -o ro.bin p.bin 2> err.txt
[ $? -ne 0 ] && cmp -s ro.bin ro.keep && grep -q "^lwcx enc: ro.bin: read-only file" err.txt && ok || bad "read-only target: $(cat err.txt)"
"$lwcx" dec --key-file a.key -o ro.bin ro.keep 2> /dev/null; [ $? -ne 0 ] && cmp -s ro.bin ro.keep && ok || bad "dec: read-only target"
"$lwcx" enc --help | grep -q "existing OUT is replaced" && ok || bad "enc --help: replacing not documented"

# a terminal: enc refuses it without -o -, accepts -o -; dec writes to it
in_pty() { # runs "$@" with stdout on a pseudo-terminal; prints the exit status
  if command -v python3 > /dev/null 2>&1; then
    python3 -c '
import os, pty, subprocess, sys, threading
m, s = pty.openpty()
def drain():  # keep reading, so that a large output cannot fill the terminal
    try:
        while os.read(m, 65536): pass
    except OSError: pass
t = threading.Thread(target=drain, daemon=True); t.start()
r = subprocess.run(sys.argv[1:], stdout=s, stdin=subprocess.DEVNULL)
os.close(s)
t.join(5)
print(r.returncode)' "$@"
  elif script --version > /dev/null 2>&1; then
    script -qec "$(printf '%q ' "$@") > /dev/tty; echo rc=\$? >&2" /dev/null 2>&1 < /dev/null | sed -n 's/.*rc=\([0-9]*\).*/\1/p'
  else
    echo none
  fi
}
rc=$(in_pty "$lwcx" enc --key-file a.key p.bin 2> err.txt)
if [ "$rc" = none ]; then
  echo "skipped: the terminal tests (neither python3 nor script(1) is here)"
else
  [ "$rc" = 2 ] && grep -q "^lwcx enc: standard output: is a terminal" err.txt && ok || bad "enc to a terminal: rc $rc: $(cat err.txt)"
  rc=$(in_pty "$lwcx" enc --key-file a.key -o - p.bin 2> err.txt)
  [ "$rc" = 0 ] && ok || bad "enc -o - to a terminal: rc $rc: $(cat err.txt)"
  printf 'hello\n' > h.txt; "$lwcx" enc --key-file a.key -o h.enc h.txt
  rc=$(in_pty "$lwcx" dec --key-file a.key h.enc 2> err.txt)
  [ "$rc" = 0 ] && ok || bad "dec to a terminal: rc $rc"
fi

# kcc24p6: refused without --insecure, saying why; with it, a warning
printf '12345678' > k8.bin
"$lwcx" enc --key-file kcc24p6.key -o k.ct k8.bin 2> err.txt
[ $? -eq 2 ] && [ ! -e k.ct ] && grep -q "kcc24p6: refused without --insecure" err.txt && grep -q "nonce is fixed" err.txt &&
  grep -q "does not depend on the key" err.txt && ok || bad "kcc24p6 without --insecure: $(cat err.txt)"
"$lwcx" enc --insecure --key-file kcc24p6.key -o k.ct k8.bin 2> err.txt && grep -q "warning: kcc24p6" err.txt && ok || bad "kcc24p6 --insecure"
"$lwcx" dec --key-file kcc24p6.key -o k.pt k.ct 2> /dev/null; [ $? -eq 2 ] && [ ! -e k.pt ] && ok || bad "dec kcc24p6 without --insecure"
"$lwcx" dec --insecure --key-file kcc24p6.key -o k.pt k.ct 2> /dev/null && cmp -s k.pt k8.bin && ok || bad "kcc24p6 round trip"
# what --insecure means: the same plaintext twice gives the same ciphertext
"$lwcx" enc --insecure --key-file kcc24p6.key -o k2.ct k8.bin 2> /dev/null && cmp -s k.ct k2.ct && ok || bad "kcc24p6 nonce"

finish
