"""python -m lwcx.plot makes a non-empty image from a real `lwcx bench --json`."""
import json
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


def test_plot_committed_docs_json(tmp_path):
    """The committed bench the README's figure comes from still plots."""
    pytest.importorskip("matplotlib")
    if not DOCS_JSON.is_file():
        pytest.skip("no docs/python/bench.json (run from a clone of the repository)")
    out = tmp_path / "docs.png"
    r = subprocess.run([sys.executable, "-m", "lwcx.plot", str(DOCS_JSON), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"


MANY = ["avx512", "avx512b", "avx512vl", "groups512", "slices512", "rows512", "avx2", "gfni",
        "bitslice64", "wide512", "portable", "opt", "neon", "cuda", "opencl", "ref"]


def test_styles_distinct_for_many_implementations():
    from lwcx.plot import styles

    for names in (MANY, MANY + [f"impl{i}" for i in range(40)]):
        st = styles(names)
        assert set(st) == set(names)
        assert len(set(st.values())) == len(names), "two implementations look alike"
        assert st["ref"][0] not in {c for n, (c, _) in st.items() if n != "ref"}, "ref's colour reused"
    assert styles(MANY)["ref"][0] != styles(MANY)["avx512"][0]


def _many_impls_json(path):
    """A bench file of 16 implementations, with per-byte and per-call cases."""
    results = []
    for prim, op, unit in (("present80", "ctr_4KiB", "byte"), ("present80", "keysearch_1core", "key"),
                           ("aimer", "aimer128f_sign", "call"), ("sparkle", "esch256_1KiB", "byte")):
        for k, impl in enumerate(MANY):
            results.append({"primitive": prim, "impl": impl, "op": op, "unit": unit,
                            "cycles_per_unit_median": 100.0 / (k + 1), "speedup_vs_ref": (k + 1) / len(MANY)})
    path.write_text(json.dumps({"machine": {"cpu": "test", "cycle_counter": "rdtsc"}, "results": results}))


@pytest.mark.parametrize("every_case", [False, True])
def test_many_implementations_readable(tmp_path, every_case):
    """16 implementations: every one distinct in the legend, the legend beside
    the panels (over no axes), and per-byte and per-call cycles on separate axes."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    from lwcx.plot import figure

    src = tmp_path / "many.json"
    _many_impls_json(src)
    fig = figure(str(src), every_case=every_case)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        (legend,) = fig.legends
        handles = legend.legend_handles if hasattr(legend, "legend_handles") else legend.legendHandles
        entries = [(tuple(h.get_facecolor()), h.get_hatch() or "") for h in handles]
        assert len(entries) == len(MANY) and len(set(entries)) == len(MANY)
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            assert not box.overlaps(ax.get_window_extent(renderer)), "the legend covers a panel"
        labels = [ax.get_ylabel() for ax in fig.axes]
        # the speedups, then per byte and per call (--cases: per key too)
        assert len(fig.axes) == (4 if every_case else 3)
        units = labels[1:]
        assert any("per byte" in u for u in units) and any("per call" in u for u in units)
        assert not any("per byte" in u and "per call" in u for u in units)
        for ax in fig.axes[1:]:  # every bar of a cycles panel is of its unit's cases
            unit = ax.get_ylabel().split(" per ")[1].split(",")[0]
            ticks = [t.get_text() for t in ax.get_xticklabels()]
            want = {"byte": ("ctr", "esch"), "key": ("keysearch",), "call": ("sign",)}[unit]
            assert ticks and all(any(w in t for w in want) for t in ticks), (unit, ticks)
    finally:
        plt.close(fig)
