#!/usr/bin/env python3
"""scripts/doc-examples.py fails where a page is wrong and passes a good one:
made-up pages, each run alone (argument: the build directory)."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "scripts", "doc-examples.py")
build = sys.argv[1]
F = "```"

PAGES = {
    # name: (page text, passes?, what its output must say)
    "good": ("# A good page\n\n"
             f"{F}sh\nx=hello\necho \"$x\"\n{F}\n\n{F}output\nhello\n{F}\n\n"
             f"{F}sh\necho \"$x again\"; seq 3\n{F}\n\n{F}output\nhello again\n...\n{F}\n\n"
             f"{F}text file=notes/a.txt\nwritten, not run\n{F}\n\n{F}sh\ncat notes/a.txt\n{F}\n\n"
             f"{F}output\nwritten, not run\n{F}\n\n"
             f"<!-- not run: it would erase the disk -->\n{F}sh\nfalse\n{F}\n\n"
             f"{F}sh\nlwcx --version > /dev/null\n{F}\n", True, "--- end"),
    "failing": (f"# Failing\n\n{F}sh\necho before\nfalse\necho after\n{F}\n", False, "FAILED"),
    "mismatch": (f"# Mismatch\n\n{F}sh\necho one\n{F}\n\n{F}output\ntwo\n{F}\n", False,
                 "differs from what the block printed"),
    "unmarked": (f"# Unmarked\n\n{F}text\nnot a command\n{F}\n", False, "neither run nor marked"),
    "no_reason": (f"# No reason\n\n<!-- not run: -->\n{F}sh\nfalse\n{F}\n", False, "needs its reason"),
    "unclosed": (f"# Unclosed\n\n{F}sh\necho never closed\n", False, "not closed"),
    "unknown_cap": (f"# Unknown capability\n\n<!-- needs: teleport -->\n{F}sh\ntrue\n{F}\n", False,
                    "unknown capability teleport"),
    "output_first": (f"# Output first\n\n{F}output\nhello\n{F}\n", False, "must follow a block that runs"),
}

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, (text, passes, says) in PAGES.items():
        page = os.path.join(tmp, name + ".md")
        with open(page, "w", encoding="utf-8") as f:
            f.write(text)
        r = subprocess.run([sys.executable, RUNNER, "--build", build, page], capture_output=True, text=True,
                           timeout=120)
        out = r.stdout + r.stderr
        ok = (r.returncode == 0) == passes and says in out
        print(f"{'ok' if ok else 'FAIL'}: {name}: exit {r.returncode}, expected "
              f"{'success' if passes else 'failure'} saying '{says}'")
        if not ok:
            print(out)
            failed += 1
sys.exit(1 if failed else 0)
