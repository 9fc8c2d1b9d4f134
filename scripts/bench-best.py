#!/usr/bin/env python3
"""bench-best.py A.json B.json... > BEST.json: the runs of one build (lwcx
bench --json) merged row by row, keeping the result with the lower median
cycles per unit. On a shared, noisy machine, interleaved repeat runs of two
builds, each merged this way, then `lwcx bench --compare`, compare the two
builds' best figures rather than one unlucky run. scripts/performance.py
combines each machine's files with best() too."""
import json
import sys


def best(runs):
    """The runs (parsed JSON) merged: each (primitive, op, impl) row the one
    with the lowest median, in the order rows first appear; the first run's
    machine object with merged_runs added."""
    rows = {}
    order = []
    for run in runs:
        for r in run["results"]:
            key = (r["primitive"], r["op"], r["impl"])
            if key not in rows:
                order.append(key)
                rows[key] = r
            elif r["cycles_per_unit_median"] < rows[key]["cycles_per_unit_median"]:
                rows[key] = r
    machine = dict(runs[0]["machine"])
    machine["merged_runs"] = len(runs)
    return {"machine": machine, "results": [rows[k] for k in order]}


def dumps(doc):
    """The layout lwcx bench writes (and --compare reads): one result a line."""
    return "\n".join(["{",
                      '  "machine": %s,' % json.dumps(doc["machine"]),
                      '  "results": [',
                      ",\n".join("    " + json.dumps(r) for r in doc["results"]),
                      "  ]",
                      "}"]) + "\n"


def main(paths):
    if not paths:
        sys.exit("usage: bench-best.py RUN.json... > BEST.json")
    runs = []
    for path in paths:
        with open(path) as f:
            runs.append(json.load(f))
    sys.stdout.write(dumps(best(runs)))


if __name__ == "__main__":
    main(sys.argv[1:])
