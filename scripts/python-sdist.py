#!/usr/bin/env python3
"""The Python package's sdist, with the C sources it builds from.

python/pyproject.toml builds the library from the repository one directory up
(cmake.source-dir = ".."), which an sdist of python/ alone would not hold. So
the sdist is made from a staging tree: python/'s tracked files at its root and
every other tracked file of the repository under csrc/, with the two paths of
pyproject.toml that point at ".." pointed at "csrc" (the rest of pyproject.toml,
the one description of the package, is as written). CMakeLists.txt finds the
package's _ffi.py beside csrc/ (../lwcx) there.

Usage: python-sdist.py OUTDIR          the sdist (lwcx-VERSION.tar.gz) into
                                       OUTDIR, through scikit-build-core's
                                       build_sdist (pip install scikit-build-core)
       python-sdist.py --stage DIR     only the staging tree, into DIR (new)
       python-sdist.py --check         offline (ctest python_sdist_tree): stages a
                                       tree, configures its csrc/ as the package's
                                       build does and emits the declarations module;
                                       exit 77 (skipped) without cffi or cmake
Needs git (the tracked files of the clone it runs from).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# pyproject.toml's lines that point at the repository, and what they become
REWRITES = [('cmake.source-dir = ".."', 'cmake.source-dir = "csrc"'),
            ('input = "../include/lwcx.h"', 'input = "csrc/include/lwcx.h"')]


def stage(dest: str) -> None:
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True,
                           stdout=subprocess.PIPE).stdout.decode().split("\0")
    os.makedirs(dest)
    for f in filter(None, files):
        src = os.path.join(ROOT, f)
        if not os.path.isfile(src):  # deleted in the work tree, or a submodule
            continue
        to = os.path.join(dest, f[len("python/"):]) if f.startswith("python/") else os.path.join(dest, "csrc", f)
        os.makedirs(os.path.dirname(to), exist_ok=True)
        shutil.copy2(src, to)
    path = os.path.join(dest, "pyproject.toml")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    for old, new in REWRITES:
        if text.count(old) != 1:
            sys.exit(f"python-sdist: python/pyproject.toml no longer has exactly one line with {old!r}: "
                     "update REWRITES in scripts/python-sdist.py")
        text = text.replace(old, new)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def check() -> None:
    """The staged tree is complete for CMake and finds the package's _ffi.py."""
    try:
        import cffi  # noqa: F401 - the emission needs it, as the package's build does
    except ImportError:
        print(f"python_sdist_tree: skipped: no cffi for {sys.executable}")
        sys.exit(77)
    if shutil.which("cmake") is None:
        print("python_sdist_tree: skipped: no cmake")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        tree, build = os.path.join(tmp, "lwcx"), os.path.join(tmp, "build")
        stage(tree)
        with open(os.path.join(tree, "pyproject.toml"), encoding="utf-8") as fh:
            text = fh.read()
        assert all(new in text for _, new in REWRITES), "pyproject.toml not rewritten"
        # the version's regex (scikit-build-core's metadata provider) finds the header's version
        meta = tomllib.loads(text)["tool"]["scikit-build"]["metadata"]["version"]
        with open(os.path.join(tree, meta["input"]), encoding="utf-8") as fh:
            found = re.search(meta["regex"], fh.read())
        if not found:
            sys.exit(f"python_sdist_tree: pyproject.toml's version regex finds nothing in {meta['input']}")
        # pyproject.toml's cmake.define, as scikit-build-core passes them
        defines = ["-DBUILD_TESTING=OFF", "-DLWCX_CUDA=OFF", "-DLWCX_PYTHON=ON", "-DCMAKE_BUILD_TYPE=Release",
                   f"-DPython3_EXECUTABLE={sys.executable}"]
        subprocess.run(["cmake", "-S", os.path.join(tree, "csrc"), "-B", build] + defines, check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", build, "--target", "lwcx_python_cdef"], check=True,
                       stdout=subprocess.DEVNULL)
        emitted = sorted(f for f in os.listdir(os.path.join(build, "python-cdef")) if f.startswith("_cdef_"))
        # the name the installed package will look for
        want = subprocess.run([sys.executable, os.path.join(tree, "lwcx", "_ffi.py"), "--name",
                               os.path.join(tree, "csrc", "include", "lwcx.h")], check=True, text=True,
                              stdout=subprocess.PIPE).stdout.strip() + ".py"
        if emitted != [want]:
            sys.exit(f"python_sdist_tree: the build emitted {emitted}, the package looks for {want}")
        print(f"python_sdist_tree: staged tree configures; the build emits {want}, which the package loads")


def main() -> None:
    if sys.argv[1:] == ["--check"]:
        check()
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--stage":
        stage(sys.argv[2])
        return
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    try:
        from scikit_build_core.build import build_sdist
    except ImportError:
        sys.exit("python-sdist: needs scikit-build-core in this Python (pip install scikit-build-core)")
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "lwcx")
        stage(tree)
        os.chdir(tree)  # a PEP 517 hook runs in the project's directory
        print(os.path.join(out, build_sdist(out)))


if __name__ == "__main__":
    main()
