# bash completion for lwcx. The options of each command are read from its
# --help (so they cannot drift from the tool); algorithm names are listed here.
_lwcx() {
    local cur prev words cword
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmds="list kat bench tune enc dec hash keysearch keygen sign verify"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$cmds --help --version" -- "$cur"))
        return
    fi
    local cmd=${COMP_WORDS[1]}
    case "$prev" in
    --alg)
        case "$cmd" in
        enc|dec) COMPREPLY=($(compgen -W "schwaemm128-128 schwaemm256-128 schwaemm192-192 schwaemm256-256 kcc24p6" -- "$cur")) ;;
        hash) COMPREPLY=($(compgen -W "esch256 esch384 xoesch256 xoesch384" -- "$cur")) ;;
        keygen) COMPREPLY=($(compgen -W "schwaemm128-128 schwaemm256-128 schwaemm192-192 schwaemm256-256 kcc24p6 present80 present128 gift64 gift128 pipo128 pipo256 aimer128f aimer128s aimer192f aimer192s aimer256f aimer256s" -- "$cur")) ;;
        esac
        return ;;
    --cipher)
        COMPREPLY=($(compgen -W "present80 present128 gift64 gift128 pipo128 pipo256" -- "$cur"))
        return ;;
    --explain)
        COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" list --machine 2>/dev/null | cut -d: -f1 | sort -u)" -- "$cur"))
        return ;;
    -o|--output|--key-file|--key|--pk|--sig|--json|--checkpoint|--out)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --pt|--ct|--pt2|--ct2|--key-base|--mask|--start|--count|--threads|--every|--length|--rounds)
        return ;;
    esac
    if [[ "$cur" == -* ]]; then
        local opts
        opts=$("${COMP_WORDS[0]}" "$cmd" --help 2>/dev/null | sed -n '/^options:/,$p' |
               grep -o -- '--[a-z][a-z0-9-]*' | sort -u)
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    case "$cmd" in
    kat|bench|tune) COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" list --machine 2>/dev/null | cut -d: -f1 | sort -u)" -- "$cur")) ;;
    list|keygen|keysearch) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -F _lwcx lwcx
