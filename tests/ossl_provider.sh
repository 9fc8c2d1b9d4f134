#!/usr/bin/env bash
# The OpenSSL provider through the openssl command itself: the provider and
# its algorithms listed (digests, ciphers, AIMer's signatures and key
# managers; its implementations in -verbose), openssl dgst
# with Esch256/384 equal to lwcx hash on several files (empty, short, one
# and many rate blocks, stdin), the XOFs with -xoflen, loading through the
# example openssl.cnf, PRESENT, GIFT and PIPO in ECB and CTR with openssl
# enc (round trips, PRESENT-80's published vector, a wrong key's padding
# refused), and bad input failing with a message.
# AIMer: keys generated and written (PKCS#8 PEM, DER and encrypted, SPKI,
# text) and read back, signatures made and checked with pkeyutl -rawin
# (also one the lwcx tool made), tampered signatures and messages, wrong
# passphrases and damaged key files refused with a message.
# X.509: the commands of docs/aimer-openssl.md run as they stand (a CA, a
# request, a certificate, a chain verified, a file signed), then a changed
# certificate, another authority and a changed message refused.
# Usage: ossl_provider.sh LWCX OPENSSL MODULE_DIR OPENSSL_CNF OID_ARC GUIDE (exit 77: skipped)
. "$(dirname "$0")/cli_common.sh"
openssl=$2 moddir=$3 cnf=$4
ver=$("$openssl" version 2> /dev/null) || { echo "skipped: $openssl does not run"; exit 77; }
case $ver in
  "OpenSSL 3."*) ;;
  *) echo "skipped: $openssl is '$ver'; the provider needs OpenSSL 3"; exit 77 ;;
esac
P=(-provider-path "$moddir" -provider lwcx -provider default)
oid_arc=$5 guide=$6
fails() { # what, pattern the message must match, then the command
  local what=$1 pat=$2; shift 2
  if "$@" > out.txt 2> err.txt; then bad "accepted: $what"; return; fi
  grep -Eqi -- "$pat" err.txt && ok || bad "$what: no message matching '$pat': $(cat err.txt)"
}

# listed, with the implementations lwcx chose (the tool shows the same choice)
out=$("$openssl" list -providers -verbose "${P[@]}" 2>&1)
grep -q '^  lwcx$' <<< "$out" && grep -q 'status: active' <<< "$out" && ok || bad "list -providers: $out"
grep -Eq "build info: lwcx [0-9.]+; sparkle256=[a-z0-9]+ \([a-z]+\), sparkle384=[a-z0-9]+ \([a-z]+\), sparkle512=[a-z0-9]+ \([a-z]+\)" <<< "$out" &&
  grep -q 'lwcx-sparkle-impl' <<< "$out" && ok || bad "no implementations in list -providers -verbose: $out"
# an implementation forced by LWCX_IMPL is what the provider reports
out=$(LWCX_IMPL=sparkle:ref "$openssl" list -providers -verbose "${P[@]}" 2>&1)
grep -q 'sparkle256=ref (named), sparkle384=ref (named), sparkle512=ref (named)' <<< "$out" && ok || bad "LWCX_IMPL=sparkle:ref: $out"
out=$("$openssl" list -digest-algorithms "${P[@]}" 2>&1)
for a in ESCH256 ESCH384 XOESCH256 XOESCH384; do grep -q "^ *$a @ lwcx$" <<< "$out" && ok || bad "digest $a not listed"; done
out=$("$openssl" list -cipher-algorithms "${P[@]}" 2>&1)
for a in SCHWAEMM128-128 SCHWAEMM256-128 SCHWAEMM192-192 SCHWAEMM256-256; do
  grep -q "^ *$a @ lwcx$" <<< "$out" && ok || bad "cipher $a not listed"
done
out=$("$openssl" list -signature-algorithms "${P[@]}" 2>&1)
out2=$("$openssl" list -key-managers "${P[@]}" 2>&1)
for a in AIMER128F AIMER128S AIMER192F AIMER192S AIMER256F AIMER256S; do
  # named by the set and its object identifier: { OID, NAME } @ lwcx
  grep -Eq "^ *\{ $oid_arc\.[1-6], $a \} @ lwcx$" <<< "$out" && ok || bad "signature $a not listed"
  grep -Eq "IDs: \{ $oid_arc\.[1-6], $a \} @ lwcx$" <<< "$out2" && ok || bad "key manager $a not listed"
done

# digests: empty, short, around the 16-byte rate, several blocks
printf '' > empty.bin; printf 'abc' > abc.bin
head -c 100000 /dev/urandom > big.bin
for n in 1 15 16 17 31 32 33 1000; do head -c $n big.bin > f$n.bin; done
files=(empty.bin abc.bin f1.bin f15.bin f16.bin f17.bin f31.bin f32.bin f33.bin f1000.bin big.bin)
for alg in esch256 esch384; do
  for f in "${files[@]}"; do
    want=$("$lwcx" hash --alg $alg "$f" | cut -d' ' -f1)
    got=$("$openssl" dgst "${P[@]}" -$alg -r "$f" | cut -d' ' -f1)
    [ -n "$want" ] && [ "$got" = "$want" ] && ok || bad "$alg $f: openssl '$got', lwcx '$want'"
  done
  # several files in one call, and stdin
  [ "$("$openssl" dgst "${P[@]}" -$alg -r "${files[@]}" | cut -d' ' -f1)" = "$("$lwcx" hash --alg $alg "${files[@]}" | cut -d' ' -f1)" ] &&
    ok || bad "$alg: several files"
  [ "$("$openssl" dgst "${P[@]}" -$alg -r < f33.bin | cut -d' ' -f1)" = "$("$lwcx" hash --alg $alg f33.bin | cut -d' ' -f1)" ] &&
    ok || bad "$alg: stdin"
done
for alg in xoesch256 xoesch384; do
  for len in 1 32 48 100; do
    for f in empty.bin f17.bin big.bin; do
      want=$("$lwcx" hash --alg $alg --length $len "$f" | cut -d' ' -f1)
      got=$("$openssl" dgst "${P[@]}" -$alg -xoflen $len -r "$f" | cut -d' ' -f1)
      [ -n "$want" ] && [ "$got" = "$want" ] && ok || bad "$alg -xoflen $len $f: openssl '$got', lwcx '$want'"
    done
  done
  # without -xoflen: the default length
  [ "$("$openssl" dgst "${P[@]}" -$alg -r abc.bin | cut -d' ' -f1)" = "$("$lwcx" hash --alg $alg abc.bin | cut -d' ' -f1)" ] &&
    ok || bad "$alg: default length"
done

# HMAC over Esch (openssl mac copies digest contexts), against HMAC's
# definition over lwcx hash: a 16-byte key (Esch's block) XORed with the pads
hex_bin() { local h=$1; while [ -n "$h" ]; do printf "\\x${h:0:2}"; h=${h:2}; done; }
pad_key() { local h=$1 out=''; while [ -n "$h" ]; do out+=$(printf '%02x' $((0x${h:0:2} ^ $2))); h=${h:2}; done; echo "$out"; }
hmac_key=$(head -c 16 /dev/urandom | od -An -tx1 -v | tr -d ' \n')
for alg in esch256 esch384; do
  inner=$({ hex_bin "$(pad_key "$hmac_key" 0x36)"; cat f1000.bin; } | "$lwcx" hash --alg $alg - | cut -d' ' -f1)
  want=$({ hex_bin "$(pad_key "$hmac_key" 0x5c)"; hex_bin "$inner"; } | "$lwcx" hash --alg $alg - | cut -d' ' -f1)
  got=$("$openssl" mac "${P[@]}" -digest "${alg^^}" -macopt "hexkey:$hmac_key" -in f1000.bin HMAC)
  [ -n "$want" ] && [ "${got,,}" = "$want" ] && ok || bad "HMAC-$alg: openssl mac '$got', by definition '$want'"
done

# block ciphers through openssl enc: round trips for every cipher and mode,
# and PRESENT-80's published vector (key and block zero: 5579c1387b228445)
for cm in present80:10:8 present128:16:8 gift64:16:8 gift128:16:16 pipo128:16:8 pipo256:32:8; do
  IFS=: read -r c kb bs <<< "$cm"
  K=$(head -c "$kb" /dev/urandom | od -An -tx1 -v | tr -d ' \n')
  IV=$(head -c "$bs" /dev/urandom | od -An -tx1 -v | tr -d ' \n')
  for m in ecb ctr; do
    iv=(); [ $m = ctr ] && iv=(-iv "$IV")
    "$openssl" enc "${P[@]}" -$c-$m -K "$K" "${iv[@]}" -in f1000.bin -out e.bin 2> err.txt &&
      "$openssl" enc -d "${P[@]}" -$c-$m -K "$K" "${iv[@]}" -in e.bin -out d.bin 2>> err.txt && cmp -s d.bin f1000.bin &&
      ! cmp -s e.bin f1000.bin && ok || bad "$c-$m round trip: $(cat err.txt)"
  done
done
head -c 8 /dev/zero > zero8.bin
[ "$("$openssl" enc "${P[@]}" -present80-ecb -nopad -K 00000000000000000000 -in zero8.bin | od -An -tx1 | tr -d ' \n')" = 5579c1387b228445 ] &&
  ok || bad "PRESENT-80 vector"
"$openssl" enc "${P[@]}" -present128-ecb -K 000102030405060708090a0b0c0d0e0f -in abc.bin -out p128.bin
fails "a wrong key (ECB padding)" "bad decrypt|padding" "$openssl" enc -d "${P[@]}" -present128-ecb \
  -K 000102030405060708090a0b0c0d0e0e -in p128.bin -out d.bin

# through the example configuration: no -provider options
out=$(OPENSSL_CONF=$cnf "$openssl" list -providers 2>&1)
grep -q '^  lwcx$' <<< "$out" && grep -q '^  default$' <<< "$out" && ok || bad "openssl-lwcx.cnf: $out"
[ "$(OPENSSL_CONF=$cnf "$openssl" dgst -esch384 -r f1000.bin | cut -d' ' -f1)" = "$("$lwcx" hash --alg esch384 f1000.bin | cut -d' ' -f1)" ] &&
  ok || bad "dgst through openssl-lwcx.cnf"
# the default provider's algorithms are still there
OPENSSL_CONF=$cnf "$openssl" dgst -sha256 abc.bin > /dev/null 2>&1 && ok || bad "sha256 through openssl-lwcx.cnf"

# AIMer through the openssl command: keys generated and written as PKCS#8
# (PEM, DER, encrypted), public keys as SubjectPublicKeyInfo, text; messages
# signed and verified with pkeyutl -rawin; tampering refused
for set in aimer128f aimer128s aimer192f aimer192s aimer256f aimer256s; do
  "$openssl" genpkey "${P[@]}" -algorithm $set -out $set.pem 2> err.txt && grep -q "BEGIN PRIVATE KEY" $set.pem &&
    ok || bad "genpkey $set: $(cat err.txt)"
  "$openssl" pkey "${P[@]}" -in $set.pem -pubout -out $set.pub.pem 2> err.txt && grep -q "BEGIN PUBLIC KEY" $set.pub.pem &&
    ok || bad "pkey -pubout $set: $(cat err.txt)"
  "$openssl" pkeyutl "${P[@]}" -sign -rawin -inkey $set.pem -in f1000.bin -out $set.sig 2> err.txt && ok || bad "sign $set: $(cat err.txt)"
  "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin -inkey $set.pub.pem -in f1000.bin -sigfile $set.sig > out.txt 2>&1 &&
    grep -q "Signature Verified Successfully" out.txt && ok || bad "verify $set: $(cat out.txt)"
done
# the identifiers in the files: the arc's .1 for aimer128f, in both structures
"$openssl" asn1parse -in aimer128f.pem | grep -q "OBJECT *:$oid_arc\.1$" && ok || bad "aimer128f OID in PKCS#8"
"$openssl" asn1parse -in aimer256s.pub.pem | grep -q "OBJECT *:$oid_arc\.6$" && ok || bad "aimer256s OID in SPKI"
# text output, DER both ways, public key from the public file alone
"$openssl" pkey "${P[@]}" -in aimer128f.pem -text -noout | grep -q "^aimer128f Private key:" && ok || bad "pkey -text"
"$openssl" pkey "${P[@]}" -pubin -in aimer128f.pub.pem -text -noout | grep -q "^aimer128f Public key:" && ok || bad "pkey -pubin -text"
"$openssl" pkey "${P[@]}" -in aimer128f.pem -outform DER -out k.der && "$openssl" pkey "${P[@]}" -inform DER -in k.der -pubout -out k2.pub.pem &&
  cmp -s k2.pub.pem aimer128f.pub.pem && ok || bad "PKCS#8 DER round trip"
# a password-protected key: written with -aes256, read with the passphrase, refused without it
"$openssl" genpkey "${P[@]}" -algorithm aimer128s -aes256 -pass pass:lwcx-test -out enc.pem 2> err.txt &&
  grep -q "BEGIN ENCRYPTED PRIVATE KEY" enc.pem && ok || bad "genpkey -aes256: $(cat err.txt)"
"$openssl" pkeyutl "${P[@]}" -sign -rawin -inkey enc.pem -passin pass:lwcx-test -in abc.bin -out enc.sig 2> err.txt &&
  "$openssl" pkey "${P[@]}" -in enc.pem -passin pass:lwcx-test -pubout -out enc.pub.pem &&
  "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin -inkey enc.pub.pem -in abc.bin -sigfile enc.sig > /dev/null &&
  ok || bad "encrypted key: $(cat err.txt)"
# flips the byte at offset $2 of file $1 (XOR: setting a value would change
# nothing where a random signature already holds it)
flip() {
  local b
  b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
  printf "\\x$(printf %02x $((b ^ 0x55)))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
# tampering: another message, a flipped signature byte, a truncated signature, the wrong key
fails "a changed message" "bad signature|does not verify" "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin \
  -inkey aimer128f.pub.pem -in f33.bin -sigfile aimer128f.sig
flip aimer128f.sig 100
fails "a flipped signature byte" "bad signature|does not verify" "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin \
  -inkey aimer128f.pub.pem -in f1000.bin -sigfile aimer128f.sig
head -c 4000 aimer128s.sig > short.sig
fails "a truncated signature" "wrong length|does not verify" "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin \
  -inkey aimer128s.pub.pem -in f1000.bin -sigfile short.sig
fails "another set's key" "verif|signature" "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin \
  -inkey aimer128s.pub.pem -in f1000.bin -sigfile aimer192f.sig
fails "the wrong passphrase" "decrypt|pass|read" "$openssl" pkey "${P[@]}" -in enc.pem -passin pass:wrong -noout
# damaged key files: an error and a message, no crash
head -c 40 k.der > cut.der
fails "a truncated key file" "read|decod|unsupported" "$openssl" pkey "${P[@]}" -inform DER -in cut.der -noout
fails "a public key to sign with" "private|read|key" "$openssl" pkeyutl "${P[@]}" -sign -rawin -inkey aimer128f.pub.pem \
  -in abc.bin -out x.sig
# the lwcx tool's signature, verified by openssl: lwcx's raw public key in
# an SPKI made by prefixing the DER header openssl wrote for the same set
"$lwcx" keygen --alg aimer128f -o lk > /dev/null 2>&1 && "$lwcx" sign --key lk.sk -o lk.sig f1000.bin &&
  "$openssl" pkey "${P[@]}" -pubin -in aimer128f.pub.pem -outform DER -out ref.der &&
  { head -c $(($(stat -c %s ref.der) - 32)) ref.der; printf "$(sed -n 2p lk.pk | sed 's/../\\x&/g')"; } > lk.der &&
  "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin -keyform DER -inkey lk.der -in f1000.bin -sigfile lk.sig > /dev/null 2>&1 &&
  ok || bad "lwcx sign, openssl verify"
# the same through lwcx key (one codec for both): openssl's keys imported into
# lwcx key files and the reverse, signatures crossing both ways
"$lwcx" key export --format pem --public lk.sk -o lk.pub.pem && cmp -s lk.pub.pem <("$openssl" pkey "${P[@]}" -pubin -in lk.pub.pem) &&
  "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin -inkey lk.pub.pem -in f1000.bin -sigfile lk.sig > /dev/null 2>&1 &&
  ok || bad "lwcx key export, openssl verify"
"$lwcx" key export --format der lk.sk -o lk.der8 && "$openssl" pkey "${P[@]}" -inform DER -in lk.der8 -outform DER -out lk.again.der &&
  cmp -s lk.der8 lk.again.der && ok || bad "lwcx's PKCS#8 DER, byte for byte as openssl writes it"
for set in aimer128s aimer256f; do
  "$openssl" genpkey "${P[@]}" -algorithm $set -out o.$set.pem &&
    "$lwcx" key import -o o.$set.sk o.$set.pem && "$lwcx" key public -o o.$set.pk o.$set.sk &&
    "$lwcx" sign --key o.$set.sk -o o.sig f1000.bin &&
    "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin -inkey <("$lwcx" key export --format pem o.$set.pk) -in f1000.bin -sigfile o.sig > /dev/null 2>&1 &&
    "$openssl" pkeyutl "${P[@]}" -sign -rawin -inkey o.$set.pem -in f1000.bin -out o2.sig &&
    "$lwcx" verify -q --pk o.$set.pk --sig o2.sig f1000.bin && ok || bad "openssl's $set key through lwcx key"
done
"$lwcx" key import -o x.sk enc.pem 2> err.txt; [ $? -eq 2 ] && grep -q "encrypted" err.txt && ok || bad "lwcx key import of an encrypted key"

# X.509 with AIMer: the guide docs/aimer-openssl.md, its sh block run as it
# stands (the openssl under test first on PATH), then what it made checked
# and tampered with
mkdir guide && sed -n '/^```sh$/,/^```$/p' "$guide" | sed '1d;$d' > guide/guide.sh
[ "$(wc -l < guide/guide.sh)" -gt 10 ] && ok || bad "no sh block in $guide"
ossl_dir=$(mkdir -p bin && cd bin && ln -sf "$openssl" openssl && pwd)
if (cd guide && LWCX_MODULES=$moddir PATH=$ossl_dir:$PATH bash -e guide.sh > guide.out 2>&1); then ok; else
  bad "the guide's commands failed: $(tail -5 guide/guide.out)"; fi
grep -q "Public Key Algorithm: aimer192f" guide/leaf.txt && grep -q "Signature Algorithm: aimer128f" guide/leaf.txt &&
  ok || bad "leaf.txt: $(head -20 guide/leaf.txt 2> /dev/null)"
grep -q "^leaf.crt: OK$" guide/guide.out && grep -q "Signature Verified Successfully" guide/guide.out &&
  ok || bad "guide output: $(cat guide/guide.out)"
# a changed certificate (a byte of its signature), another authority, a changed message
"$openssl" x509 -in guide/leaf.crt -outform DER -out bad.der
flip bad.der $(($(stat -c %s bad.der) - 100))
"$openssl" x509 -inform DER -in bad.der -out bad.crt
fails "a changed certificate" "signature failure|verification failed" "$openssl" verify "${P[@]}" -CAfile guide/ca.crt bad.crt
"$openssl" req "${P[@]}" -x509 -new -key aimer128f.pem -subj "/CN=lwcx test CA" -days 1 -out other-ca.crt 2> err.txt &&
  ok || bad "other CA: $(cat err.txt)"
fails "another authority" "signature failure|verification failed" "$openssl" verify "${P[@]}" -CAfile other-ca.crt guide/leaf.crt
echo changed >> guide/message.txt
fails "a changed message" "bad signature|does not verify" "$openssl" pkeyutl "${P[@]}" -verify -rawin -pubin \
  -inkey guide/leaf.pub -in guide/message.txt -sigfile guide/message.sig

# bad input: a non-zero exit and a message
fails "a missing file" "missing.bin" "$openssl" dgst "${P[@]}" -esch256 missing.bin
fails "-xoflen on a digest" "xof|length" "$openssl" dgst "${P[@]}" -esch256 -xoflen 20 abc.bin
fails "an invalid LWCX_IMPL" "LWCX_IMPL" env LWCX_IMPL=nonesuch "$openssl" list -providers "${P[@]}"
fails "a provider path without the module" "lwcx" "$openssl" list -providers -provider-path "$dir" -provider lwcx
fails "AEAD in openssl enc" "AEAD|not supported" "$openssl" enc "${P[@]}" -schwaemm256-128 -K 00 -iv 00 -in abc.bin
finish
