"""The C interface: cffi in ABI mode over liblwcx, declared from lwcx.h itself.

The declarations are read from the installed copy of include/lwcx.h, so they
cannot drift from the library they describe. Only the preprocessor lines and
the export and unused-result macros are removed: what cffi parses is the
header's own text.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from cffi import FFI

_HERE = Path(__file__).resolve().parent


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
    p = os.environ.get(env) or str(_HERE / name)
    if not os.path.isfile(p):
        raise ImportError(f"lwcx: {p} not found: install the package with `pip install ./python` "
                          f"(which builds the C library into it), or point {env} at a build's file")
    return p


ffi = FFI()
with open(_find("lwcx.h", "LWCX_PY_HEADER"), encoding="utf-8") as _f:
    ffi.cdef(cdef_from_header(_f.read()))
LIBRARY_PATH = _find("liblwcx.so", "LWCX_PY_LIBRARY")
lib = ffi.dlopen(LIBRARY_PATH)
