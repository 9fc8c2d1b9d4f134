#!/usr/bin/env bash
# Comments say why; figures go stale. This finds comment lines that carry a
# benchmark figure or the machine or compiler it was measured on, in the C,
# CUDA, OpenCL and assembly sources under src/, cli/ and provider/ and in the
# CMake files (CMakeLists.txt, tests/CMakeLists.txt, cmake/*.cmake,
# provider/CMakeLists.txt). The figures and the
# reasons they support live in docs/ (docs/design/ by subject).
#
# A comment line is a figure line when, case-insensitively, it has
#  - a number next to a unit of time or rate: "0.72 ticks/B", "254 cycles",
#    "5.6 cycles", "3 cpb", "1.2 c/B", "221 M keys/s", "12 Gkeys/s", "40 ns",
#    "3 us", "5 ms", "377 GB/s", "90 MiB/s" (optionally "core"/"TSC" between),
#    or one of ticks, cycles, cyc, cpb, c/B followed by ":" or "=" or spaces
#    and a number ("ticks/B: 0.72");
#  - a CPU: Zen and a digit or "+", an Intel core named "... Lake" or
#    "... Rapids" (Skylake, Cascade Lake, Ice Lake, Sapphire Rapids, ...),
#    Xeon, EPYC, Ryzen, Threadripper, Core i3/i5/i7/i9, Cortex, Neoverse,
#    Graviton, Apple M1...; a GPU: A100, H100, H200, V100, L40, RTX/GTX and
#    a number;
#  - a compiler and its version: gcc 12, gcc-12, clang 14, nvcc 13, icx,
#    icc, msvc, llvm (with a number right after the name).
# Numbers that are not measurements (13 rounds, 64 blocks, 2^32 keys, 4 KiB)
# and names without a version (gcc's spills, clang -O2) are not figure lines.
# A figure line that names a document ("docs/") is a reference: at most 10 are
# allowed. Every other figure line fails the check, beyond --max N of them
# (the count still to move while other branches are merged; 0 by default).
#
# Usage: check-figures.sh [--list] [--max N] [--self-test] [SOURCE_DIR]
#   --list       print only the figure lines (file:line: text), one a line
#   --self-test  check the rule on made-up lines and files first
set -u
list=0 max=0 selftest=0 dir=
while [ $# -gt 0 ]; do
  case $1 in
    --list) list=1 ;;
    --max) max=${2:?--max needs a count}; shift ;;
    --self-test) selftest=1 ;;
    -*) echo "check-figures.sh: unknown option $1" >&2; exit 2 ;;
    *) dir=$1 ;;
  esac
  shift
done
case $max in *[!0-9]*|'') echo "check-figures.sh: --max needs a count" >&2; exit 2 ;; esac

# The rule, one extended regular expression a line (grep -Eif).
rule() {
  local num='[0-9]+([.,][0-9]+)?'
  cat <<RULE
(^|[^a-z0-9_])${num}( *(core|tsc|cpu))? *(ticks?|cycles?|cyc|c/b|cpb|[gmk]? ?keys/s|ns|us|µs|ms|[kmgt]i?b/s)([^a-z0-9]|$)
(^|[^a-z])(ticks?|cycles?|cyc|cpb|c/b)(/[a-z]+)? *[:=]? *[0-9]
(^|[^a-z0-9])zen *[0-9+]
(^|[^a-z])(sky|cascade|cooper|cannon|ice|tiger|rocket|alder|raptor|meteor|arrow|lunar) *lake|(sapphire|emerald|granite|diamond) *rapids
(^|[^a-z])(xeon|epyc|ryzen|threadripper|cortex|neoverse|graviton)([^a-z]|$)|(^|[^a-z])core i[3579]([^0-9]|$)|(^|[^a-z])apple *m[0-9]
(^|[^a-z0-9])([ahv]100|h200|l40s?)([^0-9]|$)|(^|[^a-z])[rg]tx *[0-9]
(^|[^a-z0-9])(gcc|clang|nvcc|icc|icx|msvc|llvm)[ -]?v?[0-9]
RULE
}

# FILE:LINE:TEXT for each line with comment text: // and /* */ in C-like
# files (string and character literals skipped), # in CMake files.
extract() {
  awk '
  FNR == 1 { incomment = 0; cmake = (FILENAME ~ /(CMakeLists\.txt|\.cmake)$/) }
  {
    line = $0; out = ""; n = length(line); i = 1
    if (cmake) {
      inq = 0
      for (; i <= n; i++) {
        c = substr(line, i, 1)
        if (inq) { if (c == "\\") i++; else if (c == "\"") inq = 0 }
        else if (c == "\"") inq = 1
        else if (c == "#") { out = substr(line, i + 1); break }
      }
    } else {
      while (i <= n) {
        c = substr(line, i, 1); d = substr(line, i, 2)
        if (incomment) {
          if (d == "*/") { incomment = 0; out = out " "; i += 2 } else { out = out c; i++ }
        } else if (d == "/*") { incomment = 1; i += 2 }
        else if (d == "//") { out = out substr(line, i + 2); break }
        else if (c == "\"" || c == "\047") {
          q = c; i++
          while (i <= n) {
            c = substr(line, i, 1)
            if (c == "\\") i += 2; else if (c == q) { i++; break } else i++
          }
        } else i++
      }
    }
    if (out ~ /[^ \t*\/]/) print FILENAME ":" FNR ":" out
  }' "$@"
}

figures() { extract "$@" | grep -Eif <(rule); }

scope() { # (src/core/cpu_table.h is data generated from bench/machines/, named by CPU)
  find src cli $(ls -d provider 2> /dev/null) -type f \( -name '*.[chS]' -o -name '*.cu' -o -name '*.cl' -o -name '*.inc' \) \
    ! -path src/core/cpu_table.h | LC_ALL=C sort
  ls CMakeLists.txt tests/CMakeLists.txt cmake/*.cmake $(ls provider/CMakeLists.txt 2> /dev/null)
}

self_test() {
  local t fail=0 line
  t=$(mktemp -d) || return 1
  # must flag: one a line
  cat > "$t/flag.txt" <<'LINES'
0.72 against 0.76-0.80 ticks/B on the machine
the rounds, 254 -> 218 cycles
stalled 5.6 cycles per instruction
waits 1 cycle for its first operand
about 3 cpb
1.25 c/B
ticks/B: 0.72
PRESENT-80 search: 221 M keys/s
12 Gkeys/s on one GPU
2.5 Mkeys/s
4000 keys/s
a miss costs 80 ns
the launch takes 5 us
~10-50 ms, the stop latency
GIFT-64 282 -> 377 GB/s
copies at 90 MiB/s
measured on Zen 4
Zen4 splits it
Zen+
an Intel Xeon
Skylake-SP
Ice Lake servers
Sapphire Rapids
AMD EPYC
Cortex-A72
Neoverse V2
Apple M1
an H200
A100 or H100
RTX 4090
gcc 12 kept the loop
clang-14 spilled
nvcc 13 unrolled it
GCC12
LINES
  # must not flag
  cat > "$t/pass.txt" <<'LINES'
13 rounds of 64 blocks
2^32 keys in 4 KiB
the ms field of a timeval
gcc's spills, clang -O2
let us see 16 words
bits 0-2, the S-boxed nibble
a cycle of the key register
see docs/design/block-ciphers.md, GIFT-64 groups512
x86_64, sm_90, compute_90
cycles through the 16 words
status 0 for a good key
AMD's cores split zmm operations in halves
LINES
  while IFS= read -r line; do
    grep -Eiqf <(rule) <<< "$line" || { echo "self-test FAIL: not flagged: $line"; fail=1; }
  done < "$t/flag.txt"
  while IFS= read -r line; do
    grep -Eiqf <(rule) <<< "$line" && { echo "self-test FAIL: flagged: $line"; fail=1; }
  done < "$t/pass.txt"
  # comments, not code: literals skipped, /* */ over lines, CMake's #
  cat > "$t/a.c" <<'SRC'
static const char *s = "took 5 ms on Zen 4"; /* fine */
int gcc12 = 3; // the variable is code
/* a comment
 * on the third line: 0.72 ticks/B
 */ int x = '"'; /* 12 Gkeys/s after a quote character */
const char *u = "/* not a comment: gcc 12 */";
SRC
  cat > "$t/CMakeLists.txt" <<'SRC'
message(STATUS "# not a comment: clang 14")
set(x 1) # clang 14 took 3 s
SRC
  local got want
  got=$(cd "$t" && figures a.c CMakeLists.txt | cut -d: -f1,2 | tr '\n' ' ')
  want="a.c:4 a.c:5 CMakeLists.txt:2 "
  [ "$got" = "$want" ] || { echo "self-test FAIL: comment lines flagged: '$got', expected '$want'"; fail=1; }
  rm -rf "$t"
  return $fail
}

# The check over the tree in the current directory: figure lines beyond the
# allowance fail, references beyond 10 fail.
check() {
  local max=$1 files hits bare refs fail=0
  mapfile -t files < <(scope 2>/dev/null)
  hits=$(figures "${files[@]}")
  bare=$(grep -v 'docs/' <<< "$hits" | grep -c .)
  refs=$(grep 'docs/' <<< "$hits" | grep -c .)
  if [ "$refs" -gt 10 ]; then
    echo "FAIL: $refs figure lines name a document; at most 10 may:"
    grep 'docs/' <<< "$hits" | sed 's/^/  /'
    fail=1
  fi
  if [ "$bare" -gt "$max" ]; then
    echo "FAIL: figure lines in comments (move the figure to docs/design/, keep the reason):"
    grep -v 'docs/' <<< "$hits" | sed 's/^/  /'
    fail=1
  fi
  echo "${#files[@]} files: $bare figure lines in comments (at most $max), $refs references to docs/ (at most 10)"
  return $fail
}

# The counting on made-up trees: 10 references pass, 11 fail, one bare
# figure line fails unless allowed.
self_test_check() {
  local t fail=0 i
  t=$(mktemp -d) || return 1
  mkdir -p "$t/src" "$t/cli" "$t/cmake" "$t/tests"
  : > "$t/CMakeLists.txt"; : > "$t/tests/CMakeLists.txt"; : > "$t/cmake/a.cmake"
  for i in 1 2 3 4 5 6 7 8 9 10; do echo "/* $i.0 ticks/B, see docs/design/x.md */" >> "$t/src/a.c"; done
  (cd "$t" && check 0 > /dev/null) || { echo "self-test FAIL: 10 references refused"; fail=1; }
  echo "# gcc 12: docs/design/build-flags.md" >> "$t/cmake/a.cmake"
  (cd "$t" && check 0 > /dev/null) && { echo "self-test FAIL: 11 references passed"; fail=1; }
  sed -i '$d' "$t/cmake/a.cmake"
  echo "// 3 cycles on Zen 4" >> "$t/cli/b.c"
  (cd "$t" && check 0 > /dev/null) && { echo "self-test FAIL: a figure line passed"; fail=1; }
  (cd "$t" && check 1 > /dev/null) || { echo "self-test FAIL: an allowed figure line refused"; fail=1; }
  rm -rf "$t"
  return $fail
}

if [ $selftest = 1 ]; then
  self_test && self_test_check || exit 1
  echo "self-test passed: every made-up figure line flagged, no other line; the counts enforced"
fi
cd "${dir:-$(dirname "$0")/..}" || exit 2
if [ $list = 1 ]; then
  mapfile -t files < <(scope)
  figures "${files[@]}" | sed -E 's/^([^:]*:[0-9]+):[[:space:]]*/\1: /'
  exit 0
fi
check "$max"
