"""Ctrl-C during a key search (issue 54): a real SIGINT to a child Python
stops the search within a chunk and raises KeyboardInterrupt, and the
KeySearch object still holds an exact record of what was searched, which
saves, loads and resumes. With a progress callback the interrupt used to land
inside the cffi callback ("Exception ignored") and the search went on;
without one it waited for the whole C call."""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import lwcx

TOTAL = 1 << 40  # hours of searching: only the interrupt ends it
CHILD = textwrap.dedent("""
    import sys
    import lwcx
    mode, path, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pt = bytes.fromhex("0123456789abcdef")
    ct = lwcx.present80.ecb_encrypt(bytes(10), pt)
    base = bytes(9) + b"\\x05"  # the zero key is index 5
    ks = lwcx.KeySearch("present80", pt, ct, total, base_key=base)
    print("started", flush=True)
    try:
        if mode == "callback":
            ks.run(threads=1, progress=lambda done, t: print("progress", done, flush=True))
        elif mode == "plain":
            ks.run(threads=1)
        elif mode == "range":
            ks.search(0, total)
        else:
            lwcx.present80.keysearch(pt, ct, total, base_key=base, threads=1)
    except KeyboardInterrupt:
        with open(path, "wb") as f:
            f.write(ks.save())
        print("saved", ks.keys_done, flush=True)
        raise
    print("not interrupted", flush=True)
""")


def _interrupt(mode, tmp_path):
    """Starts the child, sends SIGINT once it is searching; its stdout lines,
    stderr, exit status and the seconds from SIGINT to exit."""
    path = tmp_path / f"{mode}.rec"
    p = subprocess.Popen([sys.executable, "-c", CHILD, mode, str(path), str(TOTAL)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [p.stdout.readline().strip()]
        assert lines[0] == "started", p.communicate(timeout=30)
        if mode == "callback":  # searching: the callback has been called
            lines.append(p.stdout.readline().strip())
            assert lines[-1].startswith("progress")
        time.sleep(1.0)  # well inside the search (without a callback nothing says so)
        os.kill(p.pid, signal.SIGINT)
        t0 = time.monotonic()
        out, err = p.communicate(timeout=30)
        took = time.monotonic() - t0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    return lines + out.splitlines(), err, p.returncode, took, path


@pytest.mark.skipif(os.name != "posix", reason="signals to a child: POSIX")
@pytest.mark.parametrize("mode", ["callback", "plain", "range"])
def test_ctrl_c_stops_the_search_with_the_record_exact(mode, tmp_path):
    lines, err, rc, took, path = _interrupt(mode, tmp_path)
    assert "Exception ignored" not in err, err
    assert "KeyboardInterrupt" in err.splitlines()[-1], err
    assert rc in (-signal.SIGINT, 128 + signal.SIGINT, 1), (rc, err)
    assert "not interrupted" not in lines
    assert took < 5, f"{took:.1f} s from SIGINT to exit"
    saved = [int(x.split()[1]) for x in lines if x.startswith("saved ")]
    assert len(saved) == 1, lines
    done = saved[0]
    assert 0 < done < TOTAL
    rec = path.read_bytes()
    ks = lwcx.KeySearch.load(rec)  # valid: the checksum, the ranges, the keys
    assert ks.keys_done == done and ks.keys_left == TOTAL - done and ks.save() == rec
    assert ks.found() == [(bytes(10), 5)]  # found in the first chunk, recorded
    # resumable: it goes on from the record (a search stopped at once)
    ks.run(threads=1, progress=lambda d, t: True)
    assert ks.keys_done > done and ks.nfound == 1


@pytest.mark.skipif(os.name != "posix", reason="signals to a child: POSIX")
def test_ctrl_c_stops_the_one_call_search(tmp_path):
    lines, err, rc, took, _ = _interrupt("oneshot", tmp_path)
    assert "Exception ignored" not in err and "KeyboardInterrupt" in err.splitlines()[-1], err
    assert "not interrupted" not in lines and took < 5, (lines, took)


def test_callbacks_still_from_the_calling_thread():
    """The C search runs in a helper thread when called from the main thread,
    but progress is called from the caller's thread, and an exception in it
    still stops the search and comes back."""
    pt = bytes.fromhex("0123456789abcdef")
    ct = lwcx.present80.ecb_encrypt(bytes(10), pt)
    ks = lwcx.KeySearch("present80", pt, ct, TOTAL)
    me, seen = threading.get_ident(), []

    def progress(done, total):
        seen.append(threading.get_ident())
        if len(seen) == 2:
            raise LookupError("stop here")

    with pytest.raises(LookupError):
        ks.run(threads=1, progress=progress)
    assert seen and set(seen) == {me} and 0 < ks.keys_done < TOTAL
    done = ks.keys_done
    time.sleep(0.3)
    assert ks.keys_done == done  # stopped: nothing runs on behind the caller's back


def test_search_in_pieces_checks_the_range_first():
    pt = bytes.fromhex("0123456789abcdef")
    ct = lwcx.present80.ecb_encrypt(bytes(10), pt)
    ks = lwcx.KeySearch("present80", pt, ct, 1 << 20, start=100)
    with pytest.raises(ValueError):
        ks.search(100, (1 << 20) + 1)  # beyond the end: nothing searched
    with pytest.raises(ValueError):
        ks.search(99, 10)
    assert ks.keys_done == 0
    ks.search(100, 0)
    ks.search(100, 1 << 20)
    assert ks.complete and ks.keys_done == 1 << 20
