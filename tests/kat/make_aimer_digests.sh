#!/bin/sh
# Writes aimer_kat_digests.txt: for every record of the six official AIMer v2.1
# KAT responses, SHA-256(pk || sk || sm) of the record's bytes. test_aimer
# rebuilds each record from the NIST DRBG (the messages and per-record seeds
# follow from entropy 0..47) and compares the digest, so the ~10 MB of .rsp
# files need not live in the tree. Run once from this directory:
#   sh make_aimer_digests.sh ../../../shared/kat/aimer-v2.1 > aimer_kat_digests.txt
set -eu
dir=${1:?usage: make_aimer_digests.sh DIR_WITH_RSP_GZ}
(cd "$dir" && for f in *.rsp.gz; do gzip -dc "$f" | sha256sum | sed "s/-\$/${f%.gz}/"; done) |
  diff - "$dir/SHA256SUMS" >&2 || { echo "the .rsp.gz files do not match SHA256SUMS" >&2; exit 1; }
echo "# AIMer v2.1 official KATs: set count sha256(pk || sk || sm); made by make_aimer_digests.sh"
for set in 128f 128s 192f 192s 256f 256s; do
  gzip -dc "$dir"/aimer${set}_PQCsignKAT_*.rsp.gz |
    awk -v set="aimer$set" '
      $1 == "count" { count = $3 }
      $1 == "pk" { pk = $3 }
      $1 == "sk" { sk = $3 }
      $1 == "sm" { print set, count, pk sk $3 }' |
    while read -r name count hex; do
      printf '%s %s %s\n' "$name" "$count" "$(printf %s "$hex" | xxd -r -p | sha256sum | cut -d' ' -f1)"
    done
done
