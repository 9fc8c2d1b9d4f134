"""Mistakes that `mypy --strict` must report (test_habits.py checks each line)."""
import lwcx

aead = lwcx.Schwaemm(bytes(16), "schwaemm128-128")
aead.encrypt("nonce", "text")  # str is not a buffer: encode it
lwcx.new("esch256", "abc")
lwcx.present80.ecb_encrypt(bytes(10), [0] * 16)
n: str = lwcx.Esch256(b"x").digest()
