#!/usr/bin/env bash
# The wisdom file (lwcx tune, LWCX_WISDOM): tune writes one for this machine
# that the library then follows and `lwcx list` names as the source; every
# damaged or foreign variant of it is ignored whole, with the reason, and
# the choices fall back to the table and the rules; a file that cannot be
# written fails without leaving anything behind.
#   cli_wisdom.sh LWCX
. "$(dirname "$0")/cli_common.sh"

"$lwcx" tune kcc23p4 --quick --out "$dir/w" > tune.txt 2>&1 && ok || { bad "tune exits 0"; cat tune.txt >&2; }
grep -q "^lwcx tune: 1 choices written to $dir/w" tune.txt && ok || bad "tune says where it wrote"
pick=$(sed -n 's/^pick kcc23p4 every_call \([a-z0-9]*\)$/\1/p' w)
[ -n "$pick" ] && ok || bad "the file holds kcc23p4's choice"
[ "$(ls "$dir" | grep -c tmp)" = 0 ] && ok || bad "no temporary file left"

list=$(LWCX_WISDOM=$dir/w "$lwcx" list)
grep -q "^wisdom: $dir/w: used (1 choices)$" <<<"$list" && ok || bad "list: the file is used"
grep -q "^    choice: every_call $pick (wisdom)$" <<<"$list" && ok || bad "list: kcc23p4's choice from the wisdom"
LWCX_WISDOM=$dir/w "$lwcx" list --explain kcc23p4 | grep -q "^every call: $pick (from this machine's wisdom file)" && ok ||
  bad "list --explain: from the wisdom file"
LWCX_WISDOM=off "$lwcx" list | grep -q "^wisdom: off (LWCX_WISDOM=off)$" && ok || bad "LWCX_WISDOM=off"
LWCX_WISDOM=$dir/none "$lwcx" list | grep -q "^wisdom: $dir/none: none (lwcx tune makes it)$" && ok || bad "no file"

# an implementation this machine cannot run: not built here, or a device's
other=neon
[ "$(uname -m)" = aarch64 ] && other=avx2
machine=$(grep '^machine ' w)
variant() { # name, then the file's text
  printf '%s' "$2" > "v-$1"
  local out
  out=$(LWCX_WISDOM=$dir/v-$1 "$lwcx" list)
  grep -q "^wisdom: $dir/v-$1: ignored" <<<"$out" && ok || bad "$1: not ignored: $(grep '^wisdom' <<<"$out")"
  grep -q "(wisdom)" <<<"$out" && bad "$1: a choice from the wisdom" || ok
}
head='lwcx-wisdom 1'
variant other-cpu "$head
$(awk '{$3 = 99; print}' <<<"$machine")
${machine:+pick kcc23p4 every_call $pick}
"
variant other-version "$head
${machine/lwcx 0/lwcx 9}
pick kcc23p4 every_call $pick
"
variant other-features "$head
$(awk '{$6 = "0x00000001"; print}' <<<"$machine")
pick kcc23p4 every_call $pick
"
variant unknown-primitive "$head
$machine
pick nonesuch every_call $pick
"
variant unknown-kind "$head
$machine
pick kcc23p4 one_key $pick
"
variant cannot-run "$head
$machine
pick kcc23p4 every_call $other
"
variant device "$head
$machine
pick present80 one_key cuda
"
variant twice "$head
$machine
pick kcc23p4 every_call $pick
pick kcc23p4 every_call ref
"
variant no-magic "$machine
pick kcc23p4 every_call $pick
"
variant no-machine "$head
pick kcc23p4 every_call $pick
"
variant truncated "$head
$machine
pick kcc23p4 every_call $pick"
variant extra-field "$head
$machine
pick kcc23p4 every_call $pick now
"
variant long-line "$head
$machine
pick kcc23p4 every_call $(printf 'a%.0s' $(seq 300))
"
printf '%s\n%s\npick kcc23p4 every_call %s\0\n' "$head" "$machine" "$pick" > v-nul
LWCX_WISDOM=$dir/v-nul "$lwcx" list | grep -q "^wisdom: $dir/v-nul: ignored" && ok || bad "a NUL byte: not ignored"

# a wisdom file that cannot be written: exit 1, nothing left
"$lwcx" tune kcc23p4 --quick --out /dev/null/w > /dev/null 2> err.txt
[ $? -eq 1 ] && ok || bad "tune to an unwritable path exits 1"
grep -q "could not be written" err.txt && ok || bad "tune says the file could not be written"
"$lwcx" tune kcc23p4 --rounds 2 > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--rounds 2 is a usage error"
finish
