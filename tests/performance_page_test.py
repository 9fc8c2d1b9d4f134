#!/usr/bin/env python3
"""scripts/performance.py on made-up bench files: the files of a machine's
newest date combined row by row (lowest median), speedups over ref from the
combined medians, the automatic choice in bold, older files named and not
shown, the write-ups' tables only where a file has them, and --check failing
on a page or JSON that differs from what the files give."""
import importlib.util
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("performance", os.path.join(ROOT, "scripts", "performance.py"))
perf = importlib.util.module_from_spec(spec)
spec.loader.exec_module(perf)

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)


def row(impl, med, speedup, auto=False):
    r = {"primitive": "toy", "impl": impl, "op": "ctr_4KiB", "unit": "byte", "units_per_call": 4096,
         "cycles_per_unit_median": med, "cycles_per_unit_min": med * 0.9, "speedup_vs_ref": speedup,
         "call": "one_key"}
    if auto:
        r.update({"auto": True, "auto_from": "rules"})
    return r


MACHINE = {"cpu": "Test CPU", "vendor": "AuthenticAMD", "family": 26, "model": 2, "stepping": 1,
           "cycle_counter": "rdtsc", "compiler": "gcc 12.2.0", "build": "Release"}


def run(date, fast, ref, writeups=None):
    doc = {"machine": dict(MACHINE, date=date),
           "results": [row("fast", fast, ref / fast, auto=True), row("ref", ref, 1.0)]}
    if writeups:
        doc["writeups"] = writeups
    return doc


WRITEUP = [{"seed": "000", "subject": "toy write-up", "table": "Table 9", "source": "s",
            "published_compiler": "cc 1.0", "rows": [
                {"label": "published toy", "published": 100, "unit": "cycles/call", "published_machine": "Old box",
                 "published_arch": "x86-64", "primitive": "toy", "op": "ctr_4KiB", "impl": "fast",
                 "measured": True, "here": 50, "speedup_here": 2, "differs": ["a toy difference"]}]}]

# two files of the newest date (each row's best median: fast from the first,
# ref from the second) and one older file whose figures must not show
files = [("2026-01-01", "2026-01-01-old.json", run("2026-01-01", 1.0, 99.0)),
         ("2026-02-01", "2026-02-01-a.json", run("2026-02-01", 2.0, 40.0)),
         ("2026-02-01", "2026-02-01-b.json", run("2026-02-01", 3.0, 30.0, WRITEUP))]
g = perf.Group("test-machine", "gcc 12.2.0", files)
page = perf.page([g])
expect(g.date == "2026-02-01" and g.older == ["2026-01-01-old.json"], "the newest date's files combined")
expect("| ctr_4KiB | byte | **2 (1.8), 15.00x** | 30 (27), 1.00x |" in page,
       "best median per row and the speedup from the combined medians (30 / 2), the automatic choice bold")
expect("99" not in page.split("## toy")[1].split("## ")[0], "the older file's figures left out")
expect("`2026-01-01-old.json`" in page, "the older file named")
expect("best median per row of 2 files" in page and "2026-02-01; rdtsc ticks" in page,
       "how the files are combined, the compiler, CPU and date beside the tables")
expect("Test CPU (AuthenticAMD, family 1Ah, model 2h, stepping 1)" in page, "the CPU named")
expect("| toy | 1 | one_key: `fast` | `fast` 15.00x (1), `ref` 1.00x (1) |" in page, "the summary row")
expect("| toy write-up, Table 9 | published toy | 100 | cycles/call | Old box | cc 1.0 | 50 | 2.00x | ctr_4KiB `fast` "
       "| a toy difference |" in page and "`2026-02-01-b.json` alone" in page,
       "the write-ups' table from the file that has it")
expect("## Figures recorded before the bench JSON files" in page, "the recorded figures' table")
g2 = perf.Group("test-machine", "gcc 12.2.0", files[:2])
expect("write-ups' published" not in perf.page([g2]), "no write-ups' section without a file that has them")

# --check: the committed page and JSON pass; an edit of either fails
tmp = tempfile.mkdtemp()
try:
    for name in ("PAGE", "PLOT_JSON"):
        shutil.copy(getattr(perf, name), os.path.join(tmp, name))
    saved = perf.PAGE, perf.PLOT_JSON
    perf.PAGE, perf.PLOT_JSON = os.path.join(tmp, "PAGE"), os.path.join(tmp, "PLOT_JSON")
    expect(perf.check() == 0, "--check passes on the committed files")
    for path in (perf.PAGE, perf.PLOT_JSON):
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("1.00x", "1.01x", 1).replace('"ref"', '"reff"', 1))
        expect(perf.check() == 1, "--check fails on an edited " + os.path.basename(path))
        with open(path, "w") as f:
            f.write(text)
    perf.PAGE, perf.PLOT_JSON = saved
finally:
    shutil.rmtree(tmp)

for f in failures:
    print("FAIL: " + f)
print("performance_page_test: %s" % ("failed" if failures else "ok"))
sys.exit(1 if failures else 0)
