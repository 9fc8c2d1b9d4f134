#!/usr/bin/env bash
# Keys that travel (issue 58): lwcx key import/export/public/info between key
# files, raw bytes, hex, PEM and DER, round trips for every AIMer set and a
# secret-key algorithm; the official AIMer KAT keys imported raw and the
# official signature verified; outputs atomic, 0600 for secret keys, never
# replacing a file without --force; malformed input refused (exit 2, no
# output); --key-env and --key-fd on enc/dec; warnings for --key HEX and for
# secret key files that others may read. $2: tests/kat.
. "$(dirname "$0")/cli_common.sh"
kat=$2
unhex() { local h; h=$(tr -d " \n"); printf "$(printf %s "$h" | sed "s/../\\\\x&/g")"; } # hex on stdin -> bytes
umask 022

# every AIMer set: key file -> pem/der/raw/hex -> key file, identical
for set in aimer128f aimer128s aimer192f aimer192s aimer256f aimer256s; do
  "$lwcx" keygen --alg $set -o $set || bad "keygen $set"
  for fmt in pem der raw hex; do
    for kind in sk pk; do
      "$lwcx" key export --format $fmt -o $set.$kind.$fmt $set.$kind || bad "export $set $kind $fmt"
      mode=$(stat -c %a $set.$kind.$fmt)
      [ $kind = sk ] && want=600 || want=644
      [ "$mode" = $want ] && ok || bad "$set.$kind.$fmt mode $mode, not $want"
      "$lwcx" key import $( [ $fmt = raw ] || [ $fmt = hex ] && echo --alg $set ) -o back.$kind $set.$kind.$fmt &&
        cmp -s back.$kind $set.$kind && ok || bad "import $set $kind $fmt"
      rm -f back.$kind
    done
  done
  "$lwcx" key public -o pub.pk $set.sk && cmp -s pub.pk $set.pk && ok || bad "key public $set"
  rm -f pub.pk
done
head -1 aimer128f.sk.pem | grep -qx -- "-----BEGIN PRIVATE KEY-----" && ok || bad "PEM label"
head -1 aimer128f.pk.pem | grep -qx -- "-----BEGIN PUBLIC KEY-----" && ok || bad "PEM public label"
"$lwcx" key info aimer192s.pk.pem | grep -qx "aimer192s public key, 48 bytes" && ok || bad "info"
"$lwcx" key export --format pem --public aimer128f.sk | cmp -s - aimer128f.pk.pem && ok || bad "export --public"

# the official KAT keys (raw layout) and signature: import, sign with the
# imported key, verify the official signature with the imported public key
while read -r set pk sk; do
  case $set in \#*) continue ;; esac
  printf %s "$sk" | unhex > off.sk.raw
  printf '%s\n' "$pk" > off.pk.hex
  "$lwcx" key import --alg $set -o off.sk off.sk.raw && "$lwcx" key import --alg $set -o off.pk off.pk.hex &&
    [ "$(sed -n 2p off.sk)" = "$sk" ] && [ "$(sed -n 2p off.pk)" = "$pk" ] && ok || bad "official $set keys"
  "$lwcx" key export --format raw off.sk -o - | cmp -s - off.sk.raw && ok || bad "official $set raw back"
  "$lwcx" key public --format hex off.sk | grep -qx "$pk" && ok || bad "official $set public"
  if [ $set = aimer128f ]; then
    grep -v '^#' "$kat/aimer128f_kat0_sm.txt" | unhex > sm.bin
    head -c 33 sm.bin > msg.bin && tail -c +34 sm.bin > msg.sig
    "$lwcx" verify -q --pk off.pk --sig msg.sig msg.bin && ok || bad "the official signature"
    "$lwcx" sign --key off.sk -o mine.sig msg.bin && "$lwcx" verify -q --pk off.pk --sig mine.sig msg.bin && ok ||
      bad "sign with the imported official key"
  fi
  rm -f off.sk off.pk
done < "$kat/aimer_official_keys.txt"

# raw bytes and hex that begin like DER (0x30, or the digit 0) are still raw with --alg
for i in $(seq 64); do
  "$lwcx" keygen --alg aimer128f -o z --force
  h=$(sed -n 2p z.sk)
  case $h in 0*|30*) break ;; esac
done
"$lwcx" key export --format hex z.sk -o z.hex && "$lwcx" key import --alg aimer128f -o z2.sk z.hex && cmp -s z.sk z2.sk &&
  ok || bad "hex key beginning with $(head -c 2 z.hex)"
"$lwcx" key export --format raw z.sk -o z.raw && "$lwcx" key import --alg aimer128f -o z3.sk z.raw && cmp -s z.sk z3.sk &&
  ok || bad "raw key beginning with $(head -c 2 z.hex)"

# a secret-key algorithm: keyfile <-> raw/hex; no PEM for it
"$lwcx" keygen --alg schwaemm256-128 -o s.key
"$lwcx" key export --format raw -o s.raw s.key && "$lwcx" key import --alg schwaemm256-128 -o s2.key s.raw &&
  cmp -s s.key s2.key && ok || bad "symmetric raw round trip"
"$lwcx" key export --format pem s.key > /dev/null 2> err.txt; [ $? -eq 2 ] && grep -q "AIMer keys only" err.txt &&
  ok || bad "symmetric PEM: $(cat err.txt)"
: > empty.bin; "$lwcx" key import --alg schwaemm256-128 -o e.key empty.bin 2> err.txt
[ $? -eq 2 ] && [ ! -e e.key ] && grep -q "not a key for schwaemm256-128" err.txt && ok || bad "an empty raw key: $(cat err.txt)"
"$lwcx" key public s.key > /dev/null 2> err.txt; [ $? -eq 2 ] && grep -q "no public key" err.txt && ok || bad "symmetric public"

# refusals: exit 2, nothing written
expect_refused() { # what file args...
  local what=$1 file=$2; shift 2
  rm -f out.key
  "$lwcx" key import -o out.key "$@" "$file" 2> err.txt
  [ $? -eq 2 ] && [ ! -e out.key ] && grep -q "$what" err.txt && ok || bad "refused ($what): $(cat err.txt)"
}
head -c 60 aimer128f.sk.der > trunc.der; expect_refused "not a valid AIMer key" trunc.der
head -n 2 aimer128f.sk.pem > trunc.pem; expect_refused "not a valid AIMer key" trunc.pem
{ cat aimer128f.sk.der; printf x; } > trail.der; expect_refused "not a valid AIMer key" trail.der
{ cat aimer128f.pk.pem; echo junk; } > trail.pem; expect_refused "not a valid AIMer key" trail.pem
expect_refused "but --alg says aimer192f" aimer128f.sk.pem --alg aimer192f
printf 'hello' > junk.bin; expect_refused "need --alg" junk.bin
head -c 47 aimer128f.sk.raw > short.raw; expect_refused "not a key for aimer128f" short.raw --alg aimer128f
# a secret key whose public part does not match: refused before anything is written
cp aimer128f.sk.raw bad.raw; printf '\x00' | dd of=bad.raw bs=1 seek=47 conv=notrunc 2> /dev/null
expect_refused "public part does not match" bad.raw --alg aimer128f
# another algorithm's key (an Ed25519 PEM, if openssl is here)
if command -v openssl > /dev/null && openssl genpkey -algorithm ed25519 -out ed.pem 2> /dev/null; then
  expect_refused "another algorithm" ed.pem
  openssl pkcs8 -topk8 -in ed.pem -passout pass:x -out enc.pem 2> /dev/null && expect_refused "encrypted" enc.pem
fi
# an existing file is kept without --force, replaced with it
cp aimer128s.sk keep.sk
"$lwcx" key import -o keep.sk aimer128f.sk.pem 2> err.txt; [ $? -eq 2 ] && cmp -s keep.sk aimer128s.sk &&
  grep -q "use --force" err.txt && ok || bad "import replaced a file: $(cat err.txt)"
"$lwcx" key import --force -o keep.sk aimer128f.sk.pem && cmp -s keep.sk aimer128f.sk && [ "$(stat -c %a keep.sk)" = 600 ] &&
  ok || bad "import --force"
"$lwcx" key export --format der aimer128f.sk > /dev/null && ok || bad "der to a pipe"
"$lwcx" key export aimer128f.sk > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "export without --format"

# a secret key file that others may read: a warning, not a refusal
chmod 644 aimer128f.sk
"$lwcx" key info aimer128f.sk > /dev/null 2> err.txt && grep -q "warning: aimer128f.sk: a secret key that other users can read (mode 0644)" err.txt &&
  ok || bad "mode warning: $(cat err.txt)"
"$lwcx" key info aimer128f.pk > /dev/null 2> err.txt && [ ! -s err.txt ] && ok || bad "a public key warned about"
chmod 644 s.key
echo "some text" > m.txt
"$lwcx" enc --key-file s.key -o c.bin m.txt 2> err.txt && grep -q "warning: s.key: a secret key that other users" err.txt &&
  ok || bad "enc: mode warning: $(cat err.txt)"
chmod 600 s.key
"$lwcx" enc --key-file s.key -o c.bin m.txt 2> err.txt && [ ! -s err.txt ] && ok || bad "a 0600 key warned about: $(cat err.txt)"

# --key-env, --key-fd, and the warning for --key HEX
hex=$(sed -n 2p s.key)
K=$hex "$lwcx" dec --key-env K c.bin 2> err.txt | cmp -s - m.txt && [ ! -s err.txt ] && ok || bad "--key-env hex"
KF=$(cat s.key) "$lwcx" dec --key-env KF c.bin | cmp -s - m.txt && ok || bad "--key-env key file text"
"$lwcx" dec --key-fd 3 c.bin 3< s.key | cmp -s - m.txt && ok || bad "--key-fd"
"$lwcx" dec --key-fd 0 < s.key c.bin | cmp -s - m.txt && ok || bad "--key-fd 0 with a file input"
"$lwcx" dec --key-env NOPE_UNSET c.bin > /dev/null 2> err.txt; [ $? -eq 2 ] && grep -q 'NOPE_UNSET: not set' err.txt &&
  ok || bad "--key-env unset: $(cat err.txt)"
"$lwcx" dec --key-fd 9 c.bin > /dev/null 2> err.txt; [ $? -eq 2 ] && grep -q "descriptor 9" err.txt && ok || bad "--key-fd closed"
"$lwcx" dec --key "$hex" c.bin 2> err.txt | cmp -s - m.txt && grep -q "warning: --key puts the key on the command line" err.txt &&
  ok || bad "--key warning: $(cat err.txt)"
"$lwcx" dec --key-env K --key-file s.key c.bin > /dev/null 2> err.txt; [ $? -eq 2 ] && grep -q "exactly one of" err.txt &&
  ok || bad "two key sources"
finish
