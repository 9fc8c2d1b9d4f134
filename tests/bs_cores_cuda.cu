/* Compile-only test (ctest bs_cores_nvcc, when CMake finds nvcc): the
 * bitsliced cores, unchanged, as CUDA device code over the kernels' 32-bit word, with a
 * kernel that calls every cipher's encryption, decryption and key search.
 * Nothing runs: the point is that nvcc accepts the cores. */
#include "../src/bc/device/bs_word_kernel32.h" /* the kernels' own word */
#include "../src/bc/gift/bs_core.tmpl.h"
#include "../src/bc/pipo/bs_core.tmpl.h"
#include "../src/bc/present/bs_core.tmpl.h"

/* Each thread: one batch of 32 lanes under the keys at hand; out[thread]
 * gets a word of each result, so nothing is optimized away. */
__global__ void bs_cores_kernel(const present_bs_sched *ps, const uint32_t *gift_km,
                                const bs_word *pipo_key, const uint8_t *key0,
                                const uint16_t *lane_bit, const uint8_t *pt, const uint8_t *ct,
                                bs_word *out)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    bs_word x[128], y[128], kr[256], kd[GIFT_KD_WORDS], acc = BS_ZERO;
    for (unsigned i = 0; i < 64; i++) x[i] = (t >> (i % 32) & 1) ? BS_ONES : BS_ZERO;

    /* PRESENT */
    bs_word *r = present_bs_encrypt(x, y, ps);
    r = present_bs_decrypt(r, r == x ? y : x, ps);
    acc = BS_XOR(acc, r[0]);
    for (unsigned nk = 80; nk <= 128; nk += 48) {
        present_bs_search_keys(kr, nk, key0, lane_bit);
        acc = BS_XOR(acc, present_bs_search(kr, nk, 0x0123456789ABCDEFu, t, x, y));
    }

    /* GIFT */
    for (unsigned n = 64; n <= 128; n += 64) {
        for (unsigned i = 0; i < n; i++) x[i] = BS_MASK32(0u - ((t >> (i % 32)) & 1u));
        gift_bs_in(n, x);
        gift_bs_encrypt(n, x, y, gift_km, 0);
        gift_bs_decrypt(n, x, y, gift_km, 0);
        gift_bs_out(n, x);
        acc = BS_XOR(acc, x[1]);
        acc = BS_XOR(acc, gift_bs_search(n, key0, lane_bit, pt, ct, kr, kd, x, y));
    }

    /* PIPO */
    bs_word rc[PIPO_BS_MAX_ROUNDS + 1][5], key[4 * 64], c[64];
    for (unsigned nkw = 2; nkw <= 4; nkw += 2) {
        const unsigned rounds = nkw == 2 ? 13 : 17;
        pipo_bs_rc(rc, rounds);
        for (unsigned i = 0; i < 64; i++) x[i] = t & (1u << (i % 32)) ? BS_ONES : BS_ZERO;
        r = pipo_bs_encrypt(x, y, pipo_key, nkw, rounds, (const bs_word(*)[5])rc);
        r = pipo_bs_decrypt(r, r == x ? y : x, pipo_key, nkw, rounds, (const bs_word(*)[5])rc);
        acc = BS_XOR(acc, r[2]);
        for (unsigned i = 0; i < 64 * nkw; i++) key[i] = pipo_key[i];
        for (unsigned i = 0; i < 64; i++) c[i] = BS_MASK32(0u - ((ct[i / 8] >> (i % 8)) & 1u));
        pipo_bs_search_keys(key, nkw, lane_bit);
        r = pipo_bs_encrypt(x, y, key, nkw, rounds, (const bs_word(*)[5])rc);
        acc = BS_XOR(acc, pipo_bs_match(r, c));
    }
    out[t] = acc;
}
