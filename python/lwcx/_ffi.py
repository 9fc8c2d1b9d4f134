"""The C interface: cffi in ABI mode over liblwcx, declared from lwcx.h itself.

The declarations are read from the installed copy of include/lwcx.h, so they
cannot drift from the library they describe. Only the preprocessor lines and
the export and unused-result macros are removed: what cffi parses is the
header's own text (to declare a new C function, add it to lwcx.h).

Parsing the header takes a large part of a second, so its parsed form is kept
as a module that cffi emits (out-of-line ABI mode: ``set_source(name, None)``;
no compiler involved), named by a digest of the header and of this file. The
package's build writes it beside this file (``python _ffi.py --emit DIR``);
otherwise (a source tree, or another cffi than the build's) the first import
parses the header and writes the module into a cache directory:
$LWCX_PY_CACHE, else $XDG_CACHE_HOME/lwcx (~/.cache/lwcx). LWCX_PY_CACHE=off
parses on every import and writes nothing (the package's module unused too).
``SOURCE`` says which was used.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import sys
from typing import Any, Optional, Tuple

try:  # the hash's own module: hashlib would load OpenSSL's, a part of the import time
    from _sha2 import sha256 as _sha256  # Python >= 3.12
except ImportError:
    try:
        from _sha256 import sha256 as _sha256
    except ImportError:
        from hashlib import sha256 as _sha256

_HERE = os.path.dirname(os.path.abspath(__file__))


def cdef_from_header(text: str) -> str:
    """lwcx.h without its preprocessor lines, C++ guards and export and
    unused-result macros."""
    out = []
    skip = 0  # depth inside #ifdef __cplusplus / #if defined(_WIN32) blocks
    continued = False
    for line in text.splitlines():
        s = line.strip()
        if continued:  # a #define continued with backslashes
            continued = s.endswith("\\")
            continue
        if s.startswith("#"):
            continued = s.endswith("\\")
            # integer constants stay: cffi reads "#define NAME 80" (array sizes use them)
            m = re.match(r"#\s*define\s+(LWCX_\w+)\s+(\d+)u?\s*(/\*.*)?$", s)
            if m and not skip:
                out.append(f"#define {m.group(1)} {m.group(2)}")
            if re.match(r"#\s*if", s):
                if skip or "__cplusplus" in s or "_WIN32" in s:
                    skip += 1
            elif re.match(r"#\s*endif", s) and skip:
                skip -= 1
            continue
        if skip:
            continue
        # the export and warn_unused_result marks are attributes cffi does not parse
        out.append(re.sub(r"\b(LWCX_API|LWCX_NODISCARD)\b\s*", "", line))
    return "\n".join(out)


def _find(name: str, env: str) -> str:
    """The file shipped in the package, or the one an environment variable names
    (used by the build tree's tests, before anything is installed)."""
    p = os.environ.get(env) or os.path.join(_HERE, name)
    if not os.path.isfile(p):
        raise ImportError(f"lwcx: {p} not found: install the package with `pip install ./python` "
                          f"(which builds the C library into it), or point {env} at a build's file")
    return p


def module_name(header: bytes) -> str:
    """The name of the emitted module for this header: a digest of the header
    and of this file (the conversion). cffi's version is left out: a module
    emitted by one cffi loads in another (cffi checks its format version, and
    one it refuses is parsed again here), so the build's cffi may differ."""
    with open(__file__, "rb") as f:
        me = f.read()
    return "_cdef_" + _sha256(header + b"\0" + me).hexdigest()[:20]


def _parse(header: bytes) -> Any:
    from cffi import FFI  # noqa: PLC0415 - only when no parsed form is at hand
    ffi = FFI()
    ffi.cdef(cdef_from_header(header.decode("utf-8")))
    return ffi


def _write(ffi: Any, name: str, out_dir: str) -> str:
    """Writes ffi's declarations into out_dir as the module name (atomically)."""
    ffi.set_source("lwcx." + name, None)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, name + ".py")
    tmp = f"{path}.{os.getpid()}.tmp"
    with contextlib.redirect_stdout(io.StringIO()):  # cffi says "generating FILE": not on an import
        ffi.emit_python_code(tmp)
    os.replace(tmp, path)
    return path


def emit(header_path: str, out_dir: str) -> str:
    """Writes the parsed declarations of header_path into out_dir as the
    module ``module_name``; returns its path."""
    with open(header_path, "rb") as f:
        header = f.read()
    return _write(_parse(header), module_name(header), out_dir)


def _cache_dir() -> Optional[str]:
    env = os.environ.get("LWCX_PY_CACHE")
    if env is not None:
        return None if env.lower() in ("", "0", "off", "no") else env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "lwcx")


def _load(path: str, name: str) -> Any:
    spec = importlib.util.spec_from_file_location("lwcx." + name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.ffi


def _declarations(header_path: str) -> Tuple[Any, str]:
    """(the FFI object, where its declarations came from: "package", "cache",
    or "header" when they were parsed now)."""
    with open(header_path, "rb") as f:
        header = f.read()
    name = module_name(header)
    cache = _cache_dir()
    places = (("package", _HERE), ("cache", cache)) if cache is not None or "LWCX_PY_CACHE" not in os.environ else ()
    for where, d in places:
        if d is not None and os.path.isfile(os.path.join(d, name + ".py")):
            try:
                return _load(os.path.join(d, name + ".py"), name), where
            except Exception:  # noqa: BLE001 - a damaged cache entry: parse again
                pass
    ffi = _parse(header)
    if cache is not None:
        try:
            _write(ffi, name, cache)
        except OSError:  # a read-only home: parse on every import, as without a cache
            pass
    return ffi, "header"


if __name__ == "__main__":
    # the package's build: python _ffi.py --emit DIR [HEADER]; its check: --name HEADER
    if len(sys.argv) == 3 and sys.argv[1] == "--name":
        with open(sys.argv[2], "rb") as f:
            print(module_name(f.read()))
    elif len(sys.argv) in (3, 4) and sys.argv[1] == "--emit":
        print(emit(sys.argv[3] if len(sys.argv) == 4 else os.path.join(_HERE, "lwcx.h"), sys.argv[2]))
    else:
        sys.exit("usage: _ffi.py --emit DIR [HEADER] | --name HEADER")
else:
    ffi, SOURCE = _declarations(_find("lwcx.h", "LWCX_PY_HEADER"))
    LIBRARY_PATH = _find("liblwcx.so", "LWCX_PY_LIBRARY")
    lib = ffi.dlopen(LIBRARY_PATH)
