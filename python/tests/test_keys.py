"""Keys that travel (issue 58): key files, raw bytes, hex, PEM and DER in and
out of Python, round trips with the CLI's files and the official AIMer KAT
keys; AIMer key classes as pyca has them (separate private and public types,
equality, pickling of public keys, a clear refusal for private ones)."""
import os
import pickle
import shutil
import stat
import subprocess
import warnings

import pytest

import lwcx

CLI = os.environ.get("LWCX_PY_CLI")


def _official(kat_dir):
    out = {}
    for line in (kat_dir / "aimer_official_keys.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            s, pk, sk = line.split()
            out[s] = (bytes.fromhex(pk), bytes.fromhex(sk))
    return out


def test_private_is_not_public():
    sk = lwcx.AimerPrivateKey.generate("aimer128f")
    pk = sk.public_key()
    assert not isinstance(sk, lwcx.AimerPublicKey)
    assert not hasattr(sk, "verify")
    assert isinstance(pk, lwcx.AimerPublicKey)
    sig = sk.sign(b"m")
    pk.verify(sig, b"m")


def test_equality_and_hash():
    sk = lwcx.AimerPrivateKey.generate("aimer128f")
    assert sk.public_key() == sk.public_key()
    assert hash(sk.public_key()) == hash(sk.public_key())
    again = lwcx.AimerPrivateKey.from_bytes("aimer128f", sk.private_bytes())
    assert again == sk and hash(again) == hash(sk)
    other = lwcx.AimerPrivateKey.generate("aimer128f")
    assert other != sk and other.public_key() != sk.public_key()
    assert sk != sk.public_key()  # a private key is not its public key
    assert len({sk.public_key(), again.public_key(), other.public_key()}) == 2


def test_pickling():
    sk = lwcx.AimerPrivateKey.generate("aimer192f")
    pk = sk.public_key()
    back = pickle.loads(pickle.dumps(pk))
    assert back == pk
    back.verify(sk.sign(b"x"), b"x")
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(sk)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(lwcx.SymmetricKey("schwaemm256-128", bytes(16)))


@pytest.mark.parametrize("param_set", lwcx.AIMER_SETS)
@pytest.mark.parametrize("fmt", ["raw", "hex", "pem", "der", "keyfile"])
def test_round_trips(param_set, fmt):
    sk = lwcx.AimerPrivateKey.generate(param_set)
    pk = sk.public_key()
    got = lwcx.load_key(sk.private_bytes(fmt), param_set if fmt in ("raw", "hex") else None)
    assert isinstance(got, lwcx.AimerPrivateKey) and got == sk
    got = lwcx.load_key(pk.public_bytes(fmt), param_set if fmt in ("raw", "hex") else None)
    assert isinstance(got, lwcx.AimerPublicKey) and got == pk


def test_raw_that_looks_like_der():
    # raw keys and hex are taken as such with an algorithm, even when they begin like DER
    for _ in range(64):
        sk = lwcx.AimerPrivateKey.generate("aimer128f")
        raw = sk.private_bytes()
        if raw[:1] == b"\x30" or raw.hex()[:1] == "0":
            assert lwcx.load_key(raw, "aimer128f") == sk
            assert lwcx.load_key(raw.hex(), "aimer128f") == sk
    with pytest.raises(ValueError):
        lwcx.load_key(b"\x30" + bytes(47), "aimer128f")  # a raw key whose public part does not match


def test_pem_text():
    sk = lwcx.AimerPrivateKey.generate("aimer128f")
    assert sk.private_bytes("pem").startswith(b"-----BEGIN PRIVATE KEY-----\n")
    assert sk.public_key().public_bytes("pem").startswith(b"-----BEGIN PUBLIC KEY-----\n")


def test_official_keys(kat_dir):
    for s, (pkb, skb) in _official(kat_dir).items():
        sk = lwcx.AimerPrivateKey.from_bytes(s, skb)
        assert sk.public_key().public_bytes() == pkb
        assert lwcx.load_key(skb.hex(), s) == sk
    sm = bytes.fromhex("".join(l for l in (kat_dir / "aimer128f_kat0_sm.txt").read_text().splitlines()
                               if not l.startswith("#")))
    pk = lwcx.AimerPublicKey.from_bytes("aimer128f", _official(kat_dir)["aimer128f"][0])
    pk.verify(sm[33:], sm[:33])


def test_malformed():
    sk = lwcx.AimerPrivateKey.generate("aimer128f")
    der = sk.private_bytes("der")
    for bad in (der[:-1], der + b"\0", sk.private_bytes("pem")[:40], b"", b"hello"):
        with pytest.raises(ValueError):
            lwcx.load_key(bad)
    with pytest.raises(ValueError, match="not a key for aimer128f"):
        lwcx.load_key(sk.private_bytes()[:-1], "aimer128f")
    with pytest.raises(ValueError, match="a key for aimer128f, not aimer192f"):
        lwcx.load_key(der, "aimer192f")
    text = bytearray(sk.private_bytes("keyfile"))
    text[30] ^= 1
    with pytest.raises(ValueError, match="damaged key file"):
        lwcx.load_key(bytes(text))
    with pytest.raises(ValueError, match="truncated key file"):
        lwcx.load_key(sk.private_bytes("keyfile")[:-23])
    wrong = bytearray(sk.private_bytes())
    wrong[-1] ^= 1  # the public part no longer matches
    with pytest.raises(ValueError):
        lwcx.AimerPrivateKey.from_bytes("aimer128f", bytes(wrong))
    with pytest.raises(ValueError, match="AIMer keys only"):
        lwcx.SymmetricKey("schwaemm256-128", bytes(16)).private_bytes("pem")


def test_save_and_load(tmp_path):
    sk = lwcx.AimerPrivateKey.generate("aimer128s")
    p = tmp_path / "k.sk"
    sk.save(p)
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o600
    assert lwcx.load_key_file(p) == sk
    with pytest.raises(FileExistsError):
        sk.save(p)
    other = lwcx.AimerPrivateKey.generate("aimer128s")
    other.save(p, overwrite=True)
    assert lwcx.load_key_file(p) == other
    sk.public_key().save(tmp_path / "k.pem", format="pem")
    assert lwcx.load_key_file(tmp_path / "k.pem") == sk.public_key()
    assert sorted(os.listdir(tmp_path)) == ["k.pem", "k.sk"]  # no temporary left
    os.chmod(p, 0o644)
    with pytest.warns(UserWarning, match="other users can read"):
        lwcx.load_key_file(p)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lwcx.load_key_file(tmp_path / "k.pem")  # a public key: no warning


def test_symmetric(tmp_path):
    k = lwcx.SymmetricKey("schwaemm256-128", os.urandom(16))
    k.save(tmp_path / "s.key")
    assert lwcx.load_key_file(tmp_path / "s.key") == k
    assert lwcx.load_key(k.private_bytes("hex"), "schwaemm256-128") == k
    assert k != lwcx.SymmetricKey("schwaemm256-128", os.urandom(16))


@pytest.mark.skipif(not CLI, reason="LWCX_PY_CLI (the lwcx tool) not set")
def test_cli_round_trip(tmp_path):
    subprocess.run([CLI, "keygen", "--alg", "aimer256f", "-o", str(tmp_path / "c")], check=True)
    sk = lwcx.load_key_file(tmp_path / "c.sk")
    assert isinstance(sk, lwcx.AimerPrivateKey) and sk.param_set == "aimer256f"
    assert lwcx.load_key_file(tmp_path / "c.pk") == sk.public_key()
    # Python's files read by the CLI: a PEM key imported, a key file used to sign
    mine = lwcx.AimerPrivateKey.generate("aimer128f")
    mine.save(tmp_path / "m.pem", format="pem")
    subprocess.run([CLI, "key", "import", "-o", str(tmp_path / "m.sk"), str(tmp_path / "m.pem")], check=True)
    assert (tmp_path / "m.sk").read_bytes() == mine.private_bytes("keyfile")
    (tmp_path / "msg").write_bytes(b"hello")
    subprocess.run([CLI, "sign", "--key", str(tmp_path / "m.sk"), "-o", str(tmp_path / "sig"),
                    str(tmp_path / "msg")], check=True)
    mine.public_key().verify((tmp_path / "sig").read_bytes(), b"hello")
    subprocess.run([CLI, "keygen", "--alg", "pipo128", "-o", str(tmp_path / "p.key")], check=True)
    k = lwcx.load_key_file(tmp_path / "p.key")
    assert isinstance(k, lwcx.SymmetricKey) and k.algorithm == "pipo128"
    assert k.private_bytes("keyfile") == (tmp_path / "p.key").read_bytes()
