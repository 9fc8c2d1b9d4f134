/* PRESENT, GIFT and PIPO in ECB and CTR as OpenSSL ciphers, over lwcx's
 * one-call modes (lwcx_bc_ecb_*, lwcx_bc_ctr). lwcx takes whole messages,
 * EVP gives pieces: ECB keeps the partial block (and, decrypting with
 * padding, the last whole one, which may be the padding) for the next
 * call; CTR keeps the counter block and what is left of the current
 * keystream block, so that the pieces give what one call would. Padding
 * is PKCS#7, on by default as for OpenSSL's own ECB ciphers. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "lwcx.h"
#include "prov.h"

enum { MODE_ECB = 1, MODE_CTR = 5 }; /* EVP_CIPH_ECB_MODE, EVP_CIPH_CTR_MODE */

typedef struct bc_ctx {
    const lwcx_prov *prov;
    lwcx_blockcipher c;
    int mode, enc, key_set, iv_set, padding;
    uint8_t key[LWCX_BC_MAX_KEY_BYTES];
    uint8_t ctr[LWCX_BC_MAX_BLOCK_BYTES]; /* CTR: the next counter block */
    uint8_t buf[LWCX_BC_MAX_BLOCK_BYTES]; /* ECB: held input; CTR: the current keystream block */
    size_t nbuf;                          /* ECB: bytes held; CTR: keystream bytes already used */
} bc_ctx;

static size_t bs_of(const bc_ctx *b)
{
    return lwcx_bc_block_bytes(b->c);
}

static void *bc_newctx(void *provctx, lwcx_blockcipher c, int mode)
{
    bc_ctx *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->prov = provctx;
    b->c = c;
    b->mode = mode;
    b->padding = 1;
    return b;
}

static void bc_freectx(void *vb)
{
    bc_ctx *b = vb;
    if (!b) return;
    lwcx_wipe(b, sizeof *b); /* key, keystream, held plaintext */
    free(b);
}

/* Nothing in it points anywhere: a copy is a byte copy. */
static void *bc_dupctx(void *vb)
{
    bc_ctx *d = malloc(sizeof *d);
    if (d) memcpy(d, vb, sizeof *d);
    return d;
}

static int bc_set_ctx_params(void *vb, const OSSL_PARAM params[])
{
    bc_ctx *b = vb;
    const OSSL_PARAM *p;
    if (!b || !params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING))) {
        unsigned int pad;
        if (!OSSL_PARAM_get_uint(p, &pad)) return 0;
        b->padding = pad != 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        size_t len;
        if (!OSSL_PARAM_get_size_t(p, &len) || len != lwcx_bc_key_bytes(b->c)) {
            lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s: the key is %zu bytes", lwcx_bc_name(b->c),
                          lwcx_bc_key_bytes(b->c));
            return 0;
        }
    }
    return 1;
}

static int bc_init(bc_ctx *b, int enc, const unsigned char *key, size_t keylen, const unsigned char *iv,
                   size_t ivlen, const OSSL_PARAM params[])
{
    if (!b) return 0;
    b->enc = enc;
    b->nbuf = 0;
    lwcx_wipe(b->buf, sizeof b->buf);
    if (key) {
        if (keylen != lwcx_bc_key_bytes(b->c)) {
            lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s: a %zu-byte key, not %zu", lwcx_bc_name(b->c),
                          lwcx_bc_key_bytes(b->c), keylen);
            return 0;
        }
        memcpy(b->key, key, keylen);
        b->key_set = 1;
    }
    if (iv && b->mode == MODE_CTR) {
        if (ivlen != bs_of(b)) {
            lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s-ctr: a %zu-byte IV, not %zu", lwcx_bc_name(b->c),
                          bs_of(b), ivlen);
            return 0;
        }
        memcpy(b->ctr, iv, ivlen);
        b->iv_set = 1;
    }
    return bc_set_ctx_params(b, params);
}

static int bc_einit(void *vb, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return bc_init(vb, 1, key, keylen, iv, ivlen, params);
}

static int bc_dinit(void *vb, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return bc_init(vb, 0, key, keylen, iv, ivlen, params);
}

static int lib_error(const bc_ctx *b, int rc)
{
    lwcx_prov_err(b->prov, LWCX_PROV_R_LIBRARY, "%s: %s", lwcx_bc_name(b->c), lwcx_strerror(rc));
    return 0;
}

/* The counter block plus n, as one big-endian integer (lwcx's CTR). */
static void ctr_add(uint8_t *ctr, size_t bs, size_t n)
{
    for (size_t i = bs; i-- > 0 && n;) {
        n += ctr[i];
        ctr[i] = (uint8_t)n;
        n >>= 8;
    }
}

static int ctr_update(bc_ctx *b, unsigned char *out, const unsigned char *in, size_t len)
{
    const size_t bs = bs_of(b);
    int rc;
    /* first what is left of the current keystream block */
    while (len && b->nbuf && b->nbuf < bs) {
        *out++ = *in++ ^ b->buf[b->nbuf++];
        len--;
    }
    const size_t whole = len - len % bs;
    if (whole) {
        if ((rc = lwcx_bc_ctr(b->c, b->key, b->ctr, out, in, whole)) != LWCX_OK) return lib_error(b, rc);
        ctr_add(b->ctr, bs, whole / bs);
        out += whole, in += whole, len -= whole;
    }
    if (len) { /* a partial block: its keystream is kept for the next call */
        uint8_t zero[LWCX_BC_MAX_BLOCK_BYTES] = {0};
        if ((rc = lwcx_bc_ctr(b->c, b->key, b->ctr, b->buf, zero, bs)) != LWCX_OK) return lib_error(b, rc);
        ctr_add(b->ctr, bs, 1);
        for (b->nbuf = 0; b->nbuf < len; b->nbuf++) out[b->nbuf] = in[b->nbuf] ^ b->buf[b->nbuf];
    }
    return 1;
}

static int ecb_blocks(bc_ctx *b, unsigned char *out, const unsigned char *in, size_t len)
{
    const int rc = b->enc ? lwcx_bc_ecb_encrypt(b->c, b->key, out, in, len) : lwcx_bc_ecb_decrypt(b->c, b->key, out, in, len);
    return rc == LWCX_OK ? 1 : lib_error(b, rc);
}

/* ECB: whole blocks out; the rest held. Decrypting with padding, a last
 * whole block is held too, for final to unpad. */
static int ecb_update(bc_ctx *b, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t len)
{
    const size_t bs = bs_of(b), hold_last = !b->enc && b->padding;
    size_t total = b->nbuf + len, emit = total - total % bs;
    if (hold_last && emit && emit == total) emit -= bs;
    if (outsize < emit) {
        lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s-ecb: %zu bytes of output space for %zu", lwcx_bc_name(b->c),
                      outsize, emit);
        return 0;
    }
    size_t done = 0;
    if (b->nbuf && emit) { /* complete the held block first */
        const size_t take = bs - b->nbuf;
        memcpy(b->buf + b->nbuf, in, take);
        if (!ecb_blocks(b, out, b->buf, bs)) return 0;
        in += take, len -= take, done = bs, b->nbuf = 0;
    }
    if (emit > done) {
        const size_t n = emit - done;
        if (!ecb_blocks(b, out + done, in, n)) return 0;
        in += n, len -= n;
    }
    memcpy(b->buf + b->nbuf, in, len);
    b->nbuf += len;
    *outl = emit;
    return 1;
}

static int bc_update(void *vb, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl)
{
    bc_ctx *b = vb;
    if (!b) return 0;
    if (!b->key_set || (b->mode == MODE_CTR && !b->iv_set)) {
        lwcx_prov_err(b->prov, LWCX_PROV_R_NO_KEY, "%s: no %s set", lwcx_bc_name(b->c), b->key_set ? "IV" : "key");
        return 0;
    }
    if (b->mode == MODE_ECB) return ecb_update(b, out, outl, outsize, in, inl);
    if (outsize < inl) {
        lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s-ctr: %zu bytes of output space for %zu", lwcx_bc_name(b->c),
                      outsize, inl);
        return 0;
    }
    if (!ctr_update(b, out, in, inl)) return 0;
    *outl = inl;
    return 1;
}

static int bc_final(void *vb, unsigned char *out, size_t *outl, size_t outsize)
{
    bc_ctx *b = vb;
    if (!b) return 0;
    *outl = 0;
    if (b->mode == MODE_CTR) return 1; /* every byte went out in update */
    const size_t bs = bs_of(b);
    if (!b->padding) {
        if (b->nbuf) {
            lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s-ecb without padding: %zu bytes left over, not a block",
                          lwcx_bc_name(b->c), b->nbuf);
            return 0;
        }
        return 1;
    }
    if (outsize < bs) {
        lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s-ecb: no room for the last block", lwcx_bc_name(b->c));
        return 0;
    }
    if (b->enc) { /* PKCS#7: 1..bs bytes, each their count */
        memset(b->buf + b->nbuf, (int)(bs - b->nbuf), bs - b->nbuf);
        if (!ecb_blocks(b, out, b->buf, bs)) return 0;
        b->nbuf = 0;
        *outl = bs;
        return 1;
    }
    uint8_t last[LWCX_BC_MAX_BLOCK_BYTES];
    if (b->nbuf != bs || !ecb_blocks(b, last, b->buf, bs)) {
        if (b->nbuf != bs)
            lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_LENGTH, "%s-ecb: the ciphertext is not whole blocks",
                          lwcx_bc_name(b->c));
        return 0;
    }
    const size_t pad = last[bs - 1];
    int bad = pad == 0 || pad > bs;
    for (size_t i = 0; !bad && i < pad; i++) bad = last[bs - 1 - i] != pad;
    b->nbuf = 0;
    if (bad) {
        lwcx_wipe(last, sizeof last);
        lwcx_prov_err(b->prov, LWCX_PROV_R_BAD_PARAM, "%s-ecb: bad padding (a wrong key, or damaged data)",
                      lwcx_bc_name(b->c));
        return 0;
    }
    memcpy(out, last, bs - pad);
    lwcx_wipe(last, sizeof last);
    *outl = bs - pad;
    return 1;
}

static int bc_get_ctx_params(void *vb, OSSL_PARAM params[])
{
    bc_ctx *b = vb;
    OSSL_PARAM *p;
    if (!b) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(p, lwcx_bc_key_bytes(b->c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) &&
        !OSSL_PARAM_set_size_t(p, b->mode == MODE_CTR ? bs_of(b) : 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_PADDING)) && !OSSL_PARAM_set_uint(p, (unsigned)b->padding))
        return 0;
    return 1;
}

static int bc_get_params(OSSL_PARAM params[], lwcx_blockcipher c, int mode)
{
    OSSL_PARAM *p;
    const size_t bs = lwcx_bc_block_bytes(c);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) && !OSSL_PARAM_set_uint(p, (unsigned)mode)) return 0;
    /* CTR is a stream of bytes to EVP: block size 1, as OpenSSL's own CTR ciphers */
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) &&
        !OSSL_PARAM_set_size_t(p, mode == MODE_CTR ? 1 : bs))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(p, lwcx_bc_key_bytes(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(p, mode == MODE_CTR ? bs : 0))
        return 0;
    return 1;
}

static const OSSL_PARAM *bc_gettable_params(void *provctx)
{
    (void)provctx;
    static const OSSL_PARAM params[] = {
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL), OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL), OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
        OSSL_PARAM_END};
    return params;
}

static const OSSL_PARAM *bc_gettable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
                                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
                                        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL), OSSL_PARAM_END};
    return params;
}

static const OSSL_PARAM *bc_settable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
                                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL), OSSL_PARAM_END};
    return params;
}

#define BC_CIPHER(name, C, MODE)                                                                           \
    static void *name##_newctx(void *provctx)                                                              \
    {                                                                                                      \
        return bc_newctx(provctx, C, MODE);                                                                \
    }                                                                                                      \
    static int name##_get_params(OSSL_PARAM params[])                                                      \
    {                                                                                                      \
        return bc_get_params(params, C, MODE);                                                             \
    }                                                                                                      \
    static const OSSL_DISPATCH name##_functions[] = {                                                      \
        {OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))name##_newctx},                                          \
        {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))bc_freectx},                                            \
        {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))bc_dupctx},                                              \
        {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))bc_einit},                                         \
        {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))bc_dinit},                                         \
        {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))bc_update},                                              \
        {OSSL_FUNC_CIPHER_FINAL, (void (*)(void))bc_final},                                                \
        {OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))name##_get_params},                                  \
        {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))bc_gettable_params},                            \
        {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))bc_get_ctx_params},                              \
        {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))bc_gettable_ctx_params},                    \
        {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))bc_set_ctx_params},                              \
        {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))bc_settable_ctx_params},                    \
        {0, NULL}};

#define BC_BOTH(name, C) BC_CIPHER(name##_ecb, C, MODE_ECB) BC_CIPHER(name##_ctr, C, MODE_CTR)
BC_BOTH(present80, LWCX_PRESENT80)
BC_BOTH(present128, LWCX_PRESENT128)
BC_BOTH(gift64, LWCX_GIFT64)
BC_BOTH(gift128, LWCX_GIFT128)
BC_BOTH(pipo128, LWCX_PIPO128)
BC_BOTH(pipo256, LWCX_PIPO256)

#define BC_ALGS(NAME, name, WHAT)                                                                          \
    {NAME "-ECB", "provider=lwcx", name##_ecb_functions, WHAT " in ECB, lwcx"},                            \
        {NAME "-CTR", "provider=lwcx", name##_ctr_functions, WHAT " in CTR, lwcx"},

const OSSL_ALGORITHM lwcx_prov_block_ciphers[] = {
    BC_ALGS("PRESENT80", present80, "PRESENT-80") BC_ALGS("PRESENT128", present128, "PRESENT-128")
        BC_ALGS("GIFT64", gift64, "GIFT-64") BC_ALGS("GIFT128", gift128, "GIFT-128")
            BC_ALGS("PIPO128", pipo128, "PIPO-64/128") BC_ALGS("PIPO256", pipo256, "PIPO-64/256"){NULL, NULL, NULL, NULL}};
