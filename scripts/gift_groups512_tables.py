#!/usr/bin/env python3
"""Writes src/bc/gift/groups512_tables.h, the constant tables of GIFT-64's
groups512 implementation (src/bc/gift/groups512.c), after checking the
layout they describe against a model of GIFT-64 written from the
specification.

The layout. A block's 64 bits are 4 slices (bit 4n + j of the block is
nibble n's bit j: slice j) of 16 nibbles each. PermBits keeps every bit in
its slice and moves nibble n = 4a + c of slice j to a + 4((j - c) mod 4).
groups512 keeps slice j of a batch's 128 blocks in 4 registers, one per
group of 4 nibbles, 4 bits a block: register (j, g), byte k, bits 4h..4h+3
hold the group's nibbles of block k + 64h. In round 0 the groups are the
rows {4g .. 4g + 3}. PermBits sends every group of one frame onto a group
of the other (rows onto columns {g, g + 4, g + 8, g + 12} and back), so a
round moves no bit between registers: slice 0 stays where it is, and the
others are either renamed (registers swap roles: free) or have their nibbles
rotated within the byte (one gf2p8affineqb a register), every other round.
After 4 rounds the layout is back to round 0's.

Run from the repository root: python3 scripts/gift_groups512_tables.py
(--check: only compare the header with what it would write).
"""
import itertools
import random

import gen_header
import gift_model

# --- GIFT-64, from the specification (model only: gift_model.py) -------------
perm_pos, round_keys, encrypt_ref = gift_model.for_size(64)


# --- the frames --------------------------------------------------------------
def nibble_perm(j, n):  # PermBits on slice j, by nibble
    return perm_pos(4 * n + j) // 4


# frame[r][n] = (register, position) of nibble n at the start of round r; pre[r][j][m]
# where slice j's new nibble m sits after round r's S-box, before the moves
frame = [{n: (n // 4, n % 4) for n in range(16)}]
pre, moves = [], []
for r in range(28):
    after = []
    for j in range(4):
        src = {nibble_perm(j, n): n for n in range(16)}
        after.append({m: frame[r][src[m]] for m in range(16)})
    pre.append(after)
    frame.append(after[0])  # slice 0 never moves
    mv = []
    for j in range(4):
        rename, rot = {}, set()
        for g in range(4):
            ms = [m for m in range(16) if after[j][m][0] == g]
            (dest,) = {frame[r + 1][m][0] for m in ms}
            rename[g] = dest
            rot |= {(frame[r + 1][m][1] - after[j][m][1]) % 4 for m in ms}
        assert len(rot) == 1  # one rotation of the nibble for the whole slice
        mv.append((rename, rot.pop()))
    moves.append(mv)
assert frame[4] == frame[0] and all(pre[r] == pre[r % 4] and moves[r] == moves[r % 4] for r in range(28))
# what gift/groups512.c's rounds do: phases 0 and 2 rotate, 1 and 3 rename
for j in range(1, 4):
    assert moves[0][j] == ({g: g for g in range(4)}, (4 - j) % 4)
    assert moves[1][j] == ({g: (g - j) % 4 if j != 2 else (g + 2) % 4 for g in range(4)}, 0)
    assert moves[2][j] == ({g: g for g in range(4)}, j)
    assert moves[3][j] == ({g: (g + j) % 4 for g in range(4)}, 0)
assert moves[1][1][0] == {0: 3, 1: 0, 2: 1, 3: 2} and moves[1][3][0] == {0: 1, 1: 2, 2: 3, 3: 0}


def sbox_sliced(x0, x1, x2, x3):
    t1 = x1 ^ (x0 & x2)
    s0 = x0 ^ (t1 & x3)
    s2 = x2 ^ (s0 | t1)
    y1 = t1 ^ x3 ^ s2
    return (~(x3 ^ s2)) & 15, y1, s2 ^ (s0 & y1), s0


def encrypt_model(w, rks):
    x = [[0] * 4 for _ in range(4)]  # x[j][g]: 4 bits
    for n in range(64):
        if w >> n & 1:
            g, p = frame[0][n // 4]
            x[n % 4][g] |= 1 << p
    for r, (u, v, c) in enumerate(rks):
        key = {0: v, 1: u, 3: c | 1 << 15}
        y = [[0] * 4 for _ in range(4)]
        for g in range(4):
            out = sbox_sliced(x[0][g], x[1][g], x[2][g], x[3][g])
            for j in range(4):
                y[j][g] = out[j]
        for j, val in key.items():
            for m in range(16):
                if val >> m & 1:
                    g, p = pre[r][j][m]
                    y[j][g] ^= 1 << p
        x = [[0] * 4 for _ in range(4)]
        for j in range(4):
            rename, rot = moves[r][j]
            for g in range(4):
                x[j][rename[g]] = ((y[j][g] << rot) | (y[j][g] >> (4 - rot))) & 15
    w = 0
    for n in range(16):
        g, p = frame[28][n]
        for j in range(4):
            w |= (x[j][g] >> p & 1) << (4 * n + j)
    return w


assert encrypt_ref(0, round_keys(bytes(16))) == 0xF62BC3EF34F775AC  # the specification's vector
rng = random.Random(1)
for _ in range(50):
    key, w = bytes(rng.randrange(256) for _ in range(16)), rng.getrandbits(64)
    assert encrypt_model(w, round_keys(key)) == encrypt_ref(w, round_keys(key))

# --- packing: 128 blocks (16 registers of 8) <-> 16 registers (j, g) ------------
# An item is one bit of one block: block bits b0..b6, the bit's s = 16 a + 4 c + j.
# A layout says which item each position holds: register bits R0..R3, qword
# bits Q0..Q2, byte-in-qword bits I0..I2, bit-in-byte bits B0..B2 ("~x": x
# inverted). Two operations move them: a gf2p8affineqb 8x8 bit transpose of
# every qword (T: I becomes B, B becomes I inverted), and a vpermt2b exchange
# of one register bit with a byte bit between register pairs (any byte order).
COORDS = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'c0', 'c1', 'j0', 'j1', 'a0', 'a1']


def layout(R, Q, I, B):
    return {'R': R, 'Q': Q, 'I': I, 'B': B}


def where(lay, item):
    def val(spec):
        return sum((item[s.lstrip('~')] ^ s.startswith('~')) << k for k, s in enumerate(spec))
    return val(lay['R']), 8 * val(lay['Q']) + val(lay['I']), val(lay['B'])


ITEMS = [dict(zip(COORDS, bits)) for bits in itertools.product([0, 1], repeat=13)]


def state(lay):
    st = [[[None] * 8 for _ in range(64)] for _ in range(16)]
    for it in ITEMS:
        r, by, bi = where(lay, it)
        st[r][by][bi] = tuple(sorted(it.items()))
    return st


def transpose(st):  # gf2p8affineqb(selector 1 << i in byte i, data): byte i bit b = byte 7 - b bit i
    return [[[st[r][8 * (by // 8) + 7 - b][by % 8] for b in range(8)] for by in range(64)] for r in range(16)]


def exchange(st, lay, rbit):
    """vpermt2b's two index vectors taking st to lay across registers r, r ^ (1 << rbit)"""
    target = state(lay)
    loc = {tuple(st[r][by]): (r, by) for r in range(16) for by in range(64)}
    tabs = [set(), set()]
    for r in range(16):
        idx = []
        for by in range(64):
            sr, sb = loc[tuple(target[r][by])]
            assert sr & ~(1 << rbit) == r & ~(1 << rbit)
            idx.append(sb + (64 if sr >> rbit & 1 else 0))
        tabs[r >> rbit & 1].add(tuple(idx))
    assert all(len(t) == 1 for t in tabs)
    return [t.pop() for t in tabs], target


SLICED = layout(['j0', 'j1', 'a0', 'a1'], ['b3', 'b4', 'b5'], ['b0', 'b1', 'b2'], ['c0', 'c1', 'b6'])
BLOCKS = layout(['b3', 'b4', 'b5', 'b6'], ['b0', 'b1', 'b2'], ['~c1', '~a0', '~a1'], ['j0', 'j1', 'c0'])
for it in ITEMS[::37]:  # BLOCKS is 16 registers of 8 big-endian blocks
    r, by, bi = where(BLOCKS, it)
    s = 16 * (it['a0'] + 2 * it['a1']) + 4 * (it['c0'] + 2 * it['c1']) + it['j0'] + 2 * it['j1']
    assert (8 * r + by // 8, by % 8, bi) == (sum(it['b%d' % k] << k for k in range(7)), 7 - s // 8, s % 8)
assert all(where(SLICED, it)[0] == (it['j0'] + 2 * it['j1']) + 4 * (it['a0'] + 2 * it['a1']) for it in ITEMS[::41])

tables = {}
st = transpose(state(SLICED))  # unpack: T, a0, a1, T, j0, j1, T
assert st == state(layout(SLICED['R'], SLICED['Q'], ['c0', 'c1', 'b6'], ['~b0', '~b1', '~b2']))
tables['UNPACK_A0'], st = exchange(st, layout(['j0', 'j1', 'b5', 'a1'], ['b3', 'b4', 'a0'], ['c0', 'c1', 'b6'], ['~b0', '~b1', '~b2']), 2)
tables['UNPACK_A1'], st = exchange(st, layout(['j0', 'j1', 'b5', 'b6'], ['c0', 'b3', 'b4'], ['c1', 'a0', 'a1'], ['~b0', '~b1', '~b2']), 3)
st = transpose(st)
tables['UNPACK_J0'], st = exchange(st, layout(['b3', 'j1', 'b5', 'b6'], ['c0', 'b4', 'j0'], ['~b0', '~b1', '~b2'], ['~c1', '~a0', '~a1']), 0)
tables['UNPACK_J1'], st = exchange(st, layout(['b3', 'b4', 'b5', 'b6'], ['b0', 'b1', 'b2'], ['~j0', '~j1', '~c0'], ['~c1', '~a0', '~a1']), 1)
assert transpose(st) == state(BLOCKS)
st = transpose(state(BLOCKS))  # pack: T, j0, j1, T, a0, a1, T
tables['PACK_J0'], st = exchange(st, layout(['j0', 'b4', 'b5', 'b6'], ['b0', 'b1', 'b2'], ['b3', 'j1', 'c0'], ['c1', 'a0', 'a1']), 0)
tables['PACK_J1'], st = exchange(st, layout(['j0', 'j1', 'b5', 'b6'], ['c0', 'b3', 'b4'], ['~b0', '~b1', '~b2'], ['c1', 'a0', 'a1']), 1)
st = transpose(st)
tables['PACK_A0'], st = exchange(st, layout(['j0', 'j1', 'a0', 'b6'], ['c0', 'b3', 'b4'], ['c1', 'b5', 'a1'], ['b0', 'b1', 'b2']), 2)
tables['PACK_A1'], st = exchange(st, layout(['j0', 'j1', 'a0', 'a1'], ['b3', 'b4', 'b5'], ['~c0', '~c1', '~b6'], ['b0', 'b1', 'b2']), 3)
assert transpose(st) == state(SLICED)


def lanes_of(tab):  # the 128-bit lanes an exchange takes, if it moves whole lanes
    if all(tab[i] % 16 == 0 and tab[i + k] == tab[i] + k for i in range(0, 64, 16) for k in range(16)):
        return [tab[i] // 16 for i in range(0, 64, 16)]


# two of the unpacking's exchanges move whole 128-bit lanes: vshufi64x2, the
# immediates gift/groups512.c's unpack() uses
assert [lanes_of(t) for t in tables.pop('UNPACK_A0')] == [[0, 1, 4, 5], [2, 3, 6, 7]]  # 0x44, 0xEE
assert [lanes_of(t) for t in tables.pop('UNPACK_J0')] == [[0, 2, 4, 6], [1, 3, 5, 7]]  # 0x88, 0xDD


# --- round constants -----------------------------------------------------------------
def round_constants():
    c, out = 0, []
    for r in range(28):
        c = ((c << 1) | (((c >> 5) ^ (c >> 4) ^ 1) & 1)) & 0x3F
        val, nib = c | 1 << 15, [0] * 4
        for m in range(16):
            if val >> m & 1:
                g, p = pre[r][3][m]
                nib[g] |= 1 << p
        out.append(nib)
    return out


RC = round_constants()


# --- round keys ------------------------------------------------------------------
# Round r takes V = k[2r mod 8] rotated right by 12 (r / 4) and U = k[2r + 1
# mod 8] rotated right by 2 (r / 4) (k[0]: the key's last two bytes), and its
# key word (kx 0: V, 1: U) for group g holds, at nibble bit p, the word's bit
# for the new nibble m that PRE puts there. KEY_BITS[e][p] (e = 112 kx +
# 4 r + g): which bit of which key word that is.
def key_entries():
    ents = []
    for kx in range(2):
        for r in range(28):
            wi, rot = (2 * r + kx) % 8, (12 if kx == 0 else 2) * (r // 4)
            for g in range(4):
                bits = [None] * 4
                for m in range(16):
                    gg, p = pre[r][kx][m]
                    if gg == g:
                        bits[p] = (m + rot) % 16
                ents.append((wi, bits))
    return ents


KEY_ENTRIES = key_entries()
for r, (u, v, c) in enumerate(round_keys(bytes(range(16)))):  # against the model's key schedule
    k = [(2 * (7 - i)) << 8 | (2 * (7 - i) + 1) for i in range(8)]
    for kx, val in ((0, v), (1, u)):
        for g in range(4):
            wi, bits = KEY_ENTRIES[112 * kx + 4 * r + g]
            for p in range(4):
                m = [mm for mm in range(16) if pre[r][kx][mm] == (g, p)][0]
                assert (val >> m & 1) == (k[wi] >> bits[p] & 1)


def nibble_matrix(src_bit, lanes=False):
    """gf2p8affineqb matrix: output bits p and p + 4 take input bit src_bit[p] (None:
    0), or with lanes (two lanes a byte, one a nibble) bits src_bit[p] and that + 4"""
    rows = [0] * 8
    for p, b in enumerate(src_bit):
        if b is not None:
            rows[p] |= 1 << b
            rows[p + 4] |= 1 << (b + 4 if lanes else b)
    return sum(rows[i] << (8 * (7 - i)) for i in range(8))


# one key: entry e's qword is the byte four... eight times, from the word's low
# byte (KEY_LO: its index in the key) and high byte through two matrices
KEY_LO = [15 - 2 * wi for wi, _ in KEY_ENTRIES]
KEY_MAT_LO = [nibble_matrix([b if b < 8 else None for b in bits]) for _, bits in KEY_ENTRIES]
KEY_MAT_HI = [nibble_matrix([b - 8 if b >= 8 else None for b in bits]) for _, bits in KEY_ENTRIES]

# many keys: the packed key halves give COL[4 w + j] (nibble bit c: word w's
# bit 4 c + j); ROW[4 w + q] (bit x: word w's bit 4 q + x) are made from them.
# Each entry is one or two of those through a matrix (both nibbles of a byte,
# two lanes, alike): LANE_SRC[e] = (source, matrix, source or -1, matrix)
def covers(bits):
    regs = [(4 * w + j, [None if b % 4 != j else b // 4 for b in bits]) for w in range(8) for j in range(4)] + \
           [(32 + 4 * w + q, [None if b // 4 != q else b % 4 for b in bits]) for w in range(8) for q in range(4)]
    return regs


LANE_SRC = []
for wi, bits in KEY_ENTRIES:
    cand = [(i, pos) for i, pos in covers(bits) if (i % 32) // 4 == wi]
    one = [(i, pos) for i, pos in cand if None not in pos]
    if one:
        i, pos = one[0]
        LANE_SRC.append((i, nibble_matrix(pos, True), -1, 0))
        continue
    two = [(a, b) for a in cand for b in cand if a[0] < b[0] and all((x is None) != (y is None) for x, y in zip(a[1], b[1]))]
    (i, pa), (k2, pb) = two[0]
    LANE_SRC.append((i, nibble_matrix(pa, True), k2, nibble_matrix(pb, True)))
# Stored as the distinct registers they need: LANE_ENTRY[e] indexes the
# packed registers (below 64: COL, ROW) or LANE_DERIVED (64 + i). V is not
# inverted here (the rounds take the complement with XNOR).
IDENTITY = nibble_matrix([0, 1, 2, 3], True)
LANE_DERIVED, LANE_ENTRY = [], []
for a, ma, b, mb in LANE_SRC:
    if b < 0 and ma == IDENTITY:
        LANE_ENTRY.append(a)
        continue
    if (a, ma, b, mb) not in LANE_DERIVED:
        LANE_DERIVED.append((a, ma, b, mb))
    LANE_ENTRY.append(64 + LANE_DERIVED.index((a, ma, b, mb)))
# the key search's lane bits are in word 0, which V takes in rounds 0, 4, ..: one COL each
assert all(LANE_SRC[4 * r + g][0] < 4 and LANE_SRC[4 * r + g][2] < 0 for r in range(0, 28, 4) for g in range(4))
assert all(wi != 0 for e, (wi, _) in enumerate(KEY_ENTRIES) if not (e < 112 and (e // 4) % 4 == 0))
ROW_WORDS = sorted({(i - 32) // 4 for e in LANE_SRC for i in (e[0], e[2]) if i >= 32})


# --- the header ----------------------------------------------------------------
out = ['/* Generated by scripts/gift_groups512_tables.py (which checks them against a',
       ' * model of GIFT-64): do not edit. */', '',
       '/* PRE[r % 4][k][m]: 4 g + p, the register (group g) and nibble bit p where',
       ' * slice (0, 1, 3)[k] holds new nibble m after round r\'s S-box, before the',
       ' * moves: where that round\'s key (V, U) and constant bits go */',
       'static const uint8_t PRE[4][3][16] = {']
for ph in range(4):
    rows = ['{' + ', '.join(str(4 * pre[ph][j][m][0] + pre[ph][j][m][1]) for m in range(16)) + '}' for j in (0, 1, 3)]
    out.append('    {' + ',\n     '.join(rows) + '},')
out += ['};', '', '/* vpermt2b index vectors of the packing\'s exchanges: [0] makes the register',
        ' * of the pair whose exchanged bit is 0, [1] the other */']
for name, t in tables.items():
    out.append('static const uint8_t %s[2][64] = {' % name)
    for k, v in enumerate(t):
        vals = [str(x) for x in v]
        lines = ['        ' + ', '.join(vals[i:i + 16]) for i in range(0, 64, 16)]
        out.append('    {\n' + ',\n'.join(lines) + '}' + (',' if k == 0 else ''))
    out.append('};')
def rot_matrix(r):  # gf2p8affineqb's matrix rotating each nibble left by r
    return sum((1 << ((i & 4) | ((i - r) & 3))) << (8 * (7 - i)) for i in range(8))


def u64_rows(vals, per=4):
    return ['    ' + ', '.join('0x%016xull' % v for v in vals[i:i + per]) + ',' for i in range(0, len(vals), per)]


out += ['', '/* one key: entry e (112 kx + 4 r + g, kx 0: V, 1: U) from the key byte KEY_LO[e]',
        ' * (the word\'s low byte) and the one before, through these matrices */',
        'static const uint8_t KEY_LO[224] = {']
out += ['    ' + ', '.join(str(v) for v in KEY_LO[i:i + 28]) + ',' for i in range(0, 224, 28)]
out += ['};', 'static const uint64_t KEY_MAT_LO[224] = {'] + u64_rows(KEY_MAT_LO) + ['};']
out += ['static const uint64_t KEY_MAT_HI[224] = {'] + u64_rows(KEY_MAT_HI) + ['};']
out += ['', '/* many keys: the registers entries need beyond the packed ones (COL 0..31, ROW',
        ' * 32 + 4 w + q): one or two of those through a matrix (b -1: one) */',
        'static const struct lane_source { int8_t a, b; uint64_t ma, mb; } LANE_DERIVED[%d] = {' % len(LANE_DERIVED)]
out += ['    {%d, %d, 0x%016xull, 0x%016xull},' % (a, b, ma, mb) for a, ma, b, mb in LANE_DERIVED]
out += ['};', '/* entry e: packed register LANE_ENTRY[e] (below 64) or LANE_DERIVED[LANE_ENTRY[e] - 64] */',
        'static const uint8_t LANE_ENTRY[224] = {']
out += ['    ' + ', '.join(str(v) for v in LANE_ENTRY[i:i + 28]) + ',' for i in range(0, 224, 28)]
out += ['};', '/* the key search: V of round 4 t, group g from word 0\'s COL[j]: {j, matrix} */',
        'static const struct { uint8_t col; uint64_t m; } SEARCH_COL[7][4] = {']
out += ['    {' + ', '.join('{%d, 0x%016xull}' % (LANE_SRC[16 * t + g][0], LANE_SRC[16 * t + g][1]) for g in range(4)) + '},' for t in range(7)]
out += ['};', '/* the words whose ROW registers some entry reads */',
        'static const uint8_t ROW_WORDS[%d] = {%s};' % (len(ROW_WORDS), ', '.join(map(str, ROW_WORDS)))]
out += ['', '/* gf2p8affineqb matrices rotating every nibble left by 0..3 */',
        'static const uint64_t ROT_MATRIX[4] = {' + ', '.join('0x%016xull' % rot_matrix(r) for r in range(4)) + '};']
out += ['', '/* round r, group g: the constant\'s bits (slice 3) as the byte four times */',
        'static const uint32_t RC[28][4] = {']
out += ['    {' + ', '.join('0x%08xu' % (n * 0x11 * 0x01010101) for n in row) + '},' for row in RC]
out += ['};', '']
gen_header.write_or_check('src/bc/gift/groups512_tables.h', out)  # (--check: CTest groups512_tables)
