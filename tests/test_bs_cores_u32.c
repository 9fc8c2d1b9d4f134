/* The bitsliced cores on a 32-lane word (bitslice/bs_word_u32.h), included before
 * anything else so that they get nothing but <stdint.h> and their common
 * header: every cipher's one-key rounds on a broadcast block (all lanes
 * alike: encryption and decryption against ref) and its key-search kernel
 * (each of the 32 lanes its own key: the lanes that hit are exactly those
 * ref says). tests/bs_cores_cuda.cu compiles the same cores with nvcc.
 * Built a second time with LWCX_TEST_TERN: the word then has the
 * three-input operation (BS_TERN, here in two-input ones), so the cores
 * take the circuits written for AVX-512, checked on every machine. */
#include "../src/bc/bitslice/bs_word_u32.h"
#if defined(LWCX_TEST_TERN)
#define BS_TERN(a, b, c, imm) BS_TERN_GENERIC(a, b, c, imm)
#endif
#include "../src/bc/gift/bs_core.tmpl.h"
#include "../src/bc/pipo/bs_core.tmpl.h"
#include "../src/bc/present/bs_core.tmpl.h"

#include "../src/bc/bc_impl.h"
#include "lwcx.h"
#include "testutil.h"

#define NCIPHERS 6

static const lwcx_blockcipher ciphers[NCIPHERS] = {LWCX_PRESENT80, LWCX_PRESENT128, LWCX_GIFT64,
                                                   LWCX_GIFT128, LWCX_PIPO128, LWCX_PIPO256};

static void ref_encrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *ct, const uint8_t *pt)
{
    CHECK_OK(lwcx_impl_select(lwcx_bc_name(c), "ref"));
    CHECK(lwcx_bc_ecb_encrypt(c, key, ct, pt, lwcx_bc_block_bytes(c)) == LWCX_OK, "ref encrypt");
}

/* bit i of a big-endian (PRESENT, GIFT) or little-endian (PIPO) byte string */
static unsigned bit_be(const uint8_t *p, size_t bytes, unsigned i)
{
    return p[bytes - 1 - i / 8] >> (i % 8) & 1;
}
static unsigned bit_le(const uint8_t *p, unsigned i)
{
    return p[i / 8] >> (i % 8) & 1;
}
static bs_word mask(unsigned b)
{
    return b ? BS_ONES : BS_ZERO;
}

/* GIFT's block size n must be a constant where the cores are inlined (its
 * rounds loop is unrolled fully), hence one call per size. */
BS_INLINE void gift_one_key(const unsigned n, const uint8_t *key, const uint8_t *pt,
                            const uint8_t *ct, bs_word *x, bs_word *y, int *enc_ok, int *dec_ok)
{
    uint32_t km[GIFT_KD_WORDS];
    gift_bs_key_masks(n, km, key);
    for (unsigned i = 0; i < n; i++) x[i] = mask(bit_be(pt, n / 8, i));
    gift_bs_in(n, x);
    gift_bs_encrypt(n, x, y, km, 0);
    gift_bs_out(n, x);
    for (unsigned i = 0; i < n; i++) *enc_ok &= x[i] == mask(bit_be(ct, n / 8, i));
    gift_bs_in(n, x);
    gift_bs_decrypt(n, x, y, km, 0);
    gift_bs_out(n, x);
    for (unsigned i = 0; i < n; i++) *dec_ok &= x[i] == mask(bit_be(pt, n / 8, i));
}

/* One key, every lane the same block: encrypt pt, compare with ref's ct,
 * decrypt back. */
static void one_key(lwcx_blockcipher c, const uint8_t *key, const uint8_t *pt)
{
    const char *name = lwcx_bc_name(c);
    const unsigned n = 8 * (unsigned)lwcx_bc_block_bytes(c);
    uint8_t ct[16];
    bs_word x[128], y[128], *r;
    ref_encrypt(c, key, ct, pt);
    int enc_ok = 1, dec_ok = 1;
    if (c == LWCX_PRESENT80 || c == LWCX_PRESENT128) {
        uint64_t rk[PRESENT_ROUNDS + 1];
        static present_bs_sched s;
        (c == LWCX_PRESENT80 ? lwcx_bc_present80_expand : lwcx_bc_present128_expand)(rk, key);
        present_bs_sched_from(&s, rk);
        for (unsigned i = 0; i < 64; i++) x[i] = mask(bit_be(pt, 8, i));
        r = present_bs_encrypt(x, y, &s);
        for (unsigned i = 0; i < 64; i++) enc_ok &= r[i] == mask(bit_be(ct, 8, i));
        r = present_bs_decrypt(r, r == x ? y : x, &s);
        for (unsigned i = 0; i < 64; i++) dec_ok &= r[i] == mask(bit_be(pt, 8, i));
    } else if (c == LWCX_GIFT64 || c == LWCX_GIFT128) {
        if (n == 64)
            gift_one_key(64, key, pt, ct, x, y, &enc_ok, &dec_ok);
        else
            gift_one_key(128, key, pt, ct, x, y, &enc_ok, &dec_ok);
    } else {
        const unsigned nkw = c == LWCX_PIPO128 ? 2 : 4, rounds = c == LWCX_PIPO128 ? 13 : 17;
        bs_word k[4 * 64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
        for (unsigned i = 0; i < 64 * nkw; i++) k[i] = mask(bit_le(key, i));
        pipo_bs_rc(rc, rounds);
        for (unsigned i = 0; i < 64; i++) x[i] = mask(bit_le(pt, i));
        r = pipo_bs_encrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc);
        for (unsigned i = 0; i < 64; i++) enc_ok &= r[i] == mask(bit_le(ct, i));
        r = pipo_bs_decrypt(r, r == x ? y : x, k, nkw, rounds, (const bs_word(*)[5])rc);
        for (unsigned i = 0; i < 64; i++) dec_ok &= r[i] == mask(bit_le(pt, i));
    }
    CHECK(enc_ok, "%s: 32-lane encryption differs from ref", name);
    CHECK(dec_ok, "%s: 32-lane decryption does not invert it", name);
}

/* The key-search kernel: lane l's key is key0 with key bit lane_bit[k]
 * flipped for every bit k of l; the target is lane target's ciphertext. */
static void search(lwcx_blockcipher c, const uint8_t *key0, const uint8_t *pt, int trial)
{
    const char *name = lwcx_bc_name(c);
    const unsigned n = 8 * (unsigned)lwcx_bc_block_bytes(c), kb = (unsigned)lwcx_bc_key_bytes(c);
    uint16_t lane_bit[5];
    for (unsigned b = 0; b < 5; b++) {
        int dup;
        do {
            lane_bit[b] = (uint16_t)(trial == 0 ? b : tu_rand() % (8 * kb));
            dup = 0;
            for (unsigned e = 0; e < b; e++) dup |= lane_bit[e] == lane_bit[b];
        } while (dup);
    }
    uint8_t keys[32][32], ct[16], blk[16];
    for (unsigned l = 0; l < 32; l++) {
        memcpy(keys[l], key0, kb);
        for (unsigned b = 0; b < 5; b++)
            if (l >> b & 1) keys[l][kb - 1 - lane_bit[b] / 8] ^= (uint8_t)(1u << (lane_bit[b] % 8));
    }
    ref_encrypt(c, keys[tu_rand() % 32], ct, pt);
    if (trial == 1) ct[0] ^= 1; /* likely no lane */
    uint32_t want = 0;
    for (unsigned l = 0; l < 32; l++) {
        ref_encrypt(c, keys[l], blk, pt);
        if (memcmp(blk, ct, n / 8) == 0) want |= 1u << l;
    }
    bs_word got, x[128], y[128];
    if (c == LWCX_PRESENT80 || c == LWCX_PRESENT128) {
        bs_word kr[2 * 128];
        present_bs_search_keys(kr, 8 * kb, key0, lane_bit);
        got = BS_NOT(present_bs_search(kr, 8 * kb, lwcx_load64be(pt), lwcx_load64be(ct), x, y));
    } else if (c == LWCX_GIFT64 || c == LWCX_GIFT128) {
        bs_word kw[128], kd[GIFT_KD_WORDS];
        got = n == 64 ? gift_bs_search(64, key0, lane_bit, pt, ct, kw, kd, x, y)
                      : gift_bs_search(128, key0, lane_bit, pt, ct, kw, kd, x, y);
    } else {
        const unsigned nkw = c == LWCX_PIPO128 ? 2 : 4, rounds = c == LWCX_PIPO128 ? 13 : 17;
        bs_word k[4 * 64], cw[64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
        for (unsigned i = 0; i < 64 * nkw; i++) k[i] = mask(bit_le(key0, i));
        for (unsigned i = 0; i < 64; i++) x[i] = mask(bit_le(pt, i)), cw[i] = mask(bit_le(ct, i));
        pipo_bs_rc(rc, rounds);
        pipo_bs_search_keys(k, nkw, lane_bit);
        got = pipo_bs_match(pipo_bs_encrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc), cw);
    }
    CHECK(got == want && (trial == 1 || want), "%s: 32-lane search hits %08x, ref %08x (trial %d)", name,
          (unsigned)got, (unsigned)want, trial);
}

/* PRESENT's first filter (present_bs_search16), on each of its paths for
 * round 1 and, with the lanes in key bits 0-4, with the other key words as
 * masks (lane0): it keeps every lane that gives ct; the 16 ciphertext bits
 * it reads are bits 0, 4, .., 60, so with ciphertext bit 1 flipped the lane
 * that gave ct still passes it, and with bit 0 flipped it does not. */
static void search16(lwcx_blockcipher c, const uint8_t *key0, const uint8_t *pt, int trial)
{
    const unsigned kb = (unsigned)lwcx_bc_key_bytes(c), nk = 8 * kb;
    uint16_t lane_bit[5];
    int k1_shared = 1;
    for (unsigned b = 0; b < 5; b++) { /* in K_1, below it, or key bits 0-4 in another order */
        lane_bit[b] = (uint16_t)(trial % 3 == 1 ? nk - 1 - 7 * b : trial % 3 == 2 ? 4 - b : 3 * b);
        k1_shared &= lane_bit[b] < nk - 64;
    }
    const unsigned target = (unsigned)tu_rand() % 32;
    uint8_t key[32], ct[8];
    memcpy(key, key0, kb);
    for (unsigned b = 0; b < 5; b++)
        if (target >> b & 1) key[kb - 1 - lane_bit[b] / 8] ^= (uint8_t)(1u << (lane_bit[b] % 8));
    ref_encrypt(c, key, ct, pt);
    for (int flip = -1; flip <= 1; flip++) { /* none, ciphertext bit 0, bit 1 */
        uint8_t t[8];
        memcpy(t, ct, 8);
        if (flip >= 0) t[7] ^= (uint8_t)(1u << flip);
        bs_word kr[2 * 128], x[64], y[64];
        present_bs_search_keys(kr, nk, key0, lane_bit);
        const bs_word full = BS_NOT(present_bs_search(kr, nk, lwcx_load64be(pt), lwcx_load64be(t), x, y));
        const uint64_t lane0[2] = {lwcx_load64be(key0 + kb - 8),
                                   nk == 80 ? (uint64_t)key0[0] << 8 | key0[1] : lwcx_load64be(key0)};
        for (int path = 0; path <= k1_shared + (trial % 3 == 2); path++) { /* 1: K_1 shared, 2: masks */
            if (path < 2)
                present_bs_search_keys(kr, nk, key0, lane_bit);
            else
                present_bs_search_keys_low(kr, nk, lane0, lane_bit);
            const bs_word got = BS_NOT(present_bs_search16(kr, nk, lwcx_load64be(pt), lwcx_load64be(t), x, y,
                                                            path > 0, lwcx_load64be(key0), path == 2 ? lane0 : 0));
            CHECK((got & full) == full && (got >> target & 1) == (flip != 0),
                  "%s: 16-bit filter %08x, full %08x, target lane %u, ct bit %d flipped, path %d",
                  lwcx_bc_name(c), (unsigned)got, (unsigned)full, target, flip, path);
        }
    }
}

int main(void)
{
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        for (int trial = 0; trial < 8; trial++) {
            uint8_t key[32], pt[16];
            tu_fill(key, sizeof key);
            tu_fill(pt, sizeof pt);
            one_key(c, key, pt);
            search(c, key, pt, trial);
            if (c == LWCX_PRESENT80 || c == LWCX_PRESENT128) search16(c, key, pt, trial);
        }
        CHECK_OK(lwcx_impl_select(lwcx_bc_name(c), NULL));
    }
    return tu_finish();
}
