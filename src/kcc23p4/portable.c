/* kcc23-p4 portable: plain C, no SIMD intrinsics. LANES blocks advance
 * together so the CPU sees independent dependency chains, two rounds per
 * iteration remove the swap, and in the many-keys shape the key schedule runs
 * inside the round loop (no round-key array). */
#include "kcc23p4_impl.h"

#define LANES 4

static inline uint32_t rol(uint32_t x, unsigned r)
{
    return (x << r) | (x >> (32 - r));
}
static inline uint32_t ror(uint32_t x, unsigned r)
{
    return (x >> r) | (x << (32 - r));
}
static inline uint32_t round_f(uint32_t a)
{
    return (rol(a, 1) & rol(a, 8)) ^ rol(a, 2);
}

/* one key-schedule step, producing the round key k2 for round i */
#define KS_STEP(k1, k2, i)                    \
    do {                                      \
        (k1) = (ror((k1), 8) + (k2)) ^ (i);   \
        (k2) = rol((k2), 3) ^ (k1);           \
    } while (0)

/* inverse of KS_STEP: from round i's (k1, k2) back to round i-1's */
#define KS_UNSTEP(k1, k2, i)                  \
    do {                                      \
        (k2) = ror((k2) ^ (k1), 3);           \
        (k1) = rol(((k1) ^ (i)) - (k2), 8);   \
    } while (0)

static void load_lanes(uint32_t a[LANES], uint32_t b[LANES], const uint8_t *p)
{
    for (int j = 0; j < LANES; j++) {
        a[j] = lwcx_load32le(p + 8 * j);
        b[j] = lwcx_load32le(p + 8 * j + 4);
    }
}

static void store_lanes(uint8_t *p, const uint32_t a[LANES], const uint32_t b[LANES])
{
    for (int j = 0; j < LANES; j++) {
        lwcx_store32le(p + 8 * j, a[j]);
        lwcx_store32le(p + 8 * j + 4, b[j]);
    }
}

static void portable_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    for (size_t blk = 0; blk < n; blk += LANES) {
        uint32_t a[LANES], b[LANES], k1[LANES], k2[LANES];
        load_lanes(a, b, in + 8 * blk);
        load_lanes(k1, k2, keys + 8 * blk);
        for (uint32_t i = 0; i < KCC23P4_ROUNDS; i += 2) {
            for (int j = 0; j < LANES; j++) {
                KS_STEP(k1[j], k2[j], i);
                b[j] ^= round_f(a[j]) ^ k2[j];
                KS_STEP(k1[j], k2[j], i + 1);
                a[j] ^= round_f(b[j]) ^ k2[j];
            }
        }
        store_lanes(out + 8 * blk, a, b);
    }
}

static void portable_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    for (size_t blk = 0; blk < n; blk += LANES) {
        uint32_t a[LANES], b[LANES], k1[LANES], k2[LANES];
        load_lanes(a, b, in + 8 * blk);
        load_lanes(k1, k2, keys + 8 * blk);
        for (uint32_t i = 0; i < KCC23P4_ROUNDS; i++)
            for (int j = 0; j < LANES; j++) KS_STEP(k1[j], k2[j], i);
        /* (k1, k2) now hold round 79's state; walk the schedule backwards */
        for (uint32_t i = KCC23P4_ROUNDS; i > 0; i -= 2) {
            for (int j = 0; j < LANES; j++) {
                a[j] ^= round_f(b[j]) ^ k2[j];
                KS_UNSTEP(k1[j], k2[j], i - 1);
                b[j] ^= round_f(a[j]) ^ k2[j];
                KS_UNSTEP(k1[j], k2[j], i - 2);
            }
        }
        store_lanes(out + 8 * blk, a, b);
    }
}

static void portable_encrypt_rk(uint8_t *out, const uint8_t *in, size_t n,
                                const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t blk = 0; blk < n; blk += LANES) {
        uint32_t a[LANES], b[LANES];
        load_lanes(a, b, in + 8 * blk);
        for (int i = 0; i < KCC23P4_ROUNDS; i += 2) {
            for (int j = 0; j < LANES; j++) {
                b[j] ^= round_f(a[j]) ^ rk[i];
                a[j] ^= round_f(b[j]) ^ rk[i + 1];
            }
        }
        store_lanes(out + 8 * blk, a, b);
    }
}

static void portable_decrypt_rk(uint8_t *out, const uint8_t *in, size_t n,
                                const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t blk = 0; blk < n; blk += LANES) {
        uint32_t a[LANES], b[LANES];
        load_lanes(a, b, in + 8 * blk);
        for (int i = KCC23P4_ROUNDS - 1; i > 0; i -= 2) {
            for (int j = 0; j < LANES; j++) {
                a[j] ^= round_f(b[j]) ^ rk[i];
                b[j] ^= round_f(a[j]) ^ rk[i - 1];
            }
        }
        store_lanes(out + 8 * blk, a, b);
    }
}

const kcc23p4_impl lwcx_kcc23p4_portable = {
    .desc = {
        .name = "portable",
        .description = "plain C, 4 blocks interleaved, key schedule fused into the rounds",
        .batch = LANES,
        .constant_time = 1,
    },
    .rk_batch = LANES,
    .encrypt_keys = portable_encrypt_keys,
    .decrypt_keys = portable_decrypt_keys,
    .encrypt_rk = portable_encrypt_rk,
    .decrypt_rk = portable_decrypt_rk,
};
