"""GIFT-64 and GIFT-128 written from the specification (Banik et al., CHES
2017): the model that scripts/gift_groups512_tables.py and
scripts/gift_slices512_tables.py check their layouts against. n is the
block size in bits (64 or 128); a state is an integer whose bit i is b_i;
keys are the 16 key bytes (k7 first)."""

GS = [0x1, 0xA, 0x4, 0xC, 0x6, 0xF, 0x3, 0x9, 0x2, 0xD, 0xB, 0x7, 0x5, 0x0, 0x8, 0xE]


def perm_pos(i, n):  # PermBits: b_i moves to perm_pos(i, n)
    return 4 * (i // 16) + (n // 4) * ((3 * ((i % 16) // 4) + (i % 4)) % 4) + (i % 4)


def round_keys(key, n):
    """[(U, V, c)] a round: U = k1, V = k0 (GIFT-64) or U = k5||k4, V = k1||k0"""
    k = [key[2 * (7 - i)] << 8 | key[2 * (7 - i) + 1] for i in range(8)]  # k[0] = last two bytes
    c, out = 0, []
    for _ in range(28 if n == 64 else 40):
        c = ((c << 1) | (((c >> 5) ^ (c >> 4) ^ 1) & 1)) & 0x3F
        out.append((k[1], k[0], c) if n == 64 else (k[5] << 16 | k[4], k[1] << 16 | k[0], c))
        t1 = ((k[1] >> 2) | (k[1] << 14)) & 0xFFFF
        t0 = ((k[0] >> 12) | (k[0] << 4)) & 0xFFFF
        k = k[2:] + [t0, t1]
    return out


def encrypt_ref(w, rks, n):
    ubit = 1 if n == 64 else 2  # U to b_{4i+ubit}, V to the bit below
    for u, v, c in rks:
        w = sum(GS[(w >> 4 * i) & 15] << 4 * i for i in range(n // 4))
        w = sum(((w >> i) & 1) << perm_pos(i, n) for i in range(n))
        for i in range(n // 4):
            w ^= ((u >> i) & 1) << (4 * i + ubit) | ((v >> i) & 1) << (4 * i + ubit - 1)
        w ^= 1 << (n - 1)
        for i in range(6):
            w ^= ((c >> i) & 1) << (4 * i + 3)
    return w


def for_size(n):
    """perm_pos(i), round_keys(key), encrypt_ref(w, rks) for GIFT-n"""
    return (lambda i: perm_pos(i, n), lambda key: round_keys(key, n), lambda w, rks: encrypt_ref(w, rks, n))
