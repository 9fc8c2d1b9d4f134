#!/usr/bin/env python3
"""Every file a comment under src/ names exists (issue 55): each
`name.c/.h/.cu/.cl/.inc` (with or without a folder) in a comment of a source
file is found relative to that file's folder or one above it, to src/, or to
the repository root; a bare name may also be any file of the tree of that
name, or a system header (<name> included somewhere in the tree) or a file the
build generates (named in CMakeLists.txt or cmake/). Names with a
placeholder (<cipher>_avx2.c) are not checked.
    comment_files.py REPO"""
import os
import re
import subprocess
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
NAME = re.compile(r"(?<![\w/.<>-])((?:[\w.-]+/)*[\w-]+(?:\.tmpl)?\.(?:c|h|cu|cl|inc))(?![\w])")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
SOURCES = (".c", ".h", ".cu", ".cl", ".inc")

files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True).stdout.split()
files = [f for f in files if os.path.exists(os.path.join(root, f))]
basenames = {os.path.basename(f) for f in files}
system = set()
for f in files:
    if f.endswith(SOURCES):
        with open(os.path.join(root, f), errors="replace") as fh:
            system.update(re.findall(r"#\s*include\s*<([^>]+)>", fh.read()))

generated = ""
for f in files:
    if f == "CMakeLists.txt" or (f.startswith("cmake/") and f.endswith(".cmake")):
        with open(os.path.join(root, f), errors="replace") as fh:
            generated += fh.read()

def exists(src, name):
    d = os.path.dirname(src)
    while True:
        if os.path.isfile(os.path.join(root, d, name)):
            return True
        if not d:
            break
        d = os.path.dirname(d)
    if os.path.isfile(os.path.join(root, "src", name)):
        return True
    if "/" not in name and (name in basenames or name in system):
        return True
    return name in system or os.path.basename(name) in generated

bad = 0
for f in files:
    if not f.startswith("src/") or not f.endswith(SOURCES):
        continue
    with open(os.path.join(root, f), errors="replace") as fh:
        text = STRING.sub('""', fh.read())
    for m in COMMENT.finditer(text):
        for name in NAME.findall(m.group(0)):
            if not exists(f, name):
                line = text.count("\n", 0, m.start()) + 1
                print(f"{f}:{line}: a comment names {name}, which does not exist")
                bad += 1
print(f"comment_files: {bad} missing file name(s)" if bad else "comment_files: every file a comment names exists")
sys.exit(1 if bad else 0)
