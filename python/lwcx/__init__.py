"""lwcx: fast lightweight and symmetric post-quantum cryptography, from Python.

Bytes in, bytes out; errors are exceptions: :class:`InvalidTag` and
:class:`InvalidSignature` for failed authentication, :class:`ValueError` (with
the library's message) for bad sizes and arguments, :class:`TypeError` for
objects that are not buffers. Every data argument accepts any C-contiguous
buffer (bytes, bytearray, memoryview, NumPy arrays) without copying it, and
the bulk calls accept ``out=`` (any writable buffer, possibly the input itself)
to write in place; the GIL is released while the C code runs, so threads
run in parallel.

Each class takes ``impl=`` to run one implementation ("ref", "avx2", ...: see
:func:`implementations`); the default is the library's automatic choice.
The hashes also come by name, as from hashlib: ``lwcx.new("esch256", data)``.
"""
from __future__ import annotations

import os
import stat
import sys
import tempfile
import threading
import time
import warnings
from typing import (TYPE_CHECKING, Any, Callable, FrozenSet, List, NamedTuple, Optional, Tuple, Type,
                    TypeVar, Union, cast, overload)

from ._ffi import ffi, lib

if TYPE_CHECKING:
    _W = TypeVar("_W", bound="Buffer")  # out=: the caller's buffer, returned as given

__all__ = [
    "Error", "InvalidTag", "InvalidSignature", "UnsupportedError", "AlreadyFinalized", "Buffer",
    "version", "strerror", "cpu_model", "Implementation", "primitives", "implementations", "select",
    "selected", "BlockCipher", "BLOCK_CIPHERS", "kcc23p4", "present80", "present128", "gift64",
    "gift128", "pipo128", "pipo256", "KeySearchResult", "KeySearch", "kcc24p6_encrypt",
    "kcc24p6_decrypt", "sparkle_permute", "Schwaemm", "SchwaemmEncryptor", "SchwaemmDecryptor",
    "SCHWAEMM_VARIANTS", "schwaemm_encrypt_many", "StreamEncryptor", "StreamDecryptor", "Esch256",
    "Esch384", "XOEsch256", "XOEsch384", "esch_hash_many", "new", "algorithms_available",
    "algorithms_guaranteed", "AIMER_SETS", "AimerPrivateKey", "AimerPublicKey", "AimerSigner",
    "AimerVerifier", "SymmetricKey", "load_key", "load_key_file",
]

# Buffer: what every data argument takes, any object with the buffer protocol
# (bytes, bytearray, memoryview, array.array, numpy arrays, mmap). Where
# Python has the protocol as a type (collections.abc.Buffer, 3.12, PEP 688)
# it is that; before, the common buffer types by name (a type checker then
# wants memoryview(x) around other buffers, which run as they are).
if sys.version_info >= (3, 12):
    from collections.abc import Buffer
else:
    Buffer = Union[bytes, bytearray, memoryview]


# --------------------------------------------------------------------------
# errors
# --------------------------------------------------------------------------
class Error(Exception):
    """An lwcx failure that is not a bad argument; ``status`` is the C status
    code (an ``LWCX_ERR_*`` value, 0 when the error was found in Python)."""

    def __init__(self, message: str, status: int = 0):
        super().__init__(message)
        self.status = status


class InvalidTag(Error):
    """Authentication failed: an authentication tag did not match, or a stream
    was modified, truncated, reordered or encrypted under another key. The
    one-shot decryptions (:meth:`Schwaemm.decrypt`, :func:`kcc24p6_decrypt`)
    then release no plaintext; the incremental ones release plaintext before
    the tag is checked (:meth:`SchwaemmDecryptor.update`, and record by
    record :meth:`StreamDecryptor.update`), and the caller must discard all
    of it when :meth:`finalize` raises this."""


class InvalidSignature(Error):
    """An AIMer signature is invalid for the message and key (it does not
    verify, or it does not have the parameter set's signature size)."""


class UnsupportedError(Error):
    """The implementation cannot run on this machine (or this build)."""


class AlreadyFinalized(Error, ValueError):
    """An incremental object (encryptor, decryptor, stream, AIMer signer or
    verifier) was used after its finalize() or verify(): each finishes once.
    A ValueError too, as the misuse it is (and as it was raised before)."""


def strerror(status: int) -> str:
    """The library's message for a C status code (an ``LWCX_ERR_*`` value;
    "unknown error" for any other int). TypeError if status is not an int."""
    return ffi.string(lib.lwcx_strerror(_int(status, "status", -(1 << 31), (1 << 31) - 1))).decode()


def version() -> str:
    """The C library's version string ("MAJOR.MINOR.PATCH")."""
    return ffi.string(lib.lwcx_version()).decode()


__version__ = version()


def cpu_model() -> str:
    """The CPU's model name as the library reads it (empty if unknown)."""
    return ffi.string(lib.lwcx_cpu_model()).decode()


def _check(rc: int, what: str, auth: type = InvalidTag) -> None:
    """Turns a status code into the exception it stands for."""
    if rc == 0:
        return
    msg = f"{what}: {strerror(rc)}"
    if rc == lib.LWCX_ERR_AUTH:
        if auth is InvalidSignature:  # the library's text speaks of a tag
            msg = f"{what}: the signature is invalid (it does not verify for this message and key)"
        raise auth(msg, rc)
    if rc in (lib.LWCX_ERR_LENGTH, lib.LWCX_ERR_ARG, lib.LWCX_ERR_NULL, lib.LWCX_ERR_FORMAT,
              lib.LWCX_ERR_NO_IMPL):
        raise ValueError(msg)
    if rc == lib.LWCX_ERR_NOMEM:
        raise MemoryError(msg)
    if rc == lib.LWCX_ERR_UNSUPPORTED:
        raise UnsupportedError(msg, rc)
    if rc == lib.LWCX_ERR_IMPL_ENV:  # say which entry of LWCX_IMPL is wrong
        buf = ffi.new("char[]", 256)
        lib.lwcx_impl_env_check(buf, len(buf))
        msg += f" ({ffi.string(buf).decode(errors='replace')})"
    raise Error(msg, rc)


def _int(v: Any, name: str, lo: int, hi: int, hint: str = "") -> int:
    """v as an int in [lo, hi], checked here rather than by cffi (whose
    OverflowError names no argument): TypeError if v is not an integer
    (bool included), ValueError with the range otherwise."""
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    v = v.__index__()
    if not lo <= v <= hi:
        raise ValueError(f"{name} must be {_range(lo, hi)}{hint}, not {v}")
    return int(v)


def _range(lo: int, hi: int) -> str:
    def show(x: int) -> str:
        for b in (64, 32):
            if x == (1 << b) - 1:
                return f"2^{b} - 1"
        return "2^64 - 2^32" if x == _KS_MAX_END else str(x)
    return f"at least {lo}" if hi >= 1 << 64 else f"{show(lo)} .. {show(hi)}"


def _str(v: Any, name: str) -> bytes:
    """A name argument (primitive, implementation) as C text."""
    if not isinstance(v, str):
        raise TypeError(f"{name} must be a str, not {type(v).__name__}")
    return v.encode()


_U64 = (1 << 64) - 1
_SIZE = sys.maxsize  # a size_t the library could be given: memory bounds it far below
_KS_MAX_END = (1 << 64) - (1 << 32)  # LWCX_KEYSEARCH_MAX_END (not a plain literal: not in the cdef)


# --------------------------------------------------------------------------
# buffers: views, not copies
# --------------------------------------------------------------------------
_alloc = ffi.new_allocator(should_clear_after_alloc=False)
_U8 = ffi.typeof("uint8_t[]")  # resolved once: every call uses it


def _in(buf: Buffer, name: str) -> Tuple[Any, int]:
    """A char pointer into buf's own memory, and its length in bytes."""
    if isinstance(buf, str):
        raise TypeError(f"{name} must be a bytes-like object, not str")
    try:
        p = ffi.from_buffer(_U8, buf)
    except TypeError as e:
        raise TypeError(f"{name} must be a bytes-like object: {e}") from None
    return p, len(p)


def _bytes(p: Any, n: int) -> bytes:
    """n bytes at p as a new bytes object (the one copy a bytes result costs)."""
    return ffi.buffer(p, n)[:]


def _sized(buf: Buffer, n: int, name: str) -> Any:
    """A pointer into buf, which must be exactly n bytes."""
    p, m = _in(buf, name)
    if m != n:
        raise ValueError(f"{name} must be {n} bytes, not {m}")
    return p


# Outputs returned as bytes are written first into a per-thread scratch buffer
# that is reused: a fresh buffer per call beside the bytes object costs page
# faults on every large call (glibc hands the memory back between calls),
# which doubled the time of a 256 KiB CTR call. The scratch is wiped after
# each use (it held plaintext or keystream); above _SCRATCH_MAX a call gets
# its own buffer rather than keeping that much memory per thread.
_scratch = threading.local()
_SCRATCH_MAX = 4 << 20


def _scratch_get(n: int):
    if n > _SCRATCH_MAX:
        return _alloc(_U8, max(n, 1))
    buf = getattr(_scratch, "buf", None)
    if buf is None or len(buf) < n:
        buf = _scratch.buf = _alloc(_U8, max(n, 4096))
    return buf


def _scratch_take(p, n: int) -> bytes:
    r = _bytes(p, n)
    lib.lwcx_wipe(p, n)
    return r


class _Out:
    """The output of a call: a fresh buffer returned as bytes, or the caller's
    writable buffer (out=), returned as given."""

    def __init__(self, out: Optional[Buffer], n: int):
        self.n = n
        self.out = out
        if out is None:
            self.p = _scratch_get(n)
        else:
            if isinstance(out, (bytes, str)):
                raise TypeError("out must be a writable buffer (bytearray, memoryview, numpy array)")
            try:
                self.p = ffi.from_buffer(_U8, out, require_writable=True)
            except (TypeError, ValueError) as e:  # ValueError: a read-only buffer
                raise TypeError(f"out must be a writable bytes-like object: {e}") from None
            if len(self.p) != n:
                raise ValueError(f"out must be {n} bytes (the output's size), not {len(self.p)}")

    def result(self):
        return _scratch_take(self.p, self.n) if self.out is None else self.out


# --------------------------------------------------------------------------
# implementations
# --------------------------------------------------------------------------
class Implementation(NamedTuple):
    """One implementation of one primitive, as the library's registry lists it:
    the primitive and the implementation's name, a description, whether this
    machine can run it (else why not), whether it runs in constant time, how
    many blocks or states it processes at once, and whether the automatic
    choice takes it."""

    primitive: str
    name: str
    description: str
    available: bool
    why_unavailable: Optional[str]
    constant_time: bool
    batch: int
    selected: bool


def _s(p: Any) -> Optional[str]:
    return None if p == ffi.NULL else ffi.string(p).decode()


def primitives() -> List[str]:
    """The primitives of the registry ("kcc23p4", "sparkle", "present80", ..., "aimer"),
    the names :func:`implementations`, :func:`select` and ``impl=`` go with."""
    return [str(_s(lib.lwcx_primitive_name(i))) for i in range(lib.lwcx_primitive_count())]


def implementations(primitive: Optional[str] = None) -> List[Implementation]:
    """The implementations of one primitive (all primitives if None), fastest
    first. ValueError for an unknown primitive, TypeError for a non-str."""
    out = []
    for prim in [primitive] if primitive is not None else primitives():
        pb = _str(prim, "primitive")
        if lib.lwcx_impl_count(pb) == 0:
            raise ValueError(f"unknown primitive {prim!r}; one of {', '.join(primitives())}")
        chosen = lib.lwcx_impl_auto(pb)
        for i in range(lib.lwcx_impl_count(pb)):
            h = lib.lwcx_impl_at(pb, i)
            why = ffi.new("const char **")
            ok = bool(lib.lwcx_impl_available(h, why))
            out.append(Implementation(prim, str(_s(lib.lwcx_impl_name(h))), str(_s(lib.lwcx_impl_description(h))),
                                      ok, None if ok else _s(why[0]), bool(lib.lwcx_impl_constant_time(h)),
                                      int(lib.lwcx_impl_batch(h)), h == chosen))
    return out


def select(primitive: str, name: Optional[str]) -> None:
    """Forces the automatic choice of a primitive to the implementation
    ``name`` (None: back to automatic). Process-wide; prefer the ``impl=``
    argument of each class in threaded code. ValueError for an unknown
    primitive or implementation, UnsupportedError for one this machine
    cannot run, Error while LWCX_IMPL is invalid."""
    pb = _str(primitive, "primitive")
    _check(lib.lwcx_impl_select(pb, ffi.NULL if name is None else _str(name, "name")),
           f"select {primitive}:{name}")


def selected(primitive: str) -> str:
    """The name of the implementation the automatic choice uses for a
    primitive. ValueError for an unknown primitive (or an invalid LWCX_IMPL)."""
    s = _s(lib.lwcx_impl_selected(_str(primitive, "primitive")))
    if s is None:
        raise ValueError(f"no selection for {primitive!r} (unknown primitive or invalid LWCX_IMPL)")
    return s


def _handle(primitive: str, impl: Optional[str]) -> Any:
    """The registry handle for impl= (NULL: the automatic choice)."""
    if impl is None:
        return ffi.NULL
    h = lib.lwcx_impl_find(primitive.encode(), _str(impl, "impl"))
    if h == ffi.NULL:
        names = ", ".join(i.name for i in implementations(primitive))
        raise ValueError(f"no implementation {impl!r} of {primitive}; one of {names}")
    why = ffi.new("const char **")
    if not lib.lwcx_impl_available(h, why):
        raise UnsupportedError(f"{primitive}:{impl}: {_s(why[0])}", lib.LWCX_ERR_UNSUPPORTED)
    return h


# --------------------------------------------------------------------------
# block ciphers: kcc23-p4 and PRESENT, GIFT, PIPO
# --------------------------------------------------------------------------
_BC_IDS = {"present80": lib.LWCX_PRESENT80, "present128": lib.LWCX_PRESENT128,
           "gift64": lib.LWCX_GIFT64, "gift128": lib.LWCX_GIFT128,
           "pipo128": lib.LWCX_PIPO128, "pipo256": lib.LWCX_PIPO256}
BLOCK_CIPHERS = ("kcc23p4",) + tuple(_BC_IDS)


class BlockCipher:
    """One block cipher ("kcc23p4", "present80", "present128", "gift64", "gift128",
    "pipo128", "pipo256"), optionally pinned to one implementation (``impl``,
    see :func:`implementations`). ValueError for an unknown cipher or
    implementation, UnsupportedError for one this machine cannot run.

    Byte conventions are the C library's (include/lwcx.h): PRESENT and GIFT
    blocks and keys big-endian, kcc23-p4 and PIPO the memory of their official
    little-endian 32-bit words. Stateless and thread-safe. Every method
    raises ValueError for a key, iv or data of the wrong size and TypeError
    for an argument that is not a buffer."""

    def __init__(self, name: str, impl: Optional[str] = None):
        if not isinstance(name, str) or name not in BLOCK_CIPHERS:
            raise ValueError(f"unknown block cipher {name!r}; one of {', '.join(BLOCK_CIPHERS)}")
        self.name = name
        self.impl = impl
        self._h = _handle(name, impl)
        if name == "kcc23p4":
            self.block_size, self.key_size = 8, 8
        else:
            self._c = _BC_IDS[name]
            self.block_size = int(lib.lwcx_bc_block_bytes(self._c))
            self.key_size = int(lib.lwcx_bc_key_bytes(self._c))

    def __repr__(self) -> str:
        return f"BlockCipher({self.name!r}, impl={self.impl!r})"

    def generate_key(self) -> bytes:
        """A new random key (key_size bytes, from the OS's randomness)."""
        return os.urandom(self.key_size)

    def _ecb(self, enc: bool, key: Buffer, data: Buffer, out: Optional[Buffer]) -> Any:
        k = _sized(key, self.key_size, f"{self.name} key")
        d, n = _in(data, "data")
        if n % self.block_size:
            raise ValueError(f"{self.name} ECB: data must be whole {self.block_size}-byte blocks, "
                             f"not {n} bytes")
        o = _Out(out, n)
        if self.name == "kcc23p4":
            ks = ffi.new("lwcx_kcc23p4_key *")
            _check(lib.lwcx_kcc23p4_expand_key(ks, k), "kcc23p4 key")
            f = lib.lwcx_kcc23p4_ecb_encrypt_with if enc else lib.lwcx_kcc23p4_ecb_decrypt_with
            rc = f(self._h, ks, o.p, d, n)
            lib.lwcx_wipe(ks, ffi.sizeof(ks[0]))
        else:
            f = lib.lwcx_bc_ecb_encrypt_with if enc else lib.lwcx_bc_ecb_decrypt_with
            rc = f(self._h, self._c, k, o.p, d, n)
        _check(rc, f"{self.name} ECB ({n} bytes)")
        return o.result()

    @overload
    def ecb_encrypt(self, key: Buffer, data: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def ecb_encrypt(self, key: Buffer, data: Buffer, *, out: _W) -> _W: ...

    def ecb_encrypt(self, key: Buffer, data: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """ECB encryption of data (whole blocks) under key: bytes, or written
        into out (a writable buffer of len(data) bytes, data itself allowed)
        and out returned. ValueError for sizes that do not fit."""
        return self._ecb(True, key, data, out)

    @overload
    def ecb_decrypt(self, key: Buffer, data: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def ecb_decrypt(self, key: Buffer, data: Buffer, *, out: _W) -> _W: ...

    def ecb_decrypt(self, key: Buffer, data: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """ECB decryption of data (whole blocks) under key; out as for
        :meth:`ecb_encrypt`. ValueError for sizes that do not fit."""
        return self._ecb(False, key, data, out)

    @overload
    def ctr(self, key: Buffer, iv: Buffer, data: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def ctr(self, key: Buffer, iv: Buffer, data: Buffer, *, out: _W) -> _W: ...

    def ctr(self, key: Buffer, iv: Buffer, data: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """CTR mode (encryption = decryption) of data of any length under key
        and iv (one block); out as for :meth:`ecb_encrypt`. The counter is the
        library's: iv + j, as a little-endian 64-bit integer for kcc23-p4 and a
        big-endian block-wide integer for the others. Never reuse a counter
        range under one key; at most 2^32 blocks per key for 64-bit blocks.
        ValueError for a key or iv of the wrong size."""
        k = _sized(key, self.key_size, f"{self.name} key")
        v = _sized(iv, self.block_size, f"{self.name} iv")
        d, n = _in(data, "data")
        o = _Out(out, n)
        if self.name == "kcc23p4":
            ks = ffi.new("lwcx_kcc23p4_key *")
            _check(lib.lwcx_kcc23p4_expand_key(ks, k), "kcc23p4 key")
            rc = lib.lwcx_kcc23p4_ctr_with(self._h, ks, v, o.p, d, n)
            lib.lwcx_wipe(ks, ffi.sizeof(ks[0]))
        else:
            rc = lib.lwcx_bc_ctr_with(self._h, self._c, k, v, o.p, d, n)
        _check(rc, f"{self.name} CTR ({n} bytes)")
        return o.result()

    def _keys(self, enc: bool, keys: Buffer, blocks: Buffer, out: Optional[Buffer]) -> Any:
        d, n = _in(blocks, "blocks")
        k, m = _in(keys, "keys")
        if n % self.block_size:
            raise ValueError(f"{self.name}: blocks must be whole {self.block_size}-byte blocks, "
                             f"not {n} bytes")
        nb = n // self.block_size
        if m != nb * self.key_size:
            raise ValueError(f"{self.name}: keys must be {nb} keys of {self.key_size} bytes "
                             f"({nb * self.key_size} bytes, one per block), not {m} bytes")
        o = _Out(out, n)
        if self.name == "kcc23p4":
            f = lib.lwcx_kcc23p4_encrypt_keys_with if enc else lib.lwcx_kcc23p4_decrypt_keys_with
            rc = f(self._h, o.p, d, k, nb)
        else:
            f = lib.lwcx_bc_encrypt_keys_with if enc else lib.lwcx_bc_decrypt_keys_with
            rc = f(self._h, self._c, o.p, d, k, nb)
        _check(rc, f"{self.name} many keys ({nb} blocks)")
        return o.result()

    @overload
    def encrypt_keys(self, keys: Buffer, blocks: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def encrypt_keys(self, keys: Buffer, blocks: Buffer, *, out: _W) -> _W: ...

    def encrypt_keys(self, keys: Buffer, blocks: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """Many keys: block i of blocks encrypted under key i of keys (packed,
        one key per block); out as for :meth:`ecb_encrypt`. ValueError when
        the sizes do not fit."""
        return self._keys(True, keys, blocks, out)

    @overload
    def decrypt_keys(self, keys: Buffer, blocks: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def decrypt_keys(self, keys: Buffer, blocks: Buffer, *, out: _W) -> _W: ...

    def decrypt_keys(self, keys: Buffer, blocks: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """Many keys: block i decrypted under key i; as :meth:`encrypt_keys`."""
        return self._keys(False, keys, blocks, out)

    def keysearch(self, pt: Buffer, ct: Buffer, count: int, *, base_key: Optional[Buffer] = None,
                  mask: Optional[Buffer] = None, start: int = 0, threads: int = 0,
                  max_found: int = 16, progress: Optional[Callable[[int, int], Any]] = None,
                  cancel: Optional[threading.Event] = None) -> "KeySearchResult":
        """Exhaustive search of key indices [start, start + count) (see lwcx.h:
        index i flips the bits of mask, by default the last 8 key bytes, of
        base_key, by default zero) for keys that encrypt every pt block to its
        ct block; returns a :class:`KeySearchResult` with at most max_found
        keys. progress(keys_done, keys_total) is called about every 100 ms
        from this thread; a true return value, or cancel being set, stops the
        search early (next_index then says where to resume). Ctrl-C stops it
        within a chunk and raises KeyboardInterrupt (what was searched is
        lost: KeySearch keeps it). threads=0: one per CPU. Not for kcc23-p4.
        ValueError for count 0 (as the CLI's --count 0), a range beyond
        2^64 - 2^32 or the mask's keys, threads above 1024, pt and ct that
        are not the same whole blocks (1 to 64), a key or mask of the wrong
        size; TypeError for a count, start, threads or max_found that is not
        an int, or a progress that is not callable."""
        n = _ks_args(self, pt, ct, mask, start, count)
        threads = _int(threads, "threads", 0, lib.LWCX_KEYSEARCH_MAX_THREADS, " (0: one per CPU)")
        max_found = _int(max_found, "max_found", 0, 1 << 24)
        if progress is not None and not callable(progress):
            raise TypeError(f"progress must be callable, not {type(progress).__name__}")
        p, c = _in(pt, "pt")[0], _in(ct, "ct")[0]
        base = _sized(base_key, self.key_size, "base_key") if base_key is not None \
            else ffi.new("uint8_t[]", self.key_size)
        msk = _sized(mask, self.key_size, "mask") if mask is not None else ffi.NULL
        found = ffi.new("uint8_t[]", max(max_found, 1) * self.key_size)
        nfound = ffi.new("size_t *")
        nxt = ffi.new("uint64_t *")
        rc = _Progress(progress, cancel).run(
            lambda cb: lib.lwcx_bc_keysearch_with(self._h, self._c, p, c, n // self.block_size, base, msk,
                                                  start, count, threads, cb, ffi.NULL, found, max_found,
                                                  nfound, nxt))
        _check(rc, f"{self.name} key search")
        keys = [_bytes(found + i * self.key_size, self.key_size)
                for i in range(min(nfound[0], max_found))]
        return KeySearchResult(keys, int(nfound[0]), int(nxt[0]), int(nxt[0]) == start + count)


def _ks_args(bc: BlockCipher, pt: Buffer, ct: Buffer, mask: Optional[Buffer], start: Any, count: Any) -> int:
    """Checks a key search's cipher, pairs, mask and range before C sees
    them; returns the bytes of pt."""
    if bc.name == "kcc23p4":
        raise ValueError("key search is for PRESENT, GIFT and PIPO, not kcc23p4")
    n = _in(pt, "pt")[1]
    _sized(ct, n, "ct (as long as pt)")
    if n == 0 or n % bc.block_size or n // bc.block_size > lib.LWCX_KEYSEARCH_MAX_PAIRS:
        raise ValueError(f"pt and ct must be 1 to {lib.LWCX_KEYSEARCH_MAX_PAIRS} whole "
                         f"{bc.block_size}-byte blocks, not {n} bytes")
    start = _int(start, "start", 0, _KS_MAX_END - 1)
    _int(count, "count", 1, _KS_MAX_END - start, " (start + count at most 2^64 - 2^32)" if start else "")
    if mask is not None:
        bits = sum(bin(b).count("1") for b in bytes(ffi.buffer(_sized(mask, bc.key_size, "mask"), bc.key_size)))
        if bits == 0:
            raise ValueError("mask has no bit set: it names no key")
        if bits < 64 and start + count > 1 << bits:
            raise ValueError(f"start + count must be at most 2^{bits} (the mask's {bits} bits name "
                             f"{1 << bits} keys), not {start + count}")
    return n


class KeySearchResult(NamedTuple):
    """What :meth:`BlockCipher.keysearch` returns. found: the lowest-index
    matching keys (at most max_found); nfound: how many matched in all;
    next_index: the first index not searched; complete: the whole range was
    searched (False after a stop)."""

    found: List[bytes]
    nfound: int
    next_index: int
    complete: bool


class _Progress:
    """Runs a C key search that takes a progress callback so that Ctrl-C stops
    it. The C call always gets a callback, which stops the search (the chunks
    under way finish and are recorded) when asked. Python handles a signal
    only in the main thread, between bytecodes: there the C call runs in a
    helper thread while this one waits, so KeyboardInterrupt arrives in the
    wait (raised inside a C callback, cffi would print and drop it). fn
    (done, total) is called from the calling thread, ``cancel`` read from the
    callback. An exception from fn or the wait stops the search and is raised
    again once the C call has returned."""

    def __init__(self, fn, cancel):
        self.fn, self.cancel, self.exc = fn, cancel, None
        self.stop = False
        self.relay = False  # main thread: the callback runs elsewhere and passes the counts on
        self.latest = None  # (done, total) not yet given to fn
        self.lock = threading.Lock()
        self.wake = threading.Event()
        # error=1: an exception escaping the callback stops the search
        self.c = ffi.callback("lwcx_keysearch_progress", self._call, error=1, onerror=self._onerror)

    def _onerror(self, _type, value, _tb):
        if self.exc is None:
            self.exc = value
        self.stop = True

    def _call(self, _ctx, done, total):
        if self.relay:
            with self.lock:
                self.latest = (int(done), int(total))
            self.wake.set()
        else:
            self._report((int(done), int(total)))
        return 1 if self.stop or (self.cancel is not None and self.cancel.is_set()) else 0

    def _report(self, counts):
        if counts is None or self.fn is None or self.exc is not None:
            return
        try:
            if self.fn(*counts):
                self.stop = True
        except BaseException as e:  # noqa: B902 - raised again by run
            self.exc, self.stop = e, True

    def _take(self):
        with self.lock:
            counts, self.latest = self.latest, None
        return counts

    def run(self, call):
        """call(callback) -> the C status."""
        if threading.current_thread() is not threading.main_thread():
            rc = call(self.c)
        else:
            self.relay = True
            out, ended = {}, threading.Event()

            def work():
                try:
                    out["rc"] = call(self.c)
                except BaseException as e:  # noqa: B902 - raised again below
                    out["err"] = e
                finally:
                    ended.set()
                    self.wake.set()

            t = threading.Thread(target=work, name="lwcx key search", daemon=True)
            try:
                t.start()
            except BaseException:  # noqa: B902 - interrupted as it started: stop it at its first call
                self.stop = True
                raise
            try:
                while not ended.is_set():
                    self.wake.wait(0.5)
                    self.wake.clear()
                    self._report(self._take())
            except BaseException as e:  # noqa: B902 - KeyboardInterrupt, or fn's: stop
                if self.exc is None:
                    self.exc = e
                self.stop = True
            while not ended.is_set():  # the chunks under way finish: another Ctrl-C waits too
                try:
                    ended.wait()
                except BaseException:  # noqa: B902
                    pass
            t.join()
            self._report(self._take())  # the final count
            if "err" in out and self.exc is None:
                raise out["err"]
            rc = out.get("rc", 0)
        if self.exc is not None:
            raise self.exc
        return rc


kcc23p4 = BlockCipher("kcc23p4")
present80 = BlockCipher("present80")
present128 = BlockCipher("present128")
gift64 = BlockCipher("gift64")
gift128 = BlockCipher("gift128")
pipo128 = BlockCipher("pipo128")
pipo256 = BlockCipher("pipo256")


# --------------------------------------------------------------------------
# key search as a resumable object (the C lwcx_keysearch)
# --------------------------------------------------------------------------
class KeySearch:
    """One key search kept as an exact record of the finished ranges and the
    keys found: search it in pieces (take/search), run it with threads, stop
    it, save it to text and load it back to resume, merge records made
    elsewhere. Thread-safe, as the C object.

    The search: key indices [start, start + count) of cipher (a name or a
    :class:`BlockCipher`, whose impl it keeps), with pt, ct, base_key and
    mask as for :meth:`BlockCipher.keysearch`; the same ValueError and
    TypeError for arguments that do not fit (count 0 included)."""

    def __init__(self, cipher: Union[str, BlockCipher], pt: Buffer, ct: Buffer, count: int, *,
                 base_key: Optional[Buffer] = None, mask: Optional[Buffer] = None, start: int = 0,
                 impl: Optional[str] = None, _raw: Any = None):
        if _raw is not None:
            self._ks = _raw
            return
        bc = cipher if isinstance(cipher, BlockCipher) else BlockCipher(cipher, impl)
        n = _ks_args(bc, pt, ct, mask, start, count)
        p, c = _in(pt, "pt")[0], _in(ct, "ct")[0]
        base = _sized(base_key, bc.key_size, "base_key") if base_key is not None \
            else ffi.new("uint8_t[]", bc.key_size)
        msk = _sized(mask, bc.key_size, "mask") if mask is not None else ffi.NULL
        pp = ffi.new("lwcx_keysearch **")
        _check(lib.lwcx_keysearch_new_with(bc._h, pp, bc._c, p, c, n // bc.block_size, base, msk,
                                           start, count), "key search")
        self._ks = ffi.gc(pp[0], lib.lwcx_keysearch_free)

    def take(self, max_keys: int) -> Tuple[int, int]:
        """The next range (lo, n) of at most max_keys (>= 1) indices that
        nobody has taken; n == 0 when none is left."""
        max_keys = _int(max_keys, "max_keys", 1, _U64)
        lo, n = ffi.new("uint64_t *"), ffi.new("uint64_t *")
        _check(lib.lwcx_keysearch_take(self._ks, max_keys, lo, n), "key search take")
        return int(lo[0]), int(n[0])

    def search(self, lo: int, n: int) -> None:
        """Searches [lo, lo + n) in this thread (the GIL is released), in pieces
        of a fraction of a second, each recorded when done: Ctrl-C between
        two raises KeyboardInterrupt with the record exact. ValueError for a
        range outside the search's."""
        lo = _int(lo, "lo", 0, _U64)
        n = _int(n, "n", 0, _U64 - lo)
        end = lo + n
        for at in (lo, end):  # the whole range first (an empty range marks nothing)
            _check(lib.lwcx_keysearch_done(self._ks, at, 0), "key search range")
        piece = 1 << 16
        while True:
            m = min(piece, end - lo)
            t = time.monotonic()
            _check(lib.lwcx_keysearch_search(self._ks, lo, m), "key search range")
            lo += m
            if lo >= end:
                return
            if time.monotonic() - t < 0.05 and piece < 1 << 40:  # a GPU wants large pieces
                piece *= 2

    def mark_done(self, lo: int, n: int) -> None:
        """Marks [lo, lo + n) finished without searching it (searched
        elsewhere). ValueError for a range outside the search's."""
        lo = _int(lo, "lo", 0, _U64)
        _check(lib.lwcx_keysearch_done(self._ks, lo, _int(n, "n", 0, _U64 - lo)), "key search done")

    def run(self, threads: int = 0, progress: Optional[Callable[[int, int], Any]] = None,
            cancel: Optional[threading.Event] = None) -> None:
        """Searches what is left with threads (0: one per CPU, at most 1024)
        until done or stopped (progress(keys_done, keys_total) returning
        true, or cancel set). Ctrl-C stops it within a chunk and raises
        KeyboardInterrupt; the object then holds an exact record of what was
        searched (save() it to resume)."""
        threads = _int(threads, "threads", 0, lib.LWCX_KEYSEARCH_MAX_THREADS, " (0: one per CPU)")
        if progress is not None and not callable(progress):
            raise TypeError(f"progress must be callable, not {type(progress).__name__}")
        rc = _Progress(progress, cancel).run(lambda cb: lib.lwcx_keysearch_run(self._ks, threads, cb, ffi.NULL))
        _check(rc, "key search run")

    @property
    def keys_done(self) -> int:
        """How many indices of the range are searched."""
        return int(lib.lwcx_keysearch_keys_done(self._ks))

    @property
    def keys_left(self) -> int:
        """How many indices of the range are not searched yet."""
        return int(lib.lwcx_keysearch_keys_left(self._ks))

    @property
    def complete(self) -> bool:
        """Whether the whole range is searched."""
        return bool(lib.lwcx_keysearch_complete(self._ks))

    @property
    def next_unsearched(self) -> int:
        """The lowest index not searched yet (the range's end when complete)."""
        return int(lib.lwcx_keysearch_next_unsearched(self._ks))

    @property
    def nfound(self) -> int:
        """How many matching keys were found (all counted; :meth:`found`
        lists the lowest-index ones stored)."""
        return int(lib.lwcx_keysearch_found_count(self._ks))

    def found(self) -> List[Tuple[bytes, int]]:
        """The stored keys found, as (key, index), ascending index."""
        kb = lib.lwcx_bc_key_bytes(lib.lwcx_keysearch_cipher(self._ks))
        key, index = ffi.new("uint8_t[32]"), ffi.new("uint64_t *")
        out = []
        i = 0
        while lib.lwcx_keysearch_found_key(self._ks, i, key, index) == lib.LWCX_OK:
            out.append((bytes(ffi.buffer(key, kb)), int(index[0])))
            i += 1
        return out

    def save(self) -> bytes:
        """The record as text (checksummed); :meth:`load` reads it back."""
        n = ffi.new("size_t *")
        rc = lib.lwcx_keysearch_save(self._ks, ffi.NULL, 0, n)
        if rc != lib.LWCX_ERR_LENGTH:
            _check(rc, "key search save")
        buf = ffi.new("uint8_t[]", n[0])
        _check(lib.lwcx_keysearch_save(self._ks, buf, n[0], n), "key search save")
        return _bytes(buf, n[0])

    @classmethod
    def load(cls, record: Buffer) -> "KeySearch":
        """A search from a record :meth:`save` wrote; ValueError if it is
        damaged, edited or foreign, TypeError if it is not a buffer."""
        b, n = _in(record, "record")
        pp = ffi.new("lwcx_keysearch **")
        _check(lib.lwcx_keysearch_load(pp, b, n), "key search record")
        return cls("present80", b"", b"", 0, _raw=ffi.gc(pp[0], lib.lwcx_keysearch_free))

    def merge(self, other: "KeySearch") -> None:
        """Adds other's finished ranges and keys: the same search only (parts
        of the same job only); ValueError otherwise, TypeError if other is
        not a KeySearch."""
        if not isinstance(other, KeySearch):
            raise TypeError(f"other must be a KeySearch, not {type(other).__name__}")
        _check(lib.lwcx_keysearch_merge(self._ks, other._ks), "key search merge")

    def set_part(self, job_start: int, job_count: int, part: int, parts: int) -> None:
        """Marks this search, made for exactly that range (see part_range), as
        part `part` (1 .. parts) of the job [job_start, job_start + job_count):
        its record then names the job, so a missing part shows when merging.
        ValueError if this search's range is not that part."""
        _check(lib.lwcx_keysearch_set_part(self._ks, *_part_args(job_start, job_count, part, parts)),
               "key search part")

    @property
    def part(self) -> Optional[Tuple[int, int, int, int]]:
        """(job_start, job_count, part, parts) for a part of a job, else None."""
        v = [ffi.new("uint64_t *") for _ in range(4)]
        _check(lib.lwcx_keysearch_part(self._ks, *v), "key search part")
        return (int(v[0][0]), int(v[1][0]), int(v[2][0]), int(v[3][0])) if v[3][0] else None

    @staticmethod
    def part_range(job_start: int, job_count: int, part: int, parts: int) -> Tuple[int, int]:
        """(start, count) of part `part` (1 .. parts) of the job's range, as
        `lwcx keysearch --part` splits it. ValueError unless
        1 <= part <= parts <= job_count and the job ends by 2^64 - 2^32."""
        lo, n = ffi.new("uint64_t *"), ffi.new("uint64_t *")
        _check(lib.lwcx_keysearch_part_range(*_part_args(job_start, job_count, part, parts), lo, n),
               "key search part")
        return int(lo[0]), int(n[0])


def _part_args(job_start: Any, job_count: Any, part: Any, parts: Any) -> Tuple[int, int, int, int]:
    job_start = _int(job_start, "job_start", 0, _KS_MAX_END - 1)
    job_count = _int(job_count, "job_count", 1, _KS_MAX_END - job_start)
    parts = _int(parts, "parts", 1, job_count, " (and at most job_count)")
    return job_start, job_count, _int(part, "part", 1, parts), parts


# --------------------------------------------------------------------------
# kcc24-p6
# --------------------------------------------------------------------------
def kcc24p6_encrypt(key: Buffer, data: Buffer, *, impl: Optional[str] = None) -> Tuple[bytes, bytes]:
    """The 2024 contest AEAD: returns (ciphertext, 8-byte tag) of data under
    the 8-byte key. Messages are 0..255 bytes and, as the contest specifies,
    only the first 8*floor(len/8) bytes are encrypted and authenticated: the
    ciphertext has that length. The nonce is fixed by the design: never
    encrypt two messages under a key. ValueError for a key that is not 8
    bytes or data over 255 bytes."""
    k = _sized(key, 8, "kcc24p6 key")
    d, n = _in(data, "data")
    if n > 255:
        raise ValueError(f"kcc24p6: data must be at most 255 bytes, not {n}")
    m = lib.lwcx_kcc24p6_processed_len(n)
    ct, tag = _alloc(_U8, max(n, 1)), ffi.new("uint8_t[8]")
    _check(lib.lwcx_kcc24p6_encrypt_with(_handle("kcc24p6", impl), ct, tag, d, n, k),
           f"kcc24p6 encrypt ({n} bytes)")
    return _bytes(ct, m), _bytes(tag, 8)


def kcc24p6_decrypt(key: Buffer, ct: Buffer, tag: Buffer, *, impl: Optional[str] = None) -> bytes:
    """Checks the 8-byte tag of ct (constant time) under the 8-byte key and
    returns the plaintext; InvalidTag if it does not match (nothing is
    released), ValueError for a key or tag of the wrong size or ct over 255
    bytes."""
    k = _sized(key, 8, "kcc24p6 key")
    t = _sized(tag, 8, "kcc24p6 tag")
    c, n = _in(ct, "ct")
    if n > 255:
        raise ValueError(f"kcc24p6: ct must be at most 255 bytes, not {n}")
    pt = _alloc(_U8, max(n, 1))
    _check(lib.lwcx_kcc24p6_decrypt_with(_handle("kcc24p6", impl), pt, c, n, t, k),
           f"kcc24p6 decrypt ({n} bytes)")
    return _bytes(pt, lib.lwcx_kcc24p6_processed_len(n))


# --------------------------------------------------------------------------
# SPARKLE permutations
# --------------------------------------------------------------------------
@overload
def sparkle_permute(state: Buffer, steps: int, *, out: None = None, impl: Optional[str] = None) -> bytes: ...
@overload
def sparkle_permute(state: Buffer, steps: int, *, out: _W, impl: Optional[str] = None) -> _W: ...


def sparkle_permute(state: Buffer, steps: int, *, out: Optional[Buffer] = None,
                    impl: Optional[str] = None) -> Any:
    """SPARKLE256/384/512 on a 32-, 48- or 64-byte state (little-endian words
    x0 y0 x1 y1 ...), steps 1..12 (the design uses 7/10, 7/11, 8/12): the
    new state as bytes, or written into out (a writable buffer of the
    state's size, state itself allowed) and out returned. ValueError for
    another state size or step count, TypeError for a non-int steps."""
    d, n = _in(state, "state")
    if n not in (32, 48, 64):
        raise ValueError(f"sparkle: state must be 32, 48 or 64 bytes, not {n}")
    steps = _int(steps, "steps", 1, 12)
    o = _Out(out, n)
    ffi.memmove(o.p, d, n)
    _check(lib.lwcx_sparkle_permute_with(_handle("sparkle", impl), o.p, n, steps),
           f"sparkle permutation ({n} bytes, {steps} steps)")
    return o.result()


# --------------------------------------------------------------------------
# Schwaemm
# --------------------------------------------------------------------------
_SCHWAEMM = {"schwaemm128-128": lib.LWCX_SCHWAEMM128_128, "schwaemm256-128": lib.LWCX_SCHWAEMM256_128,
             "schwaemm192-192": lib.LWCX_SCHWAEMM192_192, "schwaemm256-256": lib.LWCX_SCHWAEMM256_256}
SCHWAEMM_VARIANTS = tuple(_SCHWAEMM)


def _variant(variant: Any) -> int:
    if not isinstance(variant, str) or variant not in _SCHWAEMM:
        raise ValueError(f"unknown Schwaemm variant {variant!r}; one of {', '.join(_SCHWAEMM)}")
    return int(_SCHWAEMM[variant])


class Schwaemm:
    """Schwaemm authenticated encryption (NIST LWC finalist) under key, in the
    style of pyca/cryptography's AEAD classes: the key is given once;
    encrypt returns ciphertext || tag, decrypt checks it and raises
    InvalidTag. Never use a nonce twice with one key. Thread-safe (no state
    between calls). ValueError for an unknown variant or a key of the wrong
    size (key_size bytes: :meth:`generate_key` makes one)."""

    def __init__(self, key: Buffer, variant: str = "schwaemm256-128", impl: Optional[str] = None):
        self._v = _variant(variant)
        self.variant = variant
        self._h = _handle("sparkle", impl)
        self.key_size = int(lib.lwcx_schwaemm_key_bytes(self._v))
        self.nonce_size = int(lib.lwcx_schwaemm_nonce_bytes(self._v))
        self.tag_size = int(lib.lwcx_schwaemm_tag_bytes(self._v))
        self._key = ffi.new("uint8_t[]", self.key_size)
        ffi.memmove(self._key, _sized(key, self.key_size, f"{variant} key"), self.key_size)

    def __del__(self) -> None:
        if hasattr(self, "_key"):
            lib.lwcx_wipe(self._key, self.key_size)

    @classmethod
    def generate_key(cls, variant: str = "schwaemm256-128") -> bytes:
        """A new random key for variant (its key size, from the OS's
        randomness). ValueError for an unknown variant."""
        return os.urandom(int(lib.lwcx_schwaemm_key_bytes(_variant(variant))))

    def _nonce(self, nonce: Buffer) -> Any:
        return _sized(nonce, self.nonce_size, f"{self.variant} nonce")

    def encrypt(self, nonce: Buffer, data: Buffer, associated_data: Optional[Buffer] = None) -> bytes:
        """Returns ciphertext || tag of data under the key and nonce
        (nonce_size bytes, never used twice with one key), authenticating
        associated_data too. ValueError for a nonce of the wrong size."""
        nn = self._nonce(nonce)
        d, n = _in(data, "data")
        a, an = _in(associated_data, "associated_data") if associated_data is not None else (ffi.NULL, 0)
        out = _scratch_get(n + self.tag_size)
        _check(lib.lwcx_schwaemm_encrypt_with(self._h, self._v, out, out + n, d, n, a, an, nn, self._key),
               f"{self.variant} encrypt ({n} bytes)")
        return _scratch_take(out, n + self.tag_size)

    def decrypt(self, nonce: Buffer, data: Buffer, associated_data: Optional[Buffer] = None) -> bytes:
        """data is ciphertext || tag; returns the plaintext, or raises
        InvalidTag (then nothing is released) when the tag does not match the
        key, nonce, data and associated_data. ValueError for a nonce of the
        wrong size."""
        nn = self._nonce(nonce)
        d, n = _in(data, "data")
        if n < self.tag_size:
            raise InvalidTag(f"{self.variant} decrypt: {n} bytes is shorter than the tag "
                             f"({self.tag_size} bytes)", lib.LWCX_ERR_AUTH)
        a, an = _in(associated_data, "associated_data") if associated_data is not None else (ffi.NULL, 0)
        m = n - self.tag_size
        out = _scratch_get(m)
        _check(lib.lwcx_schwaemm_decrypt_with(self._h, self._v, out, d, m, d + m, a, an, nn, self._key),
               f"{self.variant} decrypt ({m} bytes)")
        return _scratch_take(out, m)

    def encryptor(self, nonce: Buffer) -> "SchwaemmEncryptor":
        """Incremental encryption under nonce: authenticate_additional_data(),
        update(), finalize() -> tag. ValueError for a nonce of the wrong size."""
        return SchwaemmEncryptor(self, nonce)

    def decryptor(self, nonce: Buffer) -> "SchwaemmDecryptor":
        """Incremental decryption under nonce. update() releases plaintext
        before the tag is checked: discard all of it unless finalize(tag)
        returns. ValueError for a nonce of the wrong size."""
        return SchwaemmDecryptor(self, nonce)


def _rows(buf: Any, count: int, size: int, name: str) -> Tuple[Any, Any]:
    """count pointers into a packed buffer of count rows of size bytes."""
    p: Any = _sized(buf, count * size, name) if size else None
    arr = ffi.new("uint8_t *[]", max(count, 1))
    for i in range(count):
        arr[i] = p + i * size if size else ffi.NULL
    return arr, p


def _row_len(total: int, count: int, name: str) -> int:
    if total % count:
        raise ValueError(f"{name}: {total} bytes is not {count} rows of one length")
    return total // count


def schwaemm_encrypt_many(variant: str, keys: Buffer, nonces: Buffer, messages: Buffer, count: int,
                          associated_data: Optional[Buffer] = None, *,
                          impl: Optional[str] = None) -> Tuple[bytes, bytes]:
    """count messages of one length side by side (the SIMD implementations run
    several states at once): message i (row i of the packed messages) under
    key i and nonce i, with associated data row i (all rows one length).
    Returns (ciphertexts, tags), packed in the same order. ValueError for an
    unknown variant, a count below 1, or buffers that are not count rows of
    the sizes needed; TypeError for a non-int count."""
    v = _variant(variant)
    kb, nb, tb = (lib.lwcx_schwaemm_key_bytes(v), lib.lwcx_schwaemm_nonce_bytes(v),
                  lib.lwcx_schwaemm_tag_bytes(v))
    count = _int(count, "count", 1, 1 << 32)
    mn = _in(messages, "messages")[1]
    ln = _row_len(mn, count, "messages")
    an = _in(associated_data, "associated_data")[1] if associated_data is not None else 0
    _row_len(an, count, "associated_data")
    # the views (second values) stay alive through the call: they hold the buffers
    k, kview = _rows(keys, count, kb, f"keys ({count} {variant} keys)")
    nn, nview = _rows(nonces, count, nb, f"nonces ({count} {variant} nonces)")
    pt, mview = _rows(messages, count, ln, "messages")
    ad, aview = _rows(associated_data, count, an // count, "associated_data") if an else _rows(b"", count, 0, "")
    ct_buf, tag_buf = _alloc(_U8, max(mn, 1)), _alloc(_U8, count * tb)
    ct = ffi.new("uint8_t *[]", count)
    tag = ffi.new("uint8_t *[]", count)
    for i in range(count):
        ct[i] = ct_buf + i * ln
        tag[i] = tag_buf + i * tb
    _check(lib.lwcx_schwaemm_encrypt_many_with(_handle("sparkle", impl), v, ct, tag, pt, ln, ad,
                                               an // count, nn, k, count),
           f"{variant} encrypt_many ({count} x {ln} bytes)")
    del kview, nview, mview, aview
    return _bytes(ct_buf, mn), _bytes(tag_buf, count * tb)


class _Once:
    """An incremental object that finishes once: after finalize() (or
    verify()), whether it succeeded or raised, every call raises
    AlreadyFinalized."""

    _finished = False
    _what = ""

    def _live(self, call: str) -> None:
        if self._finished:
            raise AlreadyFinalized(f"{self._what}: {call}() after finalize: this object is finished; "
                                   "make a new one", lib.LWCX_ERR_ARG)

    def _finish(self, call: str) -> None:
        self._live(call)
        self._finished = True


class _SchwaemmStream(_Once):
    def __init__(self, aead: Schwaemm, nonce: Buffer):
        self.tag_size = aead.tag_size
        self._name = self._what = aead.variant
        self._ctx = ffi.new("lwcx_schwaemm_ctx *")
        _check(lib.lwcx_schwaemm_init_with(aead._h, self._ctx, aead._v, aead._key, aead._nonce(nonce)),
               f"{aead.variant} init")

    def __del__(self) -> None:
        if hasattr(self, "_ctx"):
            lib.lwcx_wipe(self._ctx, ffi.sizeof("lwcx_schwaemm_ctx"))

    def authenticate_additional_data(self, data: Buffer) -> None:
        """Associated data (any number of calls, all before the first
        update). ValueError after update, AlreadyFinalized after finalize."""
        self._live("authenticate_additional_data")
        d, n = _in(data, "data")
        rc = lib.lwcx_schwaemm_aad(self._ctx, d, n)
        if rc == lib.LWCX_ERR_ARG:
            raise ValueError(f"{self._name}: associated data must come before the first update()")
        _check(rc, f"{self._name} associated data")

    def _update(self, f: Any, data: Buffer, out: Optional[Buffer]) -> Any:
        self._live("update")
        d, n = _in(data, "data")
        o = _Out(out, n)
        _check(f(self._ctx, o.p, d, n), f"{self._name} update")
        return o.result()


class SchwaemmEncryptor(_SchwaemmStream):
    """Incremental Schwaemm encryption (from :meth:`Schwaemm.encryptor`):
    authenticate_additional_data(), update() any number of times, then
    finalize() -> the tag, once."""

    @overload
    def update(self, data: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def update(self, data: Buffer, *, out: _W) -> _W: ...

    def update(self, data: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """Encrypts the next piece: exactly len(data) bytes, as bytes or into
        out (a writable buffer of len(data) bytes, data itself allowed).
        AlreadyFinalized after finalize."""
        return self._update(lib.lwcx_schwaemm_encrypt_update, data, out)

    def finalize(self) -> bytes:
        """The tag (tag_size bytes); the object is finished: another call
        raises AlreadyFinalized."""
        self._finish("finalize")
        tag = ffi.new("uint8_t[]", self.tag_size)
        _check(lib.lwcx_schwaemm_encrypt_final(self._ctx, tag), f"{self._name} final")
        return _bytes(tag, self.tag_size)


class SchwaemmDecryptor(_SchwaemmStream):
    """Incremental Schwaemm decryption (from :meth:`Schwaemm.decryptor`):
    update() releases plaintext before the tag is checked; only when
    finalize(tag) returns is it authentic (else InvalidTag: discard it)."""

    @overload
    def update(self, data: Buffer, *, out: None = None) -> bytes: ...
    @overload
    def update(self, data: Buffer, *, out: _W) -> _W: ...

    def update(self, data: Buffer, *, out: Optional[Buffer] = None) -> Any:
        """Decrypts the next piece (unauthenticated until finalize returns),
        as bytes or into out (as for :meth:`SchwaemmEncryptor.update`).
        AlreadyFinalized after finalize."""
        return self._update(lib.lwcx_schwaemm_decrypt_update, data, out)

    def finalize(self, tag: Buffer) -> None:
        """Checks the tag (tag_size bytes): returns if it matches, else raises
        InvalidTag; ValueError for a tag of the wrong size. The object is then
        finished: another call raises AlreadyFinalized."""
        t = _sized(tag, self.tag_size, f"{self._name} tag")
        self._finish("finalize")
        _check(lib.lwcx_schwaemm_decrypt_final(self._ctx, t), f"{self._name} final")


# --------------------------------------------------------------------------
# the LWCX stream format (`lwcx enc` / `lwcx dec`): Schwaemm over any length
# --------------------------------------------------------------------------
class _Stream(_Once):
    def __init__(self, pp: Any, variant: str):
        self._s = ffi.gc(pp[0], lib.lwcx_stream_free)
        self._name = variant
        self._what = f"{variant} stream"

    def _fail(self, rc: int, what: str) -> None:
        why = lib.lwcx_stream_error(self._s)
        if why == ffi.NULL:
            _check(rc, f"{self._what} {what}")
        msg = f"{self._what} {what}: {_s(why)}"  # the reason in words: the code's text adds nothing
        if rc == lib.LWCX_ERR_AUTH:
            raise InvalidTag(msg, rc)
        if rc in (lib.LWCX_ERR_FORMAT, lib.LWCX_ERR_ARG, lib.LWCX_ERR_LENGTH, lib.LWCX_ERR_NULL):
            raise ValueError(msg)
        _check(rc, msg)

    def update(self, data: Buffer) -> bytes:
        """Takes the next piece; returns the output it completes (possibly
        empty). Decrypting: InvalidTag when a record fails its tag, ValueError
        for data that is not such a stream; AlreadyFinalized after finalize."""
        self._live("update")
        d, n = _in(data, "data")
        cap = lib.lwcx_stream_update_max(self._s, n)
        out, got = _alloc(_U8, max(cap, 1)), ffi.new("size_t *")
        rc = lib.lwcx_stream_update(self._s, out, cap, got, d, n)
        if rc:
            self._fail(rc, "update")
        return _bytes(out, got[0])

    def finalize(self) -> bytes:
        """The rest of the output; the object is then finished (another call
        raises AlreadyFinalized). Decrypting: InvalidTag unless the whole
        stream verified (only then is what update() returned known whole),
        naming the reason (e.g. "truncated: a chunk or its tag is missing")."""
        self._finish("finalize")
        cap = lib.lwcx_stream_final_max(self._s)
        out, got = _alloc(_U8, max(cap, 1)), ffi.new("size_t *")
        rc = lib.lwcx_stream_final(self._s, out, cap, got)
        if rc:
            self._fail(rc, "final")
        return _bytes(out, got[0])


class StreamEncryptor(_Stream):
    """Encryption in the format of `lwcx enc` (docs/stream-format.md): Schwaemm
    in 64 KiB records under a random nonce (stored in the output); any length
    in constant memory. update() any number of times, then finalize().
    ValueError for an unknown variant or a key of the wrong size."""

    def __init__(self, key: Buffer, variant: str = "schwaemm256-128", *, _nonce: Optional[Buffer] = None):
        v = _variant(variant)
        k = _sized(key, lib.lwcx_schwaemm_key_bytes(v), f"{variant} key")
        nn = ffi.NULL if _nonce is None else _sized(_nonce, lib.lwcx_schwaemm_nonce_bytes(v), "nonce")
        pp = ffi.new("lwcx_stream **")
        _check(lib.lwcx_stream_encrypt_new(pp, v, k, nn), f"{variant} stream")
        super().__init__(pp, variant)


class StreamDecryptor(_Stream):
    """Decryption of the `lwcx enc` format: a record's plaintext is released
    only after its tag verified; InvalidTag for a modified, reordered or
    truncated stream (the message says which it found), ValueError for
    something that is not such a stream, an unknown variant or a key of the
    wrong size."""

    def __init__(self, key: Buffer, variant: str = "schwaemm256-128"):
        v = _variant(variant)
        pp = ffi.new("lwcx_stream **")
        _check(lib.lwcx_stream_decrypt_new(pp, v, _sized(key, lib.lwcx_schwaemm_key_bytes(v), f"{variant} key")),
               f"{variant} stream")
        super().__init__(pp, variant)


# --------------------------------------------------------------------------
# Esch and XOEsch: hashlib-style objects
# --------------------------------------------------------------------------
class _EschBase:
    _variant = 0
    name = ""
    digest_size = 0
    block_size = 16  # the sponge's rate: 128 bits for every member

    def __init__(self, data: Optional[Buffer] = None, *, impl: Optional[str] = None):
        self._ctx = ffi.new("lwcx_esch_ctx *")
        _check(lib.lwcx_esch_init_with(_handle("sparkle", impl), self._ctx, self._variant), self.name)
        if data is not None:
            self.update(data)

    def __repr__(self) -> str:
        return f"<{self.name} hash object>"

    def update(self, data: Buffer) -> None:
        """Absorbs more data (the GIL is released). TypeError if data is not
        a bytes-like object (str included: encode it first)."""
        d, n = _in(data, "data")
        _check(lib.lwcx_esch_update(self._ctx, d, n), f"{self.name} update")

    def copy(self: "_H") -> "_H":
        """An independent copy of the state (a struct copy: cheap), to hash
        several messages that share a prefix."""
        c = object.__new__(type(self))
        c._ctx = ffi.new("lwcx_esch_ctx *", self._ctx[0])
        return c

    def _final_copy(self) -> Any:
        ctx = ffi.new("lwcx_esch_ctx *", self._ctx[0])  # digest() leaves this object usable
        return ctx


if TYPE_CHECKING:
    _H = TypeVar("_H", bound=_EschBase)

def esch_hash_many(name: str, messages: Buffer, count: int, length: Optional[int] = None, *,
                   impl: Optional[str] = None) -> bytes:
    """count messages of one length (rows of the packed messages) hashed side by
    side; the digests (length bytes each: XOEsch any, Esch its digest size),
    packed in the same order. name: "esch256", "esch384", "xoesch256",
    "xoesch384". ValueError for an unknown name, a count below 1, messages
    that are not count rows of one length, or a length Esch does not give;
    TypeError for a non-int count or length."""
    cls = _esch_class(name)
    count = _int(count, "count", 1, 1 << 32)
    if length is None:
        n = cls.digest_size
    elif issubclass(cls, _XOEsch):
        n = _int(length, "length", 0, _SIZE // count)
    else:
        n = _int(length, "length", cls.digest_size, cls.digest_size, f" ({name}'s digest size)")
    mn = _in(messages, "messages")[1]
    row = _row_len(mn, count, "messages")
    msg, view = _rows(messages, count, row, "messages") if mn else _rows(b"", count, 0, "")
    out_buf = _alloc(_U8, max(count * n, 1))
    out = ffi.new("uint8_t *[]", count)
    for i in range(count):
        out[i] = out_buf + i * n
    _check(lib.lwcx_esch_hash_many_with(_handle("sparkle", impl), cls._variant, out, n, msg, row,
                                        count), f"{name} hash_many ({count} x {row} bytes)")
    del view
    return _bytes(out_buf, count * n)


class _Esch(_EschBase):
    def digest(self) -> bytes:
        """The digest (digest_size bytes) of everything absorbed so far; the
        object stays usable (update() may follow)."""
        ctx = self._final_copy()
        out = ffi.new("uint8_t[]", self.digest_size)
        _check(lib.lwcx_esch_final(ctx, out), f"{self.name} final")
        return _bytes(out, self.digest_size)

    def hexdigest(self) -> str:
        """:meth:`digest` as a string of hexadecimal digits."""
        return self.digest().hex()


class _XOEsch(_EschBase):
    def digest(self, length: Optional[int] = None) -> bytes:
        """length bytes of output (default: digest_size), as hashlib's shake;
        the object stays usable. ValueError for a negative length, TypeError
        for a non-int."""
        n = self.digest_size if length is None else _int(length, "length", 0, _SIZE)
        ctx = self._final_copy()
        out = _alloc(_U8, max(n, 1))
        _check(lib.lwcx_esch_squeeze(ctx, out, n), f"{self.name} squeeze")
        return _bytes(out, n)

    def hexdigest(self, length: Optional[int] = None) -> str:
        """:meth:`digest` (length bytes) as a string of hexadecimal digits."""
        return self.digest(length).hex()


class Esch256(_Esch):
    """Esch256: 32-byte digests over SPARKLE384, hashlib-style: update(),
    digest(), hexdigest(), copy(); data (optional) is absorbed first; impl
    pins an implementation of "sparkle"."""
    _variant, name, digest_size = lib.LWCX_ESCH256, "esch256", 32


class Esch384(_Esch):
    """Esch384: 48-byte digests over SPARKLE512; as :class:`Esch256`."""
    _variant, name, digest_size = lib.LWCX_ESCH384, "esch384", 48


class XOEsch256(_XOEsch):
    """XOEsch256: extendable output over SPARKLE384 (digest(length), default
    32 bytes); otherwise as :class:`Esch256`."""
    _variant, name, digest_size = lib.LWCX_XOESCH256, "xoesch256", 32


class XOEsch384(_XOEsch):
    """XOEsch384: extendable output over SPARKLE512 (digest(length), default
    48 bytes); otherwise as :class:`Esch256`."""
    _variant, name, digest_size = lib.LWCX_XOESCH384, "xoesch384", 48


_HASHES = {c.name: c for c in (Esch256, Esch384, XOEsch256, XOEsch384)}
algorithms_guaranteed: FrozenSet[str] = frozenset(_HASHES)
"""The names :func:`new` takes, as hashlib's (every build has them all)."""
algorithms_available: FrozenSet[str] = algorithms_guaranteed
"""The names :func:`new` takes in this process (the same: no optional ones)."""


def _esch_class(name: Any) -> Type[_EschBase]:
    key = name.lower() if isinstance(name, str) else name
    if key not in _HASHES:
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        raise ValueError(f"unsupported hash type {name!r}; one of {', '.join(sorted(_HASHES))}")
    return _HASHES[key]


def new(name: str, data: Buffer = b"", *, impl: Optional[str] = None) -> Union[Esch256, Esch384, XOEsch256,
                                                                               XOEsch384]:
    """A new hash object by name, as ``hashlib.new``: "esch256", "esch384",
    "xoesch256" or "xoesch384" (any case; see :data:`algorithms_available`),
    with data absorbed first. ValueError for another name, TypeError for
    data that is not a bytes-like object."""
    return cast("Union[Esch256, Esch384, XOEsch256, XOEsch384]", _esch_class(name)(data, impl=impl))


# --------------------------------------------------------------------------
# AIMer signatures
# --------------------------------------------------------------------------
_AIMER = {}
for _i in range(16):
    _n = _s(lib.lwcx_aimer_name(_i))
    if _n is None:
        break
    _AIMER[_n] = _i
AIMER_SETS = tuple(_AIMER)


def _aimer_set(name: str) -> int:
    if name not in _AIMER:
        raise ValueError(f"unknown AIMer set {name!r}; one of {', '.join(_AIMER)}")
    return _AIMER[name]


# Keys as files: the CLI's key files (docs/key-format.md), raw bytes, hex, and
# for AIMer PKCS#8 / SubjectPublicKeyInfo in PEM or DER (the library's codec,
# lwcx_aimer_key_encode/_decode, shared with the CLI and the OpenSSL provider).
_KEY_MAGIC = "lwcx-key-v1 "
_KEYFILE_MAX = 1024


def _key_sizes() -> dict:
    """The secret-key algorithms of key files and their key sizes."""
    sizes = {"kcc24p6": 8}
    for i in range(16):
        n = _s(lib.lwcx_schwaemm_name(i))
        if n is None:
            break
        sizes[n] = lib.lwcx_schwaemm_key_bytes(i)
    for i in range(16):
        n = _s(lib.lwcx_bc_name(i))
        if n is None:
            break
        sizes[n] = lib.lwcx_bc_key_bytes(i)
    return sizes


_SYMMETRIC = _key_sizes()


def _keyfile_check(text: bytes) -> str:
    return Esch256(text).digest()[:8].hex()


def _keyfile_text(alg: str, kind: str, key: bytes) -> bytes:
    """A key file's three lines."""
    head = f"{_KEY_MAGIC}{alg} {kind}\n{key.hex()}\n".encode()
    return head + f"check {_keyfile_check(head)}\n".encode()


def _keyfile_parse(text: bytes, name: str) -> Tuple[str, str, bytes]:
    """(algorithm, kind, key) of a key file's text, checked as the CLI checks it."""
    if not text:
        raise ValueError(f"{name}: empty file, not an lwcx key file")
    if not text.startswith(_KEY_MAGIC.encode()):
        raise ValueError(f"{name}: not an lwcx key file (no 'lwcx-key-v1' line)")
    if len(text) > _KEYFILE_MAX:
        raise ValueError(f"{name}: too long for an lwcx key file")
    lines = text.split(b"\n")
    if len(lines) < 4:
        raise ValueError(f"{name}: truncated key file (it ends before its check line)")
    if len(lines) > 4 or lines[3]:
        raise ValueError(f"{name}: damaged key file (text after the check line)")
    head = lines[0] + b"\n" + lines[1] + b"\n"
    c = lines[2]
    if len(c) != 22 or not c.startswith(b"check ") or c[6:].lower() != _keyfile_check(head).encode():
        raise ValueError(f"{name}: damaged key file (its check value does not match)")
    words = lines[0][len(_KEY_MAGIC):].split(b" ")
    if len(words) != 2 or not all(words):
        raise ValueError(f"{name}: damaged key file (bad first line)")
    hexline = lines[1]
    if len(hexline) % 2 or hexline.strip(b"0123456789abcdefABCDEF"):  # hex digits only, as the CLI reads
        raise ValueError(f"{name}: damaged key file (bad key line)")
    key = bytes.fromhex(hexline.decode("ascii"))
    return words[0].decode("ascii", "replace"), words[1].decode("ascii", "replace"), key


def _write_file(path: Union[str, "os.PathLike[str]"], data: bytes, secret: bool, overwrite: bool) -> None:
    """data to path atomically: a temporary file beside it (0600 for a secret
    key, else 0666 less the umask), flushed, then linked (never replacing
    anything) or, with overwrite, renamed into place."""
    path = os.fspath(path)
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=d)
    try:
        if not secret:
            um = os.umask(0)
            os.umask(um)
            os.fchmod(fd, 0o666 & ~um)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # FileExistsError if anything has that name
            os.unlink(tmp)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise


def _aimer_encode(s: int, key: bytes, fmt: str) -> bytes:
    enc = {"pem": lib.LWCX_KEY_PEM, "der": lib.LWCX_KEY_DER}[fmt]
    n = ffi.new("size_t *")
    out = ffi.new("uint8_t[]", 1024)
    k, kn = _in(key, "key")
    _check(lib.lwcx_aimer_key_encode(s, k, kn, enc, out, len(out), n), "AIMer key encoding")
    try:
        return _bytes(out, n[0])
    finally:
        lib.lwcx_wipe(out, len(out))


def _aimer_decode(data: Buffer, name: str) -> Tuple[str, bytes]:
    """(set, raw key) of an AIMer PEM or DER key."""
    d, n = _in(data, "data")
    s = ffi.new("lwcx_aimer_set *")
    out = ffi.new("uint8_t[]", lib.LWCX_AIMER_MAX_SK_BYTES)
    kl = ffi.new("size_t *")
    rc = lib.lwcx_aimer_key_decode(d, n, s, out, len(out), kl)
    try:
        if rc == lib.LWCX_ERR_NO_IMPL:
            raise ValueError(f"{name}: a key of another algorithm than AIMer")
        if rc == lib.LWCX_ERR_UNSUPPORTED:
            raise ValueError(f"{name}: an encrypted private key: decrypt it first")
        if rc != 0:
            raise ValueError(f"{name}: not a valid AIMer key (PKCS#8 or SubjectPublicKeyInfo, PEM or DER): "
                             "malformed, truncated, or with trailing data")
        return _s(lib.lwcx_aimer_name(s[0])), _bytes(out, kl[0])
    finally:
        lib.lwcx_wipe(out, len(out))


def _decodes(data: bytes) -> bool:
    """Whether data is an AIMer PEM or DER key."""
    try:
        _aimer_decode(data, "")
        return True
    except ValueError:
        return False


def _format_key(alg: str, kind: str, key: bytes, fmt: str) -> bytes:
    if fmt == "raw":
        return key
    if fmt == "hex":
        return key.hex().encode() + b"\n"
    if fmt == "keyfile":
        return _keyfile_text(alg, kind, key)
    if fmt in ("pem", "der"):
        if alg not in _AIMER:
            raise ValueError(f"a {alg} key: PEM and DER hold AIMer keys only (use keyfile, raw or hex)")
        return _aimer_encode(_AIMER[alg], key, fmt)
    raise ValueError(f"unknown key format {fmt!r}; one of keyfile, raw, hex, pem, der")


_Key = Union["AimerPrivateKey", "AimerPublicKey", "SymmetricKey"]


def load_key(data: Union[Buffer, str], algorithm: Optional[str] = None, *, impl: Optional[str] = None,
             name: str = "key") -> _Key:
    """A key from its bytes in any format the CLI reads: an lwcx key file, an
    AIMer PEM or DER key (these name their algorithm), or, with algorithm,
    raw bytes or hex digits (an AIMer secret or public key is told by its
    length); text (PEM, hex, a key file) may be given as str. Returns an
    AimerPrivateKey, AimerPublicKey or SymmetricKey. Raises ValueError for
    anything malformed, damaged or of another algorithm than ``algorithm``."""
    b = data.encode("ascii", "replace") if isinstance(data, str) else bytes(data)
    if b.startswith(_KEY_MAGIC.encode()):
        alg, kind, key = _keyfile_parse(b, name)
    elif b"-----BEGIN " in b or (b[:1] == b"\x30" and (algorithm is None or _decodes(b))):
        # raw bytes and hex may begin like DER ("30..."): with an algorithm
        # they are taken as such unless they decode as a key
        alg, key = _aimer_decode(b, name)
        kind = "secret" if len(key) == lib.lwcx_aimer_sk_bytes(_AIMER[alg]) else "public"
    elif algorithm is None:
        raise ValueError(f"{name}: not an lwcx key file, nor a PEM or DER key "
                         "(raw bytes and hex need algorithm=)")
    else:
        alg, kind, key = algorithm, "", b
        sizes = _raw_sizes(algorithm)
        if len(key) not in sizes:
            try:
                key = bytes.fromhex(b.decode("ascii").strip())
            except (UnicodeDecodeError, ValueError):
                key = b""
        if len(key) not in sizes:
            raise ValueError(f"{name}: not a key for {algorithm}: " +
                             " or ".join(f"{m} raw bytes or {2 * m} hex digits" for m in sizes) +
                             f" (this is {len(b)} bytes)")
        kind = sizes[len(key)]
    if algorithm is not None and alg != algorithm:
        raise ValueError(f"{name}: a key for {alg}, not {algorithm}")
    if alg in _AIMER:
        if kind == "secret":
            return AimerPrivateKey(alg, key, impl=impl)
        if kind == "public":
            return AimerPublicKey(alg, key, impl=impl)
    elif alg in _SYMMETRIC and kind == "secret":
        return SymmetricKey(alg, key)
    raise ValueError(f"{name}: a {alg} {kind} key, which lwcx does not know")


def _raw_sizes(algorithm: str) -> dict:
    if algorithm in _AIMER:
        s = _AIMER[algorithm]
        return {lib.lwcx_aimer_sk_bytes(s): "secret", lib.lwcx_aimer_pk_bytes(s): "public"}
    if algorithm in _SYMMETRIC:
        return {_SYMMETRIC[algorithm]: "secret"}
    raise ValueError(f"unknown algorithm {algorithm!r}")


def load_key_file(path: Union[str, "os.PathLike[str]"], algorithm: Optional[str] = None, *,
                  impl: Optional[str] = None) -> _Key:
    """The key in a file (see :func:`load_key` for the formats): a key file from
    ``lwcx keygen``, ``lwcx key`` or :meth:`save`, a PEM or DER key, or with
    algorithm raw bytes or hex. A secret key in a file that others may read
    (mode & 0o077) is loaded with a :class:`UserWarning`, as the CLI warns.
    Raises OSError when the file cannot be read, ValueError as load_key."""
    with open(path, "rb") as f:
        data = f.read(_KEYFILE_MAX * 4 + 1)
        mode = os.fstat(f.fileno()).st_mode
    if len(data) > _KEYFILE_MAX * 4:
        raise ValueError(f"{os.fspath(path)}: too large for a key")
    key = load_key(data, algorithm, impl=impl, name=os.fspath(path))
    if not isinstance(key, AimerPublicKey) and stat.S_ISREG(mode) and mode & 0o077:
        warnings.warn(f"{os.fspath(path)}: a secret key that other users can read "
                      f"(mode {stat.S_IMODE(mode):04o}): chmod 600 it", UserWarning, stacklevel=2)
    return key


class _NoPickle:
    def __reduce__(self):
        raise TypeError(f"{type(self).__name__} cannot be pickled: that would write the secret key "
                        "in the clear; use private_bytes() or save() deliberately")


class SymmetricKey(_NoPickle):
    """A secret key of a secret-key algorithm (schwaemm*, kcc24p6, the block
    ciphers), as the CLI's key files hold it. Equality is constant time."""

    def __init__(self, algorithm: str, key: Buffer):
        if algorithm not in _SYMMETRIC:
            raise ValueError(f"unknown algorithm {algorithm!r}; one of {', '.join(_SYMMETRIC)}")
        self.algorithm = algorithm
        self._key = bytes(_sized(key, _SYMMETRIC[algorithm], "key"))

    @classmethod
    def from_bytes(cls, algorithm: str, data: Buffer) -> "SymmetricKey":
        """The key from its raw bytes."""
        return cls(algorithm, data)

    def private_bytes(self, format: str = "raw") -> bytes:
        """The key as raw bytes, hex (one line) or a key file ("keyfile")."""
        if format in ("pem", "der"):
            raise ValueError(f"a {self.algorithm} key: PEM and DER hold AIMer keys only")
        return _format_key(self.algorithm, "secret", self._key, format)

    def save(self, path: Union[str, "os.PathLike[str]"], format: str = "keyfile", *,
             overwrite: bool = False) -> None:
        """Writes the key (mode 0600, atomically); an existing file raises
        FileExistsError unless overwrite."""
        _write_file(path, self.private_bytes(format), True, overwrite)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SymmetricKey):
            return NotImplemented
        return (self.algorithm == other.algorithm and
                lib.lwcx_ct_compare(_in(self._key, "key")[0], _in(other._key, "key")[0], len(self._key)) == 0)

    def __hash__(self) -> int:
        return hash((SymmetricKey, self.algorithm))  # not the key: equal keys hash alike

    def __repr__(self) -> str:
        return f"<SymmetricKey {self.algorithm}>"


class AimerPublicKey:
    """An AIMer v2.1 public key, parsed once (the C lwcx_aimer_key) for fast
    repeated verification. Read the security note on AIM2 first
    (docs/guides/signatures.md).
    Equal when of the same set and bytes; pickles as its raw bytes."""

    def __init__(self, param_set: str, public_bytes: Buffer, *, impl: Optional[str] = None,
                 _secret: Optional[Buffer] = None):
        self.param_set = param_set
        s = _aimer_set(param_set)
        self.signature_size = lib.lwcx_aimer_sig_bytes(s)
        pk = _sized(public_bytes, lib.lwcx_aimer_pk_bytes(s), "public key")
        self._pk = _bytes(pk, len(pk))
        self._impl = impl
        sk = ffi.NULL if _secret is None else _sized(_secret, lib.lwcx_aimer_sk_bytes(s), "private key")
        pp = ffi.new("lwcx_aimer_key **")
        _check(lib.lwcx_aimer_key_new_with(_handle("aimer", impl), pp, s, pk, sk), f"{param_set} key")
        self._key = ffi.gc(pp[0], lib.lwcx_aimer_key_free)

    @classmethod
    def from_bytes(cls, param_set: str, data: Buffer, *, impl: Optional[str] = None) -> "AimerPublicKey":
        """The public key of param_set from its raw bytes (the official
        layout IV || ct). ValueError for an unknown set or the wrong size."""
        return cls(param_set, data, impl=impl)

    def public_bytes(self, format: str = "raw") -> bytes:
        """The key as "raw" bytes (IV || ct), "hex", "pem" or "der"
        (SubjectPublicKeyInfo) or "keyfile" (the CLI's)."""
        return _format_key(self.param_set, "public", self._pk, format)

    def save(self, path: Union[str, "os.PathLike[str]"], format: str = "keyfile", *,
             overwrite: bool = False) -> None:
        """Writes the key (atomically, mode 0666 less the umask); an existing
        file raises FileExistsError unless overwrite."""
        _write_file(path, self.public_bytes(format), False, overwrite)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AimerPublicKey):
            return NotImplemented
        return self.param_set == other.param_set and self._pk == other._pk

    def __hash__(self) -> int:
        return hash((AimerPublicKey, self.param_set, self._pk))

    def __reduce__(self):
        return (AimerPublicKey, (self.param_set, self._pk))

    def __repr__(self) -> str:
        return f"<AimerPublicKey {self.param_set} {self._pk[:8].hex()}...>"

    def verify(self, signature: Buffer, data: Buffer) -> None:
        """Returns if signature is valid for data, else raises InvalidSignature."""
        sg, sn = _in(signature, "signature")
        d, n = _in(data, "data")
        if sn != self.signature_size:  # the wrong size is simply not a valid signature
            raise InvalidSignature(f"{self.param_set} verify: a signature is {self.signature_size} bytes, "
                                   f"not {sn}", lib.LWCX_ERR_LENGTH)
        _check(lib.lwcx_aimer_key_verify(self._key, sg, sn, d, n), f"{self.param_set} verify",
               InvalidSignature)

    def verifier(self, signature: Buffer) -> "AimerVerifier":
        """Verification of a message given in pieces (constant memory):
        update() any number of times, then verify()."""
        return AimerVerifier(self, signature)


class _AimerMessage(_Once):
    """A message given in pieces (the C lwcx_aimer_msg): AIMer reads the message
    only through one hash, so any length takes constant memory. Finished once."""

    def __init__(self, key: AimerPublicKey):
        self._keyobj = key  # the C key must outlive the message
        self._what = f"{key.param_set} message"
        pp = ffi.new("lwcx_aimer_msg **")
        _check(lib.lwcx_aimer_msg_new(pp, key._key), f"{key.param_set} message")
        self._m = ffi.gc(pp[0], lib.lwcx_aimer_msg_free)

    def update(self, data: Buffer) -> None:
        """The next piece of the message. AlreadyFinalized once finished."""
        self._live("update")
        d, n = _in(data, "data")
        _check(lib.lwcx_aimer_msg_update(self._m, d, n), f"{self._keyobj.param_set} message")


class AimerSigner(_AimerMessage):
    """Signing of a message given in pieces (from
    :meth:`AimerPrivateKey.signer`): update() any number of times, then
    finalize() -> the signature, once."""

    def finalize(self) -> bytes:
        """The signature of everything given to update(); the object is then
        finished (another call raises AlreadyFinalized)."""
        self._finish("finalize")
        n = self._keyobj.signature_size
        sig = _alloc(_U8, n)
        _check(lib.lwcx_aimer_msg_sign(self._m, sig), f"{self._keyobj.param_set} sign")
        return _bytes(sig, n)


class AimerVerifier(_AimerMessage):
    """Verification of signature over a message given in pieces (from
    :meth:`AimerPublicKey.verifier`): update() any number of times, then
    verify(), once."""

    def __init__(self, key: AimerPublicKey, signature: Buffer):
        super().__init__(key)
        self._sig = _bytes(*_in(signature, "signature"))  # small, and the caller may reuse its buffer

    def verify(self) -> None:
        """Returns if the signature is valid for everything given to update(),
        else raises InvalidSignature; the object is then finished (another
        call raises AlreadyFinalized)."""
        self._finish("verify")
        k = self._keyobj
        if len(self._sig) != k.signature_size:
            raise InvalidSignature(f"{k.param_set} verify: a signature is {k.signature_size} bytes, "
                                   f"not {len(self._sig)}", lib.LWCX_ERR_LENGTH)
        _check(lib.lwcx_aimer_msg_verify(self._m, self._sig, len(self._sig)), f"{k.param_set} verify",
               InvalidSignature)


class AimerPrivateKey(_NoPickle):
    """An AIMer v2.1 key pair (sk = pt || pk, the official layout). Not a
    public key: :meth:`public_key` gives that. Equality is constant time;
    pickling is refused (TypeError), as it would write the secret key."""

    def __init__(self, param_set: str, private_bytes: Buffer, *, impl: Optional[str] = None):
        s = _aimer_set(param_set)
        sk = _sized(private_bytes, lib.lwcx_aimer_sk_bytes(s), "private key")
        pkb = lib.lwcx_aimer_pk_bytes(s)
        self._public = AimerPublicKey(param_set, ffi.buffer(sk + (len(sk) - pkb), pkb), impl=impl,
                                      _secret=private_bytes)
        self.param_set = param_set
        self.signature_size = self._public.signature_size
        self._key = self._public._key  # the C key holds the secret part too
        self._impl = impl
        self._sk = ffi.new("uint8_t[]", len(sk))
        ffi.memmove(self._sk, sk, len(sk))

    def __del__(self):
        if hasattr(self, "_sk"):
            lib.lwcx_wipe(self._sk, len(self._sk))

    @classmethod
    def generate(cls, param_set: str = "aimer128f", *, impl: Optional[str] = None) -> "AimerPrivateKey":
        """A new key pair from the OS's randomness."""
        s = _aimer_set(param_set)
        pk = ffi.new("uint8_t[]", lib.lwcx_aimer_pk_bytes(s))
        sk = ffi.new("uint8_t[]", lib.lwcx_aimer_sk_bytes(s))
        _check(lib.lwcx_aimer_keygen_with(_handle("aimer", impl), s, pk, sk), f"{param_set} keygen")
        try:
            return cls(param_set, ffi.buffer(sk), impl=impl)
        finally:
            lib.lwcx_wipe(sk, len(sk))

    @classmethod
    def from_bytes(cls, param_set: str, data: Buffer, *, impl: Optional[str] = None) -> "AimerPrivateKey":
        """The key pair of param_set from its raw private key (sk = pt ||
        IV || ct, the official layout). ValueError for an unknown set, the
        wrong size or an sk whose public part does not match."""
        return cls(param_set, data, impl=impl)

    def private_bytes(self, format: str = "raw") -> bytes:
        """The key as "raw" bytes (pt || IV || ct), "hex", "pem" or "der"
        (PKCS#8, unencrypted) or "keyfile" (the CLI's)."""
        return _format_key(self.param_set, "secret", _bytes(self._sk, len(self._sk)), format)

    def save(self, path: Union[str, "os.PathLike[str]"], format: str = "keyfile", *,
             overwrite: bool = False) -> None:
        """Writes the key (atomically, mode 0600); an existing file raises
        FileExistsError unless overwrite."""
        _write_file(path, self.private_bytes(format), True, overwrite)

    def public_key(self) -> AimerPublicKey:
        """The public key (a new AimerPublicKey)."""
        return AimerPublicKey(self.param_set, self._public._pk, impl=self._impl)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AimerPrivateKey):
            return NotImplemented
        return (self.param_set == other.param_set and
                lib.lwcx_ct_compare(self._sk, other._sk, len(self._sk)) == 0)

    def __hash__(self) -> int:
        return hash((AimerPrivateKey, self.param_set, self._public._pk))  # the public part only

    def __repr__(self) -> str:
        return f"<AimerPrivateKey {self.param_set}>"

    def sign(self, data: Buffer) -> bytes:
        """A detached signature of data (randomized: the OS's randomness)."""
        d, n = _in(data, "data")
        sig = _alloc(_U8, self.signature_size)
        _check(lib.lwcx_aimer_key_sign(self._key, sig, d, n), f"{self.param_set} sign")
        return _bytes(sig, self.signature_size)

    def signer(self) -> AimerSigner:
        """Signing of a message given in pieces (constant memory): update() any
        number of times, then finalize() -> signature."""
        return AimerSigner(self)

    def _sign_from(self, data: Buffer, rho: Buffer) -> bytes:
        """Test only (known answers): the signature with the caller's randomness."""
        d, n = _in(data, "data")
        r = _sized(rho, lib.lwcx_aimer_seed_bytes(_AIMER[self.param_set]), "rho")
        sig = _alloc(_U8, self.signature_size)
        _check(lib.lwcx_aimer_key_sign_from(self._key, sig, d, n, r), f"{self.param_set} sign")
        return _bytes(sig, self.signature_size)

    @classmethod
    def _from_randomness(cls, param_set: str, randomness: Buffer) -> "AimerPrivateKey":
        """Test only (known answers): the key pair from the caller's randomness."""
        s = _aimer_set(param_set)
        r = _sized(randomness, 2 * lib.lwcx_aimer_seed_bytes(s), "randomness")
        pk = ffi.new("uint8_t[]", lib.lwcx_aimer_pk_bytes(s))
        sk = ffi.new("uint8_t[]", lib.lwcx_aimer_sk_bytes(s))
        _check(lib.lwcx_aimer_keygen_from(s, pk, sk, r), f"{param_set} keygen")
        return cls(param_set, ffi.buffer(sk))
