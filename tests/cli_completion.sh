#!/usr/bin/env bash
# The man pages and the shell completions (issues 16, 58): cmake --install
# puts them in place; bash completion offers the commands, each command's
# options (from its option table, through lwcx --complete: no bogus --opt),
# algorithm names, the implementations of the command's primitive for
# --impl, devices for --device, files where a file goes, and lwcx-mpi's
# options; zsh's does the same through stand-ins for its builtins; the man
# pages render without warnings, have SEE ALSO, and their FILES name only
# files that are installed. Arguments: the tool, the source dir, the build
# dir, cmake.
. "$(dirname "$0")/cli_common.sh"
src=$2 build=$3 cmake=${4:-cmake}
"$cmake" --install "$build" --prefix "$dir/stage" > install.log 2>&1 && ok || { bad "cmake --install"; cat install.log >&2; }
for f in share/man/man1/lwcx.1 share/bash-completion/completions/lwcx share/zsh/site-functions/_lwcx bin/lwcx \
         share/doc/lwcx/key-format.md share/doc/lwcx/stream-format.md; do
  [ -f "stage/$f" ] && ok || bad "not installed: $f"
done
if [ -f stage/bin/lwcx-mpi ]; then
  for f in share/man/man1/lwcx-mpi.1 share/bash-completion/completions/lwcx-mpi; do
    [ -f "stage/$f" ] && ok || bad "not installed with lwcx-mpi: $f"
  done
fi
# the man pages' FILES: every PREFIX/... path named is installed
for m in lwcx lwcx-mpi; do
  sed -n '/^\.SH FILES$/,/^\.SH /p' "$src/docs/$m.1" | sed -n 's/^\.I PREFIX\///p' > files.txt
  [ -s files.txt ] && ok || bad "$m.1: FILES names no installed file"
  while IFS= read -r f; do
    case $f in *lwcx-mpi) [ -f stage/bin/lwcx-mpi ] || continue ;; esac
    [ -f "stage/$f" ] && ok || bad "$m.1: FILES names $f, which is not installed"
  done < files.txt
  grep -q '^\.SH SEE ALSO$' "$src/docs/$m.1" && ok || bad "$m.1: no SEE ALSO"
done
grep -A3 '^\.SH SEE ALSO$' "$src/docs/lwcx.1" | grep -q 'lwcx\\-mpi (1)' && grep -A3 '^\.SH SEE ALSO$' "$src/docs/lwcx-mpi.1" | grep -q 'lwcx (1)' &&
  ok || bad "the man pages do not name each other in SEE ALSO"

# bash: complete "lwcx <words>" as a shell would; prints the candidates
complete_words() {
  COMP_WORDS=("$lwcx" "$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
  _lwcx; [ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
. "$dir/stage/share/bash-completion/completions/lwcx"
[ "$(complete_words ke)" = "key keygen keysearch " ] && ok || bad "commands: '$(complete_words ke)'"
[ "$(complete_words enc --key)" = "--key --key-env --key-fd --key-file " ] && ok || bad "enc options: '$(complete_words enc --key)'"
[ "$(complete_words hash --s)" = "--status --strict " ] && ok || bad "hash options: '$(complete_words hash --s)'"
[ "$(complete_words keysearch --fi)" = "--first " ] && ok || bad "keysearch options"
[ "$(complete_words hash --alg xo)" = "xoesch256 xoesch384 " ] && ok || bad "hash --alg: '$(complete_words hash --alg xo)'"
[ "$(complete_words keygen --alg pipo)" = "pipo128 pipo256 " ] && ok || bad "keygen --alg"
[ "$(complete_words list --ex)" = "--explain " ] && ok || bad "list options: '$(complete_words list --ex)'"
[ "$(complete_words list --explain gift)" = "gift128 gift64 " ] && ok || bad "list --explain: '$(complete_words list --explain gift)'"
touch afile.txt
[ "$(complete_words enc afi)" = "afile.txt " ] && ok || bad "file names: '$(complete_words enc afi)'"
# no option that no command has (the help footer's '--opt VALUE' once came out as --opt)
for c in list kat bench tune enc dec hash keysearch keygen sign verify; do
  opts=$(complete_words $c --)
  case " $opts " in *" --opt "*) bad "$c: --opt offered" ;; *) ok ;; esac
  # every option offered is one the command takes: --help lists it
  for o in $opts; do
    "$lwcx" $c --help | grep -q -- "$o" || bad "$c: $o offered, not in its --help"
  done
  # and every option of the --help is offered
  for o in $("$lwcx" $c --help | sed -n '/^options:/,$p' | grep '^  -' | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    case " $opts " in *" $o "*) ;; *) bad "$c: $o of its --help not offered" ;; esac
  done
done
[ "$(complete_words keygen --s)" = "" ] && [ "$(complete_words verify --s)" = "--sig " ] && ok || bad "keygen/verify: each its own options"
# --impl: the implementations of the command's primitive that can run here
avail() { "$lwcx" list --machine | awk -v p="$1" -F'[: ]' '$1 == p && $3 == "available" { print $2 }' | sort | tr '\n' ' '; }
[ "$(complete_words hash --impl '')" = "$(avail sparkle)" ] && ok || bad "hash --impl: '$(complete_words hash --impl '')', want '$(avail sparkle)'"
[ "$(complete_words sign --impl '')" = "$(avail aimer)" ] && ok || bad "sign --impl: '$(complete_words sign --impl '')'"
[ "$(complete_words keysearch --cipher gift64 --impl '')" = "$(avail gift64)" ] && ok || bad "keysearch --cipher gift64 --impl"
[ "$(complete_words enc --alg kcc24p6 --impl '')" = "$(avail kcc24p6)" ] && ok || bad "enc kcc24p6 --impl"
[ "$(complete_words kat aimer --impl '')" = "$(avail aimer)" ] && ok || bad "kat aimer --impl"
[ "$(complete_words bench --impl re)" = "ref " ] && ok || bad "bench --impl: implementations, not primitives: '$(complete_words bench --impl re)'"
[ "$(complete_words bench --impl ref,po)" = "ref,portable " ] && ok || bad "bench --impl A,B: '$(complete_words bench --impl ref,po)'"
# --device, and files where a file goes
[ "$(complete_words keysearch --device c)" = "cpu cuda " ] && ok || bad "--device: '$(complete_words keysearch --device c)'"
[ "$(complete_words keysearch --merge afi)" = "afile.txt " ] && ok || bad "--merge FILE: '$(complete_words keysearch --merge afi)'"
[ "$(complete_words keysearch --resume afi)" = "afile.txt " ] && ok || bad "--resume FILE"
[ "$(complete_words keysearch --checkpoint afi)" = "afile.txt " ] && ok || bad "--checkpoint FILE"
[ "$(complete_words sign --key afi)" = "afile.txt " ] && ok || bad "sign --key FILE"
[ "$(complete_words enc --key afi)" = "" ] && ok || bad "enc --key HEX: no file names"
[ "$(complete_words hash --alg=xoesch3)" = "--alg=xoesch384 " ] && ok || bad "--alg=VALUE in one word"
# lwcx-mpi: keysearch's options, less --part, --merge and --impl, with --root-threads
. "$dir/stage/share/bash-completion/completions/lwcx"
mpi_words() {
  COMP_WORDS=("$dir/stage/bin/lwcx-mpi" "$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
  _lwcx_mpi; [ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
[ "$(mpi_words --r)" = "--resume --root-threads " ] && [ "$(mpi_words --p)" = "--progress --pt --pt2 " ] &&
  [ "$(mpi_words --m)" = "--mask " ] && [ "$(mpi_words --im)" = "" ] && ok || bad "lwcx-mpi options: '$(mpi_words --r)' '$(mpi_words --p)'"
[ "$(mpi_words --cipher pipo)" = "pipo128 pipo256 " ] && ok || bad "lwcx-mpi --cipher"
complete -p lwcx-mpi 2>/dev/null | grep -q _lwcx_mpi && ok || bad "lwcx-mpi: no completion registered"

if command -v zsh > /dev/null; then
  zsh -n "$dir/stage/share/zsh/site-functions/_lwcx" && ok || bad "zsh completion does not parse"
  # run it with stand-ins for zsh's completion builtins, which print the candidates
  zcomplete() { # the words after "lwcx"
    zsh -f -c '
      compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else print -l -- "$@"; fi }
      _describe() { local c; for c in ${(P)2}; do print -r -- ${c%%:*}; done }
      _files() { print -l -- *(N) }
      words=("$@"); CURRENT=$#words; PREFIX=${words[CURRENT]}
      source "$0"' "$dir/stage/share/zsh/site-functions/_lwcx" "$lwcx" "$@" | grep -- "^${!#}" | sort | tr '\n' ' '
  }
  [ "$(zcomplete ke)" = "key keygen keysearch " ] && ok || bad "zsh: commands: '$(zcomplete ke)'"
  [ "$(zcomplete enc --key)" = "--key --key-env --key-fd --key-file " ] && ok || bad "zsh: enc options: '$(zcomplete enc --key)'"
  [ "$(zcomplete hash --alg xo)" = "xoesch256 xoesch384 " ] && ok || bad "zsh: hash --alg: '$(zcomplete hash --alg xo)'"
  [ "$(zcomplete list --explain gift)" = "gift128 gift64 " ] && ok || bad "zsh: list --explain: '$(zcomplete list --explain gift)'"
  [ "$(zcomplete hash --impl r)" = "ref " ] && ok || bad "zsh: hash --impl: '$(zcomplete hash --impl r)'"
  [ "$(zcomplete keysearch --merge afi)" = "afile.txt " ] && ok || bad "zsh: --merge FILE: '$(zcomplete keysearch --merge afi)'"
  [ "$(zcomplete keysearch --device op)" = "opencl " ] && ok || bad "zsh: --device: '$(zcomplete keysearch --device op)'"
  [ "$(zcomplete enc --op)" = "" ] && ok || bad "zsh: a bogus --opt"
  # lwcx-mpi through the same file (#compdef lwcx lwcx-mpi)
  head -1 "$dir/stage/share/zsh/site-functions/_lwcx" | grep -qx '#compdef lwcx lwcx-mpi' && ok || bad "zsh: #compdef line"
  zmpi() {
    zsh -f -c '
      compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else print -l -- "$@"; fi }
      _files() { print -l -- *(N) }
      words=("$@"); CURRENT=$#words; PREFIX=${words[CURRENT]}
      source "$0"' "$dir/stage/share/zsh/site-functions/_lwcx" "$dir/stage/bin/lwcx-mpi" "$@" | grep -- "^${!#}" | sort | tr '\n' ' '
  }
  [ "$(zmpi --ro)" = "--root-threads " ] && [ "$(zmpi --pa)" = "" ] && ok || bad "zsh: lwcx-mpi options: '$(zmpi --ro)' '$(zmpi --pa)'"
else
  echo "skipped: zsh is not installed here (the zsh completion is not checked)"
fi
if command -v groff > /dev/null; then
  out=$(groff -man -Tutf8 -ww "$src/docs/lwcx.1" 2>&1 > man.txt)
  [ -z "$out" ] && sed "s/.\x08//g" man.txt | grep -Eq "lwcx +keysearch" && ok || bad "man page: $out"
  out=$(groff -man -Tutf8 -ww "$src/docs/lwcx-mpi.1" 2>&1 > man.txt)
  [ -z "$out" ] && sed "s/.\x08//g" man.txt | grep -Eq "root-threads" && ok || bad "lwcx-mpi man page: $out"
else
  echo "skipped: groff is not installed here (the man page is not rendered)"
fi
finish
