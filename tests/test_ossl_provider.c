/* The OpenSSL provider (provider/) through EVP, against lwcx's own calls:
 * the provider's parameters; Esch256/384 digests and XOEsch256/384 XOFs on
 * random messages in one call and in pieces; the four Schwaemm variants
 * as AEAD ciphers on random keys, nonces, associated data and messages,
 * encrypting and decrypting in one call and in pieces of every size, the
 * plaintext returned by EVP_DecryptUpdate before the tag is checked (EVP's
 * convention), in place, and a context reused with a new nonce; then what
 * must fail, with an error on OpenSSL's queue: a flipped tag, ciphertext,
 * associated data or nonce bit, a truncated or extended ciphertext, no tag,
 * tags, keys and nonces of the wrong size, associated data after the
 * message, a nonce used twice; contexts copied mid-message, HMAC over
 * Esch; PRESENT, GIFT and PIPO in
 * ECB (PKCS#7 padding) and CTR against lwcx_bc_ecb_* and lwcx_bc_ctr, in
 * pieces of every size; AIMer keys and signatures
 * (every set) against lwcx's own calls, keys written as DER and read back,
 * and tampering, bad keys and damaged key files refused.
 * With KAT_DIR (the NIST
 * KAT files of tests/kat/sparkle_kat.tar.gz, extracted): every record of
 * each Esch, XOEsch and Schwaemm file through EVP as well.
 * Usage: test_ossl_provider MODULE_DIR [KAT_DIR]
 * (MODULE_DIR: the folder holding lwcx.so). */
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "lwcx.h"
#include "testutil.h"

/* An error on OpenSSL's queue, and the queue emptied: a failure must say
 * why. The provider's own errors (with_text) carry a message too, somewhere
 * on the queue (EVP may add its own after the provider's). */
static int error_queued_text(const char *what, int with_text)
{
    const char *data = NULL;
    int flags = 0, errors = 0, text = 0;
    unsigned long e;
    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        errors++;
        const int t = data && *data && (flags & ERR_TXT_STRING);
        text |= t;
        if (getenv("VERBOSE")) {
            char buf[256];
            ERR_error_string_n(e, buf, sizeof buf);
            fprintf(stderr, "%s: %s: %s\n", what, buf, t ? data : "(no message)");
        }
    }
    return errors && (text || !with_text);
}
#define error_queued(what) error_queued_text(what, 1)

static void provider_params(OSSL_PROVIDER *prov)
{
    char impls[400] = "", aimer[100] = "";
    const char *name = NULL, *info = NULL;
    OSSL_PARAM params[] = {OSSL_PARAM_utf8_string("lwcx-sparkle-impl", impls, sizeof impls),
                           OSSL_PARAM_utf8_string("lwcx-aimer-impl", aimer, sizeof aimer),
                           OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, (char **)&name, 0),
                           OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&info, 0), OSSL_PARAM_END};
    CHECK(OSSL_PROVIDER_get_params(prov, params) == 1, "provider parameters");
    CHECK(name && !strcmp(name, "lwcx"), "name %s", name ? name : "(none)");
    /* the implementations the module's lwcx chose: this program's lwcx, under
     * the same environment, chooses the same ones */
    static const char *const kinds[] = {"one_state_256", "one_state_384", "one_state_512"};
    for (int i = 0; i < 3; i++) {
        const lwcx_impl *im = lwcx_impl_auto_call("sparkle", kinds[i], 0, NULL);
        char want[64];
        snprintf(want, sizeof want, "sparkle%s=%s ", kinds[i] + 10, im ? lwcx_impl_name(im) : "?");
        CHECK(strstr(impls, want) != NULL, "lwcx-sparkle-impl '%s' lacks '%s'", impls, want);
        CHECK(info && strstr(info, want) != NULL, "buildinfo '%s' lacks '%s'", info ? info : "", want);
    }
    const lwcx_impl *im = lwcx_impl_auto_call("aimer", lwcx_impl_call_kind("aimer", 0), 0, NULL);
    char want[64];
    snprintf(want, sizeof want, "aimer=%s ", im ? lwcx_impl_name(im) : "?");
    CHECK(!strncmp(aimer, want, strlen(want)), "lwcx-aimer-impl '%s', not '%s...'", aimer, want);
    CHECK(info && strstr(info, want) != NULL, "buildinfo '%s' lacks '%s'", info ? info : "", want);
    printf("provider: %s\n", info ? info : "(no buildinfo)");
}

/* ---- Esch ------------------------------------------------------------------ */

static void esch(const char *alg, lwcx_esch_variant v)
{
    EVP_MD *md = EVP_MD_fetch(NULL, alg, "provider=lwcx");
    CHECK(md != NULL, "fetch %s", alg);
    if (!md) return;
    const int xof = v == LWCX_XOESCH256 || v == LWCX_XOESCH384;
    CHECK(EVP_MD_get_size(md) == (int)lwcx_esch_digest_bytes(v), "%s size %d", alg, EVP_MD_get_size(md));
    CHECK(!!(EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) == xof, "%s XOF flag", alg);
    static uint8_t msg[1100];
    uint8_t got[200], want[200];
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    for (size_t len = 0; len <= sizeof msg; len += len < 70 ? 1 : 97) {
        tu_fill(msg, len);
        const size_t outlen = xof ? 1 + len % 150 : lwcx_esch_digest_bytes(v);
        CHECK_OK(lwcx_esch_hash(v, want, outlen, msg, len));
        /* one call, then pieces of a size that changes with the length */
        unsigned int n = 0;
        if (!xof) {
            CHECK(EVP_Digest(msg, len, got, &n, md, NULL) == 1 && n == outlen, "%s EVP_Digest %zu", alg, len);
            CHECK(!memcmp(got, want, outlen), "%s EVP_Digest differs at length %zu", alg, len);
        }
        const size_t piece = 1 + len % 37;
        int ok = EVP_DigestInit_ex(ctx, md, NULL);
        for (size_t at = 0; at < len; at += piece) ok &= EVP_DigestUpdate(ctx, msg + at, len - at < piece ? len - at : piece);
        ok &= xof ? EVP_DigestFinalXOF(ctx, got, outlen) : EVP_DigestFinal_ex(ctx, got, &n);
        CHECK(ok == 1, "%s in pieces of %zu, length %zu", alg, piece, len);
        CHECK(!memcmp(got, want, outlen), "%s in pieces of %zu differs at length %zu", alg, piece, len);
    }
    /* a copy made mid-message: the source and the copy each finish it */
    EVP_MD_CTX *copy = EVP_MD_CTX_new();
    const size_t len = 300, outlen = lwcx_esch_digest_bytes(v);
    tu_fill(msg, len);
    CHECK_OK(lwcx_esch_hash(v, want, outlen, msg, len));
    for (size_t cut = 0; cut <= len; cut += 1 + cut / 3) {
        int ok = EVP_DigestInit_ex(ctx, md, NULL) == 1 && EVP_DigestUpdate(ctx, msg, cut) == 1 &&
                 EVP_MD_CTX_copy_ex(copy, ctx) == 1;
        for (EVP_MD_CTX *c = ctx; ok && c; c = c == ctx ? copy : NULL) {
            unsigned int n = 0;
            ok = EVP_DigestUpdate(c, msg + cut, len - cut) == 1 &&
                 (xof ? EVP_DigestFinalXOF(c, got, outlen) : EVP_DigestFinal_ex(c, got, &n)) == 1 &&
                 !memcmp(got, want, outlen);
        }
        CHECK(ok, "%s: a context copied after %zu of %zu bytes", alg, cut, len);
    }
    CHECK(EVP_MD_CTX_copy_ex(copy, ctx) == 1, "%s: a finished context copied", alg);
    EVP_MD_CTX_free(copy);
    /* what must fail: a length for a fixed-size digest */
    CHECK(EVP_DigestInit_ex(ctx, md, NULL) == 1, "%s init", alg);
    if (!xof) CHECK(EVP_DigestFinalXOF(ctx, got, 20) != 1 && error_queued("XOF length on a digest"), "%s: XOF length accepted", alg);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
}

/* HMAC over Esch through EVP_MAC (which copies digest contexts) against
 * HMAC's definition over lwcx_esch_hash, with keys shorter and longer than
 * the block. */
static void hmac_esch(const char *alg, lwcx_esch_variant v)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MD *md = EVP_MD_fetch(NULL, alg, "provider=lwcx");
    CHECK(mac && md, "fetch HMAC and %s", alg);
    if (!mac || !md) return;
    const size_t block = (size_t)EVP_MD_get_block_size(md), db = lwcx_esch_digest_bytes(v);
    uint8_t key[100], msg[200], got[64], want[64], k0[128], pad[128 + 200], inner[64];
    for (size_t klen = 0; klen <= sizeof key; klen += 7) {
        const size_t mlen = 2 * klen;
        tu_fill(key, klen);
        tu_fill(msg, mlen);
        memset(k0, 0, sizeof k0);
        if (klen > block) CHECK_OK(lwcx_esch_hash(v, k0, db, key, klen));
        else memcpy(k0, key, klen);
        for (size_t i = 0; i < block; i++) pad[i] = k0[i] ^ 0x36;
        memcpy(pad + block, msg, mlen);
        CHECK_OK(lwcx_esch_hash(v, inner, db, pad, block + mlen));
        for (size_t i = 0; i < block; i++) pad[i] = k0[i] ^ 0x5c;
        memcpy(pad + block, inner, db);
        CHECK_OK(lwcx_esch_hash(v, want, db, pad, block + db));
        OSSL_PARAM params[] = {OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)alg, 0),
                               OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, "provider=lwcx", 0), OSSL_PARAM_END};
        EVP_MAC_CTX *m = EVP_MAC_CTX_new(mac);
        size_t n = 0;
        const int ok = m && EVP_MAC_init(m, key, klen, params) == 1 && EVP_MAC_update(m, msg, mlen) == 1 &&
                       EVP_MAC_final(m, got, &n, sizeof got) == 1 && n == db && !memcmp(got, want, db);
        CHECK(ok, "HMAC-%s, a %zu-byte key", alg, klen);
        EVP_MAC_CTX_free(m);
    }
    EVP_MD_free(md);
    EVP_MAC_free(mac);
}

/* ---- Schwaemm ------------------------------------------------------------- */

typedef struct {
    const char *alg;
    lwcx_schwaemm_variant v;
    size_t kb, nb, tb;
    EVP_CIPHER *c;
} variant;

/* Encrypts or decrypts with EVP, associated data and message in pieces of
 * `piece` bytes (0: one call each); tag in (decrypt) or out (encrypt).
 * Returns EVP's verdict of the final call (1 or not), -1 if an earlier call failed. */
static int evp_run(EVP_CIPHER_CTX *ctx, const variant *V, int enc, uint8_t *out, const uint8_t *in, size_t len,
                   const uint8_t *ad, size_t adlen, const uint8_t *nonce, const uint8_t *key, uint8_t *tag,
                   size_t piece)
{
    int n;
    if (EVP_CipherInit_ex(ctx, V->c, NULL, key, nonce, enc) != 1) return -1;
    if (!enc && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)V->tb, tag) != 1) return -1;
    const size_t ap = piece ? piece : adlen ? adlen : 1, mp = piece ? piece : len ? len : 1;
    for (size_t at = 0; at < adlen; at += ap) {
        const size_t k = adlen - at < ap ? adlen - at : ap;
        if (EVP_CipherUpdate(ctx, NULL, &n, ad + at, (int)k) != 1 || n != (int)k) return -1;
    }
    for (size_t at = 0; at < len; at += mp) {
        const size_t k = len - at < mp ? len - at : mp;
        if (EVP_CipherUpdate(ctx, out + at, &n, in + at, (int)k) != 1 || n != (int)k) return -1;
    }
    uint8_t dummy[1];
    const int r = EVP_CipherFinal_ex(ctx, dummy, &n);
    if (r == 1 && n != 0) return -1;
    if (r == 1 && enc && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)V->tb, tag) != 1) return -1;
    return r;
}

enum { MAXLEN = 200 };

static void schwaemm_random(const variant *V, EVP_CIPHER_CTX *ctx)
{
    uint8_t key[32], nonce[32], ad[MAXLEN], pt[MAXLEN], ct[MAXLEN], want_ct[MAXLEN], got[MAXLEN];
    uint8_t tag[32], want_tag[32];
    /* lengths around one to three rate blocks of every variant, each in
     * one call and in pieces of a size that changes with it */
    for (size_t len = 0; len <= 100; len += len < 70 ? 1 : 15) {
        const size_t adlen = (len * 7 + 3) % 71;
        tu_fill(key, V->kb), tu_fill(nonce, V->nb), tu_fill(ad, adlen), tu_fill(pt, len);
        CHECK_OK(lwcx_schwaemm_encrypt(V->v, want_ct, want_tag, pt, len, ad, adlen, nonce, key));
        for (size_t piece = 0; piece <= 1 + len % 19; piece += 1 + len % 19) {
            memset(ct, 0, sizeof ct), memset(tag, 0, sizeof tag);
            CHECK(evp_run(ctx, V, 1, ct, pt, len, ad, adlen, nonce, key, tag, piece) == 1, "%s encrypt %zu/%zu",
                  V->alg, len, adlen);
            CHECK(!memcmp(ct, want_ct, len) && !memcmp(tag, want_tag, V->tb), "%s: ciphertext or tag differs, %zu/%zu pieces %zu",
                  V->alg, len, adlen, piece);
            memset(got, 0, sizeof got);
            CHECK(evp_run(ctx, V, 0, got, want_ct, len, ad, adlen, nonce, key, want_tag, piece) == 1, "%s decrypt %zu/%zu",
                  V->alg, len, adlen);
            CHECK(!memcmp(got, pt, len), "%s: plaintext differs, %zu/%zu pieces %zu", V->alg, len, adlen, piece);
        }
    }
}

/* One message, associated data and message in pieces of every size from 1
 * to the message's length, encrypting and decrypting. */
static void schwaemm_every_piece(const variant *V, EVP_CIPHER_CTX *ctx)
{
    enum { LEN = 131, ADLEN = 75 };
    uint8_t key[32], nonce[32], ad[ADLEN], pt[LEN], ct[LEN], want_ct[LEN], got[LEN], tag[32], want_tag[32];
    tu_fill(key, V->kb), tu_fill(nonce, V->nb), tu_fill(ad, ADLEN), tu_fill(pt, LEN);
    CHECK_OK(lwcx_schwaemm_encrypt(V->v, want_ct, want_tag, pt, LEN, ad, ADLEN, nonce, key));
    for (size_t piece = 1; piece <= LEN; piece++) {
        CHECK(evp_run(ctx, V, 1, ct, pt, LEN, ad, ADLEN, nonce, key, tag, piece) == 1 && !memcmp(ct, want_ct, LEN) &&
                  !memcmp(tag, want_tag, V->tb),
              "%s: encryption in pieces of %zu", V->alg, piece);
        CHECK(evp_run(ctx, V, 0, got, want_ct, LEN, ad, ADLEN, nonce, key, want_tag, piece) == 1 && !memcmp(got, pt, LEN),
              "%s: decryption in pieces of %zu", V->alg, piece);
    }
    /* in place, and the plaintext out of EVP_DecryptUpdate before the tag is
     * checked (the convention the docs warn about): a wrong tag still fails
     * at final, after update returned the plaintext */
    memcpy(got, want_ct, LEN);
    CHECK(evp_run(ctx, V, 0, got, got, LEN, ad, ADLEN, nonce, key, want_tag, 10) == 1 && !memcmp(got, pt, LEN),
          "%s: in place", V->alg);
    memcpy(tag, want_tag, V->tb);
    tag[0] ^= 1;
    memset(got, 0, LEN);
    CHECK(evp_run(ctx, V, 0, got, want_ct, LEN, ad, ADLEN, nonce, key, tag, 0) == 0 && error_queued("wrong tag"),
          "%s: a wrong tag accepted", V->alg);
    CHECK(!memcmp(got, pt, LEN), "%s: EVP_DecryptUpdate did not return the plaintext before the tag check", V->alg);
}

/* Every way decryption must fail, each with an error queued. */
static void schwaemm_rejects(const variant *V, EVP_CIPHER_CTX *ctx)
{
    enum { LEN = 50, ADLEN = 20 };
    uint8_t key[32], nonce[32], ad[ADLEN], pt[LEN + 1], ct[LEN + 1], got[LEN + 1], tag[32], t2[32];
    tu_fill(key, V->kb), tu_fill(nonce, V->nb), tu_fill(ad, ADLEN), tu_fill(pt, LEN + 1);
    CHECK_OK(lwcx_schwaemm_encrypt(V->v, ct, tag, pt, LEN, ad, ADLEN, nonce, key));
    ct[LEN] = 0x5a;
    for (size_t bit = 0; bit < 8 * V->tb; bit += 7) {
        memcpy(t2, tag, V->tb);
        t2[bit / 8] ^= (uint8_t)(1u << bit % 8);
        CHECK(evp_run(ctx, V, 0, got, ct, LEN, ad, ADLEN, nonce, key, t2, 0) == 0 && error_queued("tag bit"),
              "%s: tag bit %zu flipped accepted", V->alg, bit);
    }
    for (size_t bit = 0; bit < 8 * LEN; bit += 13) {
        ct[bit / 8] ^= (uint8_t)(1u << bit % 8);
        CHECK(evp_run(ctx, V, 0, got, ct, LEN, ad, ADLEN, nonce, key, tag, 7) == 0 && error_queued("ct bit"),
              "%s: ciphertext bit %zu flipped accepted", V->alg, bit);
        ct[bit / 8] ^= (uint8_t)(1u << bit % 8);
    }
    ad[3] ^= 0x10;
    CHECK(evp_run(ctx, V, 0, got, ct, LEN, ad, ADLEN, nonce, key, tag, 0) == 0 && error_queued("ad bit"), "%s: AD flip",
          V->alg);
    ad[3] ^= 0x10;
    nonce[V->nb - 1] ^= 0x80;
    CHECK(evp_run(ctx, V, 0, got, ct, LEN, ad, ADLEN, nonce, key, tag, 0) == 0 && error_queued("nonce bit"),
          "%s: nonce flip", V->alg);
    nonce[V->nb - 1] ^= 0x80;
    for (size_t len = 0; len < LEN; len += 9)
        CHECK(evp_run(ctx, V, 0, got, ct, len, ad, ADLEN, nonce, key, tag, 0) == 0 && error_queued("truncated"),
              "%s: truncated to %zu accepted", V->alg, len);
    CHECK(evp_run(ctx, V, 0, got, ct, LEN + 1, ad, ADLEN, nonce, key, tag, 0) == 0 && error_queued("extended"),
          "%s: extended ciphertext accepted", V->alg);
    CHECK(evp_run(ctx, V, 0, got, ct, LEN, ad, ADLEN - 1, nonce, key, tag, 0) == 0 && error_queued("short AD"),
          "%s: shortened AD accepted", V->alg);
    CHECK(evp_run(ctx, V, 0, got, ct, LEN, ad, ADLEN, nonce, key, tag, 0) == 1, "%s: the right message refused", V->alg);

    int n;
    /* no tag set before final */
    CHECK(EVP_DecryptInit_ex(ctx, V->c, NULL, key, nonce) == 1 && EVP_DecryptUpdate(ctx, got, &n, ct, LEN) == 1,
          "%s: decrypt", V->alg);
    CHECK(EVP_DecryptFinal_ex(ctx, got, &n) != 1 && error_queued("no tag"), "%s: final without a tag", V->alg);
    /* tags of the wrong size, set or asked for; a tag set for encryption */
    CHECK(EVP_DecryptInit_ex(ctx, V->c, NULL, key, nonce) == 1, "%s: init", V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)V->tb - 1, tag) != 1 && error_queued("short tag"),
          "%s: a short tag set", V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)V->tb, NULL) == 1, "%s: the tag's length", V->alg);
    CHECK(EVP_EncryptInit_ex(ctx, V->c, NULL, key, nonce) == 1, "%s: init", V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)V->tb, tag) != 1 && error_queued("tag on encrypt"),
          "%s: a tag set for encryption", V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)V->tb, t2) != 1 && error_queued("tag before final"),
          "%s: the tag before final", V->alg);
    CHECK(EVP_EncryptUpdate(ctx, got, &n, pt, LEN) == 1 && EVP_EncryptFinal_ex(ctx, got, &n) == 1, "%s: encrypt", V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)V->tb - 1, t2) != 1 && error_queued("truncated tag"),
          "%s: a truncated tag given", V->alg);
    /* the nonce is used up by final: the next message needs a new one */
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, NULL) == 1, "%s: init", V->alg);
    CHECK(EVP_EncryptUpdate(ctx, got, &n, pt, LEN) != 1 && error_queued("nonce reuse"), "%s: a nonce used twice", V->alg);
    /* a new nonce alone (the key kept) makes the next message, as lwcx does */
    nonce[0] ^= 1;
    uint8_t want[LEN], want_tag[32];
    CHECK_OK(lwcx_schwaemm_encrypt(V->v, want, want_tag, pt, LEN, NULL, 0, nonce, key));
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce) == 1 && EVP_EncryptUpdate(ctx, got, &n, pt, LEN) == 1 &&
              EVP_EncryptFinal_ex(ctx, got + LEN, &n) == 1 &&
              EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)V->tb, t2) == 1,
          "%s: a second message with a new nonce", V->alg);
    CHECK(!memcmp(got, want, LEN) && !memcmp(t2, want_tag, V->tb), "%s: the second message differs", V->alg);
    /* associated data after the message */
    CHECK(EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce) == 1 && EVP_EncryptUpdate(ctx, got, &n, pt, 5) == 1,
          "%s: encrypt", V->alg);
    CHECK(EVP_EncryptUpdate(ctx, NULL, &n, ad, 5) != 1 && error_queued("AD after message"), "%s: AD after the message",
          V->alg);
    /* no key */
    EVP_CIPHER_CTX *fresh = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex(fresh, V->c, NULL, NULL, nonce) == 1, "%s: init", V->alg);
    CHECK(EVP_EncryptUpdate(fresh, got, &n, pt, LEN) != 1 && error_queued("no key"), "%s: no key", V->alg);
    /* keys and nonces of the wrong size */
    CHECK(EVP_CIPHER_CTX_set_key_length(fresh, (int)V->kb + 1) != 1 && error_queued("key length"), "%s: key length",
          V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(fresh, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) != 1 && error_queued("nonce length"),
          "%s: nonce length", V->alg);
    CHECK(EVP_CIPHER_CTX_ctrl(fresh, EVP_CTRL_AEAD_SET_IVLEN, (int)V->nb, NULL) == 1, "%s: its own nonce length",
          V->alg);
    EVP_CIPHER_CTX_free(fresh);
}

/* A context copied mid-message: the source and the copy each finish it
 * with the one-shot's ciphertext and tag, and decryptions likewise. */
static void schwaemm_copies(const variant *V, EVP_CIPHER_CTX *ctx)
{
    enum { LEN = 100 };
    uint8_t key[32], nonce[32], ad[20], pt[LEN], ct[LEN], tag[32], got[LEN], gtag[32];
    tu_fill(key, V->kb);
    tu_fill(nonce, V->nb);
    tu_fill(ad, sizeof ad);
    tu_fill(pt, LEN);
    CHECK_OK(lwcx_schwaemm_encrypt(V->v, ct, tag, pt, LEN, ad, sizeof ad, nonce, key));
    EVP_CIPHER_CTX *copy = EVP_CIPHER_CTX_new();
    for (int enc = 1; enc >= 0; enc--)
        for (int cut = 0; cut <= LEN; cut += 11) {
            const uint8_t *in = enc ? pt : ct, *want = enc ? ct : pt;
            int n, ok = EVP_CipherInit_ex(ctx, V->c, NULL, key, nonce, enc) == 1 &&
                        EVP_CipherUpdate(ctx, NULL, &n, ad, sizeof ad) == 1 &&
                        EVP_CipherUpdate(ctx, got, &n, in, cut) == 1 && n == cut;
            if (!enc) ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)V->tb, tag) == 1;
            ok = ok && EVP_CIPHER_CTX_copy(copy, ctx) == 1;
            for (EVP_CIPHER_CTX *c = ctx; ok && c; c = c == ctx ? copy : NULL) {
                memset(got + cut, 0, LEN - cut);
                ok = EVP_CipherUpdate(c, got + cut, &n, in + cut, LEN - cut) == 1 && n == LEN - cut &&
                     EVP_CipherFinal_ex(c, got, &n) == 1 && !memcmp(got, want, LEN) &&
                     (!enc || (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)V->tb, gtag) == 1 &&
                               !memcmp(gtag, tag, V->tb)));
            }
            CHECK(ok, "%s: %s context copied after %d of %d bytes", V->alg, enc ? "an encrypting" : "a decrypting", cut,
                  LEN);
        }
    EVP_CIPHER_CTX_free(copy);
}

static void schwaemm(const char *alg, lwcx_schwaemm_variant v)
{
    variant V = {alg, v, lwcx_schwaemm_key_bytes(v), lwcx_schwaemm_nonce_bytes(v), lwcx_schwaemm_tag_bytes(v), NULL};
    V.c = EVP_CIPHER_fetch(NULL, alg, "provider=lwcx");
    CHECK(V.c != NULL, "fetch %s", alg);
    if (!V.c) return;
    CHECK(EVP_CIPHER_get_key_length(V.c) == (int)V.kb && EVP_CIPHER_get_iv_length(V.c) == (int)V.nb &&
              EVP_CIPHER_get_block_size(V.c) == 1 && (EVP_CIPHER_get_flags(V.c) & EVP_CIPH_FLAG_AEAD_CIPHER),
          "%s: sizes and flags", alg);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex(ctx, V.c, NULL, NULL, NULL) == 1 && EVP_CIPHER_CTX_get_tag_length(ctx) == (int)V.tb,
          "%s: tag length", alg);
    schwaemm_random(&V, ctx);
    schwaemm_every_piece(&V, ctx);
    schwaemm_rejects(&V, ctx);
    schwaemm_copies(&V, ctx);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(V.c);
}

/* ---- block ciphers ---------------------------------------------------------- */

/* EVP (en|de)cryption in pieces of `piece` bytes (0: one call), padding on
 * or off; *outlen the bytes out. 1 if every call succeeded. */
static int bc_run(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *c, int enc, int pad, uint8_t *out, size_t *outlen,
                  const uint8_t *in, size_t len, const uint8_t *key, const uint8_t *iv, size_t piece)
{
    int n, ok = EVP_CipherInit_ex(ctx, c, NULL, key, iv, enc) == 1 && EVP_CIPHER_CTX_set_padding(ctx, pad) == 1;
    size_t at = 0, got = 0;
    const size_t step = piece ? piece : len ? len : 1;
    for (; ok && at < len; at += step) {
        const size_t k = len - at < step ? len - at : step;
        ok = EVP_CipherUpdate(ctx, out + got, &n, in + at, (int)k) == 1;
        got += (size_t)n;
    }
    ok = ok && EVP_CipherFinal_ex(ctx, out + got, &n) == 1;
    if (ok) got += (size_t)n;
    *outlen = got;
    return ok;
}

/* Each cipher in ECB and CTR against lwcx_bc_ecb_* and lwcx_bc_ctr: random
 * keys and messages, one call and pieces of every size, PKCS#7 padding,
 * the counter wrapping, a context copied halfway; bad padding and a
 * message that is not whole blocks without padding refused. */
static void block_cipher(lwcx_blockcipher bc)
{
    const char *name = lwcx_bc_name(bc);
    const size_t bs = lwcx_bc_block_bytes(bc), kb = lwcx_bc_key_bytes(bc);
    char ecbname[32], ctrname[32];
    snprintf(ecbname, sizeof ecbname, "%s-ECB", name);
    snprintf(ctrname, sizeof ctrname, "%s-CTR", name);
    EVP_CIPHER *ecb = EVP_CIPHER_fetch(NULL, ecbname, "provider=lwcx"), *ctr = EVP_CIPHER_fetch(NULL, ctrname, "provider=lwcx");
    CHECK(ecb && ctr, "fetch %s, %s", ecbname, ctrname);
    if (!ecb || !ctr) goto done;
    CHECK(EVP_CIPHER_get_block_size(ecb) == (int)bs && EVP_CIPHER_get_iv_length(ctr) == (int)bs &&
              EVP_CIPHER_get_key_length(ecb) == (int)kb && EVP_CIPHER_get_mode(ctr) == EVP_CIPH_CTR_MODE,
          "%s: sizes and modes", name);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    enum { MAX = 200 };
    uint8_t key[32], iv[16], pt[MAX + 16], want[MAX + 16], got[MAX + 32], back[MAX + 32];
    size_t n;
    for (size_t len = 0; len <= 100; len += 1 + (len > 40) * 6) {
        tu_fill(key, kb), tu_fill(iv, bs), tu_fill(pt, len);
        /* CTR: every piece size up to the length */
        CHECK_OK(lwcx_bc_ctr(bc, key, iv, want, pt, len));
        for (size_t piece = 0; piece <= len; piece += piece < 20 ? 1 : 7) {
            CHECK(bc_run(ctx, ctr, 1, 0, got, &n, pt, len, key, iv, piece) && n == len && !memcmp(got, want, len),
                  "%s-CTR: length %zu in pieces of %zu", name, len, piece);
        }
        /* ECB with PKCS#7 padding: lwcx's ECB of the padded message */
        const size_t padded = len + bs - len % bs;
        memcpy(back, pt, len);
        memset(back + len, (int)(padded - len), padded - len);
        CHECK_OK(lwcx_bc_ecb_encrypt(bc, key, want, back, padded));
        for (size_t piece = 0; piece <= len; piece += piece < 20 ? 1 : 7) {
            CHECK(bc_run(ctx, ecb, 1, 1, got, &n, pt, len, key, NULL, piece) && n == padded && !memcmp(got, want, padded),
                  "%s-ECB: length %zu in pieces of %zu", name, len, piece);
            CHECK(bc_run(ctx, ecb, 0, 1, back, &n, want, padded, key, NULL, piece) && n == len && !memcmp(back, pt, len),
                  "%s-ECB: decrypting length %zu in pieces of %zu", name, len, piece);
        }
        /* without padding, whole blocks only */
        const size_t whole = len - len % bs;
        CHECK_OK(lwcx_bc_ecb_encrypt(bc, key, want, pt, whole));
        CHECK(bc_run(ctx, ecb, 1, 0, got, &n, pt, whole, key, NULL, 3) && n == whole && !memcmp(got, want, whole),
              "%s-ECB without padding, %zu bytes", name, whole);
        if (len % bs)
            CHECK(!bc_run(ctx, ecb, 1, 0, got, &n, pt, len, key, NULL, 0) && error_queued("not whole blocks"),
                  "%s-ECB without padding took %zu bytes", name, len);
    }
    /* the counter wraps around as one big-endian integer */
    memset(iv, 0xff, bs);
    tu_fill(pt, 5 * bs + 3);
    CHECK_OK(lwcx_bc_ctr(bc, key, iv, want, pt, 5 * bs + 3));
    CHECK(bc_run(ctx, ctr, 1, 0, got, &n, pt, 5 * bs + 3, key, iv, bs - 1) && !memcmp(got, want, 5 * bs + 3),
          "%s-CTR: the counter's wrap", name);
    /* a context copied halfway goes on as the original */
    EVP_CIPHER_CTX *copy = EVP_CIPHER_CTX_new();
    int k1, k2;
    CHECK(EVP_EncryptInit_ex(ctx, ctr, NULL, key, iv) == 1 && EVP_EncryptUpdate(ctx, got, &k1, pt, 7) == 1 &&
              EVP_CIPHER_CTX_copy(copy, ctx) == 1 && EVP_EncryptUpdate(copy, got + 7, &k2, pt + 7, 5 * (int)bs - 4) == 1 &&
              !memcmp(got, want, 5 * bs + 3),
          "%s-CTR: a copied context", name);
    EVP_CIPHER_CTX_free(copy);
    /* a wrong key: the padding does not check out (or, by chance, it does) */
    tu_fill(pt, 3 * bs);
    CHECK(bc_run(ctx, ecb, 1, 1, got, &n, pt, 3 * bs, key, NULL, 0), "%s-ECB", name);
    key[0] ^= 1;
    size_t m;
    const int ok = bc_run(ctx, ecb, 0, 1, back, &m, got, n, key, NULL, 0);
    CHECK(!ok ? error_queued("bad padding") : memcmp(back, pt, 3 * bs) != 0, "%s-ECB: a wrong key decrypted", name);
    ERR_clear_error();
    /* a key of the wrong size */
    CHECK(EVP_EncryptInit_ex(ctx, ecb, NULL, NULL, NULL) == 1 && EVP_CIPHER_CTX_set_key_length(ctx, (int)kb + 1) != 1 &&
              error_queued("key length"),
          "%s: a key of %zu bytes", name, kb + 1);
    EVP_CIPHER_CTX_free(ctx);
done:
    EVP_CIPHER_free(ecb);
    EVP_CIPHER_free(ctr);
}

/* ---- AIMer ------------------------------------------------------------------- */

static EVP_PKEY *aimer_from(const char *alg, int selection, const uint8_t *pk, size_t pklen, const uint8_t *sk,
                            size_t sklen)
{
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, alg, "provider=lwcx");
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM params[3];
    size_t n = 0;
    if (pk) params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pk, pklen);
    if (sk) params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, (void *)sk, sklen);
    params[n] = OSSL_PARAM_construct_end();
    if (!pc || EVP_PKEY_fromdata_init(pc) != 1 || EVP_PKEY_fromdata(pc, &pkey, selection, params) != 1) pkey = NULL;
    EVP_PKEY_CTX_free(pc);
    return pkey;
}

/* EVP_DigestSign (one call, or update in pieces and final) with no digest. */
static int evp_sign(EVP_PKEY *pkey, uint8_t *sig, size_t *siglen, const uint8_t *msg, size_t len, size_t piece)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t cap = *siglen;
    int ok = EVP_DigestSignInit_ex(md, NULL, NULL, NULL, NULL, pkey, NULL) == 1;
    if (ok && !piece) {
        ok = EVP_DigestSign(md, NULL, siglen, msg, len) == 1 && *siglen <= cap &&
             EVP_DigestSign(md, sig, siglen, msg, len) == 1;
    } else if (ok) {
        for (size_t at = 0; ok && at < len; at += piece)
            ok = EVP_DigestSignUpdate(md, msg + at, len - at < piece ? len - at : piece) == 1;
        ok = ok && EVP_DigestSignFinal(md, NULL, siglen) == 1 && *siglen <= cap &&
             EVP_DigestSignFinal(md, sig, siglen) == 1;
    }
    EVP_MD_CTX_free(md);
    return ok;
}

/* EVP_DigestVerify likewise: 1 valid, 0 refused, -1 setup failed. */
static int evp_verify(EVP_PKEY *pkey, const uint8_t *sig, size_t siglen, const uint8_t *msg, size_t len, size_t piece)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int r = -1;
    if (EVP_DigestVerifyInit_ex(md, NULL, NULL, NULL, NULL, pkey, NULL) == 1) {
        if (!piece) {
            r = EVP_DigestVerify(md, sig, siglen, msg, len) == 1;
        } else {
            int ok = 1;
            for (size_t at = 0; ok && at < len; at += piece)
                ok = EVP_DigestVerifyUpdate(md, msg + at, len - at < piece ? len - at : piece) == 1;
            r = ok ? EVP_DigestVerifyFinal(md, sig, siglen) == 1 : -1;
        }
    }
    EVP_MD_CTX_free(md);
    return r;
}

/* A key written as DER (PKCS#8 PrivateKeyInfo or SubjectPublicKeyInfo) and
 * read back: the same key, the raw bytes at the end of the DER; a damaged
 * inner length refused with an error. */
static void aimer_files(const char *alg, EVP_PKEY *pkey, int selection, const char *structure, const uint8_t *raw,
                        size_t rawlen)
{
    unsigned char *der = NULL;
    size_t len = 0;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, "DER", structure, NULL);
    CHECK(e && OSSL_ENCODER_to_data(e, &der, &len) == 1 && len > rawlen, "%s: %s written", alg, structure);
    OSSL_ENCODER_CTX_free(e);
    if (!der) return;
    CHECK(!memcmp(der + len - rawlen, raw, rawlen), "%s: %s does not end with the raw key", alg, structure);
    EVP_PKEY *back = NULL;
    const unsigned char *p = der;
    size_t left = len;
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&back, "DER", structure, alg, selection, NULL, NULL);
    CHECK(d && OSSL_DECODER_from_data(d, &p, &left) == 1 && back && EVP_PKEY_eq(back, pkey) == 1, "%s: %s read back", alg,
          structure);
    OSSL_DECODER_CTX_free(d);
    EVP_PKEY_free(back);
    /* damaged copies (a random byte changed, some also cut short): refused
     * or read, never a crash (the sanitizer builds watch the decoder) */
    unsigned char *bad = OPENSSL_malloc(len);
    for (int i = 0; bad && i < 200; i++) {
        memcpy(bad, der, len);
        bad[tu_rand() % len] ^= (unsigned char)(1 + tu_rand() % 255);
        size_t badlen = i % 3 ? len : 1 + (size_t)(tu_rand() % len);
        EVP_PKEY *got = NULL;
        p = bad, left = badlen;
        d = OSSL_DECODER_CTX_new_for_pkey(&got, "DER", structure, alg, selection, NULL, NULL);
        const int r = d ? OSSL_DECODER_from_data(d, &p, &left) : 0;
        CHECK(r != 1 || got != NULL, "%s: damaged %s read as nothing", alg, structure);
        ERR_clear_error();
        OSSL_DECODER_CTX_free(d);
        EVP_PKEY_free(got);
    }
    OPENSSL_clear_free(bad, len);
    /* the inner OCTET STRING one byte shorter than it says */
    der[len - rawlen - 1] = (unsigned char)(rawlen - 1);
    back = NULL;
    p = der, left = len;
    d = OSSL_DECODER_CTX_new_for_pkey(&back, "DER", structure, alg, selection, NULL, NULL);
    CHECK(d && OSSL_DECODER_from_data(d, &p, &left) != 1 && !back && error_queued_text("damaged key", 0),
          "%s: damaged %s accepted", alg, structure);
    OSSL_DECODER_CTX_free(d);
    EVP_PKEY_free(back);
    OPENSSL_clear_free(der, len);
}

/* A private key written as encrypted PEM (PKCS#8, AES-256-CBC under a
 * passphrase) and read back with the passphrase; refused with another. */
static void aimer_encrypted(const char *alg, EVP_PKEY *pkey)
{
    unsigned char *pem = NULL;
    size_t len = 0;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pkey, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", NULL);
    CHECK(e && OSSL_ENCODER_CTX_set_cipher(e, "AES-256-CBC", NULL) == 1 &&
              OSSL_ENCODER_CTX_set_passphrase(e, (const unsigned char *)"lwcx", 4) == 1 &&
              OSSL_ENCODER_to_data(e, &pem, &len) == 1,
          "%s: encrypted PEM written", alg);
    OSSL_ENCODER_CTX_free(e);
    if (!pem) return;
    CHECK(len > 40 && !memcmp(pem, "-----BEGIN ENCRYPTED PRIVATE KEY-----", 37), "%s: not an encrypted PEM", alg);
    for (int right = 1; right >= 0; right--) {
        EVP_PKEY *back = NULL;
        const unsigned char *p = pem;
        size_t left = len;
        OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&back, "PEM", NULL, alg, EVP_PKEY_KEYPAIR, NULL, NULL);
        const int ok = d && OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)(right ? "lwcx" : "lwcy"), 4) == 1 &&
                       OSSL_DECODER_from_data(d, &p, &left) == 1 && back && EVP_PKEY_eq(back, pkey) == 1;
        CHECK(ok == right, "%s: encrypted PEM read with the %s passphrase", alg, right ? "right" : "wrong");
        ERR_clear_error();
        OSSL_DECODER_CTX_free(d);
        EVP_PKEY_free(back);
    }
    OPENSSL_free(pem);
}

/* Keys generated, exported and imported; signatures made through EVP
 * verified by lwcx and the other way round, one call and in pieces;
 * EVP_PKEY_sign/verify; tampering and bad keys refused with a message
 * (all of it on the first set, the rest on every set). */
static void aimer(const char *alg, lwcx_aimer_set set, int thorough)
{
    const size_t pkb = lwcx_aimer_pk_bytes(set), skb = lwcx_aimer_sk_bytes(set), sigb = lwcx_aimer_sig_bytes(set);
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, alg, "provider=lwcx");
    CHECK(pc && EVP_PKEY_keygen_init(pc) == 1 && EVP_PKEY_generate(pc, &pkey) == 1, "%s: keygen", alg);
    EVP_PKEY_CTX_free(pc);
    if (!pkey) return;
    CHECK(EVP_PKEY_get_size(pkey) == (int)sigb && EVP_PKEY_get_security_bits(pkey) == 8 * (int)lwcx_aimer_seed_bytes(set),
          "%s: size %d, security bits %d", alg, EVP_PKEY_get_size(pkey), EVP_PKEY_get_security_bits(pkey));
    CHECK(EVP_PKEY_is_a(pkey, alg) && EVP_PKEY_get_bits(pkey) == 8 * (int)pkb, "%s: is_a, bits", alg);
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    size_t pklen = 0, sklen = 0;
    CHECK(EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, pk, sizeof pk, &pklen) == 1 && pklen == pkb &&
              EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PRIV_KEY, sk, sizeof sk, &sklen) == 1 &&
              sklen == skb && !memcmp(sk + skb - pkb, pk, pkb),
          "%s: raw keys", alg);
    /* the same through export (EVP_PKEY_todata) */
    OSSL_PARAM *exported = NULL;
    CHECK(EVP_PKEY_todata(pkey, EVP_PKEY_KEYPAIR, &exported) == 1, "%s: todata", alg);
    const OSSL_PARAM *ep = exported ? OSSL_PARAM_locate_const(exported, OSSL_PKEY_PARAM_PUB_KEY) : NULL;
    const OSSL_PARAM *es = exported ? OSSL_PARAM_locate_const(exported, OSSL_PKEY_PARAM_PRIV_KEY) : NULL;
    CHECK(ep && ep->data_size == pkb && !memcmp(ep->data, pk, pkb) && es && es->data_size == skb &&
              !memcmp(es->data, sk, skb),
          "%s: exported keys differ", alg);
    OSSL_PARAM_free(exported);
    aimer_files(alg, pkey, EVP_PKEY_KEYPAIR, "PrivateKeyInfo", sk, skb);
    aimer_files(alg, pkey, EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo", pk, pkb);
    if (thorough) aimer_encrypted(alg, pkey);
    static uint8_t msg[3000], sig[LWCX_AIMER_MAX_SIG_BYTES + 1];
    const size_t len = thorough ? sizeof msg : 100;
    tu_fill(msg, len);
    size_t siglen = sizeof sig;
    /* EVP signs, lwcx verifies: one call, then in pieces */
    CHECK(evp_sign(pkey, sig, &siglen, msg, len, 0) && siglen == sigb, "%s: EVP_DigestSign", alg);
    CHECK(lwcx_aimer_verify(set, sig, siglen, msg, len, pk) == LWCX_OK, "%s: lwcx refuses EVP's signature", alg);
    if (thorough) {
        siglen = sizeof sig;
        CHECK(evp_sign(pkey, sig, &siglen, msg, len, 77) && siglen == sigb, "%s: EVP_DigestSignUpdate/Final", alg);
        CHECK(lwcx_aimer_verify(set, sig, siglen, msg, len, pk) == LWCX_OK, "%s: lwcx refuses EVP's signature in pieces", alg);
    }
    /* lwcx signs, EVP verifies, with the public key alone imported */
    CHECK_OK(lwcx_aimer_sign(set, sig, msg, len, sk));
    EVP_PKEY *pub = aimer_from(alg, EVP_PKEY_PUBLIC_KEY, pk, pkb, NULL, 0);
    CHECK(pub != NULL, "%s: public key import", alg);
    CHECK(evp_verify(pub, sig, sigb, msg, len, 0) == 1, "%s: EVP_DigestVerify refuses lwcx's signature", alg);
    CHECK(EVP_PKEY_eq(pub, pkey) == 1, "%s: the public key is not its pair's", alg);
    if (thorough) {
        CHECK(evp_verify(pub, sig, sigb, msg, len, 100) == 1, "%s: EVP_DigestVerifyUpdate/Final", alg);
        EVP_PKEY_CTX *vc = EVP_PKEY_CTX_new_from_pkey(NULL, pub, NULL);
        CHECK(vc && EVP_PKEY_verify_init(vc) == 1 && EVP_PKEY_verify(vc, sig, sigb, msg, len) == 1, "%s: EVP_PKEY_verify", alg);
        EVP_PKEY_CTX_free(vc);
        /* EVP_PKEY_sign on the message with the private key alone imported */
        EVP_PKEY *priv = aimer_from(alg, EVP_PKEY_KEYPAIR, NULL, 0, sk, skb);
        EVP_PKEY_CTX *sc = priv ? EVP_PKEY_CTX_new_from_pkey(NULL, priv, NULL) : NULL;
        siglen = sizeof sig;
        CHECK(sc && EVP_PKEY_sign_init(sc) == 1 && EVP_PKEY_sign(sc, sig, &siglen, msg, len) == 1 && siglen == sigb &&
                  lwcx_aimer_verify(set, sig, siglen, msg, len, pk) == LWCX_OK,
              "%s: EVP_PKEY_sign with an imported private key", alg);
        CHECK(priv && EVP_PKEY_eq(priv, pkey) == 1, "%s: the imported private key differs", alg);
        EVP_PKEY *dup = priv ? EVP_PKEY_dup(priv) : NULL;
        CHECK(dup && EVP_PKEY_eq(dup, pkey) == 1, "%s: EVP_PKEY_dup", alg);
        EVP_PKEY_free(dup);
        EVP_PKEY_CTX_free(sc);
        EVP_PKEY_free(priv);
        /* tampering: a flipped signature bit, message byte; a short or long signature */
        CHECK_OK(lwcx_aimer_sign(set, sig, msg, len, sk));
        for (size_t bit = 0; bit < 8 * sigb; bit += 8 * sigb / 5 + 1) {
            sig[bit / 8] ^= (uint8_t)(1u << bit % 8);
            CHECK(evp_verify(pub, sig, sigb, msg, len, 0) == 0 && error_queued("signature bit"), "%s: bit %zu", alg, bit);
            sig[bit / 8] ^= (uint8_t)(1u << bit % 8);
        }
        msg[len / 2] ^= 4;
        CHECK(evp_verify(pub, sig, sigb, msg, len, 0) == 0 && error_queued("message byte"), "%s: message changed", alg);
        CHECK(evp_verify(pub, sig, sigb, msg, len, 64) == 0 && error_queued("message byte"), "%s: message changed (pieces)", alg);
        msg[len / 2] ^= 4;
        CHECK(evp_verify(pub, sig, sigb - 1, msg, len, 0) == 0 && error_queued("short signature"), "%s: short signature", alg);
        CHECK(evp_verify(pub, sig, sigb + 1, msg, len, 0) == 0 && error_queued("long signature"), "%s: long signature", alg);
        CHECK(evp_verify(pub, sig, sigb, msg, len, 0) == 1, "%s: the right signature refused", alg);
        /* what cannot sign or be imported; a digest named */
        siglen = sizeof sig;
        CHECK(!evp_sign(pub, sig, &siglen, msg, len, 0) && error_queued("sign with a public key"), "%s: signed without sk", alg);
        CHECK(!aimer_from(alg, EVP_PKEY_PUBLIC_KEY, pk, pkb - 1, NULL, 0) && error_queued("short pk"), "%s: short pk", alg);
        CHECK(!aimer_from(alg, EVP_PKEY_KEYPAIR, NULL, 0, sk, skb + 1) && error_queued("long sk"), "%s: long sk", alg);
        uint8_t other[LWCX_AIMER_MAX_PK_BYTES];
        memcpy(other, pk, pkb);
        other[pkb - 1] ^= 1;
        CHECK(!aimer_from(alg, EVP_PKEY_KEYPAIR, other, pkb, sk, skb) && error_queued("pk not sk's"), "%s: pk not sk's", alg);
        EVP_PKEY *otherpub = aimer_from(alg, EVP_PKEY_PUBLIC_KEY, other, pkb, NULL, 0);
        CHECK(otherpub && EVP_PKEY_eq(otherpub, pkey) != 1, "%s: another public key equal", alg);
        EVP_PKEY_free(otherpub);
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        CHECK(EVP_DigestSignInit_ex(md, NULL, "SHA256", NULL, NULL, pkey, NULL) != 1 && error_queued_text("digest named", 0),
              "%s: a digest accepted", alg);
        EVP_MD_CTX_free(md);
        ERR_clear_error();
    }
    EVP_PKEY_free(pub);
    EVP_PKEY_free(pkey);
}

/* ---- the official vectors -------------------------------------------------- */

/* Hex to bytes; the byte count, or -1 for bad hex or too long. */
static long unhex(const char *h, uint8_t *out, size_t cap)
{
    size_t n = 0;
    while (h[0] && h[0] != '\n' && h[0] != '\r') {
        unsigned v;
        if (n == cap || sscanf(h, "%2x", &v) != 1 || !h[1]) return -1;
        out[n++] = (uint8_t)v;
        h += 2;
    }
    return (long)n;
}

enum { KAT_MAX = 1024 };
typedef struct {
    uint8_t key[64], nonce[64], pt[KAT_MAX], ad[KAT_MAX], ct[KAT_MAX], msg[KAT_MAX], md[KAT_MAX];
    long keylen, noncelen, ptlen, adlen, ctlen, msglen, mdlen;
} kat_record;

/* Reads one record ("Name = hex" lines up to a blank line); 0 at the end. */
static int kat_next(FILE *f, kat_record *r)
{
    char line[2 * KAT_MAX + 64];
    int fields = 0;
    memset(r, 0, sizeof *r);
    r->keylen = r->noncelen = r->ptlen = r->adlen = r->ctlen = r->msglen = r->mdlen = -1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '\n' || line[0] == '\r') {
            if (fields) return 1;
            continue;
        }
        char *eq = strstr(line, " = ");
        if (!eq) eq = strstr(line, " =");
        if (!eq) continue;
        const char *h = eq[2] == ' ' ? eq + 3 : eq + 2;
        *eq = 0;
        fields++;
        if (!strcmp(line, "Key")) r->keylen = unhex(h, r->key, sizeof r->key);
        else if (!strcmp(line, "Nonce")) r->noncelen = unhex(h, r->nonce, sizeof r->nonce);
        else if (!strcmp(line, "PT")) r->ptlen = unhex(h, r->pt, sizeof r->pt);
        else if (!strcmp(line, "AD")) r->adlen = unhex(h, r->ad, sizeof r->ad);
        else if (!strcmp(line, "CT")) r->ctlen = unhex(h, r->ct, sizeof r->ct);
        else if (!strcmp(line, "Msg")) r->msglen = unhex(h, r->msg, sizeof r->msg);
        else if (!strcmp(line, "MD")) r->mdlen = unhex(h, r->md, sizeof r->md);
    }
    return fields > 0;
}

static FILE *kat_open(const char *dir, const char *file)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    return f;
}

static void kat_hash(const char *dir, const char *file, const char *alg, int xof)
{
    FILE *f = kat_open(dir, file);
    if (!f) return;
    EVP_MD *md = EVP_MD_fetch(NULL, alg, "provider=lwcx");
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    static kat_record r;
    unsigned records = 0;
    uint8_t got[KAT_MAX];
    while (md && kat_next(f, &r)) {
        CHECK(r.msglen >= 0 && r.mdlen > 0, "%s: a malformed record after %u", file, records);
        if (r.msglen < 0 || r.mdlen <= 0) break;
        unsigned int n = 0;
        const int ok = EVP_DigestInit_ex(ctx, md, NULL) && EVP_DigestUpdate(ctx, r.msg, (size_t)r.msglen) &&
                       (xof ? EVP_DigestFinalXOF(ctx, got, (size_t)r.mdlen) : EVP_DigestFinal_ex(ctx, got, &n));
        CHECK(ok && !memcmp(got, r.md, (size_t)r.mdlen), "%s: record %u", file, records + 1);
        records++;
    }
    CHECK(records >= 1000, "%s: %u records", file, records);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
    fclose(f);
}

static void kat_aead(const char *dir, const char *file, const char *alg, lwcx_schwaemm_variant v)
{
    FILE *f = kat_open(dir, file);
    if (!f) return;
    variant V = {alg, v, lwcx_schwaemm_key_bytes(v), lwcx_schwaemm_nonce_bytes(v), lwcx_schwaemm_tag_bytes(v), NULL};
    V.c = EVP_CIPHER_fetch(NULL, alg, "provider=lwcx");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    static kat_record r;
    unsigned records = 0;
    uint8_t got[KAT_MAX], tag[32];
    while (V.c && kat_next(f, &r)) {
        const int good = r.keylen == (long)V.kb && r.noncelen == (long)V.nb && r.ptlen >= 0 && r.adlen >= 0 &&
                         r.ctlen == r.ptlen + (long)V.tb;
        CHECK(good, "%s: a malformed record after %u", file, records);
        if (!good) break;
        const size_t len = (size_t)r.ptlen;
        CHECK(evp_run(ctx, &V, 1, got, r.pt, len, r.ad, (size_t)r.adlen, r.nonce, r.key, tag, 0) == 1 &&
                  !memcmp(got, r.ct, len) && !memcmp(tag, r.ct + len, V.tb),
              "%s: record %u encrypted", file, records + 1);
        memcpy(tag, r.ct + len, V.tb);
        CHECK(evp_run(ctx, &V, 0, got, r.ct, len, r.ad, (size_t)r.adlen, r.nonce, r.key, tag, 0) == 1 &&
                  !memcmp(got, r.pt, len),
              "%s: record %u decrypted", file, records + 1);
        records++;
    }
    CHECK(records >= 1000, "%s: %u records", file, records);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(V.c);
    fclose(f);
}

static void kat(const char *dir)
{
    kat_hash(dir, "esch256v2_LWC_HASH_KAT_256.txt", "ESCH256", 0);
    kat_hash(dir, "esch384v2_LWC_HASH_KAT_384.txt", "ESCH384", 0);
    kat_hash(dir, "xoesch256_rweather_lwc-finalists.txt", "XOESCH256", 1);
    kat_hash(dir, "xoesch384_rweather_lwc-finalists.txt", "XOESCH384", 1);
    kat_aead(dir, "schwaemm128128v2_LWC_AEAD_KAT_128_128.txt", "SCHWAEMM128-128", LWCX_SCHWAEMM128_128);
    kat_aead(dir, "schwaemm256128v2_LWC_AEAD_KAT_128_256.txt", "SCHWAEMM256-128", LWCX_SCHWAEMM256_128);
    kat_aead(dir, "schwaemm192192v2_LWC_AEAD_KAT_192_192.txt", "SCHWAEMM192-192", LWCX_SCHWAEMM192_192);
    kat_aead(dir, "schwaemm256256v2_LWC_AEAD_KAT_256_256.txt", "SCHWAEMM256-256", LWCX_SCHWAEMM256_256);
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: test_ossl_provider MODULE_DIR [KAT_DIR]\n");
        return 2;
    }
    OSSL_PROVIDER *prov = NULL, *dflt = NULL;
    if (!OSSL_PROVIDER_set_default_search_path(NULL, argv[1]) || !(prov = OSSL_PROVIDER_load(NULL, "lwcx")) ||
        !(dflt = OSSL_PROVIDER_load(NULL, "default"))) {
        fprintf(stderr, "cannot load the lwcx provider from %s:\n", argv[1]);
        ERR_print_errors_fp(stderr);
        return 1;
    }
    provider_params(prov);
    esch("ESCH256", LWCX_ESCH256);
    esch("ESCH384", LWCX_ESCH384);
    esch("XOESCH256", LWCX_XOESCH256);
    esch("XOESCH384", LWCX_XOESCH384);
    hmac_esch("ESCH256", LWCX_ESCH256);
    hmac_esch("ESCH384", LWCX_ESCH384);
    schwaemm("SCHWAEMM128-128", LWCX_SCHWAEMM128_128);
    schwaemm("SCHWAEMM256-128", LWCX_SCHWAEMM256_128);
    schwaemm("SCHWAEMM192-192", LWCX_SCHWAEMM192_192);
    schwaemm("SCHWAEMM256-256", LWCX_SCHWAEMM256_256);
    for (int c = 0; lwcx_bc_name((lwcx_blockcipher)c); c++) block_cipher((lwcx_blockcipher)c);
    aimer("AIMER128F", LWCX_AIMER128F, 1);
    aimer("AIMER128S", LWCX_AIMER128S, 0);
    aimer("AIMER192F", LWCX_AIMER192F, 0);
    aimer("AIMER192S", LWCX_AIMER192S, 0);
    aimer("AIMER256F", LWCX_AIMER256F, 0);
    aimer("AIMER256S", LWCX_AIMER256S, 0);
    if (argc == 3) kat(argv[2]);
    CHECK(ERR_peek_error() == 0, "errors left on the queue");
    ERR_print_errors_fp(stderr);
    OSSL_PROVIDER_unload(dflt);
    OSSL_PROVIDER_unload(prov);
    return tu_finish();
}
