#!/usr/bin/env python3
"""The README's two commands, and the check that CI runs the second.

    readme-commands.py test|bench [--readme FILE]   print that command
    readme-commands.py --check [--readme FILE] [--ci FILE]

The README opens with one fenced block right after its title (a `not run:`
line before it), holding two commands, each after its comment line: the
bench (`# the main job: ...`) and the tests (`# all the tests`). CI's
stage 1 runs the test command exactly: `.ci/run` gets it from this script.
--check fails, saying why, when the block is not the first thing after the
title, is not marked `<!-- not run: REASON -->`, lacks either command, when
the test command does not build `build` and run `ctest --test-dir build`,
or when .ci/run's stage 1 no longer runs what this script prints.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMENTS = {"bench": "# the main job:", "test": "# all the tests"}
# what .ci/run's stage 1 must hold: the command from here, run as it is
CI_LINES = ['readme_test=$(python3 scripts/readme-commands.py test)', 'eval "$readme_test"']


def commands(path):
    """{'bench': ..., 'test': ...} from the README's first block, or exits."""
    lines = open(path, encoding="utf-8").read().split("\n")
    if not lines or not lines[0].startswith("# "):
        sys.exit(f"{path}: the first line is not the title")
    i = 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and not re.fullmatch(r"<!--\s*not run:\s*\S.*-->", lines[i].strip()):
        sys.exit(f"{path}:{i + 1}: the two commands must come first after the title, marked "
                 "`<!-- not run: REASON -->` (scripts/doc-examples.py)")
    i += 1
    if i >= len(lines) or lines[i].strip() not in ("```sh", "```bash"):
        sys.exit(f"{path}:{i + 1}: no sh block of the two commands right after the title")
    body = []
    for j in range(i + 1, len(lines)):
        if lines[j].startswith("```"):
            break
        body.append(lines[j])
    else:
        sys.exit(f"{path}:{i + 1}: the block of the two commands is not closed")
    found = {}
    for key, comment in COMMENTS.items():
        at = [k for k, l in enumerate(body) if l.startswith(comment)]
        if len(at) != 1 or at[0] + 1 >= len(body) or not body[at[0] + 1].strip() \
                or body[at[0] + 1].startswith("#"):
            sys.exit(f"{path}: the first block needs one '{comment}...' line with its command on the next line")
        cmd = body[at[0] + 1].strip()
        if cmd.endswith("\\"):
            sys.exit(f"{path}: the {key} command must be one line")
        found[key] = cmd
    return found


def check(readme, ci):
    cmd = commands(readme)
    steps = [s.strip() for s in cmd["test"].split("&&")]
    need = [("./bootstrap.sh", "./bootstrap.sh"),
            ("cmake -S . -B build", "configures build/ (cmake -S . -B build)"),
            ("cmake --build build", "builds it (cmake --build build)"),
            ("ctest --test-dir build", "runs every test (ctest --test-dir build)")]
    if len(steps) != len(need) or any(not s.startswith(p) for s, (p, _) in zip(steps, need)):
        sys.exit(f"{readme}: the test command must be, joined by &&: "
                 + "; ".join(w for _, w in need) + f"\n  it is: {cmd['test']}")
    if any(w in steps[3] for w in (" -R", " -E", " -L", " -LE", "--tests-regex", "--exclude-regex")):
        sys.exit(f"{readme}: the test command must run every test, not a selection: {steps[3]}")
    text = open(ci, encoding="utf-8").read()
    m = re.search(r'^stage "1\. [^\n]*\n(.*?)^stage "', text, re.S | re.M)
    if not m:
        sys.exit(f"{ci}: no stage 1 found (a line stage \"1. ...\")")
    stage1 = [l.strip() for l in m.group(1).split("\n")]
    for want in CI_LINES:
        if not any(l == want or l.startswith(want + " ") for l in stage1):
            sys.exit(f"{ci}: stage 1 does not run the README's test command: no line '{want}'")
    print(f"readme-commands: CI's stage 1 runs the README's test command: {cmd['test']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", nargs="?", choices=sorted(COMMENTS))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    ap.add_argument("--ci", default=os.path.join(ROOT, ".ci", "run"))
    args = ap.parse_args()
    if args.check == bool(args.which):
        ap.error("give either test|bench or --check")
    if args.check:
        check(args.readme, args.ci)
    else:
        print(commands(args.readme)[args.which])
    return 0


if __name__ == "__main__":
    sys.exit(main())
