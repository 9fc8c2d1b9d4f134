#!/usr/bin/env bash
# lwcx.pc after `cmake --install BUILD --prefix DIR` (issue 54): plain
# `pkg-config --cflags --libs lwcx` (no --define-prefix) names DIR's include
# and lib, and a program compiles, links and runs with those flags.
# Arguments: cmake, the build directory, the source directory, the C compiler.
# Exit 77 (skipped) without pkg-config.
cmake=$1 build=$2 src=$3 cc=$4
. "$(dirname "$0")/cli_common.sh" "" # the scratch directory and counters
if ! command -v pkg-config > /dev/null; then
  echo "skipped: pkg-config is not installed here (lwcx.pc is not checked)"
  exit 77
fi
"$cmake" --install "$build" --prefix "$dir/stage" > install.log 2>&1 || { bad "cmake --install"; cat install.log >&2; finish; exit 1; }
pc=$(find stage -name lwcx.pc -path '*/pkgconfig/*' | head -1)
[ -n "$pc" ] && ok || { bad "no lwcx.pc installed"; finish; exit 1; }
# PKG_CONFIG_PATH comes before the system's directories: this lwcx.pc wins
pcdir=$(cd "$(dirname "$pc")" && pwd)
flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs lwcx 2> err.txt) && ok || bad "pkg-config: $(cat err.txt)"
# every -I and -L names a directory of the staged tree, and the header and library are there
inc= lib=
for f in $flags; do
  case $f in
    -I*) inc=$(cd "${f#-I}" 2> /dev/null && pwd -P) ;;
    -L*) lib=$(cd "${f#-L}" 2> /dev/null && pwd -P) ;;
  esac
done
stage=$(cd stage && pwd -P)
case $inc in "$stage"/*) [ -f "$inc/lwcx.h" ] && ok || bad "no lwcx.h in $inc" ;; *) bad "-I not in the prefix: $flags" ;; esac
case $lib in "$stage"/*) ls "$lib"/liblwcx.* > /dev/null 2>&1 && ok || bad "no liblwcx in $lib" ;; *) bad "-L not in the prefix: $flags" ;; esac
# shellcheck disable=SC2086 # the flags are words
"$cc" -o consumer "$src/.ci/consumer/consumer.c" $flags 2> cc.txt && ok || { bad "compile and link with '$flags':"; cat cc.txt >&2; }
[ -x consumer ] && { LD_LIBRARY_PATH=$lib ./consumer > run.txt 2>&1 && ok || { bad "the consumer failed:"; cat run.txt >&2; }; }
# moved elsewhere, the tree still describes itself
mv stage moved
flags2=$(PKG_CONFIG_PATH=$dir/moved/${pcdir#"$dir"/stage/} pkg-config --cflags lwcx 2> err.txt)
case $flags2 in *"/moved/"*) ok ;; *) bad "after a move: '$flags2' $(cat err.txt)" ;; esac
finish
