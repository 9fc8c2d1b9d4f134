#!/usr/bin/env bash
# The checks and measurements of a GPU loan, in one run that fits a short
# one (about 6 minutes on an H200 after the build; each step under a time
# limit, the most important first): issue 59's, then issue 14's.
#   scripts/gpu-session.sh [--build-only] [BUILD_DIR [OUT_DIR]]
# BUILD_DIR (default build-gpu): a build with -DLWCX_GPU_TESTS=ON
# (docs/testing.md, GPUs); configured and built here if it has no lwcx yet (sm_90 alone, the
# targets the steps run: a few minutes on 16 cores; --build-only builds and
# stops, so that the build and the measurements can be two runs of their
# own). Prints a summary;
# logs and the bench's JSON go to OUT_DIR (default $OUT if set, else
# ./gpu-session).
#  1. ctest -L gpu (the block-cipher suite and test_cuda with cuda, every
#     GPU), compute-sanitizer's memcheck over test_cuda where it exists;
#  2. GIFT-128 and GIFT-64 key search over 2^37 keys (a planted key, the pair
#     first checked on the CPU), Gkeys/s against issue 59's targets (38 and
#     125 on an H100 or H200), then the other four ciphers;
#  3. ncu on the two GIFT search kernels where it works: the stalls on
#     instruction fetch (WarpStateStats) and the ALU pipe's use;
#  4. the bus: pinned and pageable host-to-device and device-to-host copies
#     of 256 MiB through the driver (python3 and ctypes);
#  5. lwcx bench --quick --impl cuda for the six ciphers: CTR host to host
#     and device-resident over 1 GiB, ECB host to host, the pinned upload
#     alone beside them (h2d_1GiB_pinned), the key search on one device and
#     (the CLI, step 2) on every device, each row naming the GPU; host to
#     host against issue 59's 12 GB/s (twice the best of the 4.3-6.0 GB/s
#     of pageable copies);
#  6. the bulk pipeline's sizes: CTR and ECB host to host over 1 GiB
#     (PRESENT-80, GIFT-128) with 1, 2, 8 lanes (LWCX_CUDA_LANES) and
#     2, 32 MiB stages (LWCX_CUDA_STAGE_BYTES), beside step 5's defaults
#     (4 lanes, 8 MiB): the defaults' evidence;
#  7. the crossover (scripts/gpu-crossover.py) up to 16 MiB.
# OpenCL is switched off (LWCX_OPENCL_LOADER): on NVIDIA's OpenCL the first
# build of the kernels took 280 s, which `lwcx list` and the bench wait for.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build_only=0
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
build=${1:-build-gpu}
out=${2:-${OUT:-gpu-session}}
export LWCX_OPENCL_LOADER=/nonexistent PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out" && out=$(cd "$out" && pwd)
t0=$SECONDS
step() { echo "=== [$((SECONDS - t0)) s] $*"; }

if [ ! -x "$build/lwcx" ]; then
  step "build ($build)"
  gen=()
  if command -v ninja > /dev/null; then gen=(-G Ninja); fi
  # sm_90 alone (the H100 and H200), and what the steps run: a few minutes
  { cmake -S "$here/.." -B "$build" "${gen[@]+"${gen[@]}"}" -DCMAKE_BUILD_TYPE=Release -DLWCX_CUDA=ON -DLWCX_GPU_TESTS=ON \
      -DLWCX_CUDA_ARCHS=90 && cmake --build "$build" -j"$(nproc)" --target lwcx test_cuda test_bc; } > "$out/build.log" 2>&1 \
    || { tail -20 "$out/build.log"; exit 1; }
fi
build=$(cd "$build" && pwd)
lwcx=$build/lwcx
if [ "$build_only" = 1 ]; then step "built"; exit 0; fi

step "device"
nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.max.sm,pcie.link.gen.max,pcie.link.width.max,driver_version \
  --format=csv 2>&1 | tee "$out/device.txt"
"$lwcx" list | grep -A1 -m1 ' cuda ' | tee -a "$out/device.txt"

step "1. ctest -L gpu"
timeout 150 ctest --test-dir "$build" -L gpu --output-on-failure > "$out/ctest_gpu.log" 2>&1
echo "rc=$?"
grep -E 'Test +#|tests passed' "$out/ctest_gpu.log"
if command -v compute-sanitizer > /dev/null; then
  timeout 120 compute-sanitizer --tool memcheck "$build/tests/test_cuda" > "$out/memcheck.txt" 2>&1
  echo "memcheck rc=$?: $(tail -1 "$out/memcheck.txt")"
fi

rm -f "$out/pairs.txt"
step "2. key search, 2^37 keys per cipher (GIFT first: issue 59's targets in Gkeys/s)"
# key index 0x1FFFFFF123 of each range is the key (made with lwcx_bc_ecb_encrypt):
# cipher target pt ct pt2 ct2 base key
while read -r c target pt ct pt2 ct2 base key; do
  [ -z "$c" ] && continue
  echo "$c $target $pt $ct $pt2 $ct2 $base $key" >> "$out/pairs.txt"
  pairs="--cipher $c --pt $pt --ct $ct --pt2 $pt2 --ct2 $ct2 --key-base $base"
  cpu=$("$lwcx" keysearch $pairs --start 0x1FFFFFF000 --count 4096 --device cpu 2>/dev/null)
  if [ "${cpu^^}" != "$key" ]; then echo "$c: the planted pair does not hold on the CPU ($cpu)"; continue; fi
  s=$(date +%s.%N)
  got=$(timeout 60 "$lwcx" keysearch $pairs --count 2^37 --device cuda 2> "$out/keysearch_$c.err")
  rc=$?
  rate=$(awk -v s="$s" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", 2^37 / (e - s) / 1e9 }')
  verdict=""
  if [ "$target" != - ]; then
    verdict=$(awk -v r="$rate" -v t="$target" 'BEGIN { print (r >= t ? "target " t " met" : "target " t " NOT met") }')
  fi
  echo "$c: rc=$rc key $([ "${got^^}" = "$key" ] && echo found || echo "NOT found ($got)"); $rate Gkeys/s wall, all GPUs $verdict; CLI: $(tr '\r' '\n' < "$out/keysearch_$c.err" | grep -a 'keys in' | tail -1)"
done << 'EOF' | tee "$out/keysearch.txt"
gift128 38 9B9DB3C767C19141E1921D8670BD7983 428D610E09D934436AA2AFF9DFC2B9CF 3DCF1775AF5879F0AFD27CD6072CF614 86801884DA6EBD3F3732E8DEF83905FD 5E686EA2F16EE9B4B9F481F8448EC874 5E686EA2F16EE9B4B9F481E7BB713957
gift64 125 9C043479C2E7F1B8 89793CE318FAA2DB 294676F8504BE2E9 B788AD2C46399341 F77CB08544890047C34B0BD3D1380171 F77CB08544890047C34B0BCC2EC7F052
present80 - 1B198ED289D92CCB 94816169D2D79261 4115D5C0B8A33E0B C107CFB8A3043C31 4795ED3B61CF3E3169DB 4795ED3B61D0C1CE98F8
present128 - 2439AA72C3D689FB 34D3CFBAFD16AFBB D5B20B334BEFA16C 2B5785A255951514 E35681438DC8D97B033A4BDBF61C4D07 E35681438DC8D97B033A4BC409E3BC24
pipo128 - E849EADCD7869064 E3A1BBB01E83FC3F 6E06D05A9A500AC4 A32BA12C1C52DB51 3321E3E738AB5C9F5A1DF7F469C62A54 3321E3E738AB5C9F5A1DF7EB9639DB77
pipo256 - 21E59E61E07FAD2E 43DFBF94E2432FD1 9714E7C39913B22F 35260E413CD0C9DB 2B48AB63F307024D25F938BB3214331B827C216C4CFDC624974D7437A8261DA1 2B48AB63F307024D25F938BB3214331B827C216C4CFDC624974D742857D9EC82
EOF

step "3. ncu: the GIFT search kernels (instruction-fetch stalls, ALU use)"
if command -v ncu > /dev/null; then
  for c in gift128 gift64; do
    # one call of the search (the pair of step 2; 2^32 keys, no key among them)
    read -r _ _ pt ct _ _ base _ < <(grep "^$c " "$out/pairs.txt")
    timeout 90 ncu --clock-control none --kernel-name "regex:lwcx_${c}_search" --launch-count 1 \
      --section WarpStateStats --section ComputeWorkloadAnalysis \
      "$lwcx" keysearch --cipher "$c" --pt "$pt" --ct "$ct" --key-base "$base" --count 2^32 --device cuda \
      > "$out/ncu_$c.txt" 2>&1
    echo "$c: rc=$?"
    grep -E 'No Instruction|Stall|ALU|Issue Slots|Executed Ipc' "$out/ncu_$c.txt" | head -12
  done
else
  echo "skipped: no ncu"
fi

step "4. the bus: pinned and pageable copies of 256 MiB"
timeout 60 python3 - << 'EOF' 2>&1 | tee "$out/bandwidth.txt"
import ctypes, time
cu = ctypes.CDLL("libcuda.so.1")
def ok(r, what):
    if r != 0: raise SystemExit("%s: CUDA error %d" % (what, r))
ok(cu.cuInit(0), "cuInit")
dev, ctx = ctypes.c_int(), ctypes.c_void_p()
ok(cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
ok(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "ctx")
ok(cu.cuCtxSetCurrent(ctx), "ctx current")
n = 256 << 20
d = ctypes.c_uint64()
ok(cu.cuMemAlloc_v2(ctypes.byref(d), ctypes.c_size_t(n)), "cuMemAlloc")
pinned = ctypes.c_void_p()
ok(cu.cuMemAllocHost_v2(ctypes.byref(pinned), ctypes.c_size_t(n)), "cuMemAllocHost")
ctypes.memset(pinned, 1, n)
pageable = ctypes.create_string_buffer(n)
for name, host in (("pinned", pinned), ("pageable", pageable)):
    for way, f in (("host to device", lambda: cu.cuMemcpyHtoD_v2(d, host, ctypes.c_size_t(n))),
                   ("device to host", lambda: cu.cuMemcpyDtoH_v2(host, d, ctypes.c_size_t(n)))):
        ok(f(), way)
        t = time.perf_counter()
        for _ in range(4): ok(f(), way)
        ok(cu.cuCtxSynchronize(), "sync")
        print("%-8s %-15s %6.1f GB/s" % (name, way, 4 * n / (time.perf_counter() - t) / 1e9))
EOF

step "5. bench (1 GiB rows, 2^30-key calls)"
timeout 200 "$lwcx" bench --quick --impl cuda gift128 gift64 present80 present128 pipo128 pipo256 --json "$out/bench.json" \
  > "$out/bench.txt" 2>&1
echo "rc=$?"
grep -E ' cuda ' "$out/bench.txt" | grep -E '1Gi|4M'

# GB/s of the 1 GiB rows of bench JSON files: CTR and ECB host to host, the
# pinned upload, CTR resident; with --target, host to host against 12 GB/s
rates() {
  python3 - "$@" << 'EOF'
import json, sys
target = sys.argv[1] == "--target"
for path in sys.argv[1 + target:]:
    rows = {}
    for r in json.load(open(path))["results"]:
        if r.get("impl") == "cuda" and r.get("unit") == "byte" and "1GiB" in r["op"]:
            rows.setdefault(r["primitive"], {})[r["op"]] = 1 / r["ns_per_unit_median"]
    for prim, ops in rows.items():
        get = lambda op: ops.get(op, float("nan"))
        line = "%-10s ctr %6.1f  ecb %6.1f  h2d pinned %6.1f  ctr resident %6.1f GB/s" % (
            prim, get("ctr_1GiB"), get("ecb_enc_1GiB"), get("h2d_1GiB_pinned"), get("ctr_1GiB_resident"))
        if target:
            line += "  (12 GB/s: %s)" % ("met" if min(get("ctr_1GiB"), get("ecb_enc_1GiB")) >= 12 else "NOT met")
        print(line)
EOF
}
rates --target "$out/bench.json" | tee "$out/bulk.txt"

step "6. the bulk pipeline: lanes and stage sizes (PRESENT-80, GIFT-128, 1 GiB host to host)"
# (4 lanes and 8 MiB, the defaults: step 5)
for setting in "LWCX_CUDA_LANES=1" "LWCX_CUDA_LANES=2" "LWCX_CUDA_LANES=8" \
  "LWCX_CUDA_STAGE_BYTES=2097152" "LWCX_CUDA_STAGE_BYTES=33554432"; do
  f=$out/pipeline_${setting#LWCX_CUDA_}.json
  env "$setting" timeout 40 "$lwcx" bench --quick --impl cuda present80 gift128 --json "$f" > /dev/null 2>&1
  echo "$setting (rc=$?):"
  rates "$f" 2> /dev/null | sed 's/^/  /'
done | tee "$out/pipeline.txt"

step "7. crossover"
timeout 100 python3 "$here/gpu-crossover.py" "$lwcx" --sizes 65536,262144,1048576,4194304,16777216 \
  pipo128 pipo256 present80 present128 gift64 gift128 > "$out/crossover.txt" 2>&1
echo "rc=$?"
grep -E '^[a-z]|crossover' "$out/crossover.txt"
step "done"
