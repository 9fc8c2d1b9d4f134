#!/usr/bin/env bash
# The checks and measurements of issue 14 on a machine with an NVIDIA GPU,
# in one run that fits a short loan of one (about 4 minutes on an H200):
#   scripts/gpu-session.sh BUILD_DIR [OUT_DIR]
# BUILD_DIR: a build configured with -DLWCX_GPU_TESTS=ON (README, CUDA).
# Prints a summary; logs and the bench's JSON go to OUT_DIR (default
# ./gpu-session). Steps, most important first, each under a time limit:
#  1. ctest -L gpu (the block-cipher suite with cuda);
#  2. lwcx keysearch --device cuda over 2^37 keys per cipher, a known key
#     planted near the end (each pair is first checked on the CPU), with the
#     CLI's own keys/s;
#  3. lwcx bench --quick --impl cuda for the six ciphers (the 1 GiB rows,
#     2^30-key calls);
#  4. where ncu works: the memory requests of one 256 MiB CTR launch
#     (PRESENT-80), sectors per request telling how well accesses coalesce;
#  5. the crossover (scripts/gpu-crossover.py) up to 16 MiB, PIPO first;
#  6. compute-sanitizer's memcheck over test_cuda (every kernel, tails).
# OpenCL is switched off (LWCX_OPENCL_LOADER): on NVIDIA's OpenCL the first
# build of the kernels took 280 s, which `lwcx list` and the bench wait for.
set -u
build=$(cd "${1:?usage: gpu-session.sh BUILD_DIR [OUT_DIR]}" && pwd)
out=${2:-gpu-session}
mkdir -p "$out" && out=$(cd "$out" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
lwcx=$build/lwcx
export LWCX_OPENCL_LOADER=/nonexistent PATH=/usr/local/cuda/bin:$PATH
t0=$SECONDS
step() { echo "=== [$((SECONDS - t0)) s] $*"; }

step "device"
nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.max.sm,driver_version --format=csv 2>&1
"$lwcx" list | grep -A1 -m1 ' cuda '

step "1. ctest -L gpu"
timeout 150 ctest --test-dir "$build" -L gpu --output-on-failure > "$out/ctest_gpu.log" 2>&1
echo "rc=$?"
grep -E 'Test +#|tests passed' "$out/ctest_gpu.log"

step "2. key search, 2^37 keys per cipher"
# key index 0x1FFFFFF123 of each range is the key (made with lwcx_bc_ecb_encrypt):
# cipher pt ct pt2 ct2 base key
while read -r c pt ct pt2 ct2 base key; do
  [ -z "$c" ] && continue
  pairs="--cipher $c --pt $pt --ct $ct --pt2 $pt2 --ct2 $ct2 --key-base $base"
  cpu=$("$lwcx" keysearch $pairs --start 0x1FFFFFF000 --count 4096 --device cpu 2>/dev/null)
  if [ "${cpu^^}" != "$key" ]; then echo "$c: the planted pair does not hold on the CPU ($cpu)"; continue; fi
  s=$(date +%s.%N)
  got=$(timeout 60 "$lwcx" keysearch $pairs --count 2^37 --device cuda 2> "$out/keysearch_$c.err")
  rc=$?
  wall=$(awk -v s="$s" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f s wall, %.1f Gkeys/s wall", e - s, 2^37 / (e - s) / 1e9 }')
  echo "$c: rc=$rc key $([ "${got^^}" = "$key" ] && echo found || echo "NOT found ($got)"); $wall; CLI: $(tr '\r' '\n' < "$out/keysearch_$c.err" | grep -a 'keys in' | tail -1)"
done << 'EOF' | tee "$out/keysearch.txt"
present80 1B198ED289D92CCB 94816169D2D79261 4115D5C0B8A33E0B C107CFB8A3043C31 4795ED3B61CF3E3169DB 4795ED3B61D0C1CE98F8
present128 2439AA72C3D689FB 34D3CFBAFD16AFBB D5B20B334BEFA16C 2B5785A255951514 E35681438DC8D97B033A4BDBF61C4D07 E35681438DC8D97B033A4BC409E3BC24
gift64 9C043479C2E7F1B8 89793CE318FAA2DB 294676F8504BE2E9 B788AD2C46399341 F77CB08544890047C34B0BD3D1380171 F77CB08544890047C34B0BCC2EC7F052
gift128 9B9DB3C767C19141E1921D8670BD7983 428D610E09D934436AA2AFF9DFC2B9CF 3DCF1775AF5879F0AFD27CD6072CF614 86801884DA6EBD3F3732E8DEF83905FD 5E686EA2F16EE9B4B9F481F8448EC874 5E686EA2F16EE9B4B9F481E7BB713957
pipo128 E849EADCD7869064 E3A1BBB01E83FC3F 6E06D05A9A500AC4 A32BA12C1C52DB51 3321E3E738AB5C9F5A1DF7F469C62A54 3321E3E738AB5C9F5A1DF7EB9639DB77
pipo256 21E59E61E07FAD2E 43DFBF94E2432FD1 9714E7C39913B22F 35260E413CD0C9DB 2B48AB63F307024D25F938BB3214331B827C216C4CFDC624974D7437A8261DA1 2B48AB63F307024D25F938BB3214331B827C216C4CFDC624974D742857D9EC82
EOF

step "3. bench (1 GiB rows, 2^30-key calls)"
timeout 200 "$lwcx" bench --quick --impl cuda present80 present128 gift64 gift128 pipo128 pipo256 --json "$out/bench.json" \
  > "$out/bench.txt" 2>&1
echo "rc=$?"
grep -E ' cuda ' "$out/bench.txt" | grep -E '1Gi|4M'

step "4. ncu: one 256 MiB PRESENT-80 CTR launch"
if command -v ncu > /dev/null && [ -f "$build/liblwcx.so" ]; then
  m=gpu__time_duration.sum,dram__bytes.sum
  m=$m,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  m=$m,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
  m=$m,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.sum
  timeout 120 ncu --clock-control none --kernel-name regex:ctr --launch-count 1 --metrics "$m" \
    python3 - "$build/liblwcx.so" << 'EOF' > "$out/ncu_ctr.txt" 2>&1
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.lwcx_impl_find.restype = ctypes.c_void_p
cu = lib.lwcx_impl_find(b"present80", b"cuda")
n = 256 << 20
buf = ctypes.create_string_buffer(n)
key, iv = ctypes.create_string_buffer(10), ctypes.create_string_buffer(8)
rc = lib.lwcx_bc_ctr_with(ctypes.c_void_p(cu), 0, key, iv, buf, buf, ctypes.c_size_t(n))
print("lwcx_bc_ctr_with:", rc)
EOF
  echo "rc=$?"
  grep -E 'lwcx_|duration|bytes|requests|sectors|warps|inst_executed' "$out/ncu_ctr.txt"
else
  echo "skipped: no ncu or no liblwcx.so"
fi
step "5. crossover"
timeout 150 python3 "$here/gpu-crossover.py" "$lwcx" --sizes 65536,262144,1048576,4194304,16777216 \
  pipo128 pipo256 present80 present128 gift64 gift128 > "$out/crossover.txt" 2>&1
echo "rc=$?"
grep -E '^[a-z]|crossover' "$out/crossover.txt"

step "6. compute-sanitizer memcheck: test_cuda"
if command -v compute-sanitizer > /dev/null; then
  timeout 120 compute-sanitizer --tool memcheck "$build/tests/test_cuda" > "$out/memcheck.txt" 2>&1
  echo "rc=$?"
  tail -3 "$out/memcheck.txt"
else
  echo "skipped: no compute-sanitizer"
fi
step "done"
