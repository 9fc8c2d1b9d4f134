#!/usr/bin/env bash
# --impl NAME and --verbose (issue 58): every command that computes (enc,
# dec, hash, keysearch, keygen, sign, verify, kat) runs the implementation
# named and gives the same result; -v says on stderr which implementation
# ran and why; an implementation unknown to the primitive, or one this
# machine cannot run, is a usage error (2) that says so. Arguments: the tool.
. "$(dirname "$0")/cli_common.sh"
unset LWCX_IMPL
printf 'some text to work on\n' > m.txt
"$lwcx" keygen --alg schwaemm256-128 -o k.key
"$lwcx" keygen --alg kcc24p6 -o k6.key
"$lwcx" keygen --alg aimer128f -o kp
printf '12345678' > m8.txt

# -v without --impl: the automatic choice and where it comes from
"$lwcx" hash -v m.txt > h.out 2> h.err
grep -Eq '^lwcx hash: implementation: sparkle:[a-z0-9]+ \((the selection rules|the shipped table|this machine.s wisdom file)' h.err &&
  ok || bad "hash -v: $(cat h.err)"
# LWCX_IMPL names it: said so
LWCX_IMPL=sparkle:ref "$lwcx" hash -v m.txt 2> h.err > /dev/null
grep -qx 'lwcx hash: implementation: sparkle:ref (named by LWCX_IMPL)' h.err && ok || bad "hash -v under LWCX_IMPL: $(cat h.err)"

# each command with --impl ref: the same output as the automatic choice, and -v says it was forced
"$lwcx" hash --impl ref -v m.txt > h2.out 2> h.err
cmp -s h.out h2.out && grep -qx 'lwcx hash: implementation: sparkle:ref (forced with --impl)' h.err && ok ||
  bad "hash --impl ref: $(cat h.err)"
"$lwcx" hash --alg esch384 --impl ref m.txt > h3.out && [ "$(cut -c1-96 h3.out)" = "$("$lwcx" hash --alg esch384 m.txt | cut -c1-96)" ] &&
  ok || bad "hash --alg esch384 --impl ref"
"$lwcx" hash -c --impl ref -v h.out > c.out 2> c.err && grep -q 'm.txt: OK' c.out && grep -q 'implementation: sparkle:ref' c.err &&
  ok || bad "hash -c --impl ref: $(cat c.err)"
"$lwcx" enc --key-file k.key --impl ref -v -o m.enc m.txt 2> e.err && grep -qx 'lwcx enc: implementation: sparkle:ref (forced with --impl)' e.err &&
  ok || bad "enc --impl ref: $(cat e.err)"
"$lwcx" dec --key-file k.key -o m.dec m.enc && cmp -s m.txt m.dec && ok || bad "enc --impl ref, dec automatic: round trip"
"$lwcx" enc --key-file k.key -o m2.enc m.txt && "$lwcx" dec --key-file k.key --impl ref -v -o m2.dec m2.enc 2> d.err &&
  cmp -s m.txt m2.dec && grep -q '^lwcx dec: implementation: sparkle:ref ' d.err && ok || bad "dec --impl ref: $(cat d.err)"
"$lwcx" enc --key-file k6.key --insecure --impl ref -v -o m8.enc m8.txt 2> e.err &&
  grep -q '^lwcx enc: implementation: kcc24p6:ref (forced with --impl)' e.err && ok || bad "enc kcc24p6 --impl ref: $(cat e.err)"
"$lwcx" enc --key-file k6.key --insecure -o m8b.enc m8.txt 2>/dev/null && cmp -s m8.enc m8b.enc && ok || bad "kcc24p6: the same ciphertext"
"$lwcx" sign --key kp.sk --impl ref -v -o m.sig m.txt 2> s.err && grep -qx 'lwcx sign: implementation: aimer:ref (forced with --impl)' s.err &&
  ok || bad "sign --impl ref: $(cat s.err)"
"$lwcx" verify --pk kp.pk --sig m.sig --impl ref -v -q m.txt 2> v.err && grep -q '^lwcx verify: implementation: aimer:ref ' v.err &&
  ok || bad "verify --impl ref: $(cat v.err)"
"$lwcx" verify --pk kp.pk --sig m.sig -q m.txt && ok || bad "a signature of aimer:ref verifies automatically"
"$lwcx" keygen --alg aimer128f --impl ref -v -o kr 2> g.err && grep -qx 'lwcx keygen: implementation: aimer:ref (forced with --impl)' g.err &&
  "$lwcx" sign --key kr.sk -o r.sig m.txt && "$lwcx" verify --pk kr.pk --sig r.sig -q m.txt && ok || bad "keygen --impl ref: $(cat g.err)"
"$lwcx" keygen --alg schwaemm128-128 --impl ref > /dev/null 2> g.err
[ $? -eq 2 ] && grep -q "^lwcx keygen: --impl: a schwaemm128-128 key is random bytes" g.err && ok || bad "keygen of a secret key with --impl: $(cat g.err)"
pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base FFFFFFFFFFFFFFFEDCBA --count '2^17' --impl ref -v 2> k.err)
[ "$out" = ffffffffffffffffffff ] && grep -qx 'lwcx keysearch: implementation: present80:ref (forced with --impl)' k.err &&
  ok || bad "keysearch --impl ref: $(cat k.err)"
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base FFFFFFFFFFFFFFFEDCBA --count '2^17' --device cpu -v 2> k.err)
[ "$out" = ffffffffffffffffffff ] && grep -Eq '^lwcx keysearch: implementation: present80:[a-z0-9]+ \((the selection rules|the shipped table|this machine.s wisdom)' k.err &&
  ok || bad "keysearch -v: $(cat k.err)"
"$lwcx" keysearch --cipher present80 $pairs --key-base FFFFFFFFFFFFFFFEDCBA --count 16 --impl ref --device cuda > /dev/null 2> k.err
[ $? -eq 2 ] && grep -q -- "--impl: 'ref' does not run on --device cuda" k.err && ok || bad "keysearch --impl ref --device cuda: $(cat k.err)"

# kat --impl: only that implementation, of every primitive that has it
"$lwcx" kat --impl ref > kat.out && ! awk '$2 != "ref" && $1 != "kat:"' kat.out | grep -q . &&
  [ "$(awk '{ print $1 }' kat.out | sort -u | grep -vc kat:)" -ge 5 ] && ok || bad "kat --impl ref: $(head -3 kat.out)"
"$lwcx" kat sparkle --impl ref > kat.out && [ "$(awk '$1 != "kat:" { print $1 "/" $2 }' kat.out | sort -u)" = sparkle/ref ] &&
  ok || bad "kat sparkle --impl ref"
# grammar: "(1 check," (a suite with one check), never "(1 checks"
"$lwcx" kat > kat.out
! grep -q '(1 checks' kat.out && grep -Eq '\([02-9][0-9]* checks, ' kat.out && ok || bad "kat: '(1 checks'"
grep -q '(1 check, ' kat.out || echo "note: no suite with one check here (the singular is not shown)"

# refusals: an implementation the primitive lacks (the ones it has are listed), one that cannot run here
for c in "hash --impl nonesuch m.txt" "enc --key-file k.key --impl nonesuch -o x.enc m.txt" \
         "sign --key kp.sk --impl nonesuch -o x.sig m.txt" "verify --pk kp.pk --sig m.sig --impl nonesuch m.txt" \
         "keysearch --cipher present80 $pairs --key-base FFFFFFFFFFFFFFFEDCBA --count 16 --impl nonesuch" \
         "kat sparkle --impl gfni" "kat --impl nonesuch" "keygen --alg aimer128f --impl nonesuch -o kx"; do
  "$lwcx" $c > out.txt 2> err.txt
  rc=$?
  [ $rc -eq 2 ] && [ ! -s out.txt ] && grep -Eq -- "--impl: '(nonesuch|gfni)': no (such implementation of [a-z0-9]+ \([a-z0-9]+ has: [a-z0-9, ]+\)|primitive has such an implementation)" err.txt &&
    ok || bad "$c: rc $rc, $(cat err.txt)"
done
[ ! -e x.enc ] && [ ! -e x.sig ] && [ ! -e kx.sk ] && ok || bad "an output left after a refused --impl"
# an implementation this machine cannot run (if there is one here)
un=$("$lwcx" list --machine | awk '$2 == "unavailable" { print $1; exit }')
if [ -n "$un" ]; then
  prim=${un%%:*} im=${un#*:}
  case $prim in
    sparkle) args="hash --impl $im m.txt" ;;
    aimer) args="sign --key kp.sk --impl $im -o x.sig m.txt" ;;
    kcc24p6) args="enc --key-file k6.key --insecure --impl $im -o x.enc m8.txt" ;;
    kcc23p4) args="kat kcc23p4 --impl $im" ;;
    *) # a block cipher: a key of its size, one block of zeros
      case $prim in present80) kb=10 ;; pipo256) kb=32 ;; *) kb=16 ;; esac # (gift64: 16)
      case $prim in gift128) bb=16 ;; *) bb=8 ;; esac
      z() { printf '%0*d' $(( 2 * $1 )) 0; }
      args="keysearch --cipher $prim --pt $(z $bb) --ct $(z $bb) --key-base $(z $kb) --count 16 --impl $im" ;;
  esac
  "$lwcx" $args > /dev/null 2> err.txt
  [ $? -eq 2 ] && grep -Eq -- "(--impl|--device [a-z]+): .*(cannot run here|no |not built|needs)" err.txt && ok || bad "$args: $(cat err.txt)"
else
  echo "note: every implementation runs here (the refusal of one that cannot is not checked)"
fi
finish
