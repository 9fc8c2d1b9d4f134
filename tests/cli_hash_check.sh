#!/usr/bin/env bash
# lwcx hash --tag and --check (issue 16): both line styles, sha256sum's exit
# codes, --quiet and --status, names with newlines and backslashes escaped as
# coreutils does, the algorithm from the tag or the digest's length; --strict,
# --ignore-missing and malformed lists judged as sha256sum -c judges them
# (issue 54, the table at the end).
. "$(dirname "$0")/cli_common.sh"
printf 'abc' > a.txt; printf '' > empty.txt
printf 'x' > 'new
line.txt'; printf 'y' > 'back\slash.txt'

# escaping, in both styles, as sha256sum does it
out=$("$lwcx" hash 'new
line.txt' 'back\slash.txt' a.txt)
[ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] && printf '%s\n' "$out" | grep -q '^\\[0-9a-f]\{64\}  new\\nline.txt$' &&
  printf '%s\n' "$out" | grep -q '^\\[0-9a-f]\{64\}  back\\\\slash.txt$' && ok || bad "escaped names: $out"
if command -v sha256sum > /dev/null; then # the same escaping as coreutils (digest aside)
  [ "$(sha256sum 'new
line.txt' 'back\slash.txt' a.txt | sed 's/[0-9a-f]\{64\}/D/')" = "$(printf '%s\n' "$out" | sed 's/[0-9a-f]\{64\}/D/')" ] &&
    ok || bad "escaping differs from sha256sum's"
fi
"$lwcx" hash --tag a.txt | grep -q '^ESCH256 (a.txt) = [0-9a-f]\{64\}$' && ok || bad "--tag"
"$lwcx" hash --tag 'new
line.txt' | grep -q '^\\ESCH256 (new\\nline.txt) = ' && ok || bad "--tag escaped"
"$lwcx" hash --length 7 --alg xoesch256 a.txt 2>/dev/null | grep -q '^[0-9a-f]\{14\}  a.txt$' && ok || bad "--length in bytes"
"$lwcx" hash --help | grep -q -- "--length BYTES" && ok || bad "--help: --length's unit"
"$lwcx" hash --alg xoesch256 --length 300 a.txt 2> err.txt; [ $? -eq 2 ] && grep -q "1 .. 256 bytes" err.txt && ok || bad "--length range"

# --check: everything good
"$lwcx" hash a.txt empty.txt 'new
line.txt' 'back\slash.txt' > sums.txt
"$lwcx" hash --tag --alg esch384 a.txt 'new
line.txt' > tags.txt
"$lwcx" hash --alg esch384 a.txt > s384.txt
"$lwcx" hash --alg xoesch384 --length 20 a.txt > xo.txt
out=$("$lwcx" hash -c sums.txt 2> err.txt); rc=$?
[ $rc -eq 0 ] && [ ! -s err.txt ] && [ "$out" = 'a.txt: OK
empty.txt: OK
\new\nline.txt: OK
\back\\slash.txt: OK' ] && ok || bad "check good: rc $rc: $out"
"$lwcx" hash --check tags.txt > out.txt && [ "$(grep -c ': OK$' out.txt)" -eq 2 ] && ok || bad "check BSD tags"
"$lwcx" hash --check s384.txt > /dev/null && ok || bad "check: esch384 from the digest length"
"$lwcx" hash --check --alg xoesch384 xo.txt > /dev/null && ok || bad "check: xoesch with --alg"
"$lwcx" hash --check xo.txt > /dev/null 2> err.txt; [ $? -eq 1 ] && grep -q "no properly formatted" err.txt && ok || bad "xoesch without --alg"
"$lwcx" hash -c - < sums.txt > /dev/null && ok || bad "check from stdin"

# a changed file, a missing file, a malformed line: sha256sum's exit codes and words
printf 'abd' > a.txt
out=$("$lwcx" hash -c sums.txt 2> err.txt); rc=$?
[ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^a.txt: FAILED$' && grep -q "WARNING: 1 computed digest did NOT match" err.txt &&
  ok || bad "mismatch: rc $rc: $out / $(cat err.txt)"
out=$("$lwcx" hash -c --quiet sums.txt 2> /dev/null); rc=$?
[ $rc -eq 1 ] && [ "$out" = "a.txt: FAILED" ] && ok || bad "--quiet: rc $rc: $out"
out=$("$lwcx" hash -c --status sums.txt 2>&1); rc=$?
[ $rc -eq 1 ] && [ -z "$out" ] && ok || bad "--status: rc $rc: $out"
printf 'abc' > a.txt
out=$("$lwcx" hash -c --quiet sums.txt); rc=$?
[ $rc -eq 0 ] && [ -z "$out" ] && ok || bad "--quiet when all good: $out"
rm empty.txt
out=$("$lwcx" hash -c sums.txt 2> err.txt); rc=$?
[ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^empty.txt: FAILED open or read$' && grep -q "empty.txt: No such file" err.txt &&
  grep -q "WARNING: 1 listed file could not be read" err.txt && ok || bad "missing file: rc $rc"
printf '' > empty.txt
{ cat sums.txt; echo "not a digest line"; } > mixed.txt
"$lwcx" hash -c mixed.txt > /dev/null 2> err.txt; rc=$?
[ $rc -eq 0 ] && grep -q "line 5: not a digest line" err.txt && grep -q "WARNING: 1 line is improperly formatted" err.txt && ok ||
  bad "malformed line among good ones: rc $rc: $(cat err.txt)"
echo "junk" > junk.txt
"$lwcx" hash -c junk.txt > /dev/null 2> err.txt; [ $? -eq 1 ] && grep -q "no properly formatted" err.txt && ok || bad "only junk"
"$lwcx" hash -c nolist.txt 2> err.txt; [ $? -eq 1 ] && grep -q "^lwcx hash: nolist.txt: No such file" err.txt && ok || bad "no list"
"$lwcx" hash -c --tag sums.txt > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--check --tag refused"
"$lwcx" hash --quiet a.txt > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--quiet without --check refused"
# a digest edited in the list
sed '1s/^0/X/;1s/^[1-9a-f]/0/;1s/^X/1/' sums.txt > ed.txt
cmp -s ed.txt sums.txt && bad "edit did nothing" || { "$lwcx" hash -c ed.txt > /dev/null 2>&1; [ $? -eq 1 ] && ok || bad "edited digest"; }
# --strict and --ignore-missing, and refused without --check
printf 'abc' > a.txt
"$lwcx" hash a.txt > one.txt
{ cat one.txt; echo junk; } > strict.txt
"$lwcx" hash -c strict.txt > /dev/null 2>&1 && ok || bad "a bad line without --strict: exit 0"
"$lwcx" hash -c --strict strict.txt > /dev/null 2>&1; [ $? -eq 1 ] && ok || bad "--strict: a bad line exits 1"
"$lwcx" hash -c --strict one.txt > /dev/null 2>&1 && ok || bad "--strict, all good: exit 0"
{ cat one.txt; sed 's/a.txt$/gone.txt/' one.txt; } > somegone.txt
out=$("$lwcx" hash -c --ignore-missing somegone.txt 2> err.txt); rc=$?
[ $rc -eq 0 ] && [ "$out" = "a.txt: OK" ] && [ ! -s err.txt ] && ok || bad "--ignore-missing: rc $rc: $out $(cat err.txt)"
sed 's/a.txt$/gone.txt/' one.txt > allgone.txt
"$lwcx" hash -c --ignore-missing allgone.txt > /dev/null 2> err.txt; rc=$?
[ $rc -eq 1 ] && grep -q "allgone.txt: no file was verified" err.txt && ok || bad "--ignore-missing, nothing verified: rc $rc"
"$lwcx" hash --strict a.txt > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--strict without --check refused"
"$lwcx" hash --ignore-missing a.txt > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--ignore-missing without --check refused"

# Malformed lists (issue 54): each line shape is checked by sha256sum -c
# (on sha256 digests) and lwcx hash --check (on its own digests of the same
# files); the exit status, the files reported OK / FAILED / FAILED open or
# read, the count of improperly formatted lines and the list-level errors
# must be the same. Rows: name|options|list|second list; a list is a printf
# format where @a@ is the digest of a.txt (b, c likewise; k: back\slash.txt,
# n: the name with a newline), @xa@ a wrong one, @a+@ / @a-@ one digit more
# / fewer, @A@ in capitals, @T@ the tag (@t@ in lower case), @L@ a 5000-byte
# name, @P@ a 12000-byte path; @DIR@ a directory as the list, @NONE@ none.
# A NUL is \0000 (printf's \0 takes up to three octal digits after it).
mkdir table && cd table || exit 1
printf 'abc' > a.txt; printf 'xyz' > b.txt; printf 'q' > c.txt; printf 'k' > 'back\slash.txt'
printf 'n' > 'new
line.txt'; mkdir adir listdir; printf 'u' > noread.txt; chmod 000 noread.txt
L=$(printf 'x%.0s' $(seq 5000)); P=$(printf './%.0s' $(seq 6000))
cases=$(cat <<'ROWS'
good||@a@  a.txt\n@b@  b.txt\n|
NUL inside the name (then a bad digest)||@a@  a.txt\n@b@  b\0000x.txt\n@xc@  c.txt\n|
NUL after the name||@a@  a.txt\n@b@  b.txt\0000junk\n@xc@  c.txt\n|
NUL first||@a@  a.txt\n\0000@b@  b.txt\n@xc@  c.txt\n|
NUL in the digest||@a@  a.txt\n@b-@\0000  b.txt\n@xc@  c.txt\n|
NUL after a CR||@a@  a.txt\r\0000\n@b@  b.txt\n|
NUL before the CR||@a@  a.txt\0000\r\n@b@  b.txt\n|
CRLF||@a@  a.txt\r\n@xb@  b.txt\r\n@c@  c.txt\r\n|
CR CR LF||@a@  a.txt\r\r\n@b@  b.txt\n|
CR without a newline||@a@  a.txt\n@b@  b.txt\r|
no final newline||@a@  a.txt\n@xb@  b.txt|
empty lines||\n@a@  a.txt\n\n\n@b@  b.txt\n\n|
only empty lines||\n\n|
empty list|||
a line of blanks||   \n@a@  a.txt\n|
comments||#@a@  a.txt\n@b@  b.txt\n  #x\n|
no separator||@a@a.txt\n@b@  b.txt\n|
one blank first (BSD reversed)||@a@ a.txt\n@b@  b.txt\n|
one blank later||@a@  a.txt\n@b@ b.txt\n|
a tab||@a@\ta.txt\n@b@\tb.txt\n|
blank and tab||@a@ \ta.txt\n|
binary mark||@a@ *a.txt\n@b@ *b.txt\n|
three blanks||@a@   a.txt\n|
a blank after the name||@a@  a.txt \n@b@  b.txt\n|
nothing after two blanks||@a@  \n@b@  b.txt\n|
a lone binary mark||@a@ *\n|
leading blanks||  \t@a@  a.txt\n|
leading vertical tab||\v@a@  a.txt\n@b@  b.txt\n|
escaped names||\\@k@  back\\\\slash.txt\n\\@n@  new\\nline.txt\n|
escaped, nothing to unescape||\\@a@  a.txt\n|
backslash unescaped||@k@  back\\slash.txt\n|
unknown escape||\\@a@  a\\qb.txt\n@b@  b.txt\n|
backslash at the end||\\@a@  a.txt\\\n@b@  b.txt\n|
a blank before the backslash|| \\@k@  back\\\\slash.txt\n|
a blank after the backslash||\\ @a@  a.txt\n@b@  b.txt\n|
escaped CR (no such file)||\\@a@  a\\rb.txt\n|
unknown escape in a reversed line, then||\\@a@ a\\qb.txt\n@a@  a.txt\n|
digest one digit long||@a+@  a.txt\n@b@  b.txt\n|
digest one digit short||@a-@  a.txt\n@b@  b.txt\n|
short digest in a reversed line, then||@a-@ a.txt\n@a@  a.txt\n|
digest in capitals||@A@  a.txt\n|
not a digest line||not a digest line\n@b@  b.txt\n|
only junk||junk\n|
missing file||@a@  a.txt\n@b@  nofile.txt\n|
a directory listed||@a@  adir\n@b@  b.txt\n|
not a directory||@a@  a.txt/x\n|
unreadable file||@a@  noread.txt\n@b@  b.txt\n|
digest differs||@xa@  a.txt\n@b@  b.txt\n|
name too long||@a@  @L@\n@b@  b.txt\n|
line too long||@a@  @P@a.txt\n@xb@  b.txt\n|
long comment||#@L@@L@\n@xb@  b.txt\n|
long junk||@L@@L@\n@a@  a.txt\n|
tagged||@T@ (a.txt) = @a@\n@T@ (b.txt) = @xb@\n|
tag without blanks||@T@(a.txt)=@a@\n|
tag with tabs||@T@ (a.txt)\t=\t@a@\n|
tag, two blanks||@T@  (a.txt) = @a@\n@b@  b.txt\n|
tag, tab before (||@T@\t(a.txt) = @a@\n@b@  b.txt\n|
tag in lower case||@t@ (a.txt) = @a@\n@b@  b.txt\n|
tag, blank at the end||@T@ (a.txt) = @a@ \n@b@  b.txt\n|
tag, ) = in the name||@T@ (a) = b.txt) = @a@\n|
tag, empty name||@T@ () = @a@\n@b@  b.txt\n|
tag, escaped||\\@T@ (back\\\\slash.txt) = @k@\n|
tag, leading blank||  @T@ (a.txt) = @a@\n|
tag, long digest||@T@ (a.txt) = @a@00\n@b@  b.txt\n|
tag then one blank||@T@ (a.txt) = @a@\n@b@ b.txt\n|
list is a directory||@DIR@|
no list||@NONE@|
--ignore-missing|--ignore-missing|@a@  a.txt\n@b@  nofile.txt\n|
--ignore-missing, nothing there|--ignore-missing|@a@  nofile.txt\n|
--ignore-missing, a mismatch only|--ignore-missing|@xa@  a.txt\n@b@  nofile.txt\n|
--ignore-missing, not a directory|--ignore-missing|@a@  a.txt/x\n@b@  b.txt\n|
--ignore-missing, a directory|--ignore-missing|@a@  adir\n|
--ignore-missing, junk|--ignore-missing|junk\n@a@  nofile.txt\n|
--ignore-missing, two lists|--ignore-missing|@a@  a.txt\n|@b@  nofile.txt\n
--strict|--strict|@a@  a.txt\njunk\n|
--strict, all good|--strict|@a@  a.txt\n\n#c\n|
--strict, a NUL|--strict|@a@  a.txt\n\0000@b@  b.txt\n|
--strict, only junk|--strict|junk\n|
--quiet|--quiet|@a@  a.txt\n@xb@  b.txt\njunk\n|
--status|--status|@a@  a.txt\n@xb@  b.txt\n|
--status, junk only|--status|junk\n|
two lists, reversed in the first||@a@ a.txt\n|@b@  b.txt\n
two lists, each its summary||@a@  a.txt\njunk\n|@a@  a.txt\nyy\n@xb@  b.txt\n
ROWS
)
# the digest of file $2 by tool $1 (sha or lwcx)
digest() {
  if [ "$1" = sha ]; then sha256sum < "$2"; else "$lwcx" hash < "$2"; fi | cut -c1-64
}
# writes list $2 of tool $1 from the format $3
mklist() {
  local d=$1 f=$3 s
  case $f in @DIR@|@NONE@) return ;; esac
  s=$(for n in a b c; do
        h=$(digest "$d" $n.txt)
        printf 's|@%s@|%s|g\ns|@x%s@|%s|g\ns|@%s+@|%s0|g\ns|@%s-@|%s|g\n' $n "$h" $n \
          "$(printf %s "$h" | sed 's/^0/1/;t;s/^./0/')" $n "$h" $n "${h%?}"
      done
      printf 's|@A@|%s|g\n' "$(digest "$d" a.txt | tr a-f A-F)"
      printf 's|@k@|%s|g\n' "$(digest "$d" 'back\slash.txt')"
      printf 's|@n@|%s|g\n' "$(digest "$d" 'new
line.txt')"
      if [ "$d" = sha ]; then echo 's|@T@|SHA256|g;s|@t@|sha256|g'; else echo 's|@T@|ESCH256|g;s|@t@|esch256|g'; fi
      printf 's|@L@|%s|g\ns|@P@|%s|g\n' "$L" "$P")
  # shellcheck disable=SC2059 # the row is the format
  printf "$(printf '%s' "$f" | sed "$s")" > "$2"
}
# The verdicts of a check, made comparable: the exit status, the stdout
# lines with names unescaped (lwcx escapes a backslash or CR in a name,
# sha256sum only a newline), the improperly formatted counts, list errors.
verdicts() {
  local d=$1 opts=$2 rc; shift 2
  if [ "$d" = sha ]; then sha256sum -c $opts "$@"; else "$lwcx" hash -c $opts "$@"; fi > out.txt 2> err.txt
  rc=$?
  echo "exit $rc"
  sed -e '/^\\/{s/^\\//;s/\\\\/@BS@/g;s/\\n/@NL@/g;s/\\r/@CR@/g;s/@BS@/\\/g;}' -e 's/\r/@CR@/g' out.txt
  grep -o 'WARNING: [0-9]* lines\{0,1\} [a-z]* improperly' err.txt | sed 's/WARNING: \([0-9]*\).*/improper: \1/'
  grep -q 'no properly formatted' err.txt && echo "no properly formatted lines"
  grep -q 'no file was verified' err.txt && echo "no file verified"
  return 0
}
have_sha=1
command -v sha256sum > /dev/null || { have_sha=0; echo "skipped: sha256sum not found: the lists are not compared with sha256sum -c"; }
[ -r noread.txt ] && echo "note: noread.txt stays readable (root?): 'unreadable file' compares a readable file"
while IFS='|' read -r name opts l1 l2; do
  lists=l1.txt; [ -n "$l2" ] && lists="l1.txt l2.txt"
  [ "$l1" = @DIR@ ] && lists=listdir
  [ "$l1" = @NONE@ ] && lists=nolist.txt
  mklist lwcx l1.txt "$l1"; [ -n "$l2" ] && mklist lwcx l2.txt "$l2"
  # shellcheck disable=SC2086
  mine=$(verdicts lwcx "$opts" $lists)
  case $mine in "exit 0"*|"exit 1"*) ok ;; *) bad "$name: lwcx: $(head -1 <<< "$mine")" ;; esac
  [ $have_sha -eq 1 ] || continue
  mklist sha l1.txt "$l1"; [ -n "$l2" ] && mklist sha l2.txt "$l2"
  # shellcheck disable=SC2086
  theirs=$(verdicts sha "$opts" $lists)
  [ "$mine" = "$theirs" ] && ok || bad "$name: lwcx hash --check and sha256sum -c differ:
--- lwcx
$mine
--- sha256sum
$theirs"
done <<< "$cases"
chmod 600 noread.txt
cd ..
finish
