#!/usr/bin/env python3
"""Runs every fenced block of the documentation, so that no example can rot.

    doc-examples.py --build DIR [--scratch-only | --no-scratch] [--python PY] [PAGE.md ...]
    doc-examples.py --list [PAGE.md ...]     the blocks and what would be done with each

Without pages: README.md, docs/guides/*.md and docs/tutorials/*.md. Each page
runs in order, in a fresh directory (HOME and the caches inside it too), with
the build's `lwcx` first on PATH (but on a scratch page, below, which builds
its own) and LWCX_IMPL and LWCX_TEST_RAN_LOG unset; $CC (default cc)
compiles the `c` blocks, and CMake takes it from the environment too when a
scratch page configures a build. What each fenced block's info string means:

    sh | bash | shell      run; every shell block of a page runs in one bash
                           session (set -eo pipefail), so variables, functions
                           and `cd` carry to the next one
    c                      a whole program: compiled against the build's
                           liblwcx (-std=c11 -Wall -Wextra -Werror) and run
    python                 run with the build's package (each block on its own)
    output                 what the block before it prints on stdout: each line
                           must match; a line `...` matches any run of lines
                           (skipped with its block when that needs a missing
                           capability)
    diff                   a patch, applied with `git apply` in the page's directory
    LANG file=PATH         not run: written to PATH, for a later block to use

Any other block needs a comment on the line before it that says why it is not
run: `<!-- not run: REASON -->`. `<!-- needs: CAP, ... -->` before a block
runs it only where the capabilities exist (python, matplotlib, mpi, opencl,
provider, cuda, git; `no-CAP`: only where CAP is missing, for what a reader
without it sees) and prints a line when it skips one; a page marked
`<!-- doc-examples: scratch -->` runs in a scratch copy of the source tree (the
contributor tutorials, which edit and rebuild lwcx) and `<!-- doc-examples:
needs CAP -->` skips a whole page without CAP.
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`]*)$")
RUN_LANGS = {"sh", "bash", "shell"}
CAPS = {"python", "matplotlib", "mpi", "opencl", "provider", "cuda", "git"}
SKIPPED = object()  # what an output block follows when its block was skipped


class Block:
    def __init__(self, page, line, info, text, notes):
        self.page, self.line, self.text = page, line, text
        words = info.split()
        self.lang = words[0] if words else ""
        self.attrs = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        self.flags = {w for w in words[1:] if "=" not in w}
        self.exempt = None
        self.needs = set()
        for n in notes:
            m = re.fullmatch(r"<!--\s*not run:\s*(.*?)\s*-->", n)
            if m:
                self.exempt = m.group(1)
            m = re.fullmatch(r"<!--\s*needs:\s*(.*?)\s*-->", n)
            if m:
                self.needs |= {c.strip() for c in m.group(1).split(",") if c.strip()}
        if self.lang == "python":
            self.needs.add("python")

    def where(self):
        return f"{os.path.relpath(self.page, ROOT)}:{self.line}"

    def action(self):
        if self.exempt is not None:
            return "exempt"
        if "file" in self.attrs:
            return "file"
        if self.lang in RUN_LANGS:
            return "sh"
        if self.lang in ("c", "python", "output", "diff"):
            return self.lang
        return None


def parse(page):
    """The page's fenced blocks and its page-level marks."""
    blocks, marks = [], set()
    lines = open(page, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = re.fullmatch(r"\s*<!--\s*doc-examples:\s*(.*?)\s*-->\s*", lines[i])
        if m:
            marks |= set(m.group(1).split())
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        notes, j = [], i - 1
        while j >= 0 and lines[j].strip().startswith("<!--"):
            notes.append(lines[j].strip())
            j -= 1
        body, k = [], i + 1
        while k < len(lines) and not re.match(r"^\s*" + fence[0] + "{%d,}\\s*$" % len(fence), lines[k]):
            body.append(lines[k][len(indent):] if lines[k].startswith(indent) else lines[k].lstrip())
            k += 1
        if k == len(lines):
            sys.exit(f"{page}:{i + 1}: the fenced block is not closed")
        blocks.append(Block(page, i + 1, info, "\n".join(body) + "\n", notes))
        i = k + 1
    return blocks, marks


def capabilities(build, python):
    caps = set()
    if python and subprocess.run([python, "-c", "import cffi"], capture_output=True).returncode == 0:
        caps.add("python")
        if subprocess.run([python, "-c", "import matplotlib"], capture_output=True).returncode == 0:
            caps.add("matplotlib")  # the plots (python -m lwcx.plot)
    if os.path.exists(os.path.join(build, "lwcx-mpi")) and shutil.which("mpirun"):
        caps.add("mpi")
    if os.path.exists(os.path.join(build, "ossl-modules", "lwcx.so")) and shutil.which("openssl"):
        caps.add("provider")
    if shutil.which("git"):
        caps.add("git")
    listing = subprocess.run([os.path.join(build, "lwcx"), "list", "--machine"], capture_output=True,
                             text=True, env=dict(os.environ, LWCX_WISDOM="off")).stdout
    for line in listing.splitlines():
        f = line.split()
        for cap in ("opencl", "cuda"):
            if len(f) == 2 and f[0].endswith(":" + cap) and f[1] == "available":
                caps.add(cap)
    return caps


def output_matches(expected, actual):
    """Each expected line equals an actual line in order; `...` skips any run."""
    exp = [l.rstrip() for l in expected.rstrip("\n").split("\n")]
    act = [l.rstrip() for l in actual.rstrip("\n").split("\n")] if actual.strip() else []

    def match(i, j):
        if i == len(exp):
            return j == len(act)
        if exp[i] == "...":
            return any(match(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and exp[i] == act[j] and match(i + 1, j + 1)
    return match(0, 0)


def scratch_copy(dest):
    """The source tree as a contributor's clone has it: tracked and untracked
    files that git does not ignore, no build directories."""
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           capture_output=True, check=True).stdout.split(b"\0")
    for f in files:
        f = f.decode()
        src = os.path.join(ROOT, f)
        if not f or not os.path.isfile(src):
            continue
        os.makedirs(os.path.dirname(os.path.join(dest, f)), exist_ok=True)
        shutil.copy2(src, os.path.join(dest, f))


def run_page(page, blocks, marks, args, caps):
    rel = os.path.relpath(page, ROOT)
    missing = {m.split(":", 1)[1] for m in marks if m.startswith("needs:")} - caps
    if missing:
        print(f"{rel}: skipped: needs {', '.join(sorted(missing))}")
        return True
    work = tempfile.mkdtemp(prefix="lwcx-doc-")
    home = os.path.join(work, ".home")
    cwd = os.path.join(work, "page")
    os.makedirs(home)
    os.makedirs(cwd)
    scratch = "scratch" in marks
    if scratch:
        scratch_copy(cwd)
    build = os.path.abspath(args.build)
    path = os.environ.get("PATH", "")
    env = dict(os.environ, HOME=home, XDG_CACHE_HOME=os.path.join(home, ".cache"),
               XDG_CONFIG_HOME=os.path.join(home, ".config"), LWCX_WISDOM="off",
               PATH=path if scratch else build + os.pathsep + path,
               LWCX_DOC_BUILD=build, LWCX_DOC_SOURCE=ROOT,
               LWCX_PY_LIBRARY=os.path.join(build, "liblwcx.so"),
               LWCX_PY_HEADER=os.path.join(ROOT, "include", "lwcx.h"),
               LWCX_PY_CLI=os.path.join(build, "lwcx"),
               LWCX_PY_CACHE=os.path.join(build, "python-cache"),
               PYTHONPATH=os.path.join(ROOT, "python"), PYTHONDONTWRITEBYTECODE="1")
    env.pop("LWCX_IMPL", None)
    env.pop("LWCX_TEST_RAN_LOG", None)  # a scratch build's tests are not the suite's
    cc = shlex.split(os.environ.get("CC", "cc"))
    # One bash session runs the page: shell blocks are sourced, the others are
    # commands it runs, so everything happens in the page's order.
    # A block's stdout goes to a file (for its output block) and is shown
    # after it, or by the exit trap when the block fails.
    script = ["set -eo pipefail", "exec 3>&1", "lwcx_doc_out=",
              "trap '[ -z \"$lwcx_doc_out\" ] || cat \"$lwcx_doc_out\" >&3' EXIT"]
    outputs = []  # (block, file its stdout went to, expected block)
    last_out = None
    for n, b in enumerate(blocks):
        act = b.action()
        if act is None:
            sys.exit(f"{b.where()}: a '{b.lang}' block is neither run nor marked "
                     "`<!-- not run: REASON -->` (see scripts/doc-examples.py)")
        if act == "exempt":
            if not b.exempt:
                sys.exit(f"{b.where()}: `not run:` needs its reason")
            continue
        unknown = {c[3:] if c.startswith("no-") else c for c in b.needs} - CAPS
        if unknown:
            sys.exit(f"{b.where()}: unknown capability {', '.join(sorted(unknown))}")
        if act == "output":
            if last_out is SKIPPED:  # its block was skipped for a missing capability
                last_out = None
                continue
            if last_out is None:
                sys.exit(f"{b.where()}: an output block must follow a block that runs")
            outputs.append((b, last_out))
            last_out = None
            continue
        unmet = {c for c in b.needs if (c[3:] in caps if c.startswith("no-") else c not in caps)}
        if unmet:
            script.append(f"echo {shlex.quote(f'{b.where()}: skipped: needs ' + ', '.join(sorted(unmet)))}")
            last_out = SKIPPED
            continue
        src = os.path.join(work, f"block{n}")
        with open(src, "w", encoding="utf-8") as f:
            f.write(b.text)
        out = os.path.join(work, f"block{n}.out")
        q = shlex.quote
        script.append(f"echo {q('--- ' + b.where() + ' (' + act + ')')}")
        if act == "file":
            script.append(f"mkdir -p \"$(dirname {q(b.attrs['file'])})\" && cp {q(src)} {q(b.attrs['file'])}")
            last_out = None
            continue
        if act == "sh":
            cmd = f"source {q(src)}"
        elif act == "c":
            exe = src + ".exe"
            os.rename(src, src + ".c")
            compile_cmd = cc + ["-std=c11", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(ROOT, "include"),
                                "-o", exe, src + ".c", os.path.join(build, "liblwcx.so"),
                                "-Wl,-rpath," + build]
            script.append(" ".join(q(c) for c in compile_cmd))
            cmd = q(exe)
        elif act == "python":
            cmd = f"{q(args.python)} {q(src)}"
        elif act == "diff":
            cmd = f"git apply --verbose {q(src)}"
        script.append(f"lwcx_doc_out={q(out)}; {{ {cmd}; }} > {q(out)}; lwcx_doc_out=; cat {q(out)}")
        last_out = out
    script.append("echo '--- end'")
    with open(os.path.join(work, "page.sh"), "w") as f:
        f.write("\n".join(script) + "\n")
    print(f"== {rel}", flush=True)
    r = subprocess.run(["bash", os.path.join(work, "page.sh")], cwd=cwd, env=env, timeout=args.timeout)
    ok = r.returncode == 0
    if not ok:
        print(f"{rel}: FAILED (exit {r.returncode}) in the block named last above", flush=True)
    else:
        for b, out in outputs:
            got = open(out, encoding="utf-8", errors="replace").read()
            if not output_matches(b.text, got):
                print(f"{b.where()}: the output shown differs from what the block printed:\n"
                      f"--- shown\n{b.text}--- printed\n{got}", flush=True)
                ok = False
    if ok or not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"{rel}: kept {work}")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", nargs="*")
    ap.add_argument("--build", help="the build directory (its lwcx, liblwcx.so)")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep a failed page's directory")
    ap.add_argument("--timeout", type=int, default=1200, help="seconds a page may take")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--scratch-only", action="store_true")
    g.add_argument("--no-scratch", action="store_true")
    args = ap.parse_args()
    pages = args.pages or ([os.path.join(ROOT, "README.md")]
                           + sorted(glob.glob(os.path.join(ROOT, "docs", "guides", "*.md")))
                           + sorted(glob.glob(os.path.join(ROOT, "docs", "tutorials", "*.md"))))
    parsed = [(os.path.abspath(p), *parse(p)) for p in pages]
    if args.list:
        for page, blocks, marks in parsed:
            print(f"{os.path.relpath(page, ROOT)} {' '.join(sorted(marks))}")
            for b in blocks:
                print(f"  {b.line:5} {b.lang or '-':8} {b.action() or 'UNMARKED'}"
                      + (f" ({b.exempt})" if b.exempt else "") + (f" needs {sorted(b.needs)}" if b.needs else ""))
        return 0
    if not args.build:
        ap.error("--build is needed to run the pages")
    caps = capabilities(args.build, args.python)
    print(f"capabilities here: {', '.join(sorted(caps)) or 'none'}")
    failed = []
    for page, blocks, marks in parsed:
        scratch = "scratch" in marks
        if (args.scratch_only and not scratch) or (args.no_scratch and scratch):
            continue
        if not run_page(page, blocks, marks, args, caps):
            failed.append(os.path.relpath(page, ROOT))
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
