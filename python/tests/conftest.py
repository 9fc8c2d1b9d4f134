"""Shared helpers: which lwcx the tests import, and where the repository's
known-answer files are.

Two ways to run: against a build tree's library (run_tests.sh LIB CLI ...,
which sets LWCX_PY_LIBRARY and puts python/ on the path: the source tree's
package with that library), or against the installed package (anything else,
e.g. `python -m pytest tests` from python/, or run_tests.sh --installed): then
the source tree's lwcx, which has no library, must not shadow the installed
one, so python/ is taken off sys.path ("" and "." included when that is the
current directory).
"""
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent  # python/ in a clone, the unpacked sdist's root

if not os.environ.get("LWCX_PY_LIBRARY"):
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != SOURCE]
    try:
        import lwcx  # noqa: F401 - imported here to say clearly when it is missing
    except ImportError as e:
        raise pytest.UsageError(
            f"lwcx cannot be imported ({e}): install it (pip install ./python, or the sdist), "
            "or test a build tree's library with python/run_tests.sh LIBLWCX LWCX_CLI") from None

# the clone's tests/kat, or the sdist's copy of the C sources (csrc/)
KAT = next((p for p in (SOURCE.parent / "tests" / "kat", SOURCE / "csrc" / "tests" / "kat") if p.is_dir()),
           SOURCE.parent / "tests" / "kat")


def records(text: str):
    """Blank-line separated "Name = value" records as dicts."""
    rec = {}
    for line in text.splitlines() + [""]:
        line = line.strip()
        if not line:
            if rec:
                yield rec
            rec = {}
        elif " = " in line or line.endswith(" ="):
            k, _, v = line.partition("=")
            rec[k.strip()] = v.strip()


@pytest.fixture(scope="session")
def kat_dir():
    if not KAT.is_dir():
        pytest.skip(f"{KAT} not found (run from a clone of the repository or the unpacked sdist)")
    return KAT
