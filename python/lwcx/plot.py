"""Plots of `lwcx bench --json` results.

    python -m lwcx.plot BENCH.json -o FILE.png|svg|pdf [--title TEXT]

    python -m lwcx.plot BENCH.json -o FILE.png --cases [--primitive NAME]...

One group of bars per primitive and one bar per implementation, each
implementation with its own colour (and hatching beyond the palette's
colours; ref is always dark grey), the same in every panel, and the legend
beside the panels, outside the data. Top: the speedup over ref (log scale),
the geometric mean over the primitive's benchmark cases, with a line from the
smallest to the largest. Below, one panel per unit (per byte, per call, per
block, per key): cycles per unit (log scale) of one headline case per
primitive (bulk CTR, Schwaemm on 16 KiB, kcc24-p6 on 255 bytes, an aimer128f
signature). --cases draws every case instead of one group per primitive
(wide: filter with --primitive). The CPU and compiler are in the title.
Needs matplotlib (the package's [plot] extra); reading the JSON does not.
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


# Colours of the implementations other than ref, told apart from each other
# and from ref's dark grey; past them, the same colours hatched.
_COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
            "#bcbd22", "#17becf", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5",
            "#c49c94", "#f7b6d2", "#dbdb8d", "#9edae5"]
_REF_COLOUR = "#404040"
_HATCHES = ["", "//", "..", "xx", "\\\\", "++"]

Style = Tuple[str, str]  # (colour, hatch)


def styles(impls: List[str]) -> Dict[str, Style]:
    """A distinct (colour, hatch) for every implementation name: ref dark grey,
    the others the palette's colours in order, hatched once they run out."""
    out: Dict[str, Style] = {}
    others = [i for i in impls if i != "ref"]
    for k, name in enumerate(others):
        hatch = _HATCHES[(k // len(_COLOURS)) % len(_HATCHES)]
        out[name] = (_COLOURS[k % len(_COLOURS)], hatch)
    if "ref" in impls:
        out["ref"] = (_REF_COLOUR, "")
    return out


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


def _bars(ax, groups, impls, style, value, err=None) -> None:
    """One group of bars per entry of groups (dicts impl -> item), in impls' order."""
    width = 0.8 / max(max(len(g) for g in groups), 1)
    for x, rows in enumerate(groups):
        names = [i for i in impls if i in rows]
        for j, name in enumerate(names):
            v = value(rows[name])
            if not v or v <= 0:
                continue
            pos = x - 0.4 + width * (j + 0.5)
            colour, hatch = style[name]
            ax.bar(pos, v, width, color=colour, hatch=hatch, edgecolor="white" if hatch else colour, linewidth=0)
            if err is not None:
                lo, hi = err(rows[name])
                ax.plot([pos, pos], [lo, hi], color="black", linewidth=0.7)


def _unit(rows: Dict[str, dict]) -> str:
    return str(next(iter(rows.values())).get("unit", "unit"))


def _by_unit(items):
    """(label, rows) items grouped by their rows' unit, in order of first appearance."""
    out: "OrderedDict[str, list]" = OrderedDict()
    for label, rows in items:
        out.setdefault(_unit(rows), []).append((label, rows))
    return out


def figure(path: str, title: Optional[str] = None, every_case: bool = False, only: Optional[List[str]] = None):
    """The figure of one bench JSON file (a matplotlib Figure; the caller saves
    or closes it). Raises ValueError for a file that is not bench output."""
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
    style = styles(impls)
    if every_case:
        top = list(cases.values())
        top_value = lambda r: r.get("speedup_vs_ref")  # noqa: E731
        top_err = None
        top_labels = [f"{p} {op}" for (p, op) in cases]
        bottom = _by_unit((f"{p} {op}", rows) for (p, op), rows in cases.items())
        ylabel1 = "speedup over ref (log)"
    else:
        summ = _summary(cases)
        top = [stats for _, stats, _ in summ]
        top_value = lambda st: st[0]  # noqa: E731
        top_err = lambda st: (st[1], st[2])  # noqa: E731
        top_labels = [prim for prim, _, _ in summ]
        bottom = _by_unit((f"{prim}\n{textwrap.fill(head[0].replace('_', ' '), 14)}", head[1])
                          for prim, _, head in summ)
        ylabel1 = "speedup over ref (log)\ngeometric mean over cases, min-max line"
    # one panel for the speedups, then one per unit: per-byte and per-call
    # cycles never share an axis
    n = max([len(top)] + [len(v) for v in bottom.values()])
    wide = 0.42 * n + 3 if every_case else 1.1 * n + 3
    heights = [3.6] + [3.0 + (1.6 if every_case else 0.4)] * len(bottom)
    fig, axes = plt.subplots(len(heights), 1, figsize=(max(10, wide), sum(heights) + 0.8),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    axes = [a[0] for a in axes]
    panels = [(axes[0], top, top_labels, top_value, top_err, ylabel1)]
    counter = machine.get("cycle_counter", "")
    for ax, (unit, items) in zip(axes[1:], bottom.items()):
        label = f"{counter} cycles per {unit}, median (log)".strip()
        panels.append((ax, [rows for _, rows in items], [lab for lab, _ in items],
                       lambda r: r.get("cycles_per_unit_median"), None, label))
    for ax, groups, labels, value, err, ylabel in panels:
        _bars(ax, groups, impls, style, value, err)
        ax.set_axisbelow(True)  # grid lines behind the bars
        ax.set_yscale("log")
        ax.set_ylabel(ylabel, fontsize=9)
        ax.grid(axis="y", which="both", alpha=0.3)
        ax.set_xticks(range(len(groups)))
        if every_case:
            ax.set_xticklabels(labels, rotation=70, ha="right", fontsize=7)
        else:
            ax.set_xticklabels(labels, fontsize=8)
        ax.set_xlim(-0.6, n - 0.4)  # one scale for every panel: bars as wide in each
    axes[0].axhline(1.0, color="black", linewidth=0.8)
    if title is None:
        title = (f"lwcx {machine.get('lwcx_version', '')} bench: {machine.get('cpu', 'unknown CPU')}"
                 f" ({machine.get('compiler', '')})")
    fig.suptitle(title, fontsize=11)
    # the legend in a column of its own right of the panels, never over a bar
    handles = [Patch(facecolor=style[i][0], hatch=style[i][1], edgecolor="white" if style[i][1] else style[i][0],
                     label=i) for i in impls]
    fig.tight_layout(rect=(0, 0, 0.86, 1))
    fig.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.865, 0.95), fontsize=8,
               title="implementation", title_fontsize=8, frameon=False,
               ncol=1 if len(impls) <= 24 else 2)
    return fig


def plot(path: str, out: str, title: Optional[str] = None, every_case: bool = False,
         only: Optional[List[str]] = None) -> None:
    """Writes the figure of one bench JSON file to out (format from its suffix)."""
    import matplotlib.pyplot as plt

    fig = figure(path, title, every_case, only)
    try:
        fig.savefig(out, dpi=110, bbox_inches="tight")
    finally:
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
