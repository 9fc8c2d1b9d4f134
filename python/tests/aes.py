"""AES-256 encryption of single blocks, only to rebuild the NIST KAT DRBG
(AES-256 CTR_DRBG, no derivation function) that drives AIMer's official
known answers. Written for clarity, not speed or side channels: test use only."""


def _xtime(a: int) -> int:
    return ((a << 1) ^ (0x1B if a & 0x80 else 0)) & 0xFF


def _make_sbox():
    # walk GF(2^8)* with the generator 3 and its inverse: p * q == 1 throughout,
    # then apply the affine map to the inverse q
    sbox = [0x63] * 256
    p = q = 1
    while True:
        p ^= _xtime(p)
        q ^= q << 1
        q ^= q << 2
        q ^= q << 4
        q &= 0xFF
        if q & 0x80:
            q ^= 0x09
        r = lambda x, s: ((x << s) | (x >> (8 - s))) & 0xFF  # noqa: E731
        sbox[p] = q ^ r(q, 1) ^ r(q, 2) ^ r(q, 3) ^ r(q, 4) ^ 0x63
        if p == 1:
            return sbox


SBOX = _make_sbox()


def _expand(key: bytes):
    w = [list(key[4 * i:4 * i + 4]) for i in range(8)]
    rcon = 1
    for i in range(8, 60):
        t = list(w[i - 1])
        if i % 8 == 0:
            t = [SBOX[b] for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = _xtime(rcon)
        elif i % 8 == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - 8], t)])
    return [sum(w[4 * r:4 * r + 4], []) for r in range(15)]


def encrypt_block(key: bytes, block: bytes, _cache={}) -> bytes:
    rk = _cache.get(key)
    if rk is None:
        rk = _cache[key] = _expand(key)
    s = [a ^ b for a, b in zip(block, rk[0])]
    for rnd in range(1, 15):
        s = [SBOX[b] for b in s]
        s = [s[r + 4 * ((c + r) % 4)] for c in range(4) for r in range(4)]  # ShiftRows
        if rnd != 14:  # MixColumns
            m = []
            for c in range(4):
                a = s[4 * c:4 * c + 4]
                t = a[0] ^ a[1] ^ a[2] ^ a[3]
                m += [a[i] ^ t ^ _xtime(a[i] ^ a[(i + 1) % 4]) for i in range(4)]
            s = m
        s = [a ^ b for a, b in zip(s, rk[rnd])]
    return bytes(s)


class Drbg:
    """NIST SP 800-90A AES-256 CTR_DRBG as the PQC KAT generator uses it."""

    def __init__(self, entropy: bytes):
        self.key, self.v = bytes(32), bytes(16)
        self._update(entropy)

    def _inc(self):
        self.v = ((int.from_bytes(self.v, "big") + 1) % (1 << 128)).to_bytes(16, "big")

    def _update(self, provided):
        tmp = b""
        for _ in range(3):
            self._inc()
            tmp += encrypt_block(self.key, self.v)
        if provided:
            tmp = bytes(a ^ b for a, b in zip(tmp, provided))
        self.key, self.v = tmp[:32], tmp[32:]

    def random_bytes(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            self._inc()
            out += encrypt_block(self.key, self.v)
        self._update(None)
        return out[:n]
