"""python -m lwcx.plot makes a non-empty image from a real `lwcx bench --json`."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOCS_JSON = Path(__file__).resolve().parents[2] / "docs" / "python" / "bench.json"


@pytest.fixture(scope="module")
def bench_json(tmp_path_factory):
    """A fresh quick bench from the CLI when there is one (LWCX_PY_CLI or lwcx on
    PATH), else the committed bench the README's figure was made from."""
    cli = os.environ.get("LWCX_PY_CLI") or shutil.which("lwcx")
    if cli:
        out = tmp_path_factory.mktemp("bench") / "bench.json"
        subprocess.run([cli, "bench", "kcc23p4", "gift64", "--quick", "--json", str(out)],
                       check=True, stdout=subprocess.DEVNULL)
        return out
    if DOCS_JSON.is_file():
        return DOCS_JSON
    pytest.skip("no lwcx CLI and no docs/python/bench.json")


@pytest.mark.parametrize("suffix,magic", [(".png", b"\x89PNG"), (".svg", b"<svg")])
def test_plot_command(bench_json, tmp_path, suffix, magic):
    pytest.importorskip("matplotlib")
    out = tmp_path / ("fig" + suffix)
    r = subprocess.run([sys.executable, "-m", "lwcx.plot", str(bench_json), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert len(data) > 10000 and magic in data[:400]


def test_plot_rejects_bad_input(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"machine": {}}')
    r = subprocess.run([sys.executable, "-m", "lwcx.plot", str(bad), "-o", str(tmp_path / "x.png")],
                       capture_output=True, text=True)
    assert r.returncode != 0 and "lwcx.plot" in r.stderr
    assert not (tmp_path / "x.png").exists()
