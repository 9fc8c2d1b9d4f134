/* AIMer keys as PKCS#8 PrivateKeyInfo and SubjectPublicKeyInfo, in DER or
 * PEM: the one codec that the OpenSSL provider, the CLI and Python share.
 *
 *   PrivateKeyInfo       ::= SEQUENCE { INTEGER 0, AlgorithmIdentifier,
 *                                       OCTET STRING { OCTET STRING sk } }
 *   SubjectPublicKeyInfo ::= SEQUENCE { AlgorithmIdentifier,
 *                                       BIT STRING { OCTET STRING pk } }
 *   AlgorithmIdentifier  ::= SEQUENCE { OBJECT IDENTIFIER arc.N }  (no parameters)
 *
 * sk and pk are the official byte layouts; N is 1 .. 6 in lwcx's order of
 * the sets; the arc is LWCX_AIMER_OID_ARC (a build option, Bouncy Castle's
 * by default). Written by hand rather than with libcrypto's ASN.1 so that
 * decoding is exactly as strict as this: DER only (definite, minimal
 * lengths), no attributes, no trailing bytes, one PEM block whose label
 * names the structure it holds. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#ifndef LWCX_AIMER_OID_ARC
#error "LWCX_AIMER_OID_ARC: the arc of the AIMer object identifiers (CMakeLists.txt)"
#endif

enum { TAG_INT = 0x02, TAG_BITS = 0x03, TAG_OCTETS = 0x04, TAG_OID = 0x06, TAG_SEQ = 0x30 };
#define OID_MAX 64
#define PEM_PRIVATE "PRIVATE KEY"
#define PEM_PUBLIC "PUBLIC KEY"

/* The set's object identifier, DER content bytes (no tag or length);
 * 0 if the arc does not parse (the build checks it). */
static size_t oid_content(lwcx_aimer_set set, uint8_t out[OID_MAX])
{
    const char *s = LWCX_AIMER_OID_ARC;
    unsigned long arcs[24];
    size_t n = 0, len = 0;
    while (n < 23) {
        unsigned long v = 0;
        if (*s < '0' || *s > '9') return 0;
        while (*s >= '0' && *s <= '9') v = v * 10 + (unsigned long)(*s++ - '0');
        arcs[n++] = v;
        if (!*s) break;
        if (*s++ != '.') return 0;
    }
    arcs[n++] = (unsigned long)set + 1;
    if (n < 3 || arcs[0] > 2) return 0;
    arcs[1] += 40 * arcs[0];
    for (size_t i = 1; i < n; i++) {
        uint8_t tmp[10];
        size_t k = 0;
        unsigned long v = arcs[i];
        do tmp[k++] = (uint8_t)(v & 0x7f), v >>= 7;
        while (v);
        if (len + k > OID_MAX) return 0;
        while (k) {
            k--;
            out[len++] = (uint8_t)(tmp[k] | (k ? 0x80 : 0)); /* high bit: more bytes follow */
        }
    }
    return len;
}

/* ---- DER ---------------------------------------------------------------- */

/* A tag and length at out (when out is not NULL); the bytes they take. */
static size_t put_head(uint8_t *out, uint8_t tag, size_t len)
{
    uint8_t h[6] = {tag};
    size_t n = 1;
    if (len < 0x80) {
        h[n++] = (uint8_t)len;
    } else {
        size_t bytes = 0;
        for (size_t v = len; v; v >>= 8) bytes++;
        h[n++] = (uint8_t)(0x80 | bytes);
        for (size_t i = bytes; i; i--) h[n++] = (uint8_t)(len >> (8 * (i - 1)));
    }
    if (out) memcpy(out, h, n);
    return n;
}

/* The DER of the key: its length (out NULL: only measured). */
static size_t der_encode(lwcx_aimer_set set, const uint8_t *key, size_t keylen, int private, uint8_t *out)
{
    uint8_t oid[OID_MAX];
    const size_t ol = oid_content(set, oid);
    const size_t alg_body = put_head(NULL, TAG_OID, ol) + ol;
    const size_t alg = put_head(NULL, TAG_SEQ, alg_body) + alg_body;
    const size_t inner = put_head(NULL, TAG_OCTETS, keylen) + keylen;
    /* private: OCTET STRING { inner } after version 0; public: BIT STRING { 0 unused bits, inner } */
    const size_t wrap_body = private ? inner : 1 + inner;
    const size_t body = (private ? 3 : 0) + alg + put_head(NULL, private ? TAG_OCTETS : TAG_BITS, wrap_body) + wrap_body;
    const size_t total = put_head(NULL, TAG_SEQ, body) + body;
    if (!out || !ol) return ol ? total : 0;
    uint8_t *p = out;
    p += put_head(p, TAG_SEQ, body);
    if (private) *p++ = TAG_INT, *p++ = 1, *p++ = 0;
    p += put_head(p, TAG_SEQ, alg_body);
    p += put_head(p, TAG_OID, ol);
    memcpy(p, oid, ol), p += ol;
    p += put_head(p, private ? TAG_OCTETS : TAG_BITS, wrap_body);
    if (!private) *p++ = 0;
    p += put_head(p, TAG_OCTETS, keylen);
    memcpy(p, key, keylen);
    return total;
}

/* Reads one element of tag tag at *p (before end), DER-strictly: its
 * content and length, *p moved past it. 0, or -1. */
static int get(const uint8_t **p, const uint8_t *end, uint8_t tag, const uint8_t **content, size_t *len)
{
    const uint8_t *q = *p;
    if (end - q < 2 || *q++ != tag) return -1;
    size_t n = *q++;
    if (n & 0x80) {
        const size_t bytes = n & 0x7f;
        /* no indefinite form; minimal: no leading zero, long form only from 128 */
        if (bytes == 0 || bytes > sizeof(size_t) || (size_t)(end - q) < bytes || q[0] == 0) return -1;
        n = 0;
        for (size_t i = 0; i < bytes; i++) n = n << 8 | *q++;
        if (n < 0x80) return -1;
    }
    if ((size_t)(end - q) < n) return -1;
    *content = q;
    *len = n;
    *p = q + n;
    return 0;
}

/* The set whose identifier the AlgorithmIdentifier at *p names: the set,
 * -1 for malformed DER, -2 for another algorithm's. */
static int get_alg(const uint8_t **p, const uint8_t *end)
{
    const uint8_t *seq, *oid;
    size_t sl, ol;
    if (get(p, end, TAG_SEQ, &seq, &sl) || get(&seq, seq + sl, TAG_OID, &oid, &ol) || ol == 0) return -1;
    if (oid + ol != seq) return -2; /* parameters: no AIMer identifier has them */
    for (int s = 0; lwcx_aimer_name((lwcx_aimer_set)s); s++) {
        uint8_t want[OID_MAX];
        const size_t wl = oid_content((lwcx_aimer_set)s, want);
        if (wl == ol && memcmp(want, oid, ol) == 0) return s;
    }
    return -2;
}

/* Decodes a DER PrivateKeyInfo (private) or SubjectPublicKeyInfo. */
static int der_decode(const uint8_t *in, size_t len, int private, lwcx_aimer_set *set, uint8_t *key, size_t cap,
                      size_t *keylen)
{
    const uint8_t *p = in, *end = in + len, *body, *wrap, *raw;
    size_t bl, wl, rl;
    if (get(&p, end, TAG_SEQ, &body, &bl) || p != end) return LWCX_ERR_FORMAT;
    p = body, end = body + bl;
    if (private) {
        const uint8_t *v;
        size_t vl;
        if (get(&p, end, TAG_INT, &v, &vl) || vl != 1 || v[0] != 0) return LWCX_ERR_FORMAT;
    }
    const int s = get_alg(&p, end);
    if (s == -1) return LWCX_ERR_FORMAT;
    if (get(&p, end, private ? TAG_OCTETS : TAG_BITS, &wrap, &wl) || p != end) return LWCX_ERR_FORMAT;
    if (s < 0) return LWCX_ERR_NO_IMPL; /* well formed, another algorithm's key */
    if (!private) { /* whole bytes only: no unused bits */
        if (wl == 0 || wrap[0] != 0) return LWCX_ERR_FORMAT;
        wrap++, wl--;
    }
    const uint8_t *q = wrap;
    if (get(&q, wrap + wl, TAG_OCTETS, &raw, &rl) || q != wrap + wl) return LWCX_ERR_FORMAT;
    const lwcx_aimer_set st = (lwcx_aimer_set)s;
    if (rl != (private ? lwcx_aimer_sk_bytes(st) : lwcx_aimer_pk_bytes(st))) return LWCX_ERR_FORMAT;
    *set = st;
    *keylen = rl;
    if (cap < rl) return LWCX_ERR_LENGTH;
    memcpy(key, raw, rl);
    return LWCX_OK;
}

/* ---- PEM ---------------------------------------------------------------- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* "-----WORDLABEL-----\n" at p (no NUL); the end. */
static char *put_line(char *p, const char *word, const char *label)
{
    const size_t w = strlen(word), l = strlen(label);
    memcpy(p, word, w);
    memcpy(p + w, label, l);
    memcpy(p + w + l, "-----\n", 6);
    return p + w + l + 6;
}

/* PEM of n DER bytes: "-----BEGIN L-----\n", 64 characters a line,
 * "-----END L-----\n"; its length (out NULL: only measured). */
static size_t pem_encode(const char *label, const uint8_t *der, size_t n, char *out)
{
    const size_t chars = (n + 2) / 3 * 4, lines = (chars + 63) / 64;
    const size_t total = 2 * strlen(label) + 11 + 9 + 5 + 5 + 2 + chars + lines;
    if (!out) return total;
    char *p = out;
    p = put_line(p, "-----BEGIN ", label);
    for (size_t i = 0, c = 0; i < n; i += 3) {
        const uint32_t v = (uint32_t)der[i] << 16 | (i + 1 < n ? (uint32_t)der[i + 1] << 8 : 0) |
                           (i + 2 < n ? der[i + 2] : 0);
        *p++ = b64[v >> 18 & 63];
        *p++ = b64[v >> 12 & 63];
        *p++ = i + 1 < n ? b64[v >> 6 & 63] : '=';
        *p++ = i + 2 < n ? b64[v & 63] : '=';
        if ((c += 4) % 64 == 0 || i + 3 >= n) *p++ = '\n';
    }
    p = put_line(p, "-----END ", label);
    return (size_t)(p - out);
}

static int b64_value(uint8_t c)
{
    const char *f = c ? strchr(b64, c) : NULL;
    return f ? (int)(f - b64) : -1;
}

/* Decodes base64 text (line breaks and spaces between groups allowed),
 * canonically: padding only at the end, unused bits zero. The length, or
 * -1 (also when it would exceed cap). */
static long b64_decode(const uint8_t *t, size_t n, uint8_t *out, size_t cap)
{
    size_t o = 0, q = 0, pad = 0;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t c = t[i];
        if (c == '\n' || c == '\r' || c == ' ' || c == '\t') continue;
        if (c == '=') {
            if (q < 2) return -1;
            pad++;
            acc <<= 6, q++;
        } else {
            const int v = b64_value(c);
            if (v < 0 || pad) return -1;
            acc = acc << 6 | (uint32_t)v, q++;
        }
        if (q == 4) {
            const size_t k = 3 - pad;
            if (o + k > cap || (pad && (acc & ((1u << (8 * pad)) - 1)))) return -1;
            for (size_t j = 0; j < k; j++) out[o++] = (uint8_t)(acc >> (16 - 8 * j));
            q = 0, acc = 0;
            if (pad) pad = 3; /* nothing may follow padding */
        }
    }
    return q == 0 ? (long)o : -1;
}

/* Finds "-----LINE-----" (LINE = what) at or after from; its start, or NULL. */
static const uint8_t *find(const uint8_t *from, const uint8_t *end, const char *what)
{
    const size_t wl = strlen(what);
    for (const uint8_t *p = from; (size_t)(end - p) >= wl; p++)
        if (memcmp(p, what, wl) == 0 && (p == from || p[-1] == '\n')) return p;
    return NULL;
}

/* The DER inside one PEM block labelled PRIVATE KEY or PUBLIC KEY (text
 * before the block is allowed, as RFC 7468 says; after it, only white
 * space); *private says which. LWCX_ERR_UNSUPPORTED for an encrypted key. */
static int pem_unwrap(const uint8_t *in, size_t len, uint8_t *der, size_t cap, size_t *derlen, int *private)
{
    const uint8_t *end = in + len, *b = find(in, end, "-----BEGIN ");
    if (!b) return LWCX_ERR_FORMAT;
    b += 11;
    const uint8_t *nl = memchr(b, '\n', (size_t)(end - b));
    if (!nl) return LWCX_ERR_FORMAT;
    const size_t line = (size_t)(nl - b) - (nl > b && nl[-1] == '\r');
    char label[32];
    if (line < 6 || line - 5 >= sizeof label || memcmp(b + line - 5, "-----", 5) != 0) return LWCX_ERR_FORMAT;
    memcpy(label, b, line - 5);
    label[line - 5] = 0;
    if (strcmp(label, "ENCRYPTED " PEM_PRIVATE) == 0) return LWCX_ERR_UNSUPPORTED;
    if (strcmp(label, PEM_PRIVATE) != 0 && strcmp(label, PEM_PUBLIC) != 0) return LWCX_ERR_FORMAT;
    *private = strcmp(label, PEM_PRIVATE) == 0;
    char endline[48];
    snprintf(endline, sizeof endline, "-----END %s-----", label);
    const uint8_t *e = find(nl + 1, end, endline);
    if (!e) return LWCX_ERR_FORMAT; /* truncated */
    for (const uint8_t *t = e + strlen(endline); t < end; t++)
        if (*t != '\n' && *t != '\r' && *t != ' ' && *t != '\t') return LWCX_ERR_FORMAT;
    const long n = b64_decode(nl + 1, (size_t)(e - nl - 1), der, cap);
    if (n < 0) return LWCX_ERR_FORMAT;
    *derlen = (size_t)n;
    return LWCX_OK;
}

/* ---- the public calls --------------------------------------------------- */

#define DER_MAX 512 /* far above any AIMer key's DER (about 120 bytes) */

int lwcx_aimer_key_encode(lwcx_aimer_set set, const uint8_t *key, size_t keylen, lwcx_key_encoding enc,
                          uint8_t *out, size_t cap, size_t *outlen)
{
    if (!key || !outlen) return LWCX_ERR_NULL;
    if (!lwcx_aimer_name(set) || (enc != LWCX_KEY_DER && enc != LWCX_KEY_PEM)) return LWCX_ERR_ARG;
    const int private = keylen == lwcx_aimer_sk_bytes(set);
    if (!private && keylen != lwcx_aimer_pk_bytes(set)) return LWCX_ERR_LENGTH;
    uint8_t der[DER_MAX];
    const size_t dl = der_encode(set, key, keylen, private, NULL);
    if (dl == 0 || dl > sizeof der) return LWCX_ERR_ARG; /* an arc too long: cannot happen in a checked build */
    const char *label = private ? PEM_PRIVATE : PEM_PUBLIC;
    const size_t need = enc == LWCX_KEY_DER ? dl : pem_encode(label, der, dl, NULL);
    *outlen = need;
    if (!out || cap < need) return LWCX_ERR_LENGTH;
    if (out == key || (out < key + keylen && key < out + need)) return LWCX_ERR_ARG;
    der_encode(set, key, keylen, private, der);
    if (enc == LWCX_KEY_DER) {
        memcpy(out, der, dl);
    } else {
        char *pem = (char *)out;
        pem_encode(label, der, dl, pem);
    }
    lwcx_wipe(der, sizeof der);
    return LWCX_OK;
}

int lwcx_aimer_key_decode(const uint8_t *in, size_t len, lwcx_aimer_set *set, uint8_t *key, size_t cap,
                          size_t *keylen)
{
    if (!in || !set || !key || !keylen) return LWCX_ERR_NULL;
    uint8_t der[DER_MAX];
    size_t dl = 0;
    int private = 0, rc;
    if (len >= 11 && find(in, in + len, "-----BEGIN ")) {
        rc = pem_unwrap(in, len, der, sizeof der, &dl, &private);
        if (rc == LWCX_OK) rc = der_decode(der, dl, private, set, key, cap, keylen);
    } else if (len > 4 && in[0] == TAG_SEQ) {
        /* DER: PrivateKeyInfo starts with its version (INTEGER), SPKI with a SEQUENCE */
        const uint8_t *p = in, *body;
        size_t bl;
        private = get(&p, in + len, TAG_SEQ, &body, &bl) == 0 && bl > 0 && body[0] == TAG_INT;
        rc = der_decode(in, len, private, set, key, cap, keylen);
    } else {
        rc = LWCX_ERR_FORMAT;
    }
    lwcx_wipe(der, sizeof der);
    return rc;
}
