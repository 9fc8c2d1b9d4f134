"""Plots of `lwcx bench --json` results.

    python -m lwcx.plot BENCH.json -o FILE.png|svg|pdf [--title TEXT]

One figure, two panels sharing their rows: every benchmark case (primitive
and operation) is a group of bars, one bar per implementation; the top panel
shows the speedup over ref (log scale), the bottom one cycles per unit (per
byte, block, key, message or call, as the case says; log scale). The machine
and build the numbers come from are in the title. Needs matplotlib (the
package's [plot] extra); reading the JSON does not.
"""
from __future__ import annotations

import argparse
import json
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


def plot(path: str, out: str, title: Optional[str] = None) -> None:
    """Writes the figure of one bench JSON file to out (format from its suffix)."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    machine, cases = load(path)
    impls: List[str] = []
    for rows in cases.values():
        for name in rows:
            if name not in impls:
                impls.append(name)
    if "ref" in impls:  # ref last: it is the baseline
        impls.remove("ref")
        impls.append("ref")
    colour = {name: _COLOURS[i % len(_COLOURS)] for i, name in enumerate(impls)}

    n = len(cases)
    width = 0.8 / max(max(len(r) for r in cases.values()), 1)
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(max(10, 0.42 * n + 2), 9), sharex=True)
    seen = set()
    for x, (key, rows) in enumerate(cases.items()):
        names = [i for i in impls if i in rows]
        for j, name in enumerate(names):
            r = rows[name]
            pos = x - 0.4 + width * (j + 0.5)
            label = name if name not in seen else None
            seen.add(name)
            sp = r.get("speedup_vs_ref")
            if sp:
                ax1.bar(pos, sp, width, color=colour[name], label=label)
            cyc = r.get("cycles_per_unit_median")
            if cyc and cyc > 0:
                ax2.bar(pos, cyc, width, color=colour[name])
    ax1.set_yscale("log")
    ax1.axhline(1.0, color="black", linewidth=0.8)
    ax1.set_ylabel("speedup over ref (log)")
    ax1.grid(axis="y", which="both", alpha=0.3)
    ax1.legend(ncol=min(len(impls), 8), fontsize=8, loc="upper left")
    ax2.set_yscale("log")
    ax2.set_ylabel("cycles per unit, median (log)")
    ax2.grid(axis="y", which="both", alpha=0.3)
    labels = [f"{p} {op} /{next(iter(rows.values()))['unit']}" for (p, op), rows in cases.items()]
    ax2.set_xticks(range(n))
    ax2.set_xticklabels(labels, rotation=70, ha="right", fontsize=7)
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
    a = ap.parse_args(argv)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("lwcx.plot: matplotlib is needed: pip install 'lwcx[plot]' (or matplotlib)", file=sys.stderr)
        return 2
    try:
        plot(a.bench, a.output, a.title)
    except (OSError, ValueError, KeyError) as e:
        print(f"lwcx.plot: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
