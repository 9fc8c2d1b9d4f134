#!/usr/bin/env python3
"""The end of `lwcx bench`: the summary and the write-ups' tables, in the
table and the JSON, on a small bench (kcc23p4 and sparkle, --quick): the
sections are there, their figures agree with the rows of the same run, the
rows of cases not run say "not measured", and the name columns line up.
Then --impl: the automatic choice's rows not timed are said so.
    bench_report.py LWCX"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

LWCX = sys.argv[1]
# as tests/cli_common.sh: the tool through CTest's emulator, when there is one
RUN = os.environ.get("LWCX_TEST_EMULATOR", "").split() + [LWCX]
failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)


def close(a, b, rel=5e-3):
    return a is not None and b is not None and abs(a - b) <= rel * max(abs(a), abs(b))


def bench(args, path):
    r = subprocess.run([*RUN, "bench", *args, "--quick", "--json", path], capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stderr)
        sys.exit(1)
    with open(path, encoding="utf-8") as f:
        return r.stdout, json.load(f)


def check_summary(doc):
    rows = doc["results"]
    prims = [s["primitive"] for s in doc["summary"]]
    check(prims == sorted(set(r["primitive"] for r in rows), key=prims.index) and set(prims) == {"kcc23p4", "sparkle"},
          f"summary: one entry per primitive run, got {prims}")
    for s in doc["summary"]:
        mine = [r for r in rows if r["primitive"] == s["primitive"]]
        ops = {r["op"] for r in mine}
        with_ref = {r["op"] for r in mine if r["impl"] == "ref" and r["speedup_vs_ref"]}
        check(s["cases"] == len(ops) and s["cases_with_ref"] == len(with_ref), f"{s['primitive']}: case counts")
        check(s["mean"] == "geometric", "the mean is named")
        means = {}
        for impl in {r["impl"] for r in mine}:
            sp = [r["speedup_vs_ref"] for r in mine if r["impl"] == impl and r["speedup_vs_ref"]]
            if sp:
                means[impl] = (math.exp(sum(map(math.log, sp)) / len(sp)), len(sp))
        got = {k: (v["geomean"], v["cases"]) for k, v in s["speedup_vs_ref"].items()}
        check(set(got) == set(means), f"{s['primitive']}: implementations {sorted(got)} vs {sorted(means)}")
        for k, (g, n) in means.items():
            check(k in got and close(got[k][0], g) and got[k][1] == n,
                  f"{s['primitive']} {k}: geometric mean {got.get(k)} vs rows {g:.4f} over {n}")
        full = {k: g for k, (g, n) in means.items() if n == len(with_ref)}
        best = max(full, key=full.get)
        check(s["fastest"] == best and close(s["fastest_speedup_vs_ref"], full[best]),
              f"{s['primitive']}: fastest {s['fastest']} vs {best}")
        kinds = {r["call"] for r in mine if r.get("call")}
        check({a["call"] for a in s["auto"]} == kinds, f"{s['primitive']}: call kinds")
        for a in s["auto"]:
            marked = [r for r in mine if r.get("call") == a["call"] and r.get("auto")]
            check(a["cases"] == len({r["op"] for r in mine if r.get("call") == a["call"]}), f"{a['call']}: cases")
            check(a["cases_marked"] == len(marked), f"{a['call']}: cases_marked")
            check(a["cases_beaten"] == sum(1 for r in marked if r.get("auto_beaten_by")), f"{a['call']}: beaten")
            check(not marked or a["impl"] == marked[0]["impl"], f"{a['call']}: auto impl")


def check_writeups(doc, table):
    rows = doc["results"]
    w = doc["writeups"]
    check(len({t["seed"] for t in w}) == 5, "the five write-ups")
    for t in w:
        for key in ("seed", "subject", "table", "source", "published_compiler", "rows"):
            check(t.get(key), f"write-up table without {key}")
    by = {(r["primitive"], r["op"], r["impl"]): r for r in rows}
    measured = 0
    for t in w:
        for x in t["rows"]:
            for key in ("label", "published", "unit", "published_machine", "published_arch", "primitive", "op"):
                check(x.get(key), f"{t['seed']}: a row without {key}")
            ran = x["primitive"] in ("kcc23p4", "sparkle")
            # a row set beside avx2 (or neon) is not measured on a CPU without it
            lacks = not any(r["impl"] in ("avx2", "neon") for r in rows if r["op"] == x["op"])
            check(x["measured"] == ran or (ran and lacks), f"{x['label']}: measured is {x['measured']}")
            if not x["measured"]:
                check(x["here"] is None and x["speedup_here"] is None and x["impl"] is None,
                      f"{x['label']}: figures of a case not run")
                continue
            measured += 1
            r = by.get((x["primitive"], x["op"], x["impl"]))
            check(r is not None, f"{x['label']}: no such bench row {x['op']} {x['impl']}")
            if r is None:
                continue
            if x["unit"] == "cycles/block":  # kcc23p4's harness: per block, rdtsc ticks
                here = r["cycles_per_unit_median"]
            else:  # SPARKLE: ns per permutation
                here = r["ns_per_unit_median"] * r["units_per_call"]
            check(close(x["here"], here), f"{x['label']}: here {x['here']} vs the row's {here}")
            check(close(x["speedup_here"], x["published"] / x["here"]), f"{x['label']}: ratio")
            if x["published_arch"] == "arm64" and doc["machine"]["vendor"] != "arm":
                check(any("arm64" in d for d in x["differs"]), f"{x['label']}: ARM beside x86 not marked")
    if any(r["impl"] == "avx2" for r in rows):
        check(measured == 6 + 9, f"kcc23p4's 6 and SPARKLE's 9 published rows measured, not {measured}")
    check("\n# summary: " in table and "\n# write-ups: " in table, "the table's sections")
    check(re.search(r"^kcc23p4: 4 cases, 4 with a ref row; fastest \S+, [0-9.]+x ref$", table, re.M),
          "the summary line of kcc23p4")
    check(re.search(r"^  auto every_call +\S+ \((table|policy|wisdom|named)\) in 4 of 4 cases", table, re.M),
          "the automatic choice of kcc23p4")
    check(re.search(r"^  0_no_optim.c \(the C reference\) +2489.89 cycles/block +[0-9.]+ +[0-9.]+x  "
                    r"harness_enc_512keys ref$", table, re.M), "a measured write-up row")
    check(re.search(r"^  256 sign, Reference +69730752 cycles/call +- +-  not measured \(aimer\)$", table, re.M),
          "a write-up row not measured")


def check_columns(table):
    """Every row's numbers start in the header's columns, long case names or not."""
    lines = table.split("\n")
    head = next(l for l in lines if l.startswith("primitive "))
    end = head.index("cyc/unit") + len("cyc/unit")
    rows = [l for l in lines if re.match(r"^(kcc23p4|sparkle) +\S+ +\S+ +[0-9]", l)]
    check(len(rows) >= 40, "bench rows in the table")
    bad = [l for l in rows if not re.match(r"^.{%d}[0-9] " % (end - 1), l)]
    check(not bad, f"columns not aligned: {bad[:2]}")
    longest = max(len(l.split()[1]) for l in rows)
    check(longest >= 31, "a long case name (schwaemm256-128_enc_16KiB_16way)")


def check_compare(path):
    r = subprocess.run([*RUN, "bench", "--compare", path, path], capture_output=True, text=True)
    m = re.search(r"^# (\d+) rows in both \(0 only in A, 0 only in B\)$", r.stdout, re.M)
    with open(path, encoding="utf-8") as f:
        n = len(json.load(f)["results"])
    check(r.returncode == 0 and m and int(m.group(1)) == n, f"--compare reads the results only: {r.stdout[-200:]}")


def check_impl_subset(path):
    table, doc = bench(["kcc23p4", "--impl", "portable"], path)
    s = doc["summary"][0]
    check(s["fastest"] in ("portable", "ref"), "--impl portable: the fastest of those timed")
    auto = [a for a in s["auto"] if a["call"] == "every_call"][0]
    if auto["cases_marked"] == 0:  # the automatic choice is not portable on this CPU
        check(re.search(r"^  auto every_call +its row not measured in 4 cases \(left out by --impl", table, re.M),
              "the automatic choice not timed")
    avx2 = [x for t in doc["writeups"] for x in t["rows"] if x["label"].startswith("3_byte_reorder")][0]
    check(not avx2["measured"] and avx2["here"] is None, "--impl portable: the AVX2 rows of seed 001 not measured")
    check(re.search(r"^  3_byte_reorder.c +384.125 cycles/block +- +-  not measured \(kcc23p4\)$", table, re.M),
          "--impl portable: said not measured in the table")


with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "b.json")
    table, doc = bench(["kcc23p4", "sparkle"], path)
    check(set(doc) == {"machine", "results", "summary", "writeups"}, f"JSON members {sorted(doc)}")
    check_summary(doc)
    check_writeups(doc, table)
    check_columns(table)
    check_compare(path)
    check_impl_subset(path)
print("bench_report:", "FAILED" if failures else "passed")
sys.exit(1 if failures else 0)
