#!/usr/bin/env bash
# What the CUDA kernels will do on a GPU, read from the SASS that nvcc made
# (no GPU needed). For every key-search and CTR kernel of the embedded fat
# binary, on sm_80 (A100) and sm_90 (H100):
#   - instructions of one batch (the body of the kernel's grid-stride loop:
#     the rounds are unrolled, so it is straight-line code but for rare paths
#     such as reporting a hit, counted once) divided by the 32 keys or blocks
#     a thread's words carry, by class: LOP3/logic, shifts, IMAD/IADD3 (integer
#     arithmetic), other integer-pipe (SEL, ISETP, PRMT, MOV...), uniform
#     datapath, memory, branches;
#   - registers and stack per thread (cuobjdump -res-usage) and local-memory
#     instructions (STL/LDL: spills or local arrays);
#   - PROJECTED keys/s and Gbps on an A100 SXM (108 SMs, 1.41 GHz) and an H100
#     SXM (132 SMs, 1.98 GHz) from per-SM rates: 64 results/clock/SM for 32-bit
#     integer logic, shift, add and IMAD (NVIDIA CUDA C++ Programming Guide,
#     "Arithmetic Instructions", throughput table, compute capability 8.0 and
#     9.0) and 4 warp instructions issued per clock per SM (one per SM
#     sub-partition: the A100 and H100 architecture whitepapers); CTR also by
#     memory bandwidth (A100 40 GB: 1.555 TB/s, H100 SXM: 3.35 TB/s,
#     whitepapers), input and output once each, device-resident.
# These are projections from instruction counts, not measurements.
# Limits that fail (exit 1): for each key-search kernel on sm_90 (the H100
# and H200), its static instruction count (the code a batch runs must fit
# the instruction cache: GIFT's unrolled searches, 4.4k and 13k
# instructions, waited for instruction fetch) and its integer-pipe
# instructions per key (LIMITS below).
#   scripts/cuda-sass-report.sh [--require] [BUILD_DIR]   (default: build)
# Skips (exit 0, one line saying why) without cuobjdump, nvdisasm, python3
# or the fat binary; with --require (CI, where nvcc built the kernels) a
# missing cuobjdump or nvdisasm fails instead. cuobjdump: the CUDA toolkit,
# or pip install nvidia-cuda-cuobjdump (nvdisasm: nvidia-cuda-nvdisasm).
set -euo pipefail
require=0
if [ "${1:-}" = --require ]; then require=1; shift; fi
dir=${1:-build}
# a missing tool: skipped, or with --require an error
missing() {
  if [ "$require" = 1 ]; then
    echo "cuda-sass-report: FAILED: $1 (--require: nvcc built the kernels, the report must run)" >&2
    exit 1
  fi
  echo "cuda-sass-report: skipped: $1"
  exit 0
}
# the key-search kernels (fast) and the CTR kernels (bulk); LWCX_CUDA_FATBIN: other files
fatbins=${LWCX_CUDA_FATBIN:-$dir/cuda/lwcx_kernels_fast.fatbin $dir/cuda/lwcx_kernels_bulk.fatbin}

find_cuobjdump() {
  if [ -n "${CUOBJDUMP:-}" ]; then echo "$CUOBJDUMP"; return; fi
  if command -v cuobjdump > /dev/null; then command -v cuobjdump; return; fi
  if [ -x /usr/local/cuda/bin/cuobjdump ]; then echo /usr/local/cuda/bin/cuobjdump; return; fi
  # the PyPI package nvidia-cuda-cuobjdump (installed with pip, maybe --target)
  local p
  for p in ${PYTHONPATH:+${PYTHONPATH//:/ }} $(python3 -c 'import site, sys; print(" ".join(site.getsitepackages() + [site.getusersitepackages()]))' 2>/dev/null); do
    for f in "$p"/nvidia/cu*/bin/cuobjdump "$p"/nvidia/cuda_cuobjdump/bin/cuobjdump; do
      [ -x "$f" ] && { echo "$f"; return; }
    done
  done
}

tool=$(find_cuobjdump || true)
if [ -z "$tool" ]; then
  missing "cuobjdump not found (CUDA toolkit, or pip install nvidia-cuda-cuobjdump; or set CUOBJDUMP)"
fi
# cuobjdump -sass runs nvdisasm: from PATH, NVDISASM_PATH, or beside cuobjdump
# (where the PyPI package nvidia-cuda-nvdisasm puts it)
if ! command -v nvdisasm > /dev/null && [ -z "${NVDISASM_PATH:-}" ]; then
  if [ -x "$(dirname "$tool")/nvdisasm" ]; then
    PATH="$(dirname "$tool"):$PATH"
  else
    missing "nvdisasm not found (CUDA toolkit, or pip install nvidia-cuda-nvdisasm; or set NVDISASM_PATH)"
  fi
fi
if ! command -v python3 > /dev/null; then
  missing "python3 not found"
fi
for fatbin in $fatbins; do
  if [ ! -f "$fatbin" ]; then
    echo "cuda-sass-report: skipped: no $fatbin (a build with -DLWCX_CUDA=ON or AUTO and nvcc)"
    exit 0
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for arch in sm_80 sm_90; do
  for fatbin in $fatbins; do
    "$tool" -sass -arch "$arch" "$fatbin" >> "$tmp/$arch.sass"
    "$tool" -res-usage -arch "$arch" "$fatbin" >> "$tmp/$arch.res" 2>&1 || true
  done
done

python3 - "$tmp" <<'EOF'
import re, sys
tmp = sys.argv[1]
GPUS = {"sm_80": ("A100 SXM", 108, 1.41e9, 1.555e12), "sm_90": ("H100 SXM", 132, 1.98e9, 3.35e12)}
LANES = 32
CIPHERS = [("present80", 8), ("present128", 8), ("gift64", 8), ("gift128", 16), ("pipo128", 8), ("pipo256", 8)]
# sm_90 key search: (most static instructions, most int-pipe instructions
# per key). Static: about PRESENT-128's, whose loop fits (GIFT-64 was 4432,
# GIFT-128 13184 unrolled); int-pipe: today's counts and a little room.
# Raise one only with a measurement that the kernel did not slow down.
LIMITS = {"present80": (3200, 176), "present128": (3500, 193), "gift64": (3300, 143),
          "gift128": (3800, 446), "pipo128": (3800, 110), "pipo256": (2600, 198)}

def classify(op):
    base = op.split(".")[0]
    if base.startswith("U") and base not in ("UNUSED",):
        return "uniform"
    if base in ("LOP3", "LOP", "PLOP3"):
        return "logic"
    if base in ("SHF", "SHL", "SHR"):
        return "shift"
    if base in ("IMAD", "IADD3", "IADD", "VIADD", "IMUL", "LEA", "IABS", "IMNMX", "VIMNMX"):
        return "imad"
    if base in ("LDG", "STG", "LD", "ST", "LDL", "STL", "LDS", "STS", "LDC", "ATOM", "ATOMG", "RED", "ATOMS", "LDGSTS"):
        return "memory"
    if base in ("BRA", "BRX", "JMP", "JMX", "CALL", "RET", "EXIT", "BSSY", "BSYNC", "WARPSYNC", "BAR", "YIELD", "BREAK", "BPT"):
        return "branch"
    if base in ("NOP",):
        return "nop"
    return "int-other"

def functions(path):
    funcs, cur = {}, None
    for line in open(path):
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
        if m and cur is not None:
            text = m.group(2).strip()
            text = re.sub(r"^@!?U?P[T0-9]+\s+", "", text)
            op = text.split()[0] if text else ""
            tgt = re.search(r"\bBRA\b.*?0x([0-9a-f]+)", text)
            cur.append((int(m.group(1), 16), op, int(tgt.group(1), 16) if tgt else None))
    return funcs

def resources(path):
    res, cur = {}, None
    for line in open(path):
        m = re.search(r"Function (\S+):", line)
        if m:
            cur = m.group(1)
            continue
        m = re.search(r"REG:(\d+).*?STACK:(\d+)", line)
        if m and cur:
            res[cur] = (int(m.group(1)), int(m.group(2)))
    return res

# hot inner loops whose trip count the source fixes (device/kernel_bodies.tmpl.h): the
# PIPO-256 search's rounds 2..17 run as 4 iterations of 4 rounds
# (kb_pipo256_search_encrypt), PRESENT's rounds 8..31 as 3 of 8
# (kb_present_search_encrypt)
# GIFT's rounds 0..39 as 5 iterations of 8 (GIFT-128), 0..27 as 2 of 16
# whose second leaves the loop after 12 (the move and the last 4 rounds run
# once)
# (kb_gift_search_encrypt): (trips, runs of the code a forward branch inside
# the loop skips)
TRIPS = {"lwcx_pipo256_search": 4, "lwcx_present80_search": 3, "lwcx_present128_search": 3,
         "lwcx_gift128_search": 5, "lwcx_gift64_search": (2, 1)}

def batch_body(ins, trips=None):
    # the grid-stride loop: the backward branch spanning the most code; and
    # the largest loop inside it (its trip count is not in the SASS: a hot
    # one, e.g. rounds nvcc did not unroll, makes the count a lower bound,
    # unless trips gives it: its instructions are then counted trips times,
    # those a forward branch of more than 256 instructions inside it skips
    # or that follow a branch out of the loop, as often as trips' second
    # number says)
    loops = sorted((addr - tgt, tgt, addr) for addr, op, tgt in ins
                   if op.startswith("BRA") and tgt is not None and tgt < addr)
    if not loops:
        return ins, 0
    _, lo, hi = loops[-1]
    inside = [(t, a) for _, t, a in loops[:-1] if lo <= t and a < hi]
    sizes = [sum(1 for i in ins if t <= i[0] <= a) for t, a in inside]
    inner = max(sizes or [0])
    body = [i for i in ins if lo <= i[0] <= hi]
    if trips and inner:
        t, a = inside[sizes.index(inner)]
        trips, skipped_runs = trips if isinstance(trips, tuple) else (trips, trips)
        loop = [i for i in ins if t <= i[0] <= a]
        # (a branch past the loop's end leaves it: what follows it inside)
        skips = [(addr, tgt) for addr, op, tgt in loop
                 if op.startswith("BRA") and tgt is not None and addr < tgt
                 and sum(1 for i in loop if addr < i[0] < tgt) > 256]
        for i in loop:
            skipped = any(addr < i[0] < tgt for addr, tgt in skips)
            body += [i] * ((skipped_runs if skipped else trips) - 1)
        inner = 0
    return body, inner

print("PROJECTIONS from SASS instruction counts (not measurements); per key (search) or per block (ctr)")
print("int-pipe = logic + shift + imad + int-other; bound = min(int-pipe at 64 ops/clk/SM, all at 128/clk/SM[, memory])")
hdr = "%-6s %-18s %6s %6s %6s %6s %6s %6s %6s %6s %5s %6s %5s %6s  %s"
print(hdr % ("arch", "kernel", "logic", "shift", "imad", "other", "unif", "mem", "branch", "int", "reg", "stack", "lcl",
             "static", "projection"))
fails = []
for arch, (gpu, sms, clk, bw) in GPUS.items():
    funcs = functions("%s/%s.sass" % (tmp, arch))
    res = resources("%s/%s.res" % (tmp, arch))
    for cipher, bs in CIPHERS:
        for mode in ("search", "ctr"):
            name = "lwcx_%s_%s" % (cipher, mode)
            if name not in funcs:
                print("%-6s %-18s missing from the fat binary" % (arch, name))
                fails.append(name)
                continue
            body, inner = batch_body(funcs[name], TRIPS.get(name))
            cnt = {}
            for _, op, _ in body:
                c = classify(op)
                cnt[c] = cnt.get(c, 0) + 1
            per = {k: v / LANES for k, v in cnt.items()}
            ipipe = sum(per.get(k, 0) for k in ("logic", "shift", "imad", "int-other"))
            total = sum(v for k, v in per.items() if k != "nop")
            rate = min(sms * clk * 64 / ipipe, sms * clk * 128 / total)
            lcl = sum(1 for _, op, _ in funcs[name] if op.split(".")[0] in ("LDL", "STL"))
            reg, stack = res.get(name, (0, 0))
            if mode == "search":
                proj = "%s: %.1f Gkeys/s" % (gpu, rate / 1e9)
            else:
                mem = bw / (2 * bs)
                proj = "%s: %.0f Gbps (compute %.0f, memory %.0f)" % (gpu, min(rate, mem) * bs * 8 / 1e9,
                                                                    rate * bs * 8 / 1e9, mem * bs * 8 / 1e9)
            if inner > 256:
                proj += "  [LOWER BOUND: an inner loop of %d instructions counted once]" % inner
            static = len(funcs[name])
            if arch == "sm_90" and mode == "search":
                smax, imax = LIMITS[cipher]
                over = [w for w, bad in (("static %d > %d" % (static, smax), static > smax),
                                         ("int-pipe %.1f > %d" % (ipipe, imax), ipipe > imax)) if bad]
                proj += "  [limits %d static, %d int-pipe/key: %s]" % (smax, imax, "; ".join(over) or "met")
                if over:
                    fails.append("%s (%s)" % (name, ", ".join(over)))
            print(hdr % (arch, name[5:], "%.1f" % per.get("logic", 0), "%.1f" % per.get("shift", 0),
                         "%.1f" % per.get("imad", 0), "%.1f" % per.get("int-other", 0), "%.1f" % per.get("uniform", 0),
                         "%.1f" % per.get("memory", 0), "%.1f" % per.get("branch", 0), "%.1f" % ipipe,
                         reg, stack, lcl, static, proj))
print("inner loops of up to 256 instructions are rare paths (CTR's tail, reporting a hit), counted once")
print("reg: registers per thread; stack: bytes of local memory per thread; lcl: STL/LDL instructions in the kernel;")
print("static: the kernel's instructions (16 bytes each)")
for f in fails:
    print("cuda-sass-report: FAILED: %s" % f)
sys.exit(1 if fails else 0)
EOF
