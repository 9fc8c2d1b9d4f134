/* SPARKLE known answers: the permutation vectors of the specification sheet
 * (input bytes 00 01 02 ..., big step counts), and records of the NIST KAT
 * files for Schwaemm and Esch (plus third-party XOEsch files): an excerpt is
 * built in; the tests run every record of the full files. */
#include <string.h>

#include "kat.h"
#include "lwcx.h"

static const struct {
    size_t bytes;
    unsigned steps;
    const char *out;
} vectors[] = {
    {32, 10, "4a1c59a296feaef7529f19ec1e66341b4ca20ec870ee034331ef695776721e34"},
    {48, 11, "c3b356d638376821dbc1036782ea95a3f0fdd10d084fa093a97dc5d94e97a6e7"
             "f34db2249f962859d242eb0751c0d2bd"},
    {64, 12, "97a3eba469bc018f68e5c04b3a55e03a8f23fb390fdb1150b395d795fa8cea17"
             "8d12c722911814bef78de3f0cc65edd454ad58f0a8738f0046f1ccbdfb8d09f1"},
};

static int permutation(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    int bad = 0;
    for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++, (*checks)++) {
        uint8_t state[64], want[64];
        for (size_t i = 0; i < sizeof state; i++) state[i] = (uint8_t)i;
        if (kat_hex(vectors[v].out, want, vectors[v].bytes) ||
            lwcx_sparkle_permute_with(impl, state, vectors[v].bytes, vectors[v].steps) != LWCX_OK ||
            memcmp(state, want, vectors[v].bytes) != 0) {
            fprintf(log, "sparkle: SPARKLE%zu/%u gives the wrong output\n", 8 * vectors[v].bytes,
                    vectors[v].steps);
            bad++;
        }
    }
    return bad;
}

/* The value of a hex field of at most cap bytes; its length in *n. */
static int field_bytes(const kat_record *rec, const char *name, uint8_t *out, size_t cap, size_t *n)
{
    size_t len;
    const char *v = kat_field(rec, name, &len);
    if (!v || len % 2 || len / 2 > cap) return -1;
    *n = len / 2;
    return kat_hexn(v, len, out, *n);
}

static int check_aead(const lwcx_impl *impl, lwcx_schwaemm_variant v, const kat_record *rec, FILE *log, long count)
{
    uint8_t key[32], nonce[32], pt[64], ad[64], ct[96], got[64], tag[32];
    size_t nk, nn, np, na, nc;
    const size_t taglen = lwcx_schwaemm_tag_bytes(v);
    if (field_bytes(rec, "Key", key, sizeof key, &nk) || field_bytes(rec, "Nonce", nonce, sizeof nonce, &nn) ||
        field_bytes(rec, "PT", pt, sizeof pt, &np) || field_bytes(rec, "AD", ad, sizeof ad, &na) ||
        field_bytes(rec, "CT", ct, sizeof ct, &nc) || nk != lwcx_schwaemm_key_bytes(v) ||
        nn != lwcx_schwaemm_nonce_bytes(v) || nc != np + taglen) {
        fprintf(log, "%s: malformed record (Count %ld)\n", lwcx_schwaemm_name(v), count);
        return 1;
    }
    if (lwcx_schwaemm_encrypt_with(impl, v, got, tag, pt, np, ad, na, nonce, key) || memcmp(got, ct, np) ||
        memcmp(tag, ct + np, taglen)) {
        fprintf(log, "%s: Count %ld encrypts wrongly\n", lwcx_schwaemm_name(v), count);
        return 1;
    }
    memset(got, 0xA5, sizeof got);
    if (lwcx_schwaemm_decrypt_with(impl, v, got, ct, np, ct + np, ad, na, nonce, key) || memcmp(got, pt, np)) {
        fprintf(log, "%s: Count %ld decrypts wrongly\n", lwcx_schwaemm_name(v), count);
        return 1;
    }
    ct[np] ^= 1; /* a forged tag must be refused */
    if (lwcx_schwaemm_decrypt_with(impl, v, got, ct, np, ct + np, ad, na, nonce, key) != LWCX_ERR_AUTH) {
        fprintf(log, "%s: Count %ld accepts a forged tag\n", lwcx_schwaemm_name(v), count);
        return 1;
    }
    return 0;
}

static int check_hash(const lwcx_impl *impl, lwcx_esch_variant v, const kat_record *rec, FILE *log, long count)
{
    static uint8_t msg[2048];
    uint8_t md[64], got[64];
    size_t nm, nd;
    if (field_bytes(rec, "Msg", msg, sizeof msg, &nm) || field_bytes(rec, "MD", md, sizeof md, &nd) ||
        nd != lwcx_esch_digest_bytes(v)) {
        fprintf(log, "%s: malformed record (Count %ld)\n", lwcx_esch_name(v), count);
        return 1;
    }
    if (lwcx_esch_hash_with(impl, v, got, nd, msg, nm) || memcmp(got, md, nd)) {
        fprintf(log, "%s: Count %ld hashes wrongly\n", lwcx_esch_name(v), count);
        return 1;
    }
    return 0;
}

int kat_sparkle_records(const lwcx_impl *impl, const char *text, const char *alg, FILE *log, unsigned *checks)
{
    const char *cur = text;
    kat_record rec;
    int bad = 0;
    while (kat_next_record(&cur, &rec)) {
        size_t len = 0;
        const char *name = alg ? alg : kat_field(&rec, "Alg", &len);
        if (alg) len = strlen(alg);
        long count = kat_field_long(&rec, "Count");
        int done = 0;
        (*checks)++;
        for (int v = 0; name && !done && lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
            const char *n = lwcx_schwaemm_name((lwcx_schwaemm_variant)v);
            if (strlen(n) == len && memcmp(n, name, len) == 0) {
                bad += check_aead(impl, (lwcx_schwaemm_variant)v, &rec, log, count);
                done = 1;
            }
        }
        for (int v = 0; name && !done && lwcx_esch_name((lwcx_esch_variant)v); v++) {
            const char *n = lwcx_esch_name((lwcx_esch_variant)v);
            if (strlen(n) == len && memcmp(n, name, len) == 0) {
                bad += check_hash(impl, (lwcx_esch_variant)v, &rec, log, count);
                done = 1;
            }
        }
        if (!done) {
            fprintf(log, "sparkle: record for an unknown algorithm (Count %ld)\n", count);
            bad++;
        }
    }
    return bad;
}

extern const unsigned char kat_sparkle_excerpt[];

static int excerpt(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    return kat_sparkle_records(impl, (const char *)kat_sparkle_excerpt, NULL, log, checks);
}

static const kat_suite suite_permutation = {"sparkle", "permutation_vectors", permutation};
static const kat_suite suite_excerpt = {"sparkle", "nist_kat_excerpt", excerpt};

const kat_suite *const kat_suites_sparkle[] = {&suite_permutation, &suite_excerpt, NULL};
