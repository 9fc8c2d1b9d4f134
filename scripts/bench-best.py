#!/usr/bin/env python3
"""bench-best.py A.json B.json... > BEST.json: the runs of one build (lwcx
bench --json) merged row by row, keeping the result with the lower median
cycles per unit. On a shared, noisy machine, interleaved repeat runs of two
builds, each merged this way, then `lwcx bench --compare`, compare the two
builds' best figures rather than one unlucky run."""
import json
import sys

if len(sys.argv) < 2:
    sys.exit("usage: bench-best.py RUN.json... > BEST.json")
runs = []
for path in sys.argv[1:]:
    with open(path) as f:
        runs.append(json.load(f))
best = {}
order = []
for run in runs:
    for r in run["results"]:
        key = (r["primitive"], r["op"], r["impl"])
        if key not in best:
            order.append(key)
            best[key] = r
        elif r["cycles_per_unit_median"] < best[key]["cycles_per_unit_median"]:
            best[key] = r
machine = dict(runs[0]["machine"])
machine["merged_runs"] = len(runs)
# the layout lwcx bench writes (and --compare reads): one result a line
print("{")
print('  "machine": %s,' % json.dumps(machine))
print('  "results": [')
print(",\n".join("    " + json.dumps(best[k]) for k in order))
print("  ]")
print("}")
