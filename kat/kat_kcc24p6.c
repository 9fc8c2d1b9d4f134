/* kcc24-p6 known answers: the three official vectors, one vector for every
 * length 0..255, and the zero-key fact from the specification sheet. */
#include <string.h>

#include "kat.h"
#include "lwcx.h"

extern const unsigned char kat_kcc24p6_official[], kat_kcc24p6_lengths[];

/* Encrypt must give CT and TAG; decrypt must accept and give PT back. */
static int check_records(const lwcx_impl *impl, const unsigned char *text, const char *what, FILE *log, unsigned *checks)
{
    const char *cur = (const char *)text;
    kat_record rec;
    int bad = 0;
    while (kat_next_record(&cur, &rec)) {
        uint8_t key[8], pt[255], ct[255], tag[8], got[255], gtag[8];
        long len = kat_field_long(&rec, "LEN");
        (*checks)++;
        if (len < 0 || len > 255) {
            fprintf(log, "kcc24p6 %s: record without a usable LEN\n", what);
            bad++;
            continue;
        }
        size_t n8 = (size_t)len / 8 * 8;
        if (kat_field_hex(&rec, "MK", key, 8) || kat_field_hex(&rec, "PT", pt, (size_t)len) ||
            kat_field_hex(&rec, "CT", ct, n8) || kat_field_hex(&rec, "TAG", tag, 8)) {
            fprintf(log, "kcc24p6 %s: malformed record (LEN %ld)\n", what, len);
            bad++;
            continue;
        }
        int rc = lwcx_kcc24p6_encrypt_with(impl, got, gtag, pt, (size_t)len, key);
        if (rc || memcmp(got, ct, n8) || memcmp(gtag, tag, 8)) {
            if (bad++ < 3) fprintf(log, "kcc24p6 %s: LEN %ld encrypts wrongly\n", what, len);
            continue;
        }
        memset(got, 0, sizeof got);
        rc = lwcx_kcc24p6_decrypt_with(impl, got, ct, (size_t)len, tag, key);
        if (rc || memcmp(got, pt, n8)) {
            if (bad++ < 3) fprintf(log, "kcc24p6 %s: LEN %ld decrypts wrongly\n", what, len);
        }
    }
    return bad;
}

static int official(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    return check_records(impl, kat_kcc24p6_official, "official", log, checks);
}

static int lengths(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    return check_records(impl, kat_kcc24p6_lengths, "lengths", log, checks);
}

static int zero_key(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    const uint8_t zero[8] = {0};
    const uint8_t want_ct[8] = {0xc7, 0x5b, 0x4d, 0xf2, 0xe0, 0x59, 0xbe, 0xca};
    const uint8_t want_tag[8] = {0xbd, 0x0e, 0xd3, 0xe5, 0x1b, 0x4d, 0x01, 0x32};
    uint8_t ct[8], tag[8];
    (*checks)++;
    if (lwcx_kcc24p6_encrypt_with(impl, ct, tag, zero, 8, zero) || memcmp(ct, want_ct, 8) || memcmp(tag, want_tag, 8)) {
        fprintf(log, "kcc24p6: zero key and block give the wrong answer\n");
        return 1;
    }
    return 0;
}

static const kat_suite suite_official = {"kcc24p6", "official3", official};
static const kat_suite suite_lengths = {"kcc24p6", "lengths_0_255", lengths};
static const kat_suite suite_zero = {"kcc24p6", "zero_key", zero_key};

const kat_suite *const kat_suites_kcc24p6[] = {&suite_official, &suite_lengths, &suite_zero, NULL};
