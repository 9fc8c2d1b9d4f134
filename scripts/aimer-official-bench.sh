#!/bin/sh
# Times the official AIMer v2.1 code next to `lwcx bench aimer`.
#
#   scripts/aimer-official-bench.sh DIR [SETS...]
#
# DIR is a checkout of samsungsds-research-papers/AIMer (v2.1) that you
# fetched yourself: this script downloads nothing. Each set's
# Optimized_Implementation (AVX2 + PCLMUL, XKCP 4-way Keccak) is copied to a
# scratch folder, built with its own Makefile (gcc -O3 -march=native; CC=...
# to change the compiler) and its tests/test_speed run; it prints the
# medians of rdtsc ticks per keygen, sign and verify, the unit of lwcx
# bench's cyc/unit column. test_speed's 10,000 runs per operation are
# lowered to AIMER_NTESTS (default 1000 for the f sets, 100 for the s sets)
# in the copy. IMPL=Reference_Implementation times the reference code.
set -eu
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
    echo "usage: $0 AIMER_CHECKOUT [aimer128f aimer128s ...]" >&2
    exit 2
fi
src=$1
shift
sets=${*:-aimer128f aimer128s aimer192f aimer192s aimer256f aimer256s}
impl=${IMPL:-Optimized_Implementation}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

printf '# official AIMer v2.1 %s, %s, rdtsc ticks (median)\n' "$impl" "$(${CC:-gcc} --version | head -n 1)"
printf '%-10s %12s %12s %12s\n' set keygen sign verify
for set in $sets; do
    dir=$src/$impl/$set
    if [ ! -f "$dir/Makefile" ]; then
        echo "$0: no $dir/Makefile" >&2
        exit 2
    fi
    case $set in *f) n=${AIMER_NTESTS:-1000} ;; *) n=${AIMER_NTESTS:-100} ;; esac
    cp -R "$dir" "$work/$set"
    sed -i "s/^#define NTESTS .*/#define NTESTS $n/" "$work/$set/tests/test_speed.c"
    make -s -C "$work/$set" ${CC:+CC="$CC"} tests/test_speed >"$work/$set.build" 2>&1 || {
        cat "$work/$set.build" >&2
        exit 1
    }
    (cd "$work/$set" && ./tests/test_speed) >"$work/$set.out"
    # test_speed prints "aimer_keypair: / median : N cycles/ticks" per operation
    awk -v set="$set" '/^aimer_keypair/ { op = 1 } /^aimer_sign / { op = 2 } /^aimer_verify/ { op = 3 }
        /^median/ { v[op] = $3 }
        END { printf "%-10s %12s %12s %12s\n", set, v[1], v[2], v[3] }' "$work/$set.out"
done
