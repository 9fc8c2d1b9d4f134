# bash completion for lwcx and lwcx-mpi. The candidates come from the tool
# itself (lwcx --complete WORD...: its commands' option tables, the
# algorithms, the implementations that can run here, the devices); a line
# "@files" asks for file names as well.
_lwcx_offer() { # the tool, then the words to pass to --complete
    local tool=$1 c files=0
    shift
    local cur=${COMP_WORDS[COMP_CWORD]}
    COMPREPLY=()
    while IFS= read -r c; do
        if [ "$c" = "@files" ]; then files=1; else COMPREPLY+=("$c"); fi
    done < <("$tool" --complete "$@" 2>/dev/null)
    if [ $files = 1 ]; then
        [ "$cur" = "=" ] && cur=
        local IFS=$'\n'
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
}
_lwcx() {
    _lwcx_offer "${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:COMP_CWORD}"
}
# lwcx-mpi takes keysearch's options: lwcx (installed beside it) answers
_lwcx_mpi() {
    local bin dir
    bin=$(command -v -- "${COMP_WORDS[0]}" 2>/dev/null || printf '%s' "${COMP_WORDS[0]}")
    dir=$(dirname -- "$bin")
    local lwcx=lwcx
    [ -x "$dir/lwcx" ] && lwcx=$dir/lwcx
    _lwcx_offer "$lwcx" --mpi "${COMP_WORDS[@]:1:COMP_CWORD}"
}
complete -o filenames -F _lwcx lwcx
complete -o filenames -F _lwcx_mpi lwcx-mpi
