#!/usr/bin/env python3
"""The README's checks fail on an edited copy: scripts/readme-table.py
--check (the table of primitives and implementations against CMakeLists.txt)
and scripts/readme-commands.py --check (the two commands, and .ci/run's
stage 1 running the test command). Works on copies in a temporary folder."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "scripts", "readme-table.py")
COMMANDS = os.path.join(ROOT, "scripts", "readme-commands.py")
readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
ci = open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read()
cmake = open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8").read()
test_cmd = [l for l in readme.split("\n") if l.startswith("./bootstrap.sh") and "ctest" in l][0]


def edit(text, old, new):
    if old not in text:
        sys.exit(f"readme_checks_test: '{old}' is not in the file any more: update the test")
    return text.replace(old, new, 1)


# name: (README text, .ci/run text, CMakeLists.txt text, script, passes?)
CASES = {
    "table as committed": (readme, ci, cmake, TABLE, True),
    "commands as committed": (readme, ci, cmake, COMMANDS, True),
    "table: an implementation dropped": (edit(readme, "`sha3`, ", ""), ci, cmake, TABLE, False),
    "table: an implementation declared, not listed": (
        readme, ci, edit(cmake, "lwcx_add_impl(aimer ref ",
                         "lwcx_add_impl(aimer toy SYMBOL lwcx_aimer_toy SOURCES src/aimer/toy.c)\n"
                         "lwcx_add_impl(aimer ref "), TABLE, False),
    "table: a primitive without a description": (
        readme, ci, cmake + "\nlwcx_add_impl(newprim ref SYMBOL x SOURCES src/newprim/ref.c)\n", TABLE, False),
    "table: markers gone": (edit(readme, "<!-- readme-table: end -->", ""), ci, cmake, TABLE, False),
    "commands: a test selection": (edit(readme, test_cmd, test_cmd + " -R kat"), ci, cmake, COMMANDS, False),
    "commands: no ctest": (edit(readme, test_cmd, test_cmd.split(" && ctest")[0]), ci, cmake, COMMANDS, False),
    "commands: prose before them": (edit(readme, "# lwcx\n", "# lwcx\n\nA library.\n"), ci, cmake, COMMANDS, False),
    "commands: not marked": (edit(readme, "<!-- not run: the first", "<!-- the first"), ci, cmake, COMMANDS, False),
    "commands: CI runs its own": (readme, edit(ci, 'eval "$readme_test"',
                                               'cmake --build build && ctest --test-dir build'), cmake, COMMANDS, False),
}

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, ".ci"))
    os.makedirs(os.path.join(tmp, "cmake"))
    os.makedirs(os.path.join(tmp, "src", "bc"))
    shutil.copy(os.path.join(ROOT, "cmake", "lwcx_impls.cmake"), os.path.join(tmp, "cmake"))
    shutil.copy(os.path.join(ROOT, "src", "bc", "ciphers.h"), os.path.join(tmp, "src", "bc"))  # the block ciphers
    for name, (r, c, m, script, passes) in CASES.items():
        for path, text in (("README.md", r), (".ci/run", c), ("CMakeLists.txt", m)):
            with open(os.path.join(tmp, path), "w", encoding="utf-8") as f:
                f.write(text)
        args = [sys.executable, script, "--check", "--readme", os.path.join(tmp, "README.md")]
        args += ["--root", tmp] if script == TABLE else ["--ci", os.path.join(tmp, ".ci", "run")]
        p = subprocess.run(args, capture_output=True, text=True)
        ok = (p.returncode == 0) == passes
        print(f"{'ok' if ok else 'FAIL'}: {name}: exit {p.returncode}: {(p.stdout + p.stderr).strip().splitlines()[0]}")
        if not ok:
            print(p.stdout + p.stderr)
            failed += 1
sys.exit(1 if failed else 0)
