"""Typical use of lwcx that `mypy --strict` must accept (test_habits.py)."""
import lwcx

key = lwcx.Schwaemm.generate_key("schwaemm128-128")
aead = lwcx.Schwaemm(key, "schwaemm128-128")
nonce = bytes(aead.nonce_size)
ct: bytes = aead.encrypt(nonce, b"text", bytearray(b"header"))
pt: bytes = aead.decrypt(memoryview(nonce), ct, b"header")
enc = aead.encryptor(nonce)
part: bytes = enc.update(b"piece")
into: bytearray = enc.update(b"piece", out=bytearray(5))
tag: bytes = enc.finalize()
h = lwcx.new("esch256", b"abc")
h.update(b"more")
hexd: str = h.hexdigest()
digest: bytes = lwcx.XOEsch256(b"abc").digest(100)
blocks: bytes = lwcx.present80.ecb_encrypt(bytes(10), bytes(16))
r = lwcx.present80.keysearch(bytes(8), bytes(8), 1 << 8)
found: list[bytes] = r.found
ok: bool = "esch384" in lwcx.algorithms_available
try:
    enc.finalize()
except lwcx.AlreadyFinalized as e:
    status: int = e.status
