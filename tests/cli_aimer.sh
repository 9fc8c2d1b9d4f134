#!/usr/bin/env bash
# lwcx keygen/sign/verify (AIMer): key files (mode, format, refusal to replace,
# truncated or damaged ones), exit codes 0 valid / 1 invalid / 2 usage or I/O,
# stdin, and multi-megabyte messages streamed through a pipe held against the
# library's one-shot sign and verify (aimer_oneshot, the second argument).
. "$(dirname "$0")/cli_common.sh"
oneshot() { ${LWCX_TEST_EMULATOR:-} "$helper" "$@"; }
helper=$2

# exit status and a message pattern on stderr: expect STATUS PATTERN CMD...
expect() {
  local want=$1 pat=$2; shift 2
  "$@" > out.txt 2> err.txt
  local got=$?
  [ "$got" -eq "$want" ] && { [ -z "$pat" ] || grep -q -- "$pat" err.txt; } && ok ||
    bad "$* -> exit $got (want $want), stderr: $(cat err.txt)"
}

umask 022
printf 'a short message\n' > m.txt
"$lwcx" keygen --alg aimer128f -o k && ok || bad "keygen"
[ "$(stat -c %a k.sk)" = 600 ] && ok || bad "sk mode $(stat -c %a k.sk)"
[ "$(stat -c %a k.pk)" = 644 ] && ok || bad "pk mode $(stat -c %a k.pk) (umask 022)"
[ "$(head -1 k.sk)" = "lwcx-key-v1 aimer128f secret" ] && [ "$(head -1 k.pk)" = "lwcx-key-v1 aimer128f public" ] &&
  [ "$(sed -n 2p k.sk | tr -d '\n' | wc -c)" = 96 ] && [ "$(sed -n 2p k.pk | tr -d '\n' | wc -c)" = 64 ] &&
  sed -n 3p k.pk | grep -Eq '^check [0-9a-f]{16}$' && ok || bad "key file format: $(cat k.sk k.pk)"
# sk = pt || pk
[ "$(sed -n 2p k.sk | cut -c33-)" = "$(sed -n 2p k.pk)" ] && ok || bad "sk does not end with pk"
[ -z "$(ls | grep tmp)" ] && ok || bad "temporary file left"

# sign and verify, from a file and from stdin, to a file and to stdout
"$lwcx" sign --key k.sk -o m.sig m.txt && [ "$(stat -c %s m.sig)" = 5888 ] && ok || bad "sign"
expect 0 "" "$lwcx" verify --pk k.pk --sig m.sig m.txt
grep -qx "m.txt: OK (aimer128f signature)" out.txt && ok || bad "verify output: $(cat out.txt)"
expect 0 "" "$lwcx" verify --pk k.pk --sig m.sig --quiet - < m.txt
[ ! -s out.txt ] && ok || bad "--quiet printed $(cat out.txt)"
"$lwcx" sign --key k.sk < m.txt > m2.sig && ok || bad "sign stdin to stdout"
expect 0 "" "$lwcx" verify --pk k.pk --sig m2.sig m.txt
cmp -s m.sig m2.sig && bad "two signatures equal (not randomized)" || ok
expect 0 "" "$lwcx" verify --pk k.pk --sig - m.txt < m2.sig

# invalid: exit 1 with a clear message
printf 'a short messagE\n' > t.txt
expect 1 "BAD signature" "$lwcx" verify --pk k.pk --sig m.sig t.txt
cat m.txt m.txt > t.txt
expect 1 "BAD signature" "$lwcx" verify --pk k.pk --sig m.sig t.txt
for pos in 0 16 40 1000 5887; do
  cp m.sig t.sig
  b=$(od -An -tu1 -j $pos -N1 t.sig | tr -d ' ')
  printf "\\x$(printf %02x $((b ^ 1)))" | dd of=t.sig bs=1 seek=$pos conv=notrunc 2> /dev/null
  expect 1 "BAD signature" "$lwcx" verify --pk k.pk --sig t.sig m.txt
done
head -c 5887 m.sig > t.sig
expect 1 "not an aimer128f signature: 5887 bytes, not 5888" "$lwcx" verify --pk k.pk --sig t.sig m.txt
cat m.sig m.sig > t.sig
expect 1 "not an aimer128f signature" "$lwcx" verify --pk k.pk --sig t.sig m.txt
"$lwcx" keygen --alg aimer128f -o other && ok || bad "keygen other"
expect 1 "BAD signature: it does not verify under other.pk" "$lwcx" verify --pk other.pk --sig m.sig m.txt
"$lwcx" keygen --alg aimer192s -o k192 && ok || bad "keygen 192s"
expect 1 "not an aimer192s signature: 5888 bytes, not 9120 (the size of an aimer128f signature)" \
  "$lwcx" verify --pk k192.pk --sig m.sig m.txt

# usage, key file and I/O errors: exit 2
expect 2 "missing.txt: No such file" "$lwcx" verify --pk k.pk --sig m.sig missing.txt
expect 2 "missing.sig: No such file" "$lwcx" verify --pk k.pk --sig missing.sig m.txt
expect 2 "missing.pk: No such file" "$lwcx" verify --pk missing.pk --sig m.sig m.txt
expect 2 "missing.txt: No such file" "$lwcx" sign --key k.sk -o x.sig missing.txt
[ ! -e x.sig ] && ok || bad "signature written for a missing message"
for cut in 1 10 40 100 140 148; do
  head -c $cut k.sk > t.sk
  expect 2 "t.sk: truncated key file\|t.sk: damaged key file" "$lwcx" sign --key t.sk -o x.sig m.txt
done
head -c 100 k.pk > t.pk
expect 2 "t.pk: truncated key file" "$lwcx" verify --pk t.pk --sig m.sig m.txt
sed '2s/^\(.\)/\1\1/' k.pk > t.pk # one hex digit too many
expect 2 "t.pk: damaged key file" "$lwcx" verify --pk t.pk --sig m.sig m.txt
sed '2y/0123456789abcdef/123456789abcdef0/' k.sk > t.sk # every digit of line 2 changed
expect 2 "t.sk: damaged key file (its check value does not match)" "$lwcx" sign --key t.sk -o x.sig m.txt
expect 2 "m.txt: not an lwcx key file" "$lwcx" sign --key m.txt -o x.sig m.txt
: > t.sk
expect 2 "t.sk: empty file" "$lwcx" sign --key t.sk -o x.sig m.txt
expect 2 "k.pk: not a secret key" "$lwcx" sign --key k.pk -o x.sig m.txt
expect 2 "k.sk: not a public key" "$lwcx" verify --pk k.sk --sig m.sig m.txt
[ ! -e x.sig ] && ok || bad "signature written with a bad key"
expect 2 "k.sk: exists (use --force" "$lwcx" keygen --alg aimer128f -o k
cp k.sk keep.sk
cmp -s k.sk keep.sk && ok || bad "existing key changed"
ln -s dangling.target link.sk
expect 2 "link.sk: exists" "$lwcx" keygen --alg aimer128f -o link
[ ! -e dangling.target ] && [ ! -e link.pk ] && ok || bad "keygen followed a link or left a pk"
"$lwcx" keygen --alg aimer128f -o k --force && ! cmp -s k.sk keep.sk && [ "$(stat -c %a k.sk)" = 600 ] && ok ||
  bad "--force"
expect 2 "nodir/k.sk: cannot create" "$lwcx" keygen --alg aimer128f -o nodir/k
expect 2 "unknown algorithm" "$lwcx" keygen --alg aimer512f -o z
expect 2 "-o: needed for an AIMer key pair" "$lwcx" keygen --alg aimer128f
expect 2 "--frob: unknown option" "$lwcx" sign --key k.sk --frob m.txt
expect 2 "--pk: not an option" "$lwcx" sign --key k.sk --pk k.pk m.txt
expect 2 "give --pk" "$lwcx" verify --sig m.sig m.txt
expect 2 "both come from standard input" "$lwcx" verify --pk k.pk --sig - -
cp m.txt m2.txt
expect 2 "would replace the message" "$lwcx" sign --key k.sk -o m2.txt m2.txt
cmp -s m.txt m2.txt && ok || bad "message replaced"
[ -z "$(ls | grep tmp)" ] && ok || bad "temporary file left"

# every set once, and a large message streamed through a pipe, against the library
for set in aimer128s aimer192f aimer256f aimer256s; do
  "$lwcx" keygen --alg $set -o $set && "$lwcx" sign --key $set.sk -o $set.sig m.txt &&
    "$lwcx" verify --pk $set.pk --sig $set.sig --quiet m.txt && oneshot verify $set.pk m.txt $set.sig && ok || bad "$set"
done
head -c 5000000 /dev/urandom > big.bin
for set in aimer128f aimer192s; do
  key=k; [ $set = aimer192s ] && key=k192
  cat big.bin | "$lwcx" sign --key $key.sk > big.sig && ok || bad "$set: sign from a pipe"
  oneshot verify $key.pk big.bin big.sig && ok || bad "$set: library rejects the streamed signature"
  oneshot sign $key.sk big.bin lib.sig && ok || bad "$set: library sign"
  cat big.bin | "$lwcx" verify --pk $key.pk --sig lib.sig --quiet && ok || bad "$set: CLI rejects the library's signature"
  printf x >> big.bin
  cat big.bin | "$lwcx" verify --pk $key.pk --sig lib.sig 2> /dev/null; [ $? = 1 ] && ok || bad "$set: extended message"
  oneshot verify $key.pk big.bin big.sig; [ $? = 1 ] && ok || bad "$set: library accepts an extended message"
done

# memory does not grow with the message: 64 MiB through a 48 MiB address-space limit
if (ulimit -v 49152; "$lwcx" --version) > /dev/null 2>&1; then
  head -c 67108864 /dev/zero | (ulimit -v 49152; "$lwcx" sign --key k.sk) > z.sig && ok || bad "64 MiB sign"
  head -c 67108864 /dev/zero | (ulimit -v 49152; "$lwcx" verify --pk k.pk --sig z.sig --quiet) && ok || bad "64 MiB verify"
fi

finish
