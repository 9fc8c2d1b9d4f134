#!/usr/bin/env python3
"""docs/performance.md, made from the lwcx bench JSON files committed under
bench/machines/ (one folder per CPU) and the figures recorded before those
files existed (bench/recorded-before-json.csv).

  performance.py           writes docs/performance.md and docs/python/bench.json
  performance.py --check   fails if either differs from what the files give
  performance.py --plots   also draws docs/python/bench.png from
                           docs/python/bench.json (python -m lwcx.plot;
                           needs matplotlib: skipped with a line without it)

Each machine's files are grouped by compiler; of each compiler the files of
the newest date stand for the machine (older dates measured older code) and
are combined row by row keeping the lowest median (scripts/bench-best.py).
Python 3 standard library only (matplotlib for --plots)."""
import csv
import difflib
import glob
import importlib.util
import json
import math
import os
import sys
from collections import OrderedDict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "performance.md")
RECORDED = os.path.join(ROOT, "bench", "recorded-before-json.csv")
PLOT_JSON = os.path.join(ROOT, "docs", "python", "bench.json")
PLOT_PNG = os.path.join(ROOT, "docs", "python", "bench.png")
# the README's figure: this machine's combined files of this compiler
PLOT_FROM = ("amd-epyc-zen5-1a-02", "gcc")


def _bench_best():
    spec = importlib.util.spec_from_file_location("bench_best", os.path.join(ROOT, "scripts", "bench-best.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


bench_best = _bench_best()


def rebased(doc):
    """doc with each row's speedup_vs_ref (and speedup_vs_avx2) computed from
    the combined medians: the rows kept may come from different files, each
    file's own speedup from its own ref row."""
    med = {(r["primitive"], r["op"], r["impl"]): r["cycles_per_unit_median"] for r in doc["results"]}
    rows = []
    for r in doc["results"]:
        r = dict(r)
        for base in ("ref", "avx2"):
            key = "speedup_vs_" + base
            theirs = med.get((r["primitive"], r["op"], base))
            if key in r and r[key] is not None and theirs and r["cycles_per_unit_median"] > 0:
                r[key] = round(theirs / r["cycles_per_unit_median"], 3)
        rows.append(r)
    return {"machine": doc["machine"], "results": rows}


class Group:
    """One machine's files of one compiler: those of the newest date
    combined (runs), the older ones named only (older)."""

    def __init__(self, folder, compiler, files):
        self.folder, self.compiler = folder, compiler
        newest = max(date for date, _, _ in files)
        self.runs = [(name, doc) for date, name, doc in files if date == newest]
        self.older = [name for date, name, _ in files if date != newest]
        self.date = newest
        self.doc = rebased(bench_best.best([doc for _, doc in self.runs]))
        self.machine = self.doc["machine"]

    def cpu(self):
        m = self.machine
        out = m.get("cpu") or "unknown CPU"
        if "family" in m:
            out += " (%s, family %Xh, model %Xh, stepping %d)" % (m.get("vendor", "?"), m["family"], m["model"],
                                                                 m.get("stepping", 0))
        return out

    def how(self):
        names = ", ".join("`%s`" % n for n, _ in self.runs)
        if len(self.runs) == 1:
            return "one file, " + names
        return "best median per row of %d files, %s" % (len(self.runs), names)

    def cases(self):
        """OrderedDict primitive -> OrderedDict op -> OrderedDict impl -> row."""
        out = OrderedDict()
        for r in self.doc["results"]:
            out.setdefault(r["primitive"], OrderedDict()).setdefault(r["op"], OrderedDict())[r["impl"]] = r
        return out


def groups():
    """Every machine folder's groups, in folder then compiler order."""
    out = []
    for folder in sorted(os.listdir(os.path.join(ROOT, "bench", "machines"))):
        paths = sorted(glob.glob(os.path.join(ROOT, "bench", "machines", folder, "*.json")))
        by_compiler = OrderedDict()
        for path in paths:
            with open(path) as f:
                doc = json.load(f)
            name = os.path.basename(path)
            compiler = doc["machine"].get("compiler", "unknown").strip()
            date = doc["machine"].get("date") or name[:10]
            by_compiler.setdefault(compiler, []).append((date, name, doc))
        for compiler in sorted(by_compiler):
            out.append(Group(folder, compiler, by_compiler[compiler]))
    return out


def num(v):
    """A figure in four significant digits (whole numbers from 10^4 up), as the bench prints."""
    if v is None or v <= 0:
        return "-"
    return "%.0f" % v if v >= 1e4 else "%.4g" % v


def impl_order(ops):
    """The implementations of a primitive's cases in order of first appearance, ref last."""
    names = []
    for rows in ops.values():
        for name in rows:
            if name not in names:
                names.append(name)
    if "ref" in names:
        names.remove("ref")
        names.append("ref")
    return names


def geomeans(ops):
    """{impl: (geometric mean of speedup_vs_ref, cases)} over the cases with a
    ref row: the definition of lwcx bench's own summary."""
    logs = {}
    for rows in ops.values():
        for name, r in rows.items():
            if r.get("speedup_vs_ref"):
                logs.setdefault(name, []).append(math.log(r["speedup_vs_ref"]))
    return {n: (math.exp(sum(v) / len(v)), len(v)) for n, v in logs.items()}


def autos(ops):
    """'call kind: impl' of the automatic choice's rows, each kind once."""
    kinds = OrderedDict()
    for rows in ops.values():
        for name, r in rows.items():
            if r.get("auto"):
                kinds.setdefault(r.get("call", "?"), [])
                if name not in kinds[r.get("call", "?")]:
                    kinds[r.get("call", "?")].append(name)
    return "; ".join("%s: %s" % (k, ", ".join("`%s`" % n for n in v)) for k, v in kinds.items()) or "not marked"


def cell(r):
    if r is None:
        return ""
    text = "%s (%s)" % (num(r["cycles_per_unit_median"]), num(r["cycles_per_unit_min"]))
    if r.get("speedup_vs_ref"):
        text += ", %.2fx" % r["speedup_vs_ref"]
    if r.get("device"):
        text += " on %s" % r["device"]
    return "**%s**" % text if r.get("auto") else text


def table(out, ops):
    impls = impl_order(ops)
    out.append("| case | unit | " + " | ".join("`%s`" % i for i in impls) + " |")
    out.append("|---|---|" + "---:|" * len(impls))
    for op, rows in ops.items():
        unit = next(iter(rows.values()))["unit"]
        out.append("| %s | %s | %s |" % (op, unit, " | ".join(cell(rows.get(i)) for i in impls)))


def beside(g):
    """The line every table of a group carries: CPU, compiler, date, files."""
    m = g.machine
    return ("*%s; %s (%s); %s; %s ticks; %s.*" %
            (g.cpu(), g.compiler, m.get("build", "build not recorded"), g.date, m.get("cycle_counter", "?"),
             g.how()))


def writeups(out, gs):
    """The write-ups' published tables beside each group's figures, from the
    group's last file that carries them (lwcx bench computed its figures
    from that file's rows alone); nothing when no file does."""
    have = []
    for g in gs:
        named = [(name, doc["writeups"]) for name, doc in g.runs if doc.get("writeups")]
        if named:
            have.append((g,) + named[-1])
    if not have:
        return
    out += ["## The write-ups' published figures beside these", "",
            "The tables the project's write-ups published (`bench/writeups.c`: each figure with its machine and",
            "compiler as published), beside the figure of the same work in one file of the machine, as",
            "`lwcx bench` compared them (its JSON `writeups`); x here: how many times faster here.", ""]
    for g, name, tables in have:
        out += [beside(g) + " *Figures here: `%s` alone.*" % name, "",
                "| write-up, table | published row | published | unit | published on | published compiler | here | "
                "x here | bench row here | differs |", "|---|---|---:|---|---|---|---:|---:|---|---|"]
        for t in tables:
            first = True
            for r in t["rows"]:
                where = "%s, %s" % (t["subject"], t["table"]) if first else ""
                first = False
                bench_row = "%s `%s`" % (r["op"], r["impl"]) if r.get("measured") else "not measured"
                out.append("| " + " | ".join(c.replace("|", "\\|") for c in (
                    where, r["label"], "%.10g" % r["published"], r["unit"], r.get("published_machine") or "",
                    t.get("published_compiler") or "", num(r.get("here")),
                    "%.2fx" % r["speedup_here"] if r.get("speedup_here") else "-", bench_row,
                    "; ".join(r.get("differs") or []))) + " |")
        out.append("")


def recorded(out):
    with open(RECORDED, newline="") as f:
        rows = list(csv.DictReader(f))
    out += ["## Figures recorded before the bench JSON files", "",
            "Typed by hand into the README and the design documents from runs on earlier machines, before",
            "`lwcx bench --json` files were committed; kept here as recorded (`bench/recorded-before-json.csv`),",
            "each with its machine, compiler and date as the prose gives them (\"not recorded\" where it does",
            "not). They are not comparable with the tables above: other machines, other code. A blank",
            "source or measurement: the row above's.", "",
            "| source | measurement | row | figures | unit | machine | compiler | date |",
            "|---|---|---|---|---|---|---|---|"]
    last = None
    for r in rows:
        cells = [r[k].replace("|", "\\|") for k in
                 ("source", "what", "row", "figures", "unit", "machine", "compiler", "date")]
        here = cells[:2]
        if here == last:
            cells[:2] = ["", ""]
        last = here
        out.append("| " + " | ".join(cells) + " |")
    out.append("")


def page(gs):
    out = ["# Performance", "",
           "Generated by `scripts/performance.py` from the `lwcx bench --json` files under",
           "[`bench/machines/`](../bench/machines/) (one folder per CPU); do not edit: change the files",
           "and run `python3 scripts/performance.py` (ctest `performance_page` fails when this page is",
           "not what they give).", "",
           "How to read it: figures are the bench's cycle-counter ticks per unit (`rdtsc` on x86-64: the",
           "invariant TSC, not core clocks), median with the minimum in brackets, then the speedup of the",
           "median over the case's `ref` median, both as combined below. **Bold**: the automatic choice's",
           "row (the selection policy's pick for the case's call kind on that machine). Of each machine and",
           "compiler, the files of the newest date are combined, each row keeping its lowest median over",
           "them (`scripts/bench-best.py`); files of older dates measured older code and are named, not",
           "shown. Figures of a shared or virtual machine scatter from run to run: see",
           "[design/timing.md](design/timing.md).", "",
           "## Machines", "",
           "| folder | CPU | compiler | date | combined | older files, not shown |",
           "|---|---|---|---|---|---|"]
    for g in gs:
        out.append("| `%s` | %s | %s | %s | %s | %s |" % (g.folder, g.cpu(), g.compiler, g.date, g.how(),
                                                           ", ".join("`%s`" % n for n in g.older) or "none"))
    out += ["", "## Summary", "",
            "Per primitive: the automatic choice per call kind and each implementation's speedup over `ref`,",
            "the geometric mean over the cases with a `ref` row (cases counted in brackets; the definition of",
            "`lwcx bench`'s own summary), fastest first.", ""]
    for g in gs:
        out += [beside(g), "", "| primitive | cases | automatic choice | x ref, geometric mean |", "|---|---:|---|---|"]
        for prim, ops in g.cases().items():
            gm = geomeans(ops)
            ranked = sorted(gm, key=lambda n: (-gm[n][0], n))
            out.append("| %s | %d | %s | %s |" % (prim, len(ops), autos(ops),
                                                   ", ".join("`%s` %.2fx (%d)" % (n, gm[n][0], gm[n][1])
                                                             for n in ranked)))
        out.append("")
    prims = OrderedDict()
    for g in gs:
        for prim, ops in g.cases().items():
            prims.setdefault(prim, []).append((g, ops))
    for prim, per_group in prims.items():
        out += ["## %s" % prim, ""]
        for g, ops in per_group:
            out += [beside(g), ""]
            table(out, ops)
            out.append("")
    writeups(out, gs)
    recorded(out)
    return "\n".join(out)


def plot_group(gs):
    for g in gs:
        if (g.folder, g.compiler.split()[0]) == PLOT_FROM:
            return g
    sys.exit("performance: no files of %s with %s for the README's figure" % PLOT_FROM)


def plot_title(g):
    m = g.machine
    return "lwcx %s bench: %s (family %Xh model %Xh), %s, %s, %s" % (
        m.get("lwcx_version", ""), m.get("cpu", "unknown CPU"), m.get("family", 0), m.get("model", 0), g.compiler,
        g.date, "one run" if len(g.runs) == 1 else "best median of %d runs" % len(g.runs))


def outputs():
    gs = groups()
    return [(PAGE, page(gs) + "\n"), (PLOT_JSON, bench_best.dumps(plot_group(gs).doc))]


def check():
    bad = 0
    for path, want in outputs():
        try:
            with open(path) as f:
                have = f.read()
        except OSError as e:
            have = ""
            print("performance: %s" % e)
        if have != want:
            bad = 1
            rel = os.path.relpath(path, ROOT)
            diff = list(difflib.unified_diff(have.splitlines(), want.splitlines(), rel, "what the files give",
                                             lineterm="", n=1))
            print("\n".join(diff[:40] + (["... (%d more lines)" % (len(diff) - 40)] if len(diff) > 40 else [])))
            print("performance: %s is not what scripts/performance.py makes of bench/machines/ and %s: run "
                  "python3 scripts/performance.py (no hand edits)" % (rel, os.path.relpath(RECORDED, ROOT)))
    if not bad:
        print("performance: docs/performance.md and docs/python/bench.json are what the files give")
    return bad


def plots():
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("performance: skipped the plots: matplotlib is not installed (pip install matplotlib)")
        return 0
    # python/lwcx/plot.py by its path: the package's __init__ would load the
    # C library through cffi, which drawing does not need
    spec = importlib.util.spec_from_file_location("lwcx_plot", os.path.join(ROOT, "python", "lwcx", "plot.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    print("performance: python -m lwcx.plot %s -o %s" % (os.path.relpath(PLOT_JSON, ROOT), os.path.relpath(PLOT_PNG, ROOT)))
    return mod.main([PLOT_JSON, "-o", PLOT_PNG, "--title", plot_title(plot_group(groups()))])


def main(argv):
    if argv not in ([], ["--check"], ["--plots"]):
        sys.exit("usage: performance.py [--check | --plots]")
    if argv == ["--check"]:
        return check()
    for path, text in outputs():
        with open(path, "w") as f:
            f.write(text)
        print("performance: wrote " + os.path.relpath(path, ROOT))
    return plots() if argv == ["--plots"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
