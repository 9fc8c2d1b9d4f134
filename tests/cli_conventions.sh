#!/usr/bin/env bash
# The conventions every lwcx command keeps (issue 16): --help/-h on stdout
# with exit 0, -V/--version, --opt=value and --, errors as
# "lwcx CMD: WHAT: reason" on stderr, exit 1 when stdout cannot be written
# (keysearch 3, sign 2); every command's exit statuses in its --help and the
# man page (issue 54); and the README's command summary is exactly what
# --help prints.
# Arguments: the tool, the README, the cluster key-search guide (its Slurm
# recipe; the README when not given).
. "$(dirname "$0")/cli_common.sh"
readme=$2
slurm_doc=${3:-$readme}
cmds="list kat bench tune enc dec hash keysearch keygen sign verify key"

# --help and -h: the command's usage on stdout, nothing on stderr, exit 0
for c in $cmds; do
  for h in --help -h; do
    out=$("$lwcx" $c $h 2>err.txt); rc=$?
    [ $rc -eq 0 ] && [ ! -s err.txt ] && [ "${out%%$'\n'*}" != "" ] &&
      printf '%s\n' "$out" | head -1 | grep -q "^usage: lwcx $c " && ok || bad "$c $h: rc $rc, '$(head -1 <<< "$out")'"
  done
  # -V
  [ "$("$lwcx" $c -V)" = "$("$lwcx" --version)" ] && ok || bad "$c -V"
  # an unknown option: named, on stderr, exit 2
  "$lwcx" $c --frob > out.txt 2> err.txt; rc=$?
  [ $rc -eq 2 ] && [ ! -s out.txt ] && grep -q "^lwcx $c: --frob: unknown option" err.txt && ok ||
    bad "$c --frob: rc $rc: $(cat err.txt)"
  "$lwcx" $c --frob=3 > /dev/null 2> err.txt
  grep -q "^lwcx $c: --frob: unknown option" err.txt && ok || bad "$c --frob=3: $(cat err.txt)"
done
[ "$("$lwcx" -V)" = "$("$lwcx" --version)" ] && ok || bad "lwcx -V"

# exit statuses: an "exit status:" section in every command's --help, before
# "options:" (the completions read everything after that), giving 0, 1 and 2
# (keysearch also 3 and 130, the others what a signal gives); and an entry
# for every command in the man page's EXIT STATUS
man=$(dirname "$readme")/docs/lwcx.1
for c in $cmds; do
  "$lwcx" $c --help | sed -n '/^exit status:$/,/^options:$/p' > ex.txt
  for code in 0 1 2 $([ $c = keysearch ] && echo 3 130 || echo 128+N); do
    grep -q "^  $code " ex.txt || { bad "'lwcx $c --help': no exit status $code before options:"; continue 2; }
  done
  ok
done
if sed -n '/^\.SH EXIT STATUS$/,/^\.SH /p' "$man" | awk '/^\.TP/ { getline; print }' | tr -d '",' > ex.txt && [ -s ex.txt ]; then
  for c in $cmds; do grep -qw -- "$c" ex.txt && ok || bad "man page: no $c in EXIT STATUS"; done
  sed -n '/^\.SH EXIT STATUS$/,/^\.SH /p' "$man" | grep -q '128+N' && ok || bad "man page: EXIT STATUS says nothing of signals"
else
  bad "man page: no EXIT STATUS section in $man"
fi
"$lwcx" hash --alg esch384 --help | head -1 | grep -q "^usage: lwcx hash" && ok || bad "--help after another option"
"$lwcx" --help | grep -q "^  keygen " && ok || bad "lwcx --help lists the commands"
"$lwcx" nonesuch > /dev/null 2> err.txt; [ $? -eq 2 ] && grep -q "^lwcx: nonesuch: unknown command" err.txt && ok || bad "unknown command"

# --opt=value and --
printf 'abc' > abc.txt
a=$("$lwcx" hash --alg esch384 abc.txt); b=$("$lwcx" hash --alg=esch384 abc.txt)
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "--alg=VALUE"
cp abc.txt ./-dash.txt
"$lwcx" hash -- -dash.txt | grep -q '  -dash.txt$' && ok || bad "-- ends the options"
"$lwcx" keygen --alg=schwaemm128-128 --output=k.key && [ -s k.key ] && ok || bad "--output=FILE"
"$lwcx" enc --key-file=k.key -o=x abc.txt 2>/dev/null; [ -s =x ] && ok || bad "-oVALUE (here '=x')"
"$lwcx" enc --key-file k.key -ox.enc abc.txt && "$lwcx" dec --key-file=k.key x.enc | cmp -s - abc.txt && ok || bad "-oFILE"

# errors: "lwcx CMD: the user's path: reason", never a temporary name
"$lwcx" hash nofile.txt 2> err.txt; [ "$(cat err.txt)" = "lwcx hash: nofile.txt: No such file or directory" ] && ok ||
  bad "hash missing file: $(cat err.txt)"
"$lwcx" enc --key-file k.key -o out.enc nofile.txt 2> err.txt
[ "$(cat err.txt)" = "lwcx enc: nofile.txt: No such file or directory" ] && ok || bad "enc missing file: $(cat err.txt)"
"$lwcx" enc --key-file nokey.key -o out.enc abc.txt 2> err.txt
grep -q "^lwcx enc: nokey.key: No such file" err.txt && ok || bad "enc missing key: $(cat err.txt)"
"$lwcx" enc --key-file k.key -o nodir/x.enc abc.txt 2> err.txt
grep -q "^lwcx enc: nodir/x.enc: " err.txt && ! grep -q tmp err.txt && ok || bad "enc into a missing dir: $(cat err.txt)"
"$lwcx" kat nonesuch 2> err.txt; grep -q "^lwcx kat: nonesuch: unknown primitive" err.txt && ok || bad "kat: $(cat err.txt)"
"$lwcx" list extra 2> err.txt; [ $? -eq 2 ] && grep -q "^lwcx list: extra: unexpected argument" err.txt && ok || bad "list extra"
"$lwcx" hash --length 5 abc.txt 2> err.txt; grep -q "^lwcx hash: --length: " err.txt && ok || bad "hash --length: $(cat err.txt)"

# standard output that cannot be written: exit 1 and a message, for every command that writes there
if [ -w /dev/full ]; then
  "$lwcx" enc --key-file k.key -o abc.enc abc.txt
  "$lwcx" hash abc.txt > sums.txt
  printf 'x' > m.txt
  "$lwcx" keygen --alg aimer128f -o kp && "$lwcx" sign --key kp.sk -o m.sig m.txt
  while IFS= read -r args; do
    "$lwcx" $args > /dev/full 2> err.txt; rc=$?
    case ${args%% *} in keysearch) want=3 ;; sign) want=2 ;; *) want=1 ;; esac # as --help says
    [ $rc -eq $want ] && grep -q "standard output: write error" err.txt && ok ||
      bad "'$args > /dev/full': rc $rc: $(cat err.txt)"
  done <<EOF
hash abc.txt
hash --tag abc.txt
hash -c sums.txt
list
list --machine
kat kcc24p6
--version
--help
enc --help
keygen --alg schwaemm256-128
dec --key-file k.key abc.enc
enc --key-file k.key -o - abc.txt
sign --key kp.sk -o - m.txt
verify --pk kp.pk --sig m.sig m.txt
key export --format hex kp.pk
key info kp.pk
keysearch --cipher present80 --pt 0000000000000000 --ct E72C46C0F5945049 --key-base FFFFFFFFFFFFFFFEDCBA --count 0x12346 --threads 1
EOF
else
  echo "skipped: /dev/full is not writable here"
fi

# The README's command summary: the same synopses as lwcx --help, which are
# the ones each command's --help prints (continuation lines joined, comments
# and repeated spaces dropped).
norm() { # reads synopsis text, prints one normalized synopsis per line
  sed -e 's/#.*//' -e 's/^usage://' | awk '
    /^[ \t]*lwcx / { if (cur != "") print cur; cur = $0; next }
    /^[ \t]*$/ { if (cur != "") print cur; cur = ""; next }
    { cur = cur " " $0 }
    END { if (cur != "") print cur }' | tr -s ' \t' ' ' | sed -e 's/^ //' -e 's/ $//'
}
sed -n '/^## Using the tool/,/^```$/p' "$readme" | sed -n '/^```sh$/,/^```$/p' | grep -v '^```' | norm | sort > readme.txt
"$lwcx" --help | sed -n '/^synopses:/,/^$/p' | tail -n +2 | norm | sort > help.txt
for c in $cmds; do "$lwcx" $c --help | sed -n '1,/^$/p' | norm; done | sort > cmds.txt
[ -s readme.txt ] && diff readme.txt help.txt > diff.txt && ok || { bad "README and lwcx --help differ:"; cat diff.txt >&2; }
grep -v -- '--help | --version' help.txt | diff - cmds.txt > diff.txt && ok || { bad "lwcx --help and the commands' --help differ:"; cat diff.txt >&2; }
[ "$(wc -l < cmds.txt)" -ge 10 ] && ok || bad "too few synopses found"
# The Slurm recipe (issue 58; docs/guides/key-search-cluster.md): from Slurm
# 22.05 srun does not take --cpus-per-task from sbatch, so each srun of a
# script asking for CPUs per task gets them (SRUN_CPUS_PER_TASK or its own
# --cpus-per-task), names its --mpi, and the page gives Slurm's documentation
# as the source.
awk '/^#SBATCH/ { on = 1 } on { print } /^```$/ { on = 0 }' "$slurm_doc" > sbatch.txt
if [ -s sbatch.txt ] && grep -q -- '--cpus-per-task' sbatch.txt; then
  grep '^ *srun ' sbatch.txt > srun.txt
  [ -s srun.txt ] && ok || bad "$slurm_doc: no srun in the sbatch script"
  while IFS= read -r line; do
    { grep -q '^export SRUN_CPUS_PER_TASK=' sbatch.txt || grep -q -- '--cpus-per-task' <<< "$line"; } &&
      grep -q -- '--mpi=' <<< "$line" && ok || bad "$slurm_doc sbatch: '$line' gets no CPUs per task or no --mpi"
  done < srun.txt
else
  bad "$slurm_doc: no sbatch script asking for --cpus-per-task"
fi
grep -q 'https://slurm.schedmd.com/sbatch.html' "$slurm_doc" && grep -q 'https://slurm.schedmd.com/mpi_guide.html' "$slurm_doc" &&
  ok || bad "$slurm_doc: the Slurm recipe names no source in Slurm's documentation"
# every option the man page documents exists, and the reverse, per command
if [ ! -f "$man" ]; then bad "no man page $man"; else
  for c in $cmds; do
    "$lwcx" $c --help | sed -n '/^options:/,$p' | grep '^  -' | grep -o -- '--[a-z][a-z0-9-]*' |
      grep -v -x -e --help -e --version | sort -u > h.txt
    sed -n "/^\\.SS $c\$/,/^\\.S[SH] /p" "$man" | sed 's/\\-/-/g' | grep -o -- '--[a-z][a-z0-9-]*' | sort -u > m.txt
    diff h.txt m.txt > diff.txt && ok || { bad "man page and 'lwcx $c --help' options differ:"; cat diff.txt >&2; }
  done
fi
finish
