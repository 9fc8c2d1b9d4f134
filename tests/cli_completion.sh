#!/usr/bin/env bash
# The man page and the shell completions (issue 16): cmake --install puts
# them in place; bash completion offers the commands, each command's options
# (read from its --help) and algorithm names; the zsh file parses; the man
# page renders without warnings. Arguments: the tool, the source dir, the
# build dir, cmake.
. "$(dirname "$0")/cli_common.sh"
src=$2 build=$3 cmake=${4:-cmake}
"$cmake" --install "$build" --prefix "$dir/stage" > install.log 2>&1 && ok || { bad "cmake --install"; cat install.log >&2; }
for f in share/man/man1/lwcx.1 share/bash-completion/completions/lwcx share/zsh/site-functions/_lwcx bin/lwcx; do
  [ -f "stage/$f" ] && ok || bad "not installed: $f"
done

# bash: complete "lwcx <words>" as a shell would; prints the candidates
complete_words() {
  COMP_WORDS=("$lwcx" "$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
  _lwcx; printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
. "$dir/stage/share/bash-completion/completions/lwcx"
[ "$(complete_words ke)" = "keygen keysearch " ] && ok || bad "commands: '$(complete_words ke)'"
[ "$(complete_words enc --key)" = "--key --key-env --key-fd --key-file " ] && ok || bad "enc options: '$(complete_words enc --key)'"
[ "$(complete_words hash --s)" = "--status --strict " ] && ok || bad "hash options: '$(complete_words hash --s)'"
[ "$(complete_words keysearch --fi)" = "--first " ] && ok || bad "keysearch options"
[ "$(complete_words hash --alg xo)" = "xoesch256 xoesch384 " ] && ok || bad "hash --alg: '$(complete_words hash --alg xo)'"
[ "$(complete_words keygen --alg pipo)" = "pipo128 pipo256 " ] && ok || bad "keygen --alg"
[ "$(complete_words list --ex)" = "--explain " ] && ok || bad "list options: '$(complete_words list --ex)'"
[ "$(complete_words list --explain gift)" = "gift128 gift64 " ] && ok || bad "list --explain: '$(complete_words list --explain gift)'"
touch afile.txt
[ "$(complete_words enc afi)" = "afile.txt " ] && ok || bad "file names: '$(complete_words enc afi)'"

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
  [ "$(zcomplete ke)" = "keygen keysearch " ] && ok || bad "zsh: commands: '$(zcomplete ke)'"
  [ "$(zcomplete enc --key)" = "--key --key-env --key-fd --key-file " ] && ok || bad "zsh: enc options: '$(zcomplete enc --key)'"
  [ "$(zcomplete hash --alg xo)" = "xoesch256 xoesch384 " ] && ok || bad "zsh: hash --alg: '$(zcomplete hash --alg xo)'"
  [ "$(zcomplete list --explain gift)" = "gift128 gift64 " ] && ok || bad "zsh: list --explain: '$(zcomplete list --explain gift)'"
else
  echo "skipped: zsh is not installed here (the zsh completion is not checked)"
fi
if command -v groff > /dev/null; then
  out=$(groff -man -Tutf8 -ww "$src/docs/lwcx.1" 2>&1 > man.txt)
  [ -z "$out" ] && sed "s/.\x08//g" man.txt | grep -Eq "lwcx +keysearch" && ok || bad "man page: $out"
else
  echo "skipped: groff is not installed here (the man page is not rendered)"
fi
finish
