"""Round trips, every error path, buffers, implementations, key search."""
import os
import threading

import pytest

import lwcx

ALL_BC = [lwcx.BlockCipher(n) for n in lwcx.BLOCK_CIPHERS]


@pytest.mark.parametrize("c", ALL_BC, ids=lambda c: c.name)
def test_block_cipher_round_trips(c):
    key = os.urandom(c.key_size)
    data = os.urandom(c.block_size * 37)
    ct = c.ecb_encrypt(key, data)
    assert isinstance(ct, bytes) and ct != data and c.ecb_decrypt(key, ct) == data
    iv = os.urandom(c.block_size)
    odd = data[:-3]
    s = c.ctr(key, iv, odd)
    assert len(s) == len(odd) and c.ctr(key, iv, s) == odd
    # CTR is ECB of the counter blocks: counter 0 is the iv itself
    assert c.ctr(key, iv, bytes(c.block_size)) == c.ecb_encrypt(key, iv)
    keys = os.urandom(c.key_size * 37)
    x = c.encrypt_keys(keys, data)
    assert c.decrypt_keys(keys, x) == data
    assert x[:c.block_size] == c.ecb_encrypt(keys[:c.key_size], data[:c.block_size])
    # in place, through out=
    buf = bytearray(data)
    assert c.ecb_encrypt(key, buf, out=buf) is buf and bytes(buf) == ct
    # every available implementation agrees
    for impl in lwcx.implementations(c.name):
        if impl.available:
            assert lwcx.BlockCipher(c.name, impl.name).ecb_encrypt(key, data) == ct


@pytest.mark.parametrize("c", ALL_BC, ids=lambda c: c.name)
def test_block_cipher_errors(c):
    key = bytes(c.key_size)
    with pytest.raises(ValueError, match="key must be"):
        c.ecb_encrypt(key + b"x", bytes(c.block_size))
    with pytest.raises(ValueError, match=f"must be whole {c.block_size}-byte blocks, not {c.block_size + 1} bytes"):
        c.ecb_encrypt(key, bytes(c.block_size + 1))
    with pytest.raises(ValueError, match="iv must be"):
        c.ctr(key, b"", b"abc")
    with pytest.raises(ValueError, match="keys must be"):
        c.encrypt_keys(bytes(c.key_size), bytes(2 * c.block_size))
    with pytest.raises(TypeError):
        c.ecb_encrypt(key, "not bytes")
    with pytest.raises(TypeError):
        c.ecb_encrypt(key, 12345)
    with pytest.raises(TypeError):
        c.ecb_encrypt(key, bytes(c.block_size), out=bytes(c.block_size))  # read-only out
    with pytest.raises(ValueError, match="out must be"):
        c.ecb_encrypt(key, bytes(c.block_size), out=bytearray(1))


def test_unknown_names():
    with pytest.raises(ValueError):
        lwcx.BlockCipher("aes")
    with pytest.raises(ValueError):
        lwcx.BlockCipher("gift64", impl="nonesuch")
    with pytest.raises(ValueError):
        lwcx.Schwaemm(bytes(16), "schwaemm-1")
    with pytest.raises(ValueError):
        lwcx.AimerPrivateKey.generate("aimer999")
    with pytest.raises(ValueError):
        lwcx.implementations("nonesuch")


def test_kcc24p6_errors():
    key = os.urandom(8)
    ct, tag = lwcx.kcc24p6_encrypt(key, bytes(21))
    assert len(ct) == 16 and len(tag) == 8
    bad = bytearray(ct)
    bad[0] ^= 1
    with pytest.raises(lwcx.InvalidTag):
        lwcx.kcc24p6_decrypt(key, bytes(bad), tag)
    with pytest.raises(ValueError, match="at most 255 bytes, not 256"):
        lwcx.kcc24p6_encrypt(key, bytes(256))
    with pytest.raises(ValueError, match="key must be"):
        lwcx.kcc24p6_encrypt(bytes(7), b"")
    with pytest.raises(ValueError, match="tag must be"):
        lwcx.kcc24p6_decrypt(key, ct, tag[:4])


@pytest.mark.parametrize("variant", lwcx.SCHWAEMM_VARIANTS)
def test_schwaemm_round_trip_and_forgeries(variant):
    a0 = lwcx.Schwaemm(bytes(32)[:{"128": 16, "192": 24, "256": 32}[variant[-3:]]], variant)
    key = os.urandom(a0.key_size)
    nonce = os.urandom(a0.nonce_size)
    a = lwcx.Schwaemm(key, variant)
    ct = a.encrypt(nonce, b"attack at dawn", b"header")
    assert len(ct) == 14 + a.tag_size
    assert a.decrypt(nonce, ct, b"header") == b"attack at dawn"
    for i in (0, len(ct) - 1):  # a flipped ciphertext bit, a flipped tag bit
        bad = bytearray(ct)
        bad[i] ^= 0x80
        with pytest.raises(lwcx.InvalidTag):
            a.decrypt(nonce, bad, b"header")
    with pytest.raises(lwcx.InvalidTag):
        a.decrypt(nonce, ct, b"other header")
    with pytest.raises(lwcx.InvalidTag):
        a.decrypt(nonce, ct[:a.tag_size - 1])
    with pytest.raises(ValueError, match="nonce must be"):
        a.encrypt(nonce[1:], b"")
    with pytest.raises(ValueError, match="key must be"):
        lwcx.Schwaemm(key + b"x", variant)
    d = a.decryptor(nonce)
    d.authenticate_additional_data(b"header")
    d.update(ct[:-a.tag_size])
    with pytest.raises(lwcx.InvalidTag):
        d.finalize(bytes(a.tag_size))
    e = a.encryptor(nonce)
    e.update(b"data")
    with pytest.raises(ValueError):  # associated data after the message: refused by the library
        e.authenticate_additional_data(b"late")


def test_esch_hashlib_style():
    h = lwcx.Esch256(b"abc")
    c = h.copy()
    d1 = h.digest()
    assert h.digest() == d1  # digest() does not end the object
    h.update(b"def")
    assert h.hexdigest() == lwcx.Esch256(b"abcdef").hexdigest() != d1.hex()
    assert c.digest() == d1  # the copy is independent
    assert lwcx.Esch384().digest_size == 48 and len(lwcx.Esch384().digest()) == 48
    x = lwcx.XOEsch256(b"abc")
    long = x.digest(100)
    assert len(long) == 100 and x.digest(10) == long[:10]
    assert x.digest() == long[:32] and x.hexdigest(5) == long[:5].hex()
    with pytest.raises(TypeError):
        lwcx.Esch256("text")


@pytest.mark.parametrize("param_set", ["aimer128f", "aimer192f"])
def test_aimer_sign_verify(param_set):
    sk = lwcx.AimerPrivateKey.generate(param_set)
    pk = sk.public_key()
    sig = sk.sign(b"message")
    assert len(sig) == pk.signature_size
    pk.verify(sig, b"message")
    again = lwcx.AimerPublicKey.from_bytes(param_set, pk.public_bytes())
    again.verify(sig, bytearray(b"message"))
    lwcx.AimerPrivateKey.from_bytes(param_set, sk.private_bytes()).public_key().verify(sig, b"message")
    with pytest.raises(lwcx.InvalidSignature):
        pk.verify(sig, b"messagf")
    bad = bytearray(sig)
    bad[len(bad) // 2] ^= 1
    with pytest.raises(lwcx.InvalidSignature):
        pk.verify(bad, b"message")
    with pytest.raises(lwcx.InvalidSignature):
        pk.verify(sig[:-1], b"message")
    with pytest.raises(ValueError, match="public key must be"):
        lwcx.AimerPublicKey(param_set, pk.public_bytes()[1:])
    wrong = bytearray(sk.private_bytes())
    wrong[-1] ^= 1  # the public part of sk no longer matches the secret
    with pytest.raises(ValueError):
        lwcx.AimerPrivateKey(param_set, wrong)


def test_implementations_and_selection():
    prims = lwcx.primitives()
    for p in ("kcc23p4", "kcc24p6", "sparkle", "present80", "gift128", "pipo256", "aimer"):
        assert p in prims
    ims = lwcx.implementations("gift64")
    assert ims[-1].name == "ref" and ims[-1].available and not ims[-1].constant_time
    assert sum(i.selected for i in ims) == 1
    before = lwcx.selected("gift64")
    try:
        lwcx.select("gift64", "ref")
        assert lwcx.selected("gift64") == "ref"
        assert [i.name for i in lwcx.implementations("gift64") if i.selected] == ["ref"]
    finally:
        lwcx.select("gift64", None)
    assert lwcx.selected("gift64") == before
    with pytest.raises(ValueError):
        lwcx.select("gift64", "nonesuch")
    for i in lwcx.implementations():
        if not i.available:
            assert i.why_unavailable
            with pytest.raises(lwcx.UnsupportedError):
                lwcx.BlockCipher(i.primitive, i.name) if i.primitive in lwcx.BLOCK_CIPHERS \
                    else lwcx._handle(i.primitive, i.name)


def _present80_pair(key):
    pt = bytes.fromhex("0123456789abcdef1122334455667788")
    return pt, lwcx.present80.ecb_encrypt(key, pt)


def test_keysearch_finds_the_key():
    key = bytes(7) + bytes.fromhex("012345")  # unknown: the last 24 bits
    pt, ct = _present80_pair(key)
    calls = []
    r = lwcx.present80.keysearch(pt, ct, 1 << 24, threads=2,
                                 progress=lambda done, total: calls.append((done, total)))
    assert r.complete and r.nfound == 1 and r.found == [key] and r.next_index == 1 << 24
    assert calls and calls[-1][1] == 1 << 24 and all(d <= t for d, t in calls)
    with pytest.raises(ValueError):
        lwcx.present80.keysearch(pt, ct[:8], 16)
    with pytest.raises(ValueError):
        lwcx.present80.keysearch(pt, ct, 16, base_key=bytes(3))
    with pytest.raises(ValueError):
        lwcx.kcc23p4.keysearch(pt, ct, 16)


def test_keysearch_cancel_and_resume():
    key = bytes(5) + bytes.fromhex("ffffffffff")
    pt, ct = _present80_pair(key)
    total = 1 << 40
    ev = threading.Event()
    seen = []

    def progress(done, tot):
        seen.append(done)
        if len(seen) >= 2:
            ev.set()

    r = lwcx.present80.keysearch(pt, ct, total, threads=1, progress=progress, cancel=ev)
    assert not r.complete and 0 < r.next_index < total
    # a callback that raises stops the search and the exception comes back
    with pytest.raises(ZeroDivisionError):
        lwcx.present80.keysearch(pt, ct, total, threads=1, progress=lambda d, t: 1 / 0)
    # progress returning True stops too
    r2 = lwcx.present80.keysearch(pt, ct, total, threads=1, progress=lambda d, t: True)
    assert not r2.complete


def test_keysearch_object_save_load_merge():
    key = bytes(8) + bytes.fromhex("f00d")
    pt, ct = _present80_pair(key)
    a = lwcx.KeySearch("present80", pt, ct, 1 << 16)
    lo, n = a.take(1 << 15)
    assert (lo, n) == (0, 1 << 15)
    a.search(lo, n)
    assert a.keys_done == 1 << 15 and not a.complete and a.nfound == 0
    rec = a.save()
    b = lwcx.KeySearch.load(rec)
    assert b.keys_left == 1 << 15 and b.next_unsearched == 1 << 15
    b.run(threads=1)
    assert b.complete and b.found() == [(key, 0xf00d)]
    a.merge(b)
    assert a.complete and a.nfound == 1
    bad = bytearray(rec)
    bad[rec.index(b"count") + 6] ^= 1  # edited: the checksum no longer matches
    with pytest.raises(ValueError):
        lwcx.KeySearch.load(bytes(bad))
    with pytest.raises(ValueError):
        lwcx.KeySearch.load(b"not a record")


def test_keysearch_parts():
    key = bytes(8) + bytes.fromhex("0123")
    pt, ct = _present80_pair(key)
    assert [lwcx.KeySearch.part_range(10, 10, k, 3) for k in (1, 2, 3)] == [(10, 4), (14, 3), (17, 3)]
    with pytest.raises(ValueError):
        lwcx.KeySearch.part_range(0, 2, 1, 3)
    lo, n = lwcx.KeySearch.part_range(0, 3 << 12, 1, 3)
    ks = lwcx.KeySearch("present80", pt, ct, n, start=lo)
    assert ks.part is None and ks.save().startswith(b"lwcx-keysearch-record 1\n")
    ks.set_part(0, 3 << 12, 1, 3)
    with pytest.raises(ValueError):
        ks.set_part(0, 3 << 12, 2, 3)  # not this range
    ks.run(threads=1)
    rec = ks.save()
    assert rec.startswith(b"lwcx-keysearch-record 2\n") and b"\njob 0 12288\npart 1 3\n" in rec
    back = lwcx.KeySearch.load(rec)
    assert back.part == (0, 3 << 12, 1, 3) and back.found() == [(key, 0x123)]
    other = lwcx.KeySearch("present80", pt, ct, n, start=lo)
    other.set_part(0, n, 1, 1)  # the same range, another job
    with pytest.raises(ValueError):
        other.merge(back)


def test_public_names_exist():
    assert all(hasattr(lwcx, n) for n in lwcx.__all__)


def test_version():
    assert lwcx.__version__ == lwcx.version() and lwcx.version().count(".") == 2
    try:
        from importlib.metadata import PackageNotFoundError, version
        assert version("lwcx") == lwcx.version()  # pyproject reads it from lwcx.h
    except PackageNotFoundError:
        pass  # run from the source tree, not installed


def test_sparkle_permute():
    for size, steps in ((32, 10), (48, 11), (64, 12)):
        state = os.urandom(size)
        outs = {i.name: lwcx.sparkle_permute(state, steps, impl=i.name)
                for i in lwcx.implementations("sparkle") if i.available}
        assert len(set(outs.values())) == 1 and outs["ref"] != state
        buf = bytearray(state)
        assert lwcx.sparkle_permute(buf, steps, out=buf) is buf and bytes(buf) == outs["ref"]
    with pytest.raises(ValueError):
        lwcx.sparkle_permute(bytes(40), 10)
    with pytest.raises(ValueError):
        lwcx.sparkle_permute(bytes(32), 13)


def test_invalid_lwcx_impl_environment():
    """An invalid LWCX_IMPL makes automatic calls fail with the library's reason;
    explicit implementations still work."""
    import subprocess
    import sys
    code = ("import lwcx\n"
            "try:\n"
            "    lwcx.gift64.ecb_encrypt(bytes(16), bytes(8))\n"
            "except lwcx.Error as e:\n"
            "    print('refused:', e)\n"
            "print(len(lwcx.BlockCipher('gift64', 'ref').ecb_encrypt(bytes(16), bytes(8))))\n")
    env = dict(os.environ, LWCX_IMPL="gift64:nonesuch")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "refused:" in r.stdout and "nonesuch" in r.stdout and r.stdout.endswith("8\n")


def test_aimer_streamed_messages():
    sk = lwcx.AimerPrivateKey.generate("aimer128f")
    pk = sk.public_key()
    msg = os.urandom(100000)
    s = sk.signer()
    for i in range(0, len(msg), 7777):
        s.update(memoryview(msg)[i:i + 7777])
    sig = s.finalize()
    pk.verify(sig, msg)  # the same signature as of the whole message
    with pytest.raises(ValueError):
        s.update(b"more")  # finished
    v = pk.verifier(sk.sign(msg))
    v.update(msg[:5])
    v.update(msg[5:])
    v.verify()
    v = pk.verifier(sig)
    v.update(msg[:-1])
    with pytest.raises(lwcx.InvalidSignature):
        v.verify()
    with pytest.raises(lwcx.InvalidSignature):
        pk.verifier(sig[:-1]).verify()


@pytest.mark.parametrize("variant", lwcx.SCHWAEMM_VARIANTS)
def test_schwaemm_encrypt_many(variant):
    a0 = lwcx.Schwaemm(bytes(32)[:{"128": 16, "192": 24, "256": 32}[variant[-3:]]], variant)
    count, ln = 11, 37
    keys, nonces = os.urandom(count * a0.key_size), os.urandom(count * a0.nonce_size)
    msgs, ads = os.urandom(count * ln), os.urandom(count * 5)
    for impl in [i.name for i in lwcx.implementations("sparkle") if i.available]:
        for ad in (ads, None):
            cts, tags = lwcx.schwaemm_encrypt_many(variant, keys, nonces, msgs, count, ad, impl=impl)
            for i in range(count):
                one = lwcx.Schwaemm(keys[i * a0.key_size:(i + 1) * a0.key_size], variant).encrypt(
                    nonces[i * a0.nonce_size:(i + 1) * a0.nonce_size], msgs[i * ln:(i + 1) * ln],
                    ad[i * 5:(i + 1) * 5] if ad else None)
                assert cts[i * ln:(i + 1) * ln] + tags[i * a0.tag_size:(i + 1) * a0.tag_size] == one
    with pytest.raises(ValueError):
        lwcx.schwaemm_encrypt_many(variant, keys, nonces, msgs[:-1], count)
    with pytest.raises(ValueError):
        lwcx.schwaemm_encrypt_many(variant, keys[:-1], nonces, msgs, count)


def test_esch_hash_many():
    count = 9
    for name, cls in (("esch256", lwcx.Esch256), ("esch384", lwcx.Esch384), ("xoesch256", lwcx.XOEsch256)):
        for ln in (0, 1, 100):
            msgs = os.urandom(count * ln)
            got = lwcx.esch_hash_many(name, msgs, count)
            d = cls.digest_size
            assert [got[i * d:(i + 1) * d] for i in range(count)] == \
                [cls(msgs[i * ln:(i + 1) * ln]).digest() for i in range(count)]
    assert len(lwcx.esch_hash_many("xoesch384", bytes(20), 2, 70)) == 140
    with pytest.raises(ValueError):
        lwcx.esch_hash_many("esch256", bytes(20), 2, 31)  # Esch: its digest size only
    with pytest.raises(ValueError):
        lwcx.esch_hash_many("sha256", bytes(20), 2)


def test_stream_format_round_trip_and_cli():
    key = os.urandom(16)
    data = os.urandom(200000)
    e = lwcx.StreamEncryptor(key)
    blob = b"".join(e.update(data[i:i + 50000]) for i in range(0, len(data), 50000)) + e.finalize()
    assert len(blob) > len(data)
    d = lwcx.StreamDecryptor(key)
    assert d.update(blob[:12345]) + d.update(blob[12345:]) + d.finalize() == data
    for bad in (blob[:-1], blob[:100000], blob[:-1] + bytes([blob[-1] ^ 1])):
        d = lwcx.StreamDecryptor(key)
        with pytest.raises(lwcx.InvalidTag):
            d.update(bad)
            d.finalize()
    with pytest.raises(ValueError):
        lwcx.StreamDecryptor(key).update(b"not a stream at all, longer than a header")
    with pytest.raises(lwcx.InvalidTag):  # a wrong key fails the first record
        d = lwcx.StreamDecryptor(os.urandom(16))
        d.update(blob)
        d.finalize()
    # the same format as the command-line tool's
    cli = os.environ.get("LWCX_PY_CLI")
    if cli:
        import subprocess
        r = subprocess.run([cli, "dec", "--alg", "schwaemm256-128", "--key", key.hex(), "-o", "-"],
                           input=blob, capture_output=True)
        assert r.returncode == 0 and r.stdout == data, r.stderr
        r = subprocess.run([cli, "enc", "--alg", "schwaemm256-128", "--key", key.hex(), "-o", "-"],
                           input=data, capture_output=True)
        d = lwcx.StreamDecryptor(key)
        assert d.update(r.stdout) + d.finalize() == data
