#!/usr/bin/env bash
# The bench's rows of a device implementation (issue 14): ECB and CTR host
# to host, beside it (cuda) the pinned host-to-device copies alone (issue
# 59), CTR and the packing alone resident in device memory, and the
# device key search (calls of 2^22 keys, and as many keys as the bulk rows
# have bytes: one call on one device, and a search on all), each named, with
# a rate and the device it ran on; at a size the test names
# (LWCX_BENCH_DEVICE_BYTES), not a GPU's 1 GiB.
#   bench_device_rows.sh LWCX CIPHER IMPL
set -u
lwcx=$1 cipher=$2 impl=$3
export LWCX_BENCH_DEVICE_BYTES=131072
out=$("$lwcx" bench --quick "$cipher" 2>&1) || { echo "$out"; echo "FAIL: bench exited $?"; exit 1; }
fail=0
ops="ecb_enc_128KiB ctr_128KiB ctr_128KiB_resident"
[[ $impl == cuda ]] && ops+=" h2d_128KiB_pinned"
for op in $ops pack_unpack_128KiB_resident keysearch_device_4M keysearch_device_128Ki keysearch_all_devices_128Ki; do
  row=$(grep -E "^$cipher +$op +$impl " <<<"$out")
  if [[ -z $row ]]; then
    echo "FAIL: no $op row for $impl"; fail=1
  elif ! grep -qE "/s.*\) on .+" <<<"$row"; then
    echo "FAIL: the $op row names no rate or device: $row"; fail=1
  else
    echo "ok: $row"
  fi
done
# a CPU implementation gets no bulk row
if grep -qE "_128KiB +(avx2|avx512|bitslice64|ref) " <<<"$out"; then echo "FAIL: bulk rows for a CPU implementation"; fail=1; fi
exit $fail
