"""Plots of `lwcx bench --json` results.

    python -m lwcx.plot BENCH.json -o FILE.png|svg|pdf [--title TEXT]

    python -m lwcx.plot BENCH.json -o FILE.png --cases [--primitive NAME]...

One figure, two panels, one group of bars per primitive and one bar per
implementation (the same colour throughout). Top: the speedup over ref (log
scale), the geometric mean over the primitive's benchmark cases, with a line
from the smallest to the largest. Bottom: cycles per unit (log scale) of one
headline case per primitive (bulk CTR, Schwaemm on 16 KiB, kcc24-p6 on 255
bytes, an aimer128f signature: per byte or per call, as the label says).
--cases draws every case instead of one group per primitive (wide: filter
with --primitive). The CPU and compiler are in the title. Needs matplotlib
(the package's [plot] extra); reading the JSON does not.
"""
from __future__ import annotations

import argparse
import json
import math
import textwrap
import sys
from collections import OrderedDict
from typing import Dict, List, Optional, Tuple


def load(path: str) -> Tuple[dict, "OrderedDict[Tuple[str, str], Dict[str, dict]]"]:
    """The machine description and the results grouped by (primitive, op), in
    the file's order, each a dict impl -> row."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or "results" not in doc:
        raise ValueError(f"{path}: not a `lwcx bench --json` file (no \"results\")")
    cases: "OrderedDict[Tuple[str, str], Dict[str, dict]]" = OrderedDict()
    for r in doc["results"]:
        cases.setdefault((r["primitive"], r["op"]), {})[r["impl"]] = r
    if not cases:
        raise ValueError(f"{path}: no results")
    return doc.get("machine", {}), cases


# one colour per implementation name, the same in every group and both panels
_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3",
            "#8c8c8c", "#ccb974", "#64b5cd", "#1b9e77", "#d95f02"]


# the case shown for cycles per unit in the summary, by preference
HEADLINE = ("ctr_4KiB", "schwaemm256-128_enc_16KiB", "encrypt_255B", "aimer128f_sign")


def _impl_order(groups) -> List[str]:
    impls: List[str] = []
    for rows in groups:
        for name in rows:
            if name not in impls:
                impls.append(name)
    if "ref" in impls:  # ref last: it is the baseline
        impls.remove("ref")
        impls.append("ref")
    return impls


def _summary(cases):
    """Per primitive: {impl: (geomean, min, max) speedup} and the headline case."""
    prims: "OrderedDict[str, list]" = OrderedDict()
    for (prim, op), rows in cases.items():
        prims.setdefault(prim, []).append((op, rows))
    out = []
    for prim, lst in prims.items():
        sp: Dict[str, List[float]] = {}
        for _, rows in lst:
            for name, r in rows.items():
                if r.get("speedup_vs_ref"):
                    sp.setdefault(name, []).append(r["speedup_vs_ref"])
        stats = {n: (math.exp(sum(map(math.log, v)) / len(v)), min(v), max(v)) for n, v in sp.items()}
        head = next((x for h in HEADLINE for x in lst if x[0] == h), lst[0])
        out.append((prim, stats, head))
    return out


def _bars(ax, groups, impls, colour, value, err=None) -> None:
    """One group of bars per entry of groups (dicts impl -> item), in impls' order."""
    width = 0.8 / max(max(len(g) for g in groups), 1)
    for x, rows in enumerate(groups):
        names = [i for i in impls if i in rows]
        for j, name in enumerate(names):
            v = value(rows[name])
            if not v or v <= 0:
                continue
            pos = x - 0.4 + width * (j + 0.5)
            ax.bar(pos, v, width, color=colour[name])
            if err is not None:
                lo, hi = err(rows[name])
                ax.plot([pos, pos], [lo, hi], color="black", linewidth=0.7)


def plot(path: str, out: str, title: Optional[str] = None, every_case: bool = False,
         only: Optional[List[str]] = None) -> None:
    """Writes the figure of one bench JSON file to out (format from its suffix)."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    machine, cases = load(path)
    if only:
        cases = OrderedDict((k, v) for k, v in cases.items() if k[0] in only)
        if not cases:
            raise ValueError(f"{path}: no results for {', '.join(only)}")
    impls = _impl_order(cases.values())
    colour = {name: _COLOURS[i % len(_COLOURS)] for i, name in enumerate(impls)}
    if every_case:
        top = list(cases.values())
        bottom = top
        top_value = lambda r: r.get("speedup_vs_ref")  # noqa: E731
        top_err = None
        labels = [f"{p} {op} /{next(iter(rows.values()))['unit']}" for (p, op), rows in cases.items()]
        ylabel1 = "speedup over ref (log)"
    else:
        summ = _summary(cases)
        top = [stats for _, stats, _ in summ]
        bottom = [head[1] for _, _, head in summ]
        top_value = lambda st: st[0]  # noqa: E731
        top_err = lambda st: (st[1], st[2])  # noqa: E731
        labels = [f"{prim}\n{textwrap.fill(head[0].replace('_', ' '), 14)}\n"
                  f"(per {next(iter(head[1].values()))['unit']})" for prim, _, head in summ]
        ylabel1 = "speedup over ref (log)\ngeometric mean over cases, min-max line"
    n = len(top)
    wide = 0.42 * n + 2 if every_case else 1.1 * n + 2
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(max(10, wide), 8.5), sharex=True)
    _bars(ax1, top, impls, colour, top_value, top_err)
    _bars(ax2, bottom, impls, colour, lambda r: r.get("cycles_per_unit_median"))
    handles = [Patch(color=colour[i], label=i) for i in impls]
    ax1.legend(handles=handles, ncol=min(len(impls), 9), fontsize=8, loc="upper left")
    for ax in (ax1, ax2):
        ax.set_axisbelow(True)  # grid lines behind the bars
    ax1.set_yscale("log")
    ax1.axhline(1.0, color="black", linewidth=0.8)
    ax1.set_ylabel(ylabel1)
    ax1.grid(axis="y", which="both", alpha=0.3)
    ax2.set_yscale("log")
    ax2.set_ylabel(f"{machine.get('cycle_counter', '')} cycles per unit, median (log)".strip())
    ax2.grid(axis="y", which="both", alpha=0.3)
    ax2.set_xticks(range(n))
    if every_case:
        ax2.set_xticklabels(labels, rotation=70, ha="right", fontsize=7)
    else:
        ax2.set_xticklabels(labels, fontsize=8)
    ax2.set_xlim(-0.6, n - 0.4)
    if title is None:
        title = (f"lwcx {machine.get('lwcx_version', '')} bench: {machine.get('cpu', 'unknown CPU')}"
                 f" ({machine.get('compiler', '')})")
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lwcx.plot",
                                 description="Plot `lwcx bench --json` results: speedup over ref "
                                             "and cycles per unit, per implementation.")
    ap.add_argument("bench", help="a JSON file written by `lwcx bench --json FILE`")
    ap.add_argument("-o", "--output", required=True, help="image file: .png, .svg or .pdf")
    ap.add_argument("--title", help="the figure's title (default: the CPU and compiler)")
    ap.add_argument("--cases", action="store_true", help="every benchmark case, not one group per primitive")
    ap.add_argument("--primitive", action="append", help="only this primitive (repeatable)")
    a = ap.parse_args(argv)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("lwcx.plot: matplotlib is needed: pip install 'lwcx[plot]' (or matplotlib)", file=sys.stderr)
        return 2
    try:
        plot(a.bench, a.output, a.title, a.cases, a.primitive)
    except (OSError, ValueError, KeyError) as e:
        print(f"lwcx.plot: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
