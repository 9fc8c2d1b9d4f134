#!/usr/bin/env bash
# lwcx keysearch --device opencl[:N] on the OpenCL device (PoCL in CI): a
# planted PRESENT-80 key is found (exit 0), a range without it finds nothing
# (exit 1), a search stopped by its checkpoint resumes to the key; with no
# ICD loader or no platform, --device opencl exits 2 saying why; a bad
# device number exits 2; two devices share a search.
. "$(dirname "$0")/cli_common.sh"
dev=${LWCX_OPENCL_DEVICE:-0}

pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
base=FFFFFFFFFFFFFFFEDCBA # index 0x12345 is the key FF..FF
want=ffffffffffffffffffff

out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12000 --count 4096 \
      --device opencl:$dev 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "opencl: planted key found"
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12346 --count 3000 \
      --device opencl:$dev 2>/dev/null)
[ $? -eq 1 ] && [ -z "$out" ] && ok || bad "opencl: range without the key: exit 1"
# two devices (PoCL makes two when asked), small chunks: the key, once
out=$(POCL_DEVICES="pthread pthread" "$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x10000 \
      --count 0x8000 --chunk 2048 --device opencl:0,1 2>"$dir/err")
rc=$?
if [ $rc -eq 2 ] && grep -q "no device 1" "$dir/err"; then
  echo "skipped: two OpenCL devices (only one here)"
else
  [ $rc -eq 0 ] && [ "$out" = "$want" ] && ok || bad "opencl:0,1: planted key found once ($out)"
fi
# checkpoint and resume: a first run over part of the range, then --resume
ck=$dir/ks.ckpt
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0 --count 0x20000 \
      --device opencl:$dev --checkpoint "$ck" 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && [ -s "$ck" ] && ok || bad "opencl: search with a checkpoint"
out=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0 --count 0x20000 \
      --device opencl:$dev --checkpoint "$ck" --resume 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "opencl: resumed search reports the key ($out)"
err=$(LWCX_OPENCL_LOADER=/nonexistent/libOpenCL.so.1 "$lwcx" keysearch --cipher present80 $pairs \
      --key-base $base --count 10 --device opencl 2>&1 >/dev/null)
[ $? -eq 2 ] && [[ $err == *"no libOpenCL.so.1"* ]] && ok || bad "no loader: --device opencl exits 2 saying why ($err)"
err=$(OCL_ICD_VENDORS=$dir/none "$lwcx" keysearch --cipher present80 $pairs \
      --key-base $base --count 10 --device opencl:$dev 2>&1 >/dev/null)
[ $? -eq 2 ] && [[ $err == *"no OpenCL platform"* ]] && ok || bad "no ICD: --device opencl exits 2 saying why ($err)"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 10 --device opencl:999 > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--device opencl:999: exit 2"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 10 --device opencl:x > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--device opencl:x: exit 2"
finish
