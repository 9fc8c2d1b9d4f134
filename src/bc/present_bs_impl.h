/* The bc_impl of a bitsliced PRESENT, written once for every word width:
 * included at the end of an implementation file, after its word header
 * (bs_word_*.h: bs_word, BS_LANES, bs_pack_be, bs_unpack_be, bs_store_hits)
 * and present_bs_core.h, and the file's own
 *   PRESENT_BS_DESC             the lwcx_impl_desc initializer
 *   PRESENT_BS_NAME(bits)       the object names, e.g. bc_present##bits##_avx2 */
#ifndef LWCX_PRESENT_BS_IMPL_H
#define LWCX_PRESENT_BS_IMPL_H

/* a batch into 64 words and back (functions: present_bs_pack_keys takes a
 * pointer to pack) */
static void pack(bs_word x[64], const uint8_t *in)
{
    bs_pack_be(64, x, in);
}

static void unpack(uint8_t *out, bs_word x[64])
{
    bs_unpack_be(64, out, x);
}

static void expand80(void *sched, const uint8_t *key)
{
    uint64_t rk[PRESENT_ROUNDS + 1];
    bc_present80_expand(rk, key);
    present_bs_sched_from(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

static void expand128(void *sched, const uint8_t *key)
{
    uint64_t rk[PRESENT_ROUNDS + 1];
    bc_present128_expand(rk, key);
    present_bs_sched_from(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        bs_word x[64], y[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_encrypt(x, y, sched));
    }
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        bs_word x[64], y[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_decrypt(x, y, sched));
    }
}

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        bs_word x[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, x);
    }
}

/* Many keys: the keys packed like blocks, their schedule run sliced. */
static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nk, int enc)
{
    bs_word kr[2 * 128];
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        bs_word x[64], y[64];
        present_bs_keyreg k = {kr, nk, 0};
        present_bs_pack_keys(kr, nk, keys + nk / 8 * i, BS_LANES, pack);
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_crypt_sliced(x, y, &k, enc));
    }
    lwcx_wipe(kr, sizeof kr);
}

static void encrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 80, 1);
}
static void decrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 80, 0);
}
static void encrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 128, 1);
}
static void decrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 128, 0);
}

static inline __attribute__((always_inline)) void search(const uint8_t *key0, const uint16_t *lane_bit,
                                                         const uint8_t *pt, const uint8_t *ct,
                                                         uint64_t *hits, unsigned nk)
{
    bs_word kr[2 * 128], x[64], y[64];
    present_bs_search_keys(kr, nk, key0, lane_bit);
    bs_store_hits(hits, BS_NOT(present_bs_search(kr, nk, lwcx_load64be(pt), lwcx_load64be(ct), x, y)));
}

static void search80(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                     const uint8_t *ct, uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 80);
}

static void search128(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                      const uint8_t *ct, uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 128);
}

const bc_impl PRESENT_BS_NAME(80) = {
    PRESENT_BS_DESC, sizeof(present_bs_sched), expand80,    encrypt, decrypt,
    encrypt_keys80,  decrypt_keys80,           pack_unpack, search80,
};

const bc_impl PRESENT_BS_NAME(128) = {
    PRESENT_BS_DESC, sizeof(present_bs_sched), expand128,   encrypt, decrypt,
    encrypt_keys128, decrypt_keys128,          pack_unpack, search128,
};

#endif
