#!/usr/bin/env bash
# The API reference (docs/Doxyfile.in over include/lwcx.h) builds without a
# single Doxygen warning, and names every function the header declares
# LWCX_API (a declaration Doxygen misparsed would warn about nothing). Then
# the check is shown to work: a copy of the header with an undocumented
# function, a parameter without @param, a non-void function without @return,
# an undocumented macro and an undocumented enum value must fail, each named
# (the last by this script: Doxygen does not warn about enum values).
# Usage: api_reference.sh DOXYGEN DOXYFILE HEADER (DOXYFILE: the configured one)
set -u
doxygen=$1 doxyfile=$2 header=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# Doxygen with the build's configuration, the input and output replaced (a
# later setting wins) and XML added; its warnings go to $1.log.
run() { # name input
  { cat "$doxyfile"; printf 'INPUT = %s\nOUTPUT_DIRECTORY = %s\nGENERATE_XML = YES\n' "$2" "$dir/$1"; } |
    "$doxygen" - > "$dir/$1.out" 2> "$dir/$1.log"
}
# Doxygen does not warn about an undocumented enum value: the enumerators of
# its XML whose brief and detailed descriptions are both empty.
undocumented_values() { # name
  perl -0777 -ne 'while (/<enumvalue\b.*?<name>(\w+)<\/name>(.*?)<\/enumvalue>/gs) {
      my ($n, $body) = ($1, $2);
      my $t = join "", $body =~ /<(?:brief|detailed)description>(.*?)<\/(?:brief|detailed)description>/gs;
      $t =~ s/<[^>]*>|\s//g; print "$n\n" if $t eq "" }' "$dir/$1"/xml/*.xml | sort -u
}

if run real "$header" && [ ! -s "$dir/real.log" ]; then ok; else
  bad "the reference has warnings (an undocumented declaration, parameter or return value):"
  cat "$dir/real.log"
fi
[ -f "$dir/real/html/index.html" ] && ok || bad "no html/index.html"
values=$(undocumented_values real)
[ -z "$values" ] && ok || bad "enum values without a description:" $values
# every function is in the reference (Doxygen's XML has its entry)
names=$(bash "$(dirname "$0")/../.ci/declared-functions.sh" "$header")
[ "$(echo "$names" | wc -l)" -gt 100 ] && ok || bad "too few declarations found in $header"
listed=$(perl -0777 -ne 'print "$1\n" while /<memberdef kind="function".*?<name>(\w+)<\/name>/gs' \
         "$dir"/real/xml/*.xml | sort -u)
missing=$(comm -23 <(echo "$names") <(echo "$listed"))
[ -z "$missing" ] && ok || bad "not in the reference:" $missing

# The same header with undocumented additions (named as the header, which
# names itself in @file), before its closing C++ guard.
mkdir -p "$dir/probe"
perl -0777 -pe 's{(#ifdef __cplusplus\n\}\n#endif\n#endif)}{LWCX_API int lwcx_probe_undocumented(int x);
/** Documented but for one parameter.
 * \@param a the first
 * \@return 0 */
LWCX_API int lwcx_probe_param(int a, int b_undocumented);
/** Documented but for the return value.
 * \@param a the first */
LWCX_API int lwcx_probe_return(int a);
#define LWCX_PROBE_MACRO 1
/** An enumeration with an undocumented value. */
enum lwcx_probe_enum { LWCX_PROBE_VALUE };
$1}' "$header" > "$dir/probe/lwcx.h"
grep -q lwcx_probe_undocumented "$dir/probe/lwcx.h" || bad "could not add the probes to a copy of $header"
if run probe "$dir/probe/lwcx.h"; then bad "doxygen succeeded on a header with undocumented declarations"; else ok; fi
for what in 'lwcx_probe_undocumented.*not documented' "parameter 'b_undocumented'" \
            'return type of member lwcx_probe_return' 'LWCX_PROBE_MACRO.*not documented'; do
  grep -q "$what" "$dir/probe.log" && ok || bad "no warning matching \"$what\": $(cat "$dir/probe.log")"
done
[ "$(undocumented_values probe)" = LWCX_PROBE_VALUE ] && ok ||
  bad "the undocumented enum value is not found: $(undocumented_values probe)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
