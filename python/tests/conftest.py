"""Shared helpers: where the repository's known-answer files are."""
from pathlib import Path

import pytest

KAT = Path(__file__).resolve().parents[2] / "tests" / "kat"


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
        pytest.skip(f"{KAT} not found (run from a clone of the repository)")
    return KAT
