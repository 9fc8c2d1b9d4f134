/* The AIMer key codec (lwcx_aimer_key_encode / _decode): round trips for
 * every set, both kinds and both encodings; the structures checked against
 * libcrypto's own parsers (PKCS#8, PEM) and the build's arc; strict
 * decoding of malformed input (every truncation, trailing bytes, another
 * algorithm's or set's identifier, lengths that are not DER's, damaged PEM). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "lwcx.h"

static int failures;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #c);                                \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static int decode(const uint8_t *in, size_t len, lwcx_aimer_set *set, uint8_t *key, size_t *klen)
{
    /* a copy of exactly len bytes: ASan sees any read past the end */
    uint8_t *c = malloc(len ? len : 1);
    memcpy(c, in, len);
    const int rc = lwcx_aimer_key_decode(c, len, set, key, LWCX_AIMER_MAX_SK_BYTES, klen);
    free(c);
    return rc;
}

static size_t encode(lwcx_aimer_set s, const uint8_t *key, size_t klen, lwcx_key_encoding e, uint8_t *out, size_t cap)
{
    size_t n = 0;
    CHECK(lwcx_aimer_key_encode(s, key, klen, e, out, cap, &n) == LWCX_OK);
    return n;
}

/* libcrypto reads what the codec writes: the identifier is the arc's. */
static void check_with_openssl(lwcx_aimer_set s, const uint8_t *sk, const uint8_t *pk)
{
    uint8_t der[512], pem[1024];
    char want[128], got[128];
    snprintf(want, sizeof want, "%s.%d", LWCX_TEST_OID_ARC, (int)s + 1);
    const size_t skb = lwcx_aimer_sk_bytes(s);
    size_t n = encode(s, sk, skb, LWCX_KEY_DER, der, sizeof der);
    const unsigned char *p = der;
    PKCS8_PRIV_KEY_INFO *p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)n);
    const ASN1_OBJECT *alg = NULL;
    const unsigned char *inner = NULL;
    int innerlen = 0;
    CHECK(p8 && p == der + n && PKCS8_pkey_get0(&alg, &inner, &innerlen, NULL, p8));
    if (alg) {
        OBJ_obj2txt(got, sizeof got, alg, 1);
        CHECK(strcmp(got, want) == 0);
    }
    CHECK(innerlen == (int)skb + 2 && inner && memcmp(inner + 2, sk, skb) == 0);
    PKCS8_PRIV_KEY_INFO_free(p8);
    /* the PEM wraps the same DER */
    const size_t m = encode(s, pk, lwcx_aimer_pk_bytes(s), LWCX_KEY_PEM, pem, sizeof pem);
    n = encode(s, pk, lwcx_aimer_pk_bytes(s), LWCX_KEY_DER, der, sizeof der);
    BIO *b = BIO_new_mem_buf(pem, (int)m);
    char *name = NULL, *header = NULL;
    unsigned char *data = NULL;
    long dl = 0;
    CHECK(b && PEM_read_bio(b, &name, &header, &data, &dl) == 1);
    CHECK(name && strcmp(name, "PUBLIC KEY") == 0 && dl == (long)n && memcmp(data, der, n) == 0);
    OPENSSL_free(name), OPENSSL_free(header), OPENSSL_free(data);
    BIO_free(b);
}

static void round_trips(void)
{
    for (int i = 0; lwcx_aimer_name((lwcx_aimer_set)i); i++) {
        const lwcx_aimer_set s = (lwcx_aimer_set)i;
        uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES], out[1024], key[LWCX_AIMER_MAX_SK_BYTES];
        CHECK(lwcx_aimer_keygen(s, pk, sk) == LWCX_OK);
        for (int e = 0; e < 2; e++)
            for (int priv = 0; priv < 2; priv++) {
                const size_t kl = priv ? lwcx_aimer_sk_bytes(s) : lwcx_aimer_pk_bytes(s);
                size_t need = 0, klen = 0;
                lwcx_aimer_set got = (lwcx_aimer_set)-1;
                /* measuring, then too small a buffer */
                CHECK(lwcx_aimer_key_encode(s, priv ? sk : pk, kl, (lwcx_key_encoding)e, NULL, 0, &need) == LWCX_ERR_LENGTH);
                CHECK(lwcx_aimer_key_encode(s, priv ? sk : pk, kl, (lwcx_key_encoding)e, out, need - 1, &need) == LWCX_ERR_LENGTH);
                const size_t n = encode(s, priv ? sk : pk, kl, (lwcx_key_encoding)e, out, sizeof out);
                CHECK(n == need);
                CHECK(decode(out, n, &got, key, &klen) == LWCX_OK && got == s && klen == kl &&
                      memcmp(key, priv ? sk : pk, kl) == 0);
                if (e == LWCX_KEY_PEM)
                    CHECK(memcmp(out, priv ? "-----BEGIN PRIVATE KEY-----\n" : "-----BEGIN PUBLIC KEY-----\n",
                                 priv ? 28 : 27) == 0 && out[n - 1] == '\n');
            }
        check_with_openssl(s, sk, pk);
    }
}

/* Every prefix and every one-byte extension is refused, and nothing crashes. */
static void truncations(const uint8_t *enc, size_t n)
{
    uint8_t key[LWCX_AIMER_MAX_SK_BYTES], longer[1100];
    lwcx_aimer_set s;
    size_t kl;
    for (size_t i = 0; i < n; i++) CHECK(decode(enc, i, &s, key, &kl) != LWCX_OK);
    memcpy(longer, enc, n);
    longer[n] = 'x';
    CHECK(decode(longer, n + 1, &s, key, &kl) == LWCX_ERR_FORMAT);
}

static void malformed(void)
{
    const lwcx_aimer_set s = LWCX_AIMER128F;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES], der[256], pem[1024], t[1100];
    uint8_t key[LWCX_AIMER_MAX_SK_BYTES];
    lwcx_aimer_set got;
    size_t kl;
    CHECK(lwcx_aimer_keygen(s, pk, sk) == LWCX_OK);
    size_t n = encode(s, sk, 48, LWCX_KEY_DER, der, sizeof der);
    truncations(der, n);
    const size_t m = encode(s, sk, 48, LWCX_KEY_PEM, pem, sizeof pem);
    truncations(pem, m - 1); /* the last newline is optional */
    size_t pn = encode(s, pk, 32, LWCX_KEY_DER, t, sizeof t);
    truncations(t, pn);
    /* another set's identifier on this set's key: a wrong length */
    memcpy(t, der, n);
    const size_t oid_last = 2 + 3 + 2 + 2 + der[8] - 1; /* SEQ, INT 0, SEQ and OID headers; .N ends the OID */
    CHECK(t[oid_last] == 1);
    t[oid_last] = 3; /* aimer192f */
    CHECK(decode(t, n, &got, key, &kl) == LWCX_ERR_FORMAT);
    t[oid_last] = 7; /* no AIMer set: another algorithm's key */
    CHECK(decode(t, n, &got, key, &kl) == LWCX_ERR_NO_IMPL);
    /* version 1, a long-form length where the short one fits */
    memcpy(t, der, n);
    t[4] = 1;
    CHECK(decode(t, n, &got, key, &kl) == LWCX_ERR_FORMAT);
    t[0] = 0x30, t[1] = 0x81, t[2] = (uint8_t)(n - 2);
    memcpy(t + 3, der + 2, n - 2);
    CHECK(der[1] < 0x80 && decode(t, n + 1, &got, key, &kl) == LWCX_ERR_FORMAT);
    /* a public key with unused bits */
    pn = encode(s, pk, 32, LWCX_KEY_DER, t, sizeof t);
    CHECK(t[pn - 32 - 3] == 0);
    t[pn - 32 - 3] = 1;
    CHECK(decode(t, pn, &got, key, &kl) == LWCX_ERR_FORMAT);
    /* PEM: the public label on a private key, an encrypted one, a foreign one,
     * base64 that is not canonical, text after the end, CRLF and a preface allowed */
    const char *cases[][2] = {{"PRIVATE KEY-----\n", "PUBLIC KEY-----\n"},
                              {"BEGIN PRIVATE KEY", "BEGIN CERTIFICATE"}};
    for (int c = 0; c < 2; c++) {
        char *txt = malloc(m + 64);
        memcpy(txt, pem, m);
        txt[m] = 0;
        char *at = strstr(txt, cases[c][0]);
        char rest[1100];
        strcpy(rest, at + strlen(cases[c][0]));
        strcpy(at, cases[c][1]);
        strcat(txt, rest);
        CHECK(decode((uint8_t *)txt, strlen(txt), &got, key, &kl) == LWCX_ERR_FORMAT);
        free(txt);
    }
    const char *enc = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAA=\n-----END ENCRYPTED PRIVATE KEY-----\n";
    CHECK(decode((const uint8_t *)enc, strlen(enc), &got, key, &kl) == LWCX_ERR_UNSUPPORTED);
    memcpy(t, pem, m);
    memcpy(t + m, "junk\n", 5);
    CHECK(decode(t, m + 5, &got, key, &kl) == LWCX_ERR_FORMAT);
    const char *noncanon = "-----BEGIN PUBLIC KEY-----\nMB=\n-----END PUBLIC KEY-----\n";
    CHECK(decode((const uint8_t *)noncanon, strlen(noncanon), &got, key, &kl) == LWCX_ERR_FORMAT);
    size_t k = 0;
    const char *pre = "a preface\r\n";
    memcpy(t, pre, strlen(pre)), k = strlen(pre);
    for (size_t i = 0; i < m; i++) {
        if (pem[i] == '\n') t[k++] = '\r';
        t[k++] = pem[i];
    }
    CHECK(decode(t, k, &got, key, &kl) == LWCX_OK && kl == 48 && memcmp(key, sk, 48) == 0);
    /* too small a key buffer: the size is said, nothing written */
    memset(key, 0xee, sizeof key);
    CHECK(lwcx_aimer_key_decode(der, n, &got, key, 47, &kl) == LWCX_ERR_LENGTH && kl == 48 && key[0] == 0xee);
    /* the arguments */
    CHECK(lwcx_aimer_key_encode(s, sk, 47, LWCX_KEY_DER, t, sizeof t, &kl) == LWCX_ERR_LENGTH);
    CHECK(lwcx_aimer_key_encode((lwcx_aimer_set)9, sk, 48, LWCX_KEY_DER, t, sizeof t, &kl) == LWCX_ERR_ARG);
    CHECK(lwcx_aimer_key_encode(s, sk, 48, (lwcx_key_encoding)5, t, sizeof t, &kl) == LWCX_ERR_ARG);
    CHECK(lwcx_aimer_key_encode(s, NULL, 48, LWCX_KEY_DER, t, sizeof t, &kl) == LWCX_ERR_NULL);
    CHECK(lwcx_aimer_key_decode(NULL, 4, &got, key, sizeof key, &kl) == LWCX_ERR_NULL);
    CHECK(decode((const uint8_t *)"", 0, &got, key, &kl) == LWCX_ERR_FORMAT);
}

int main(void)
{
    round_trips();
    malformed();
    if (failures) {
        fprintf(stderr, "test_keycodec: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_keycodec: all passed\n");
    return 0;
}
