#!/usr/bin/env bash
# The OpenSSL provider through the openssl command itself: the provider and
# its algorithms listed (digests, ciphers, AIMer's signatures and key
# managers; its implementations in -verbose), openssl dgst
# with Esch256/384 equal to lwcx hash on several files (empty, short, one
# and many rate blocks, stdin), the XOFs with -xoflen, loading through the
# example openssl.cnf, and bad input failing with a message.
# Usage: ossl_provider.sh LWCX OPENSSL MODULE_DIR OPENSSL_CNF (exit 77: skipped)
. "$(dirname "$0")/cli_common.sh"
openssl=$2 moddir=$3 cnf=$4
ver=$("$openssl" version 2> /dev/null) || { echo "skipped: $openssl does not run"; exit 77; }
case $ver in
  "OpenSSL 3."*) ;;
  *) echo "skipped: $openssl is '$ver'; the provider needs OpenSSL 3"; exit 77 ;;
esac
P=(-provider-path "$moddir" -provider lwcx -provider default)

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
  grep -q "^ *$a @ lwcx$" <<< "$out" && ok || bad "signature $a not listed"
  grep -q "IDs: $a @ lwcx$" <<< "$out2" && ok || bad "key manager $a not listed"
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

# through the example configuration: no -provider options
out=$(OPENSSL_CONF=$cnf "$openssl" list -providers 2>&1)
grep -q '^  lwcx$' <<< "$out" && grep -q '^  default$' <<< "$out" && ok || bad "openssl-lwcx.cnf: $out"
[ "$(OPENSSL_CONF=$cnf "$openssl" dgst -esch384 -r f1000.bin | cut -d' ' -f1)" = "$("$lwcx" hash --alg esch384 f1000.bin | cut -d' ' -f1)" ] &&
  ok || bad "dgst through openssl-lwcx.cnf"
# the default provider's algorithms are still there
OPENSSL_CONF=$cnf "$openssl" dgst -sha256 abc.bin > /dev/null 2>&1 && ok || bad "sha256 through openssl-lwcx.cnf"

# bad input: a non-zero exit and a message
fails() { # what, pattern the message must match, then the command
  local what=$1 pat=$2; shift 2
  if "$@" > out.txt 2> err.txt; then bad "accepted: $what"; return; fi
  grep -Eqi -- "$pat" err.txt && ok || bad "$what: no message matching '$pat': $(cat err.txt)"
}
fails "a missing file" "missing.bin" "$openssl" dgst "${P[@]}" -esch256 missing.bin
fails "-xoflen on a digest" "xof|length" "$openssl" dgst "${P[@]}" -esch256 -xoflen 20 abc.bin
fails "an invalid LWCX_IMPL" "LWCX_IMPL" env LWCX_IMPL=nonesuch "$openssl" list -providers "${P[@]}"
fails "a provider path without the module" "lwcx" "$openssl" list -providers -provider-path "$dir" -provider lwcx
fails "AEAD in openssl enc" "AEAD|not supported" "$openssl" enc "${P[@]}" -schwaemm256-128 -K 00 -iv 00 -in abc.bin
finish
