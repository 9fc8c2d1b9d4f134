#!/usr/bin/env python3
"""Where a device implementation starts to beat the CPU (issue 14).

Runs `lwcx bench --quick CIPHER` once per call size (LWCX_BENCH_DEVICE_BYTES),
reads the device's host-to-host ECB and CTR rows (uploads and downloads
included) and compares them with the fastest CPU implementation of the same
run at 4 KiB (the CPU's time per byte does not fall beyond a few batches).
Prints a table per cipher and the crossover: the smallest size measured at
which the device is faster. Measured figures, for the machine it runs on.

usage: scripts/gpu-crossover.py LWCX [--impl cuda|opencl] [--sizes N,N,...]
                                 [CIPHER...]
"""
import argparse
import json
import os
import subprocess
import sys

CIPHERS = ["present80", "present128", "gift64", "gift128", "pipo128", "pipo256"]


def label(n):
    return f"{n >> 30}GiB" if n % (1 << 30) == 0 else f"{n >> 10}KiB"


def bench(lwcx, cipher, size, impl=None):
    env = dict(os.environ, LWCX_BENCH_DEVICE_BYTES=str(size))
    only = [f"--impl={impl}"] if impl else []
    out = subprocess.run([lwcx, "bench", "--quick", cipher, "--json=-"] + only, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    return json.loads(out.stdout)["results"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lwcx")
    ap.add_argument("ciphers", nargs="*", default=CIPHERS)
    ap.add_argument("--impl", default="cuda")
    ap.add_argument("--sizes", default=",".join(str(1 << k) for k in range(16, 31, 2)))
    a = ap.parse_intermixed_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    found_any = False
    for cipher in a.ciphers:
        print(f"{cipher}: {a.impl} host to host against the fastest CPU implementation at 4 KiB (ns per byte)")
        print(f"  {'size':>8} {'ECB dev':>9} {'ECB cpu':>9} {'CTR dev':>9} {'CTR cpu':>9}")
        cross = {}
        # the CPU's figures once (every implementation), then the device's alone per size
        cpu = {}
        for r in bench(a.lwcx, cipher, sizes[0]):
            if "device" in r or r["unit"] != "byte":
                continue
            for op in ("ecb_enc", "ctr"):
                if r["op"] == f"{op}_4KiB":
                    cpu[op] = min(cpu.get(op, float("inf")), r["ns_per_unit_median"])
        for size in sizes:
            rows = bench(a.lwcx, cipher, size, a.impl)
            dev = {r["op"].rsplit("_", 1)[0]: r["ns_per_unit_median"] for r in rows
                   if r["impl"] == a.impl and r["op"] in (f"ecb_enc_{label(size)}", f"ctr_{label(size)}")}
            if not dev:
                print(f"  {label(size):>8} no {a.impl} rows (is a device present? `lwcx list`)")
                break
            found_any = True
            print(f"  {label(size):>8} {dev.get('ecb_enc', 0):9.4f} {cpu.get('ecb_enc', 0):9.4f}"
                  f" {dev.get('ctr', 0):9.4f} {cpu.get('ctr', 0):9.4f}")
            for op in ("ecb_enc", "ctr"):
                if op not in cross and op in dev and op in cpu and dev[op] < cpu[op]:
                    cross[op] = size
        for op in ("ecb_enc", "ctr"):
            where = label(cross[op]) if op in cross else "not within the sizes measured"
            print(f"  crossover {op}: {where}")
    return 0 if found_any else 1


if __name__ == "__main__":
    sys.exit(main())
