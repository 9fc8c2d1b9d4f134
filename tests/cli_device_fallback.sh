#!/usr/bin/env bash
# No silent fallback, through the CLI: with a fake driver whose device fails
# every operation in its middle (LWCX_CUDA_DRIVER or LWCX_OPENCL_LOADER set
# by ctest), `lwcx keysearch --device IMPL` still finds the planted key and
# says which keys ran on the CPU and why, and `lwcx bench` labels the
# device rows IMPL+cpu, "on the CPU", with a line saying why, never as the
# device's.
#   cli_device_fallback.sh LWCX IMPL REASON
. "$(dirname "$0")/cli_common.sh"
impl=$2 reason=$3
dev=$impl
[ "$impl" = opencl ] && dev=opencl:0

pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
base=FFFFFFFFFFFFFFFEDCBA # index 0x12345 is the key FF..FF
want=ffffffffffffffffffff

err=$("$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12000 --count 4096 \
      --device $dev 2>&1 >/tmp/lwcx-fallback-$$.out)
rc=$?
out=$(cat /tmp/lwcx-fallback-$$.out)
rm -f /tmp/lwcx-fallback-$$.out
[ $rc -eq 0 ] && [ "$out" = "$want" ] && ok || bad "$impl failing: the planted key still found ($rc, $out)"
[[ $err == *"4096 of these keys ran on the CPU, not the $impl device: $reason"* ]] && ok ||
  bad "$impl failing: keysearch says the keys ran on the CPU and why ($err)"

export LWCX_BENCH_DEVICE_BYTES=131072
bench=$("$lwcx" bench --quick --impl "$impl" present80 2>&1)
[ $? -eq 0 ] && ok || bad "bench exits 0"
# (the bus row, cuda's pinned upload alone, runs no kernel: the device's own)
rows=$(grep -E "^present80 +[a-z_0-9A-Z]+ +$impl" <<<"$bench" | grep -vE "^present80 +h2d_[0-9A-Za-z]+_pinned ")
[ -n "$rows" ] && ok || bad "bench: the $impl rows are there"
if grep -qE "^present80 +[a-z_0-9A-Z]+ +$impl " <<<"$rows"; then
  bad "bench: a row labelled $impl though it ran on the CPU: $(grep -E " $impl " <<<"$rows" | head -1)"
else
  ok
fi
grep -qE "^present80 +ctr_128KiB +$impl\+cpu .* on the CPU \([0-9]+ calls; $reason" <<<"$rows" && ok ||
  bad "bench: the CTR row labelled $impl+cpu, on the CPU, saying why ($rows)"
grep -q "lwcx bench: present80 keysearch_device_4M: [0-9]* $impl calls ran on the CPU, not the device: $reason" <<<"$bench" && ok ||
  bad "bench: a line says the key search ran on the CPU and why"
finish
