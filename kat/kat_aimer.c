/* AIMer known answers: record 0 of each official v2.1 KAT file, rebuilt
 * from the NIST DRBG and checked by its SHA-256 (pk || sk || sm); the full
 * hundred records per set are test_aimer's. */
#include "kat_aimer.h"

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "kat.h"

static int aes256_ecb(const uint8_t key[32], const uint8_t *in, uint8_t *out, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0, ok = c && EVP_EncryptInit_ex(c, EVP_aes_256_ecb(), NULL, key, NULL) &&
                    EVP_CIPHER_CTX_set_padding(c, 0) && EVP_EncryptUpdate(c, out, &n, in, (int)len) &&
                    (size_t)n == len;
    EVP_CIPHER_CTX_free(c);
    return ok ? 0 : -1;
}

static void v_increment(uint8_t v[16])
{
    for (int i = 15; i >= 0 && ++v[i] == 0; i--) {
    }
}

/* CTR_DRBG_Update: three counter blocks, XOR the provided data, new key and V */
static int drbg_update(kat_drbg *d, const uint8_t *provided)
{
    uint8_t ctr[48], tmp[48];
    for (int i = 0; i < 3; i++) {
        v_increment(d->v);
        memcpy(ctr + 16 * i, d->v, 16);
    }
    if (aes256_ecb(d->key, ctr, tmp, 48)) return -1;
    if (provided)
        for (int i = 0; i < 48; i++) tmp[i] ^= provided[i];
    memcpy(d->key, tmp, 32);
    memcpy(d->v, tmp + 32, 16);
    return 0;
}

int kat_drbg_init(kat_drbg *d, const uint8_t entropy[48])
{
    memset(d, 0, sizeof *d);
    return drbg_update(d, entropy);
}

int kat_drbg_bytes(kat_drbg *d, uint8_t *out, size_t len)
{
    uint8_t block[16];
    while (len) {
        v_increment(d->v);
        if (aes256_ecb(d->key, d->v, block, 16)) return -1;
        size_t n = len < 16 ? len : 16;
        memcpy(out, block, n);
        out += n;
        len -= n;
    }
    return drbg_update(d, NULL);
}

int kat_aimer_records(const lwcx_impl *impl, lwcx_aimer_set set, unsigned count,
                      const uint8_t (*want)[32], FILE *log, unsigned *checks)
{
    const size_t lam = lwcx_aimer_seed_bytes(set), pkb = lwcx_aimer_pk_bytes(set);
    const size_t skb = lwcx_aimer_sk_bytes(set), sigb = lwcx_aimer_sig_bytes(set);
    const size_t max_mlen = 33 * 100;
    uint8_t entropy[48], seed[48], rnd[2 * 32], rho[32], pk[64], sk[96], digest[32];
    uint8_t *msg = malloc(max_mlen), *sm = malloc(max_mlen + sigb), *opened = malloc(max_mlen);
    kat_drbg outer, inner;
    int bad = 0;
    if (!lam || count > 100 || !msg || !sm || !opened) {
        fprintf(log, "aimer: cannot run the KAT of set %d\n", (int)set);
        free(msg);
        free(sm);
        free(opened);
        return 1;
    }
    for (int i = 0; i < 48; i++) entropy[i] = (uint8_t)i;
    kat_drbg_init(&outer, entropy);
    for (unsigned i = 0; i < count; i++) {
        /* the request file: seed and message from the outer DRBG */
        const size_t mlen = 33 * (size_t)(i + 1);
        size_t smlen = 0, olen = 0;
        int rc = kat_drbg_bytes(&outer, seed, 48) | kat_drbg_bytes(&outer, msg, mlen) |
                 kat_drbg_init(&inner, seed);
        /* the response: pt, then the IV, then rho, each one DRBG call */
        rc |= kat_drbg_bytes(&inner, rnd, lam) | kat_drbg_bytes(&inner, rnd + lam, lam) |
              kat_drbg_bytes(&inner, rho, lam);
        if (!rc) rc = lwcx_aimer_keygen_from_with(impl, set, pk, sk, rnd);
        if (!rc) rc = lwcx_aimer_sign_from_with(impl, set, sm + mlen, msg, mlen, sk, rho);
        memcpy(sm, msg, mlen);
        smlen = mlen + sigb;
        EVP_MD_CTX *h = EVP_MD_CTX_new();
        unsigned dlen = 0;
        if (!rc && !(h && EVP_DigestInit_ex(h, EVP_sha256(), NULL) && EVP_DigestUpdate(h, pk, pkb) &&
                     EVP_DigestUpdate(h, sk, skb) && EVP_DigestUpdate(h, sm, smlen) &&
                     EVP_DigestFinal_ex(h, digest, &dlen)))
            rc = -1;
        EVP_MD_CTX_free(h);
        (*checks)++;
        if (rc || memcmp(digest, want[i], 32)) {
            if (bad++ < 3) fprintf(log, "%s: KAT record %u differs (rc %d)\n", lwcx_aimer_name(set), i, rc);
            continue;
        }
        (*checks)++;
        if (lwcx_aimer_open_with(impl, set, opened, &olen, sm, smlen, pk) || olen != mlen ||
            memcmp(opened, msg, mlen)) {
            if (bad++ < 3) fprintf(log, "%s: KAT record %u does not open\n", lwcx_aimer_name(set), i);
        }
    }
    free(msg);
    free(sm);
    free(opened);
    return bad;
}

/* SHA-256 (pk || sk || sm) of record 0 of each official file, in set order */
static const char *const record0[] = {
    "6ff1b31f749ce53e7c9e339ce1e01d35875542cebe8545f551a754d4828e6ea2",
    "7930ce39a07b438247121db57ce906396d6f0c017ca687ba7893f728391e36a5",
    "363642628f8bcd720e6443bdd635e76a65eca41106263a35d44752dd130251cb",
    "70c1a61e3b356a3472ee8e861d1c1bc3396575b8017542e06c41c0025d769601",
    "c5be5eda64348d6f4e0d5ecdabe33e00004274322aa16c713ae13c15909d584f",
    "30b606bdec222d6ac8692d3b592eb3ec12c1f510db3ebeabc217920fb261ca14",
};

static int official_record0(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    int bad = 0;
    for (int s = 0; s < 6; s++) {
        uint8_t want[1][32];
        if (kat_hex(record0[s], want[0], 32)) return 1;
        bad += kat_aimer_records(impl, (lwcx_aimer_set)s, 1, (const uint8_t(*)[32])want, log, checks);
    }
    return bad;
}

static const kat_suite suite_record0 = {"aimer", "official_record0_x6", official_record0};

const kat_suite *const kat_suites_aimer[] = {&suite_record0, NULL};
