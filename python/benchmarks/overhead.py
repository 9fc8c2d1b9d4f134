"""Python call overhead against the C library's own bench, in one table.

    python overhead.py BENCH.json     (BENCH.json: `lwcx bench sparkle kcc23p4 gift64 --json BENCH.json`
                                       from the same build, on the same machine)

For each case: the C figure (ns per unit, the bench's median, automatic
implementation) and the same operation through the package, timed here
(median of batches): small calls show the fixed cost of a Python call, bulk
calls (large buffers, out= or bytes results) how close Python gets to C.
"""
import json
import os
import statistics
import sys
import time

import lwcx


def per_call_ns(fn, batch_us=50, batches=301):
    """Median ns per call over many short batches (about batch_us each), as
    lwcx bench takes medians of short runs: a batch that an other process
    preempted is an outlier, not a shift of the figure."""
    n = 1
    while True:  # calibrate the batch size
        t0 = time.perf_counter_ns()
        for _ in range(n):
            fn()
        if time.perf_counter_ns() - t0 > batch_us * 1000 or n >= 1 << 16:
            break
        n *= 2
    out = []
    for _ in range(batches):
        t0 = time.perf_counter_ns()
        for _ in range(n):
            fn()
        out.append((time.perf_counter_ns() - t0) / n)
    return statistics.median(out)


def main():
    doc = json.load(open(sys.argv[1]))
    c = {}
    for r in doc["results"]:
        c[(r["primitive"], r["op"], r["impl"])] = r["ns_per_unit_median"]

    def cns(prim, op):
        return c[(prim, op, lwcx.selected(prim))]

    rows = []
    key16, nonce = os.urandom(16), os.urandom(32)
    a = lwcx.Schwaemm(key16)
    for size, op in ((16, "schwaemm256-128_enc_16B"), (16384, "schwaemm256-128_enc_16KiB")):
        m = os.urandom(size)
        rows.append((f"Schwaemm256-128 encrypt {size} B", size, cns("sparkle", op) * size,
                     per_call_ns(lambda: a.encrypt(nonce, m))))
    m = os.urandom(16384)
    rows.append(("Esch256 16 KiB (Esch256(data).digest())", 16384, cns("sparkle", "esch256_16KiB") * 16384,
                 per_call_ns(lambda: lwcx.Esch256(m).digest())))
    for prim in ("kcc23p4", "gift64"):
        bc = lwcx.BlockCipher(prim)
        k, iv = os.urandom(bc.key_size), os.urandom(bc.block_size)
        for size in (4096, 256 << 10):
            d = bytearray(os.urandom(size))
            o = bytearray(size)
            for op, name, f in (("ecb_enc_4KiB", "ECB", lambda: bc.ecb_encrypt(k, d, out=o)),
                                ("ctr_4KiB", "CTR", lambda: bc.ctr(k, iv, d, out=o)),
                                ("ctr_4KiB", "CTR -> bytes", lambda: bc.ctr(k, iv, d))):
                rows.append((f"{prim} {name} {size // 1024} KiB", size, cns(prim, op) * size,
                             per_call_ns(f)))
    m = doc["machine"]
    print(f"CPU: {m['cpu']}; C figures: lwcx bench ({m['compiler']}), per-byte median at the bench's size "
          f"(16 B / 4 KiB / 16 KiB) scaled to the call's size; Python {sys.version.split()[0]}, "
          f"cffi ABI mode")
    print()
    print("| operation | C ns/call | Python ns/call | overhead ns | Python / C |")
    print("|---|---:|---:|---:|---:|")
    for name, size, cn, pn in rows:
        print(f"| {name} | {cn:,.0f} | {pn:,.0f} | {pn - cn:,.0f} | {pn / cn:.3f} |")


if __name__ == "__main__":
    main()
