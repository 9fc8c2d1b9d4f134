# Sourced by the CLI test scripts: the tool path from $1, a scratch directory
# removed on exit (and made current), and pass/fail counting; finish prints
# the totals and gives the exit status.
set -u
lwcx=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
