#!/usr/bin/env bash
# lwcx keysearch --device: on the GPU through the host launcher
# (LWCX_CUDA_EMULATE), a planted PRESENT-80 key is found (exit 0) and a range
# without it finds nothing (exit 1); with no driver, --device cuda exits 2
# saying why, and the default falls back to the CPU; a bad device exits 2;
# two emulated GPUs with small chunks find the key, as do two of three
# named (--device cuda:0,2); a device that is missing exits 2 saying so.
. "$(dirname "$0")/cli_common.sh"

pairs="--pt 0000000000000000 --ct E72C46C0F5945049 --pt2 FFFFFFFFFFFFFFFF --ct2 3333DCD3213210D2"
base=FFFFFFFFFFFFFFFEDCBA # index 0x12345 is the key FF..FF
want=ffffffffffffffffffff

out=$(LWCX_CUDA_EMULATE=1 "$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12000 \
      --count 4096 --device cuda 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "cuda (emulated): planted key found"
out=$(LWCX_CUDA_EMULATE=1 "$lwcx" keysearch --cipher present80 $pairs --key-base $base --start 0x12346 \
      --count 3000 --device cuda 2>/dev/null)
[ $? -eq 1 ] && [ -z "$out" ] && ok || bad "cuda (emulated): range without the key: exit 1"
out=$(LWCX_CUDA_EMULATE=1 LWCX_CUDA_EMULATE_DEVICES=2 "$lwcx" keysearch --cipher present80 $pairs --key-base $base \
      --start 0x10000 --count 0x4000 --chunk 512 --device cuda 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "cuda (2 emulated GPUs, --chunk 512): planted key found"
out=$(LWCX_CUDA_EMULATE=1 LWCX_CUDA_EMULATE_DEVICES=3 "$lwcx" keysearch --cipher present80 $pairs --key-base $base \
      --start 0x10000 --count 0x4000 --chunk 512 --device cuda:0,2 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "cuda:0,2 (2 of 3 emulated GPUs): planted key found"
err=$(LWCX_CUDA_EMULATE=1 LWCX_CUDA_EMULATE_DEVICES=3 "$lwcx" keysearch --cipher present80 $pairs --key-base $base \
      --count 10 --device cuda:3 2>&1 >/dev/null)
[ $? -eq 2 ] && [[ $err == *"no CUDA device 3"* ]] && ok || bad "cuda:3 of 3 emulated GPUs: exit 2 saying why ($err)"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 10 --device cuda:1,x > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--device cuda:1,x: exit 2"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 10 --chunk 0 > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--chunk 0: exit 2"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 10 --device opencl:1,x > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--device opencl:1,x: exit 2"
err=$(LWCX_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$lwcx" keysearch --cipher present80 $pairs \
      --key-base $base --count 10 --device cuda 2>&1 >/dev/null)
[ $? -eq 2 ] && [[ $err == *"no libcuda.so.1"* ]] && ok || bad "no driver: --device cuda exits 2 saying why ($err)"
out=$(LWCX_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$lwcx" keysearch --cipher present80 $pairs \
      --key-base $base --start 0x12000 --count 4096 2>/dev/null)
[ $? -eq 0 ] && [ "$out" = "$want" ] && ok || bad "no driver: the default runs on the CPU"
"$lwcx" keysearch --cipher present80 $pairs --key-base $base --count 10 --device gpu > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--device gpu: exit 2"
finish
